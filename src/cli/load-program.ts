/**
 * Loading a program: import the file, take its default export (a stack, or a function returning
 * one), and decode it — a forged or half-built export is refused with what was expected, before
 * anything reads it.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { stack as makeStack, type Stack } from '../core/stack'
import { TrellisError, type TrellisIssue } from '../workspace/trellis-error'
import { UsageError } from './args'
import { importProgram } from './import-program'

const isObj = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u)
const kind = (u: unknown): string =>
  u === null ? 'null' : Array.isArray(u) ? 'an array' : typeof u === 'object' ? 'an object' : typeof u

/** Every way the export fails to be a stack, as issues (empty: it is one). */
export const stackIssues = (file: string, u: unknown): TrellisIssue[] => {
  const out: TrellisIssue[] = []
  const bad = (path: string, expected: string, given: string) =>
    out.push({
      node: `program ${file}`,
      path,
      expected,
      given,
      message: `the default export's ${path || 'value'} is not ${expected}`,
    })
  if (!isObj(u) || u._tag !== 'Stack') {
    bad(
      '',
      'a stack (stack(...) from trellis) or a function returning one',
      isObj(u) ? `an object with _tag ${JSON.stringify(u._tag)}` : kind(u),
    )
    return out
  }
  if (typeof u.name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(u.name))
    bad('name', "a stack name (letters, digits, '.', '_' or '-')", JSON.stringify(u.name) ?? 'nothing')
  if (!isObj(u.providers)) bad('providers', 'an object of provider instances', kind(u.providers))
  else
    for (const [k, p] of Object.entries(u.providers))
      if (!isObj(p) || p._tag !== 'Provider' || typeof p.provider !== 'string' || !isObj(p.config))
        bad(`providers.${k}`, 'a provider instance (provider(...) of a builder module)', kind(p))
  if (!Array.isArray(u.nodes)) bad('nodes', 'an array of nodes', kind(u.nodes))
  else
    u.nodes.forEach((n: unknown, i) => {
      const ok =
        isObj(n) &&
        (n._tag === 'Resource' || n._tag === 'Lookup') &&
        typeof n.token === 'string' &&
        typeof n.name === 'string' &&
        isObj(n._tag === 'Resource' ? n.inputs : n.args) &&
        isObj(n.options)
      if (!ok) bad(`nodes.${i}`, 'a resource or lookup node (made by a builder)', kind(n))
    })
  if (!isObj(u.outputs)) bad('outputs', 'an object of exported values', kind(u.outputs))
  return out
}

export const loadProgram = async (file: string, name?: string): Promise<Stack> => {
  const path = resolve(file)
  if (!existsSync(path)) throw new UsageError(`program file ${file} not found`)
  let s: unknown
  try {
    // any module system and extension; TypeScript through tsx (import-program.ts)
    s = await importProgram(file)
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e)
    throw new TrellisError('invalid', [
      {
        node: `program ${file}`,
        path: '',
        expected: 'a program that loads',
        given: 'an error',
        message: `${file} failed to load: ${msg}`,
      },
    ])
  }
  if (typeof s === 'function') s = await (s as () => unknown)()
  const issues = stackIssues(file, s)
  if (issues.length > 0)
    throw new TrellisError(
      'invalid',
      issues,
      issues.map((i) => `${file}: ${i.message}: expected ${i.expected}, got ${i.given}`).join('\n'),
    )
  const st = s as Stack
  if (name && name !== st.name) {
    let out = makeStack(name, { providers: st.providers }).add(...st.nodes)
    for (const [k, v] of Object.entries(st.outputs)) out = out.export(k, v)
    return out
  }
  return st
}
