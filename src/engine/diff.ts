/**
 * Field-level diff between the inputs last applied and the inputs desired now. Secrets compare by
 * keyed digest; unknown values always count as a change; spec equalities (case-insensitive,
 * numeric strings, JSON semantics) decide before plain deep equality.
 */
import { isSecret, reveal } from '../core/secret'
import { isProtected, type Protector } from '../state/protect'
import { hasUnknown } from './unknown'

export interface FieldChange {
  /** top-level input field */
  readonly path: string
  readonly kind: 'add' | 'change' | 'remove'
  readonly before: unknown
  readonly after: unknown
  /** this change forces replacement */
  readonly replaces: boolean
}

export const deepEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]))
  if (Array.isArray(b)) return false
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/** Bring secrets to a comparable form: protected digests on both sides. */
const comparable = (u: unknown, p: Protector): unknown => {
  if (isSecret(u)) return { _tag: 'Secret', digest: p.digest(reveal(u)) }
  if (isProtected(u)) return { _tag: 'Secret', digest: u.digest }
  if (Array.isArray(u)) return u.map((x) => comparable(x, p))
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype) {
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) o[k] = comparable(v, p)
    return o
  }
  return u
}

export interface DiffOptions {
  readonly replaceOn: ReadonlyArray<string>
  readonly ignore: ReadonlyArray<string>
  readonly equals: Readonly<Record<string, ((a: unknown, b: unknown) => boolean) | undefined>>
  /** false: every change replaces */
  readonly updatable: boolean
  readonly protector: Protector
}

export const diffInputs = (
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  o: DiffOptions,
): FieldChange[] => {
  const out: FieldChange[] = []
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  for (const k of keys) {
    if (o.ignore.includes(k)) continue
    const b = before[k]
    const a = after[k]
    if (a === undefined && b === undefined) continue
    if (!hasUnknown(a)) {
      const eq = o.equals[k]
      const ca = comparable(a, o.protector)
      const cb = comparable(b, o.protector)
      if (a !== undefined && b !== undefined && eq ? eq(ca, cb) : deepEqual(ca, cb)) continue
    }
    out.push({
      path: k,
      kind: b === undefined ? 'add' : a === undefined ? 'remove' : 'change',
      before: b,
      after: a,
      replaces: !o.updatable || o.replaceOn.includes(k),
    })
  }
  return out
}
