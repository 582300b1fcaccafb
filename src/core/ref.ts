/**
 * Ref<T>: an explicit reference to another node's output, optionally with pure functions applied
 * once the value is known. Serialises as `{ _tag: 'Ref', node, path, mapped }`; the functions stay
 * in memory (they are code, not data), on the ref itself under a `Symbol.for` key: a program and the
 * CLI may load two copies of trellis (CommonJS and ESM), and each must see the other's functions.
 */

import { listOf, methodsOf, objectsOver } from './copy'

// ── model ────────────────────────────────────────────────────────────────────
/** A reference to another node's output (`node.out.field`), read when that value is known; `.map` transforms it. */
export interface Ref<T> {
  readonly _tag: 'Ref'
  /** address of the node, e.g. `cost:Folder/finance` */
  readonly node: string
  readonly path: ReadonlyArray<string>
  /** how many functions are applied (the functions themselves are not data) */
  readonly mapped: number
  /** phantom */
  readonly _T?: (t: T) => T
  readonly map: <B>(f: (a: T) => B) => Ref<B>
}

/** Where a ref keeps its functions: a registered symbol, the same in every copy of trellis. */
const FNS: unique symbol = Symbol.for('trellis.ref.fns')

type Fns = ReadonlyArray<(a: unknown) => unknown>
const fnsOf = (r: object): Fns | undefined => (r as { [FNS]?: Fns })[FNS]

// ── constructors ─────────────────────────────────────────────────────────────
/**
 * A reference to another node's output path (`ref('cost:Folder/finance', ['token'])`); builders' `.out` make
 * these.
 */
export const makeRef = <T>(
  node: string,
  path: ReadonlyArray<string>,
  fns: ReadonlyArray<(a: unknown) => unknown> = NO_FNS,
): Ref<T> => {
  // a frozen path cannot change under the ref: shared (the builders hand one per field), not copied
  const r = newRef()
  r._tag = 'Ref'
  r.node = node
  r.path = Object.isFrozen(path) ? path : Object.freeze([...path])
  r.mapped = fns.length
  // most refs apply no function: they need no property; not enumerable, so JSON and spreads skip it
  if (fns.length > 0) Object.defineProperty(r, FNS, { value: fns })
  return Object.freeze(r) as unknown as Ref<T>
}

const NO_FNS: Fns = Object.freeze([])

/** `map`, shared by every ref (core/copy.ts's methodsOf): not data */
const REF_METHODS: object = methodsOf({
  map: function (this: Ref<unknown>, f: (a: unknown) => unknown): Ref<unknown> {
    const before = fnsOf(this)
    return makeRef(this.node, this.path, before === undefined ? [f] : before.concat([f]))
  },
})

/** A ref's fields, written once when it is made (then frozen). */
type RefFields = { _tag: 'Ref'; node: string; path: ReadonlyArray<string>; mapped: number }

// room in each ref for its functions' symbol too (defined after the fields when it has any)
const newRef = objectsOver<RefFields>(REF_METHODS)

// ── destructors ──────────────────────────────────────────────────────────────
/** Is this value a ref? */
export const isRef = (u: unknown): u is Ref<unknown> =>
  typeof u === 'object' &&
  u !== null &&
  (u as { _tag?: unknown })._tag === 'Ref' &&
  typeof (u as { node?: unknown }).node === 'string'

/**
 * Apply a ref's functions to the value found at its path; `from` > 0 when `value` is already
 * what the first `from` steps of the path lead to.
 */
export const resolveRef = (r: Ref<unknown>, value: unknown, from = 0): unknown => {
  let v: unknown = value
  for (let i = from; i < r.path.length; i++)
    v = v === undefined || v === null ? undefined : (v as Record<string, unknown>)[r.path[i]]
  const fns = fnsOf(r)
  if (fns) for (let i = 0; i < fns.length; i++) v = fns[i](v)
  return v
}

/** Every ref inside a value, depth first. */
export const refsIn = (u: unknown, acc: Ref<unknown>[] = listOf()): Ref<unknown>[] => {
  if (typeof u === 'object' && u !== null) refsInto(u, acc, acc.length)
  return acc
}

/**
 * The refs inside a value, depth first, written into `acc` from index `at` on; gives the index after
 * the last. A caller that reuses one scratch array overwrites it from 0 rather than emptying it
 * (`length = 0` gives the array's room back, and it grows again).
 */
export const refsInto = (u: object, acc: Ref<unknown>[], at: number): number => {
  // plain loops: this walks every node's inputs, and a closure and values array per level added up
  // (a scalar holds no ref: passed over without a call)
  if (isRef(u)) {
    acc[at] = u
    return at + 1
  }
  if (Array.isArray(u)) {
    for (let i = 0; i < u.length; i++) {
      const v: unknown = u[i]
      if (typeof v === 'object' && v !== null) at = refsInto(v, acc, at)
    }
    return at
  }
  if ((u as { _tag?: unknown })._tag === 'Secret') return at
  for (const k in u)
    if (Object.prototype.hasOwnProperty.call(u, k)) {
      const v = (u as Record<string, unknown>)[k]
      if (typeof v === 'object' && v !== null) at = refsInto(v, acc, at)
    }
  return at
}
