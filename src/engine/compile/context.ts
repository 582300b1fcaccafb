/**
 * What one compile shares across its parts: the stack's nodes and their addresses, where issues
 * go, the facts about each type worked out once per compile, and the vertices made so far.
 */
import { listOf } from '../../core/copy'
import { fieldsOf } from '../../core/codecs'
import type { Issue } from '../../core/issue'
import { addressAsKept } from '../../core/node'
import type { Node } from '../../core/node'
import type { Ref } from '../../core/ref'
import type { Registry } from '../../core/registry'
import type { RuleContext } from '../../core/spec'
import type { Stack } from '../../core/stack'
import type { ProviderConfig, Vertex } from '../graph'
import { makeValidator, type Validate } from '../validate'

export interface CompileContext {
  readonly registry: Registry
  readonly stack: Stack
  readonly now: Date
  readonly errors: Issue[]
  readonly warnings: Issue[]
  readonly validate: Validate
  readonly nodes: ReadonlyArray<Node>
  /** each node's address, at its index */
  readonly addresses: ReadonlyArray<string>
  /** address → index of the (last) node declaring it */
  readonly declared: Map<string, number>
  /** 1 where an earlier node has the same address */
  readonly duplicate: Uint8Array
  /** each node's vertex, at its index (none: an error kept it out) */
  readonly vertexAt: Array<Vertex | undefined>
  /** provider instances used by the nodes, decoded once each */
  readonly providers: Map<string, ProviderConfig>
  readonly ruleCtx: Map<string, RuleContext>
  readonly refFields: Map<string, ReadonlySet<string> | null>
  readonly inputNames: Map<unknown, ReadonlySet<string>>
  /** scratch arrays for a field's refs and a node's dependencies, filled up to a count */
  readonly refs: Ref<unknown>[]
  readonly deps: string[]
}

/** The context of compiling `stack`. */
export const compileContext = (registry: Registry, stack: Stack, now: Date): CompileContext => {
  const nodes = stack.nodes
  const addresses = nodes.map(addressAsKept)
  const declared = new Map<string, number>()
  const duplicate = new Uint8Array(addresses.length)
  for (let i = 0; i < addresses.length; i++) {
    const size = declared.size
    declared.set(addresses[i], i)
    if (declared.size === size) duplicate[i] = 1
  }
  return {
    registry,
    stack,
    now,
    errors: [],
    warnings: [],
    validate: makeValidator(),
    nodes,
    addresses,
    declared,
    duplicate,
    vertexAt: new Array<Vertex | undefined>(nodes.length),
    providers: new Map(),
    ruleCtx: new Map(),
    refFields: new Map(),
    inputNames: new Map(),
    refs: listOf(),
    deps: listOf(),
  }
}

/** Keep an issue: an error, or a warning when it says so. */
export const push = (cx: CompileContext, i: Issue): void => {
  ;(i.severity === 'warning' ? cx.warnings : cx.errors).push(i)
}

/** Fields a ref may name on a node: inputs and outputs of a resource, result fields and id of a lookup. */
const refFields = (registry: Registry, token: string): ReadonlySet<string> | null => {
  const r = registry.resources.get(token)
  if (r) return new Set(['id', ...fieldsOf(r.inputs).map((f) => f.name), ...fieldsOf(r.outputs).map((f) => f.name)])
  const l = registry.lookups.get(token)
  if (l) return new Set(['id', ...fieldsOf(l.result).map((f) => f.name), ...fieldsOf(l.args).map((f) => f.name)])
  return null
}

/** The fields a ref to a node of this type may name (null: not a registered type). */
export const refFieldsOf = (cx: CompileContext, token: string): ReadonlySet<string> | null => {
  let fields = cx.refFields.get(token)
  if (fields === undefined) cx.refFields.set(token, (fields = refFields(cx.registry, token)))
  return fields
}

/** The input field names of a codec. */
export const inputNamesOf = (cx: CompileContext, codec: Parameters<typeof fieldsOf>[0]): ReadonlySet<string> => {
  let names = cx.inputNames.get(codec)
  if (!names) cx.inputNames.set(codec, (names = new Set(fieldsOf(codec).map((f) => f.name))))
  return names
}

/** The context compile-time rules get: one per provider instance, not one per node. */
export const ruleCtxOf = (cx: CompileContext, provider: string): RuleContext => {
  let c = cx.ruleCtx.get(provider)
  if (!c) cx.ruleCtx.set(provider, (c = { config: cx.providers.get(provider)!.config, now: cx.now }))
  return c
}
