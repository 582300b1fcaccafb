/**
 * Stack: the frozen description a script builds: provider instances, nodes and exported outputs.
 * Plain data (methods are non-enumerable), so `JSON.stringify(stack)` works.
 */
import { stackNameProblem } from './names'
import { deepFreeze, type Node } from './node'

// ── model ────────────────────────────────────────────────────────────────────
export interface ProviderInstance {
  readonly _tag: 'Provider'
  /** `cost` */
  readonly provider: string
  /** raw configuration (secrets wrapped) */
  readonly config: Readonly<Record<string, unknown>>
}

/** Anything that carries a node: a builder or a node itself. */
export type HasNode = Node | { readonly node: Node }

/** type-level only: the key under which a builder names the required inputs it still lacks */
declare const pendingInputs: unique symbol
/** What a builder with required inputs unset carries, in types only (never at run time). */
export interface Pending<M extends PropertyKey> {
  readonly [pendingInputs]?: [M]
}
/** How `add()` refuses such a builder: tsc's message names the missing inputs. */
export interface MissingRequiredInputs<M> {
  readonly 'set these required inputs first': M
}
/** A node as `add()` takes it: a builder with every required input set, or anything else that carries a node. */
export type Complete<T> = T extends { readonly [pendingInputs]?: [infer M] }
  ? [M] extends [never]
    ? T
    : MissingRequiredInputs<M>
  : T

export interface Stack {
  readonly _tag: 'Stack'
  readonly name: string
  /** provider instances by instance name; the instance named after a provider is its default */
  readonly providers: Readonly<Record<string, ProviderInstance>>
  readonly nodes: ReadonlyArray<Node>
  readonly outputs: Readonly<Record<string, unknown>>
  /** add nodes; a builder whose required inputs are not all set is a type error naming them */
  readonly add: <T extends ReadonlyArray<HasNode>>(...items: T & { readonly [K in keyof T]: Complete<T[K]> }) => Stack
  readonly export: (name: string, value: unknown) => Stack
}

export interface StackOptions {
  readonly providers?: Readonly<Record<string, ProviderInstance>>
}

// ── constructors ─────────────────────────────────────────────────────────────
const nodeOf = (h: HasNode): Node =>
  '_tag' in h && (h._tag === 'Resource' || h._tag === 'Lookup') ? h : (h as { node: Node }).node

const make = (
  name: string,
  providers: Stack['providers'],
  nodes: ReadonlyArray<Node>,
  outputs: Stack['outputs'],
): Stack => {
  const s = { _tag: 'Stack' as const, name, providers, nodes, outputs } as Stack
  Object.defineProperties(s, {
    add: {
      enumerable: false,
      value: (...items: ReadonlyArray<HasNode>) => make(name, providers, [...nodes, ...items.map(nodeOf)], outputs),
    },
    export: {
      enumerable: false,
      value: (k: string, v: unknown) => make(name, providers, nodes, { ...outputs, [k]: v }),
    },
  })
  Object.freeze(nodes)
  Object.freeze(outputs)
  return Object.freeze(s)
}

export const stack = (name: string, options: StackOptions = {}): Stack => {
  const problem = stackNameProblem(name)
  if (problem !== undefined) throw new Error(problem)
  return make(name, deepFreeze({ ...(options.providers ?? {}) }), [], {})
}

export const providerInstance = (provider: string, config: Record<string, unknown>): ProviderInstance =>
  deepFreeze({ _tag: 'Provider', provider, config })
