/**
 * Nodes: the frozen, serialisable description of one resource or one lookup in a stack.
 */
import { memo } from './memo'
import { printable, quoteName } from './names'

// ── model ────────────────────────────────────────────────────────────────────
/** A resource's lifecycle options (the builders' `.options()`): dependencies, protection, replacement, import. */
export interface ResourceOptions {
  /** explicit dependencies, as node addresses */
  readonly dependsOn?: ReadonlyArray<string>
  /** refuse delete and replace */
  readonly protect?: boolean
  /** input fields whose changes are ignored after creation */
  readonly ignoreChanges?: ReadonlyArray<string>
  /** delete the old object before creating its replacement */
  readonly deleteBeforeReplace?: boolean
  /** adopt an existing remote object with this import id instead of creating one */
  readonly importId?: string
  /** name of the provider instance in the stack (default: the instance named after the provider) */
  readonly provider?: string
  /**
   * earlier names (or `token/name` addresses) of this node: a state entry under one of them is moved
   * to the node's address, so a rename plans no change (see engine/aliases.ts)
   */
  readonly aliases?: ReadonlyArray<string>
}

/** One resource of a stack: its token, name, inputs (values, refs, secrets) and lifecycle options. */
export interface ResourceNode {
  readonly _tag: 'Resource'
  readonly token: string
  readonly name: string
  readonly inputs: Readonly<Record<string, unknown>>
  readonly options: ResourceOptions
}

/** One lookup of a stack: read at plan time, its result reached through refs. */
export interface LookupNode {
  readonly _tag: 'Lookup'
  readonly token: string
  readonly name: string
  readonly args: Readonly<Record<string, unknown>>
  readonly options: Pick<ResourceOptions, 'dependsOn' | 'provider'>
}

/** A node of a stack: a resource or a lookup. */
export type Node = ResourceNode | LookupNode

// ── constructors ─────────────────────────────────────────────────────────────
const deepFreeze = <A>(a: A): A => {
  if (typeof a === 'object' && a !== null && !Object.isFrozen(a)) {
    Object.freeze(a)
    // index loops: every node of a stack comes through here (for…in with an own-property check
    // was most of the cost of building a big stack, after the allocations)
    if (Array.isArray(a)) for (let i = 0; i < a.length; i++) deepFreeze(a[i])
    else {
      const keys = Object.keys(a)
      for (let i = 0; i < keys.length; i++) deepFreeze((a as Record<string, unknown>)[keys[i]])
    }
  }
  return a
}

/** the options of a node given none: one shared frozen object, not a fresh one per node */
const NO_OPTIONS: ResourceOptions = Object.freeze({})

/** A resource node by token (`cost:Folder`), frozen: what a builder carries, without the builder. */
export const resourceNode = (
  token: string,
  name: string,
  inputs: Record<string, unknown>,
  options: ResourceOptions = NO_OPTIONS,
): ResourceNode => {
  // the node's own fields are strings: freeze what may hold objects, then the node (no walk over it)
  deepFreeze(inputs)
  deepFreeze(options)
  return Object.freeze({ _tag: 'Resource', token, name, inputs, options })
}

/** A lookup node by token (`cost:getWorkspaces`), frozen. */
export const lookupNode = (
  token: string,
  name: string,
  args: Record<string, unknown>,
  options: LookupNode['options'] = NO_OPTIONS,
): LookupNode => {
  deepFreeze(args)
  deepFreeze(options)
  return Object.freeze({ _tag: 'Lookup', token, name, args, options })
}

export { deepFreeze }

// ── destructors ──────────────────────────────────────────────────────────────
/**
 * One address string per (frozen) node, made when first asked for. Every `.out` of a builder asks,
 * and so does compile: refs to a node and the maps compile, plan and the run loop key by address
 * then hold the very same string, hashed once and compared by identity (a fresh string per ref
 * was hashed and compared character by character at every lookup: most of a compile's time).
 */
const addresses = new WeakMap<object, string>()

/** The address that refs and state use: `cost:CostReport/monthly`. */
export const addressOf = (n: { readonly token: string; readonly name: string }): string => {
  let a = addresses.get(n)
  if (a !== undefined) return a
  a = `${n.token}/${n.name}`
  // a node cannot change (frozen), so its address can be kept; anything else is worked out again
  if (Object.isFrozen(n)) addresses.set(n, a)
  return a
}

/**
 * A node's address as addressOf gives it — the very string kept, when one is — without keeping a
 * new one: compile asks for every node's, and a node no ref names (refs made through `.out` keep
 * theirs) would only grow the WeakMap with an entry nothing reads again.
 */
export const addressAsKept = (n: { readonly token: string; readonly name: string }): string =>
  addresses.get(n) ?? `${n.token}/${n.name}`

/**
 * How errors and plans name a node: `cost:CostReport "monthly"`. The name is quoted and escaped, so
 * a name read from a forged state file cannot print a line of its own.
 */
export const labelOf = (n: { readonly token: string; readonly name: string }): string =>
  `${printableToken(n.token)} ${quoteName(n.name)}`

/**
 * printable(token), remembered: a stack's tokens are a few dozen strings, each labelled thousands
 * of times (a test of the unprintable characters per node); bounded, as a JSON stack's may be anything
 */
const printableToken = memo(printable)

export const labelOfAddress = (address: string): string => {
  const i = address.indexOf('/')
  return i < 0 ? printable(address) : `${printable(address.slice(0, i))} ${quoteName(address.slice(i + 1))}`
}
