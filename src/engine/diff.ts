/**
 * Field-level diff between the inputs last applied and the inputs desired now. Secrets compare by
 * keyed digest; unknown values always count as a change; spec equalities (case-insensitive,
 * numeric strings, JSON semantics) decide before plain deep equality.
 */
import { isSecret, reveal } from '../core/secret'
import { isProtected, type Protector } from '../state/protect'
import { hasUnknown } from './unknown'
import { rewriteInside } from '../core/copy'

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
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  // a key holding undefined counts as absent (for-in rather than Object.keys: no array per level)
  const oa = a as Record<string, unknown>
  const ob = b as Record<string, unknown>
  let na = 0
  for (const k in oa) {
    const x = oa[k]
    if (x === undefined) continue
    na++
    if (!deepEqual(x, ob[k])) return false
  }
  let nb = 0
  for (const k in ob) if (ob[k] !== undefined) nb++
  return na === nb
}

/**
 * Bring secrets to a comparable form: protected digests on both sides. A value holding no secret
 * comes back as it is, so a no-change plan copies nothing.
 */
const comparable = (u: unknown, p: Protector): unknown => {
  if (isSecret(u)) return { _tag: 'Secret', digest: p.digest(reveal(u)) }
  if (isProtected(u)) return { _tag: 'Secret', digest: u.digest }
  return typeof u === 'object' && u !== null ? rewriteInside(u, comparable, p) : u
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
  // every key of before, then the keys only after has (for-in: no key arrays per node)
  for (const k in before) diffField(k, before[k], after[k], o, out)
  for (const k in after) if (!Object.prototype.hasOwnProperty.call(before, k)) diffField(k, undefined, after[k], o, out)
  return out
}

const diffField = (k: string, b: unknown, a: unknown, o: DiffOptions, out: FieldChange[]): void => {
  // the same value is no change under any equality (most fields of a no-change plan are strings)
  if (a === b) return
  if (o.ignore.length > 0 && o.ignore.includes(k)) return
  if (!hasUnknown(a)) {
    const eq = o.equals[k]
    const ca = comparable(a, o.protector)
    const cb = comparable(b, o.protector)
    if (a !== undefined && b !== undefined && eq ? eq(ca, cb) : deepEqual(ca, cb)) return
  }
  out.push({
    path: k,
    kind: b === undefined ? 'add' : a === undefined ? 'remove' : 'change',
    before: b,
    after: a,
    replaces: !o.updatable || o.replaceOn.includes(k),
  })
}
