/**
 * The objects module: where the ways trellis makes its many small objects (nodes' inputs, refs,
 * builders, vertices, plan steps, a stack's nodes) are chosen for speed and memory, so the domain
 * modules that use them stay plain. Each helper here has its guard test (test/core/copy.test.ts):
 * what it must keep looking like from outside (own fields, enumerability, JSON, prototypes).
 */

/**
 * copyFields: a shallow copy of a plain record that shares its hidden class with the other copies
 * of the same shape. V8 gives every `{ ...o }` of a busy spread site a hidden class of its own
 * once the site has seen enough objects (measured: 10,000 nodes' inputs, 10,000 classes), which
 * costs memory per object and makes every later field access megamorphic; adding the fields
 * one by one walks the shared transition tree instead.
 */
export const copyFields = <A extends object>(o: A): A => {
  const out: Record<string, unknown> = {}
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) out[k] = (o as Record<string, unknown>)[k]
  return out as A
}

/**
 * `u` (an array or a plain record, prototype Object's or none) with `f` applied to every element or field holding an object,
 * copied only where `f` changed something: a value nothing changes comes back as it is, so walks
 * over thousands of nodes' inputs (resolving refs, revealing or digesting secrets) copy nothing
 * when there is nothing to do. Other objects come back as they are. (`c` is passed on to `f` so
 * that callers need no closure per call.)
 */
export const rewriteInside = <C>(u: object, f: (v: object, c: C) => unknown, c: C): unknown => {
  if (Array.isArray(u)) {
    let out: unknown[] | undefined
    for (let i = 0; i < u.length; i++) {
      const v: unknown = u[i]
      const x = typeof v === 'object' && v !== null ? f(v, c) : v
      if (x !== v && !out) out = u.slice(0, i)
      if (out) out.push(x)
    }
    return out ?? u
  }
  const proto: unknown = Object.getPrototypeOf(u)
  if (proto !== Object.prototype && proto !== null) return u
  let out: Record<string, unknown> | undefined
  for (const k in u) {
    const v = (u as Record<string, unknown>)[k]
    if (typeof v !== 'object' || v === null) continue
    const x = f(v, c)
    if (x === v) continue
    if (!out) out = copyFields(u as Record<string, unknown>)
    out[k] = x
  }
  return out ?? u
}

/**
 * A property descriptor whose getter works the value out of the object it is read on: an own,
 * enumerable property (JSON, spreads and deep comparisons see it) that no object holds until it is
 * read. One getter shared by every object it is defined on: a getter per object would be a closure
 * each, and would give every object a dictionary of properties.
 */
export const sharedGetter = <T, V>(compute: (self: T) => V): PropertyDescriptor => ({
  get(this: T): V {
    return compute(this)
  },
  enumerable: true,
  configurable: true,
})

/**
 * An object with these own fields over `methods`, a prototype shared by many objects (frozen,
 * its members not enumerable: spreads, JSON and comparisons see the fields alone). A method on a
 * shared prototype rather than a closure on each object: thousands of refs or builders hold no
 * function and no context each. A literal naming its prototype defines the fields (no setter or
 * proxy up the prototype chain is asked, as an assignment would), and is V8's fast path (where
 * Object.create with property descriptors is a slow one).
 */
export const withMethods = <A extends object>(methods: object, fields: A): A => ({ __proto__: methods, ...fields })

/**
 * objectsOver: a maker of empty objects over `proto` that keep the fields then written into them
 * in the object itself, up to ten. V8 sizes a constructor's objects for the fields they come to
 * have, where a literal keeps any field added after it (a getter's, a symbol's) in an array of its
 * own: ~40 bytes more per object, for objects a run holds throughout (plan steps, refs). One maker
 * per kind of object, so that kinds do not share a hidden class.
 */
export const objectsOver = <A extends object>(proto: object = Object.prototype): (() => A) => {
  const Made = function () {} as unknown as new () => A
  Made.prototype = proto
  return () => new Made()
}

// a list holding a value that is not a small integer: its copies hold any value from the start
const ANY_ELEMENTS: unknown[] = [null]

/**
 * listOf: a copy of `xs` held as a list of any values, even when empty or all small integers. V8
 * keeps `[]` and a list of strings as two kinds of array (and a list moves from one to the other
 * when a first string is pushed), so code reading lists of both kinds is optimised for one and
 * thrown away at the first of the other. Lists that many call sites read alike (a spec's secrets
 * and rules, compile's scratch lists) are made here, one kind.
 */
