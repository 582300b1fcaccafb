/**
 * Unknown: a value that will only be known after apply (an output of a node being created).
 */
export interface Unknown {
  readonly _tag: 'Unknown'
}

/** The one Unknown value: what a plan holds where an input waits on another node's output. */
export const UNKNOWN: Unknown = Object.freeze({ _tag: 'Unknown' as const })

/** Whether a value is the Unknown marker. */
export const isUnknown = (u: unknown): u is Unknown =>
  typeof u === 'object' && u !== null && (u as { _tag?: unknown })._tag === 'Unknown'

/** Does a value contain an unknown anywhere? */
export const hasUnknown = (u: unknown): boolean => {
  if (typeof u !== 'object' || u === null) return false
  if ((u as { _tag?: unknown })._tag === 'Unknown') return true
  // plain loops: this runs on every field of every step, and most values are flat (a scalar is
  // passed over without a call)
  if (Array.isArray(u)) {
    for (let i = 0; i < u.length; i++) {
      const v: unknown = u[i]
      if (typeof v === 'object' && v !== null && hasUnknown(v)) return true
    }
    return false
  }
  if (Object.getPrototypeOf(u) === Object.prototype)
    for (const k in u) {
      const v = (u as Record<string, unknown>)[k]
      if (typeof v === 'object' && v !== null && hasUnknown(v)) return true
    }
  return false
}
