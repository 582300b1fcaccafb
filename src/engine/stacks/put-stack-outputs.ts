/**
 * putStackOutputs: a stack whose refs to other stacks' exports hold the values instead, before it
 * is compiled — a value known now (the producer applied, or unchanged in the plan), or UNKNOWN
 * ("known after apply") while the producer's plan changes it. A store-only stack's value is decoded
 * by its codec here: a mismatch is an issue naming the stack and output, before anything is sent.
 */
import { issue, renderValue, type Issue } from '../../core/issue'
import { labelOf, type Node } from '../../core/node'
import { isRef, refsIn, resolveRef, type Ref } from '../../core/ref'
import { isSecret, isSecretMarker } from '../../core/secret'
import { stack as makeStack, type Stack } from '../../core/stack'
import { StackOutputMismatch, stackOfRef } from '../../core/stack-output-ref'
import { isProtected } from '../../state/protect'
import { UNKNOWN, isUnknown } from '../unknown'

/** A producer's exports as this run knows them (an export UNKNOWN until apply); undefined: not known at all. */
export type OutputsOf = (stackName: string) => Readonly<Record<string, unknown>> | undefined

/** How a refused value unwinds to `putStackOutputs`, which collects its issue. */
class Refused extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message)
  }
}

const isPlainObject = (u: unknown): u is Record<string, unknown> =>
  typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype

const refused = (...a: Parameters<typeof issue>): Refused => new Refused(issue(...a))

/** The value one ref stands for, or an issue (`where`: the consumer's node and field). */
const valueOfRef = (r: Ref<unknown>, outputsOf: OutputsOf, where: () => [string, string]): unknown => {
  const from = stackOfRef(r)!
  const outs = outputsOf(from)
  const v = outs?.[r.path[0]]
  if (outs === undefined || isUnknown(v)) return UNKNOWN
  if (isSecret(v) || isSecretMarker(v) || isProtected(v)) {
    const [node, path] = where()
    throw refused(node, {
      path,
      expected: `a plain output of stack ${from}`,
      given: `its secret output ${r.path[0]}`,
      message: 'secret outputs do not cross stacks (they are never held in plain text)',
    })
  }
  try {
    return resolveRef(r, outs)
  } catch (e) {
    const [node, path] = where()
    if (e instanceof StackOutputMismatch)
      throw refused(node, { path, expected: e.expected, given: e.given, message: e.message })
    throw refused(node, {
      path,
      expected: `a function that maps stack ${from}'s output ${r.path[0]}`,
      given: renderValue(v),
      message: `map threw: ${e instanceof Error ? e.message : String(e)}`,
    })
  }
}

/** `u` with every ref into another stack's exports replaced by its value. */
const replaced = (
  u: unknown,
  outputsOf: OutputsOf,
  where: (path: string) => [string, string],
  path: string,
): unknown => {
  if (typeof u !== 'object' || u === null || isSecret(u)) return u
  if (isRef(u)) return stackOfRef(u) === undefined ? u : valueOfRef(u, outputsOf, () => where(path))
  const at = (k: string | number) => (path ? `${path}.${k}` : String(k))
  if (Array.isArray(u)) return Object.freeze(u.map((v, i) => replaced(v, outputsOf, where, at(i))))
  if (!isPlainObject(u)) return u
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(u)) out[k] = replaced(u[k], outputsOf, where, at(k))
  return Object.freeze(out)
}

const readsStacks = (u: unknown): boolean => refsIn(u).some((r) => stackOfRef(r) !== undefined)

/** The stack with other stacks' exports put in; the issues when one cannot be (decode, secret, map). */
export const putStackOutputs = (
  s: Stack,
  outputsOf: OutputsOf,
): { readonly stack: Stack } | { readonly issues: ReadonlyArray<Issue> } => {
  const issues: Issue[] = []
  const swap = <A>(u: A, where: (path: string) => [string, string]): A => {
    try {
      return replaced(u, outputsOf, where, '') as typeof u
    } catch (e) {
      if (e instanceof Refused) issues.push(e.issue)
      else throw e
      return u
    }
  }
  let changed = false
  const nodes = s.nodes.map((n): Node => {
    const body = n._tag === 'Resource' ? n.inputs : n.args
    if (!readsStacks(body)) return n
    changed = true
    const put = swap(body, (path) => [labelOf(n), path])
    return Object.freeze(n._tag === 'Resource' ? { ...n, inputs: put } : { ...n, args: put })
  })
  const outputs = readsStacks(s.outputs) ? swap(s.outputs, (path) => [`stack ${s.name}`, `outputs.${path}`]) : s.outputs
  if (issues.length > 0) return { issues }
  if (!changed && outputs === s.outputs) return { stack: s }
  let out = makeStack(s.name, { providers: s.providers }).add(...nodes)
  for (const [k, v] of Object.entries(outputs)) out = out.export(k, v)
  return { stack: out }
}
