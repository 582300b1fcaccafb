/**
 * Name conversion between spec names (lowerCamelCase) and wire names (snake_case), with explicit
 * renames for the fields that do not follow the rule (`chatAChannels` ↔ `slack_channels`).
 */
import { memo } from './memo'

// Field names are a small vocabulary converted for every field of every request and reply: each
// conversion is remembered (a regular expression with a callback per key per body showed in the
// profile of a concurrent apply).
/** `costReport` → `cost_report`: a spec name as the wire spells it. */
export const toSnake = memo((s: string): string => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()))
/** `cost_report` → `costReport`: a wire name as a spec spells it. */
export const toCamel = memo((s: string): string => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()))

const NO_RENAMES: Readonly<Record<string, string>> = Object.freeze({})

// the reverse of each renames table, made once per table (tables are module constants of the specs)
const reversed = new WeakMap<Readonly<Record<string, string>>, Readonly<Record<string, string>>>()
const reverseOf = (renames: Readonly<Record<string, string>>): Readonly<Record<string, string>> => {
  let back = reversed.get(renames)
  if (!back) reversed.set(renames, (back = Object.fromEntries(Object.entries(renames).map(([a, b]) => [b, a]))))
  return back
}

// plain objects only: class instances, dates and secrets pass through as they are
const isPlain = (u: unknown): u is Record<string, unknown> =>
  typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype

// one walk per body, a for-in over each object (no entries arrays, no closure per call: this runs
// for every request body and every reply)
const toWire = (u: unknown, renames: Readonly<Record<string, string>>): unknown => {
  if (Array.isArray(u)) return u.map((x) => toWire(x, renames))
  if (!isPlain(u)) return u
  const o: Record<string, unknown> = {}
  for (const k in u) {
    const v = u[k]
    // a scalar is itself: no call for it (most fields of a body)
    if (v !== undefined) o[renames[k] ?? toSnake(k)] = typeof v === 'object' && v !== null ? toWire(v, renames) : v
  }
  return o
}

const fromWire = (u: unknown, back: Readonly<Record<string, string>>): unknown => {
  if (Array.isArray(u)) return u.map((x) => fromWire(x, back))
  if (!isPlain(u)) return u
  const o: Record<string, unknown> = {}
  for (const k in u) {
    const v = u[k]
    o[back[k] ?? toCamel(k)] = typeof v === 'object' && v !== null ? fromWire(v, back) : v
  }
  return o
}

/** spec name → wire name, for every nesting level; `renames` maps spec names to wire names. */
export const keysToWire = (u: unknown, renames: Readonly<Record<string, string>> = NO_RENAMES): unknown =>
  toWire(u, renames)

/** wire name → spec name, for every nesting level; `renames` maps spec names to wire names. */
export const keysFromWire = (u: unknown, renames: Readonly<Record<string, string>> = NO_RENAMES): unknown =>
  fromWire(u, reverseOf(renames))

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
