/**
 * Unknown: a value that will only be known after apply (an output of a node being created).
 */
export interface Unknown {
  readonly _tag: 'Unknown'
}

export const UNKNOWN: Unknown = Object.freeze({ _tag: 'Unknown' as const })

export const isUnknown = (u: unknown): u is Unknown => typeof u === 'object' && u !== null && (u as { _tag?: unknown })._tag === 'Unknown'

/** Does a value contain an unknown anywhere? */
export const hasUnknown = (u: unknown): boolean => {
  if (isUnknown(u)) return true
  if (Array.isArray(u)) return u.some(hasUnknown)
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype) return Object.values(u).some(hasUnknown)
  return false
}
