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
