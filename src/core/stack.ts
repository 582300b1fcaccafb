/**
 * Stack: the frozen description a script builds: provider instances, nodes and exported outputs.
 * Plain data (methods are non-enumerable), so `JSON.stringify(stack)` works.
 */
import { stackNameProblem } from './names'
import { deepFreeze, type Node } from './node'
import { makeRef, type Ref } from './ref'
import { stackOutputAddress } from './stack-output-ref'
import { appended, flatList, sharedGetter, type GrowingList } from './copy'

// ── model ────────────────────────────────────────────────────────────────────
/** A configured instance of a provider, as a stack holds it. */
export interface ProviderInstance {
  readonly _tag: 'Provider'
  /** `cost` */
  readonly provider: string
  /** raw configuration (secrets wrapped) */
  readonly config: Readonly<Record<string, unknown>>
}

/** Anything that carries a node: a builder or a node itself. */
export type HasNode = Node | { readonly node: Node }

/**
 * type-level only: the key under which a builder names the required inputs it still lacks. Its
 * name is what tsc prints when `add()` refuses such a builder: "Types of property
 * '[requiredInputsNotSet]' are incompatible. Type '"title"' is not assignable to type 'never'."
 */
declare const requiredInputsNotSet: unique symbol
/** What a builder with required inputs unset carries, in types only (never at run time). */
export interface Pending<M extends PropertyKey> {
  readonly [requiredInputsNotSet]?: M
}
/**
 * A node as `add()` takes it: a node, or a builder with every required input set. One argument
 * type (not a generic tuple), so tsc points at the argument that lacks an input and names it.
 */
export type Addable = Node | { readonly node: Node; readonly [requiredInputsNotSet]?: never }

/** The type an exported value gives another stack: a ref's value type, else the value's own. */
export type ExportedType<V> = V extends Ref<infer T> ? T : V

/**
 * The frozen description a script builds: provider instances, nodes and exported outputs (plain data).
 * `O` is what its `.export` calls declared, so `other.output('zoneId')` is typed and a wrong name is
 * a type error.
 */
// the default `any` (not a record type): `output` reads O's keys, which makes O invariant, and every
// typed stack must still be a plain `Stack` where one is taken
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Stack<O extends Readonly<Record<string, unknown>> = any> {
  readonly _tag: 'Stack'
  readonly name: string
  /** provider instances by instance name; the instance named after a provider is its default */
  readonly providers: Readonly<Record<string, ProviderInstance>>
  readonly nodes: ReadonlyArray<Node>
  readonly outputs: Readonly<Record<string, unknown>>
  /** add nodes; a builder whose required inputs are not all set is a type error naming them */
  readonly add: (...items: ReadonlyArray<Addable>) => Stack<O>
  /** export a value (a ref, or plain data) under a name other stacks read with `output(name)` */
  readonly export: <K extends string, V>(name: K, value: V) => Stack<O & { readonly [P in K]: ExportedType<V> }>
  /**
   * A typed ref to one of this stack's exports, for another stack of the same program: that stack
   * then depends on this one (planned after it, destroyed before it).
   */
  output<K extends keyof O & string>(name: K): Ref<O[K]>
}

export interface StackOptions {
  readonly providers?: Readonly<Record<string, ProviderInstance>>
}

// ── constructors ─────────────────────────────────────────────────────────────
const nodeOf = (h: HasNode): Node => {
  const n = (h as { node?: unknown }).node
  if (typeof n === 'object' && n !== null) return n as Node
  return '_tag' in h && (h._tag === 'Resource' || h._tag === 'Lookup') ? h : (h as { node: Node }).node
}

/** where a stack keeps its nodes: the groups `add` was given (not enumerable: not data) */
const NODE_LIST = Symbol('trellis.stack.nodes')

/** `nodes`: an enumerable property (JSON, spreads and deep equality see a plain array), made when read. */
const NODES = sharedGetter((s: { readonly [NODE_LIST]: GrowingList<Node> | undefined }) => flatList(s[NODE_LIST]))

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what `make` builds is typed by its callers
const make = <O extends Readonly<Record<string, unknown>> = any>(
  name: string,
  providers: Stack['providers'],
  list: GrowingList<Node> | undefined,
  outputs: Stack['outputs'],
): Stack<O> => {
  const s = { _tag: 'Stack' as const, name, providers } as Stack<O>
  Object.defineProperties(s, {
    nodes: NODES,
    outputs: { enumerable: true, value: outputs },
    [NODE_LIST]: { value: list },
    add: {
      value: (...items: ReadonlyArray<HasNode>) => {
        if (items.length === 0) return make(name, providers, list, outputs)
        return make(name, providers, appended(list, items.map(nodeOf)), outputs)
      },
    },
    export: {
      value: (k: string, v: unknown) => make(name, providers, list, Object.freeze({ ...outputs, [k]: v })),
    },
    output: {
      value: (k: string) => {
        // a name the types allow but the stack lacks (an untyped stack, or JavaScript): said at once
        if (!Object.prototype.hasOwnProperty.call(outputs, k))
          throw new Error(
            `stack ${name} exports no output ${JSON.stringify(k)} (it exports ${Object.keys(outputs).join(', ') || 'nothing'})`,
          )
        return makeRef(stackOutputAddress(name), [k])
      },
    },
  })
  return Object.freeze(s)
}

/** What a new stack exports: nothing (so `output` takes no name yet). */
export type NoExports = Readonly<Record<never, never>>

/** A new, empty stack: `stack('finance', { providers }).add(folder, report).export('report', report.out.token)`. */
export const stack = (name: string, options: StackOptions = {}): Stack<NoExports> => {
  const problem = stackNameProblem(name)
  if (problem !== undefined) throw new Error(problem)
  return make<NoExports>(name, deepFreeze({ ...(options.providers ?? {}) }), undefined, Object.freeze({}))
}

/** A provider instance from a provider name and its raw configuration (builders' `provider()` makes these). */
export const providerInstance = (provider: string, config: Record<string, unknown>): ProviderInstance =>
  deepFreeze({ _tag: 'Provider', provider, config })
