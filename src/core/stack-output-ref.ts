/**
 * Refs to another stack's exports. `network.output('zoneId')` (same program) and
 * `stackOutputs('network-prod', { zoneId: t.string }).output('zoneId')` (a stack only in the store)
 * are refs like any other, to the pseudo-node `trellis:Stack/<name>`; the many-stacks run
 * (src/engine/stacks/) puts the value in before the consumer is compiled. A store-only stack's
 * value goes through its codec first: a value that does not decode is an error at plan.
 */
import * as t from 'io-ts'
import { findingsFromErrors } from './issue'
import { isRef, makeRef, type Ref } from './ref'

/** Where inside the value it failed, when not at its root: ` (at zone.id: expected string)`. */
const atPath = (fs: ReturnType<typeof findingsFromErrors>): string =>
  fs[0]?.path ? ` (at ${fs[0].path}: expected ${fs[0].expected})` : ''

// ── model ────────────────────────────────────────────────────────────────────
const PREFIX = 'trellis:Stack/'

/** The address a ref into a stack's exports points at. */
export const stackOutputAddress = (stackName: string): string => `${PREFIX}${stackName}`

/** The stack a ref reads an export of, or undefined for a ref to a node. */
export const stackOfRef = (r: Ref<unknown>): string | undefined =>
  r.node.startsWith(PREFIX) ? r.node.slice(PREFIX.length) : undefined

/** Is this a ref into another stack's exports? */
export const isStackOutputRef = (u: unknown): u is Ref<unknown> => isRef(u) && u.node.startsWith(PREFIX)

/** An export of a store-only stack that does not decode: thrown by the ref's first function, caught at plan. */
export class StackOutputMismatch extends Error {
  override readonly name = 'StackOutputMismatch'
  constructor(
    readonly stackName: string,
    readonly output: string,
    readonly expected: string,
    readonly given: string,
  ) {
    super(`stack ${stackName}'s output ${output}: expected ${expected}, got ${given}`)
  }
}

/** Typed refs to the exports of a stack that lives only in the store (another program's). */
export interface StackOutputs<C extends Readonly<Record<string, t.Mixed>>> {
  readonly _tag: 'StackOutputs'
  readonly name: string
  /** a ref to one export, decoded with its codec when the plan reads the stack's state */
  output<K extends keyof C & string>(name: K): Ref<t.TypeOf<C[K]>>
}

const givenText = (u: unknown): string => (u === undefined ? 'nothing (no such output)' : JSON.stringify(u))

// ── constructors ─────────────────────────────────────────────────────────────
/**
 * `stackOutputs('network-prod', { zoneId: t.string })`: refs to a stack another program applied,
 * read from its state at plan and decoded with these codecs (Pulumi's StackReference, Terraform's
 * `terraform_remote_state`).
 */
export const stackOutputs = <C extends Readonly<Record<string, t.Mixed>>>(name: string, codecs: C): StackOutputs<C> =>
  Object.freeze({
    _tag: 'StackOutputs' as const,
    name,
    output: <K extends keyof C & string>(k: K): Ref<t.TypeOf<C[K]>> => {
      const codec = codecs[k]
      if (codec === undefined)
        throw new Error(`stackOutputs(${JSON.stringify(name)}) declares no output ${JSON.stringify(k)}`)
      const decode = (u: unknown): unknown => {
        const r = codec.decode(u)
        if (r._tag === 'Right') return r.right
        throw new StackOutputMismatch(name, k, codec.name, `${givenText(u)}${atPath(findingsFromErrors(r.left))}`)
      }
      return makeRef(stackOutputAddress(name), [k], [decode])
    },
  })
