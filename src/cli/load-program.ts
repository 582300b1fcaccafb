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
import { importProgramModule, moduleSystemOf } from './import-program'
import { checkEnv, declaredEnvironments, programConfig } from './program-env'

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
      message: `the default export's ${path || 'value'} is ${given}, not ${expected}`,
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

/** A program as loaded: its stacks, the environments it declares, and the one chosen with its config. */
export interface Program {
  readonly file: string
  readonly stacks: ReadonlyArray<Stack>
  /** `export const environments = [...]` (absent: none declared) */
  readonly environments?: ReadonlyArray<string>
  readonly env?: string
  /** the environment's configuration as handed to the program (decoded by `configCodec` when given) */
  readonly config: Readonly<Record<string, unknown>>
}

/** How to load it: the environment, and the passphrase its secret configuration needs. */
export interface LoadOptions {
  readonly env?: string
  readonly passphrase?: string
}

const loadIssue = (file: string, e: unknown): TrellisError => {
  const msg = e instanceof Error ? e.message.split('\n')[0] : String(e)
  return new TrellisError('invalid', [
    {
      node: `program ${file}`,
      path: '',
      expected: 'a program that loads',
      given: 'an error',
      message: `${file} failed to load: ${msg}`,
    },
  ])
}

const invalidExport = (file: string, issues: ReadonlyArray<TrellisIssue>): TrellisError =>
  new TrellisError('invalid', issues, issues.map((i) => `${file}: ${i.message}`).join('\n'))

/**
 * A program with no default export (`export const infra = stack(…)`, or CommonJS `exports.infra =`),
 * told once, naming what it does export and the line that fixes it.
 */
const noDefaultExport = (file: string, mod: Readonly<Record<string, unknown>>): TrellisError | undefined => {
  const d = mod.default
  // CommonJS without `export default`: the default is `module.exports`, the named exports in it
  const cjs = moduleSystemOf(resolve(file)).system === 'commonjs'
  const namedOnly = cjs && isObj(d) && d._tag === undefined && !('default' in d)
  if (d !== undefined && !namedOnly) return undefined
  const exported = namedOnly ? d : mod
  const names = Object.keys(exported).filter((k) => k !== 'default' && k !== '__esModule')
  const stackName = names.find((k) => isObj(exported[k]) && (exported[k] as { _tag?: unknown })._tag === 'Stack')
  const found = names.length ? names.map((k) => (k === stackName ? `${k} (a stack)` : k)).join(', ') : 'nothing'
  const fix = stackName
    ? `add \`export default ${stackName}\` (CommonJS: \`module.exports = ${stackName}\`)`
    : 'export a stack, an array of stacks or a function returning them as the default'
  const message = `${file} has no default export (it exports ${found}); trellis runs the default export: ${fix}`
  const issue = { node: `program ${file}`, path: '', expected: 'a default export', given: `exports ${found}`, message }
  return new TrellisError('invalid', [issue], message)
}

/**
 * Load a program's stacks: its default export (a stack, an array of stacks, or a function of
 * `{ env, config }` returning either), with `--env` checked against `environments` and that
 * environment's configuration read, decoded and handed over — all before anything is planned.
 */
export const loadProgramStacks = async (file: string, o: LoadOptions = {}): Promise<Program> => {
  if (!existsSync(resolve(file))) throw new UsageError(`program file ${file} not found`)
  let mod: Readonly<Record<string, unknown>>
  try {
    // any module system and extension; TypeScript through tsx (import-program.ts)
    mod = await importProgramModule(file)
  } catch (e) {
    throw loadIssue(file, e)
  }
  const missing = noDefaultExport(file, mod)
  if (missing) throw missing
  const environments = declaredEnvironments(file, mod.environments)
  checkEnv(file, environments, o.env, typeof mod.default === 'function')
  const config = o.env ? programConfig(file, o.env, mod.configCodec, o.passphrase) : {}
  let s: unknown = mod.default
  try {
    if (typeof s === 'function') s = await (s as (a: unknown) => unknown)({ env: o.env, config })
  } catch (e) {
    throw loadIssue(file, e)
  }
  const list: ReadonlyArray<unknown> = Array.isArray(s) ? s : [s]
  const issues = list.length
    ? list.flatMap((x, i) =>
        stackIssues(file, x).map((is) =>
          Array.isArray(s) ? { ...is, path: `${i}${is.path ? '.' + is.path : ''}` } : is,
        ),
      )
    : stackIssues(file, undefined)
  if (issues.length > 0) throw invalidExport(file, issues)
  return {
    file,
    stacks: list as ReadonlyArray<Stack>,
    ...(environments ? { environments } : {}),
    ...(o.env ? { env: o.env } : {}),
    config,
  }
}

/**
 * One stack of the program: `name`, or its only one. A program of one stack given another name is
 * renamed (how state commands and saved plans of older versions name it); see selectStacks for
 * what `--stack` may name.
 */
export const loadProgram = async (file: string, name?: string, o: LoadOptions = {}): Promise<Stack> =>
  oneStack(await loadProgramStacks(file, o), name)

/** The program's one stack to work on (the named one, or its only one). */
export const oneStack = (p: Program, name?: string): Stack => {
  const named = name ? p.stacks.find((x) => x.name === name) : undefined
  if (named) return named
  if (p.stacks.length !== 1)
    throw new UsageError(
      `${p.file} returns ${p.stacks.length} stacks (${p.stacks.map((x) => x.name).join(', ')}): pass --stack NAME`,
    )
  const st = p.stacks[0]
  if (name && name !== st.name) {
    let out = makeStack(name, { providers: st.providers }).add(...st.nodes)
    for (const [k, v] of Object.entries(st.outputs)) out = out.export(k, v)
    return out
  }
  return st
}
