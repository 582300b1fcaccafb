/**
 * Holdings: what an emulator holds between requests (its maps, sets, lists and counters), named,
 * so it can be written to a data file and read back. An emulator lists its containers once;
 * `snapshotOf` turns them into plain JSON (Maps and Sets tagged, so they come back as such) and
 * `restoreInto` refills the very same containers in place, so the closures that use them keep working.
 */

// ── model ────────────────────────────────────────────────────────────────────
/** a value held in a `let`: read and written through these */
export interface Cell {
  readonly get: () => unknown
  readonly set: (value: unknown) => void
}

export type Held = Map<unknown, unknown> | Set<unknown> | unknown[] | Record<string, unknown> | Cell

export type Holdings = Readonly<Record<string, Held>>

export const cell = (get: () => unknown, set: (value: unknown) => void): Cell => ({ get, set })

const isCell = (h: Held): h is Cell =>
  !(h instanceof Map) &&
  !(h instanceof Set) &&
  !Array.isArray(h) &&
  typeof (h as Partial<Cell>).get === 'function' &&
  typeof (h as Partial<Cell>).set === 'function'

// ── encoding ─────────────────────────────────────────────────────────────────
const encode = (v: unknown): unknown => {
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [encode(k), encode(x)]) }
  if (v instanceof Set) return { $set: [...v].map(encode) }
  if (Array.isArray(v)) return v.map(encode)
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(x)]))
  return v
}

const decode = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(decode)
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>
    if (Array.isArray(o.$map) && Object.keys(o).length === 1)
      return new Map((o.$map as Array<[unknown, unknown]>).map(([k, x]) => [decode(k), decode(x)]))
    if (Array.isArray(o.$set) && Object.keys(o).length === 1) return new Set((o.$set as unknown[]).map(decode))
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, decode(x)]))
  }
  return v
}

// ── interpreters ─────────────────────────────────────────────────────────────
/** Plain JSON of everything held (a deep copy: later requests do not change it). */
export const snapshotOf = (h: Holdings): Record<string, unknown> =>
  Object.fromEntries(Object.entries(h).map(([k, x]) => [k, encode(isCell(x) ? x.get() : x)]))

/**
 * Refill the containers from a snapshot, in place. A name the snapshot lacks is emptied (a data
 * file from an older emulator simply holds less); a container of another kind is refused.
 */
export const restoreInto = (h: Holdings, data: Readonly<Record<string, unknown>>): void => {
  for (const [name, target] of Object.entries(h)) {
    const value = decode(data[name])
    const wrong = (kind: string) =>
      new Error(`emulator data: "${name}" should be ${kind}, got ${JSON.stringify(data[name])?.slice(0, 60)}`)
    if (isCell(target)) {
      if (value !== undefined) target.set(value)
    } else if (target instanceof Map) {
      if (value !== undefined && !(value instanceof Map)) throw wrong('a map')
      target.clear()
      for (const [k, x] of (value as Map<unknown, unknown> | undefined) ?? []) target.set(k, x)
    } else if (target instanceof Set) {
      if (value !== undefined && !(value instanceof Set)) throw wrong('a set')
      target.clear()
      for (const x of (value as Set<unknown> | undefined) ?? []) target.add(x)
    } else if (Array.isArray(target)) {
      if (value !== undefined && !Array.isArray(value)) throw wrong('a list')
      target.splice(0, target.length, ...((value as unknown[] | undefined) ?? []))
    } else {
      if (value !== undefined && (typeof value !== 'object' || value === null)) throw wrong('an object')
      for (const k of Object.keys(target)) delete target[k]
      Object.assign(target, value ?? {})
    }
  }
}

/** Runs `change`; if it throws, the holdings go back to what they were (a seed adds all or nothing). */
export const allOrNothing = (h: Holdings, change: () => void): void => {
  const before = snapshotOf(h)
  try {
    change()
  } catch (e) {
    restoreInto(h, before)
    throw e
  }
}
