/**
 * Name conversion between spec names (lowerCamelCase) and wire names (snake_case), with explicit
 * renames for the fields that do not follow the rule (`chatAChannels` ↔ `slack_channels`).
 */

export const toSnake = (s: string): string => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())
export const toCamel = (s: string): string => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())

/** spec name → wire name, for every nesting level; `renames` maps spec names to wire names. */
export const keysToWire = (u: unknown, renames: Readonly<Record<string, string>> = {}): unknown => {
  if (Array.isArray(u)) return u.map((x) => keysToWire(x, renames))
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype) {
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) if (v !== undefined) o[renames[k] ?? toSnake(k)] = keysToWire(v, renames)
    return o
  }
  return u
}

/** wire name → spec name, for every nesting level; `renames` maps spec names to wire names. */
export const keysFromWire = (u: unknown, renames: Readonly<Record<string, string>> = {}): unknown => {
  const back: Record<string, string> = Object.fromEntries(Object.entries(renames).map(([a, b]) => [b, a]))
  const go = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(go)
    if (typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype) {
      const o: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(x)) o[back[k] ?? toCamel(k)] = go(v)
      return o
    }
    return x
  }
  return go(u)
}

/** Keep only defined, non-null values of the named keys. */
export const pick = <A extends Record<string, unknown>>(o: A, keys: ReadonlyArray<string>): Partial<A> => {
  const r: Record<string, unknown> = {}
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) r[k] = o[k]
  return r as Partial<A>
}

/** Drop null and undefined values (platforms that return `null` for unset fields). */
export const dropNulls = <A extends Record<string, unknown>>(o: A): Partial<A> => {
  const r: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) r[k] = v
  return r as Partial<A>
}