export const listOf = <A>(xs: ReadonlyArray<A> = []): A[] => {
  const out = ANY_ELEMENTS.slice(0, 0) as A[]
  for (let i = 0; i < xs.length; i++) out.push(xs[i])
  return out
}

/** A prototype for withMethods: these members, not enumerable, frozen; `base` below them. */
export const methodsOf = (
  members: Readonly<Record<string, unknown>>,
  base: object | null = Object.prototype,
): object => {
  const proto = Object.create(base) as object
  for (const k of Object.keys(members)) Object.defineProperty(proto, k, { value: members[k], enumerable: false })
  return Object.freeze(proto)
}

/**
 * A list grown by appending groups, each append a new list sharing every earlier group (newest
 * first, a persistent list): a loop appending a small group at a time does linear work where
 * copying the whole array per append was quadratic. The flat array is made when first read, once
 * per list, frozen, and kept.
 */
export interface GrowingList<T> {
  readonly items: ReadonlyArray<T>
  readonly prev: GrowingList<T> | undefined
  readonly length: number
  /** this list as one frozen array, once read */
  flat: ReadonlyArray<T> | undefined
}

/** `list` with `items` appended (a list of its own; `list` is unchanged). */
export const appended = <T>(list: GrowingList<T> | undefined, items: ReadonlyArray<T>): GrowingList<T> => ({
  items,
  prev: list,
  length: (list?.length ?? 0) + items.length,
  flat: undefined,
})

const NOTHING: ReadonlyArray<never> = Object.freeze([])

/** The list's items in order, as one frozen array (made once per list). */
export const flatList = <T>(list: GrowingList<T> | undefined): ReadonlyArray<T> => {
  if (list === undefined) return NOTHING
  if (list.flat !== undefined) return list.flat
  // walk back to the nearest list already flat (or the first), then fill the array forwards
  const links: GrowingList<T>[] = []
  let at: GrowingList<T> | undefined = list
  while (at !== undefined && at.flat === undefined) {
    links.push(at)
    at = at.prev
  }
  const out = new Array<T>(list.length)
  let i = 0
  if (at !== undefined) for (const n of at.flat!) out[i++] = n
  for (let l = links.length - 1; l >= 0; l--) {
    const items = links[l].items
    for (let k = 0; k < items.length; k++) out[i++] = items[k]
  }
  return (list.flat = Object.freeze(out))
}

/**
 * keyedCopy: a copy of a record keyed by data (addresses, ids), made a hash table from the start.
 * An object V8 keeps in fast mode copies its list of keys at every new key: a run's working copy
 * of state, empty and filled with a key per resource made, cost ~30 ms over its first thousand
 * keys; a hash table costs the same per key whatever its size.
 */
export const keyedCopy = <T>(from: Readonly<Record<string, T>>): Record<string, T> => {
  const out: Record<string, T> = { [DROPPED_A]: undefined as T, [DROPPED_B]: undefined as T }
  // deleting a key that is not the last one added turns the object into a hash table
  delete out[DROPPED_A]
  delete out[DROPPED_B]
  for (const k in from) if (Object.prototype.hasOwnProperty.call(from, k)) out[k] = from[k]
  return out
}
const DROPPED_A = '\u0000a'
const DROPPED_B = '\u0000b'

/** A table of entries by key that come and go one at a time (see churnTable). */
export interface ChurnTable<V> extends Iterable<[string, V]> {
  readonly set: (key: string, value: V) => void
  readonly delete: (key: string) => void
}

/**
 * churnTable: a keyed table for entries that mostly leave right after they come (write-ahead
 * entries settled in the turn they were written). The latest entry waits in a slot and goes into
 * the Map only when another comes first: V8 shrinks a Map a delete leaves empty with a call into
 * its runtime and a new table, every time. Iterates in the order entries came, as a Map does.
 */
export const churnTable = <V>(from: Readonly<Record<string, V>>): ChurnTable<V> => {
  const older = new Map<string, V>(Object.entries(from))
  let key: string | undefined
  let value: V | undefined
  return {
    set: (k, v) => {
      if (key === k) value = v
      // a key already in keeps its place, as in a Map
      else if (older.size > 0 && older.has(k)) older.set(k, v)
      else {
        if (key !== undefined) older.set(key, value as V)
        key = k
        value = v
      }
    },
    delete: (k) => {
      if (key !== k) return void older.delete(k)
      key = undefined
      value = undefined
    },
    *[Symbol.iterator]() {
      yield* older
      if (key !== undefined) yield [key, value as V]
    },
  }
}
