/**
 * Field-level diff between the inputs last applied and the inputs desired now. Secrets compare by
 * keyed digest; unknown values always count as a change; spec equalities (case-insensitive,
 * numeric strings, JSON semantics) decide before plain deep equality.
 */
import { isSecret, isSecretMarker, reveal } from '../core/secret'
import { isRef } from '../core/ref'
import { isProtected, type Protector } from '../state/protect'
import { hasUnknown, isUnknown } from './unknown'
import { rewriteInside } from '../core/copy'
import { fillDefaults, type DefaultsTree } from './platform-defaults'

/** One changed value inside an object or array field: its path below the field, by key and index. */
export interface InnerChange {
  readonly path: ReadonlyArray<string | number>
  readonly kind: 'add' | 'change' | 'remove'
  readonly before: unknown
  readonly after: unknown
}

/** One field a step changes: its path, the value before and after, and whether the change replaces. */
export interface FieldChange {
  /** top-level input field */
  readonly path: string
  readonly kind: 'add' | 'change' | 'remove'
  readonly before: unknown
  readonly after: unknown
  /** this change forces replacement */
  readonly replaces: boolean
  /** when both sides are objects or both arrays: what changed inside, so a plan can name the key */
  readonly inner?: ReadonlyArray<InnerChange>
  /** keys and elements left as they were beside the inner changes (a plan folds them) */
  readonly unchanged?: number
}

/** Deep equality of plain values as a plan compares them: a key holding undefined counts as absent. */
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
  /** optional + computed inputs: one left out is no change (the platform keeps its value) */
  readonly computed?: ReadonlyArray<string>
  /** spec defaults of the fields left out: a default where nothing was recorded is no change */
  readonly defaults?: Readonly<Record<string, unknown>>
  /** the spec's platform defaults: both sides compare as the platform holds them (keys left out filled) */
  readonly filled?: DefaultsTree
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

const diffField = (k: string, b0: unknown, a0: unknown, o: DiffOptions, out: FieldChange[]): void => {
  // the same value is no change under any equality (most fields of a no-change plan are strings)
  if (a0 === b0) return
  if (o.ignore.length > 0 && o.ignore.includes(k)) return
  if (a0 === undefined && o.computed !== undefined && o.computed.includes(k)) return
  const sub = o.filled?.keys.get(k)
  const a = sub ? fillDefaults(sub, a0) : a0
  const b = sub ? fillDefaults(sub, b0) : b0
  if (a === b) return
  // state written before the spec stated a default has none: the default is what the platform has
  if (b === undefined && o.defaults !== undefined && k in o.defaults && deepEqual(a, o.defaults[k])) return
  if (!hasUnknown(a)) {
    const eq = o.equals[k]
    const ca = comparable(a, o.protector)
    const cb = comparable(b, o.protector)
    if (a !== undefined && b !== undefined && eq ? eq(ca, cb) : deepEqual(ca, cb)) return
  }
  const change: { -readonly [K in keyof FieldChange]: FieldChange[K] } = {
    path: k,
    kind: kindOf(b, a),
    before: b,
    after: a,
    replaces: !o.updatable || o.replaceOn.includes(k),
  }
  if (!isLeaf(b) && !isLeaf(a) && Array.isArray(a) === Array.isArray(b)) {
    const inner: InnerChange[] = []
    const unchanged = innerChanges(b as object, a as object, [], o.protector, inner)
    if (inner.length > 0) {
      change.inner = inner
      change.unchanged = unchanged
    }
  }
  out.push(change)
}

const kindOf = (b: unknown, a: unknown): FieldChange['kind'] =>
  b === undefined ? 'add' : a === undefined ? 'remove' : 'change'

/** A value shown whole: a scalar, a secret (never opened), an unknown or a ref. */
const isLeaf = (u: unknown): boolean =>
  typeof u !== 'object' || u === null || isSecret(u) || isSecretMarker(u) || isUnknown(u) || isRef(u)

/**
 * The changes inside two objects (or two arrays), by key (or index), descending while both sides
 * are containers of the same sort; secrets compare by digest as at the top. Returns how many keys
 * and elements it found unchanged on the way.
 */
const innerChanges = (
  b: object,
  a: object,
  path: ReadonlyArray<string | number>,
  p: Protector,
  out: InnerChange[],
): number => {
  let unchanged = 0
  const visit = (key: string | number, x: unknown, y: unknown) => {
    if (x === undefined && y === undefined) return
    if (x === y || (!hasUnknown(y) && deepEqual(comparable(x, p), comparable(y, p)))) {
      unchanged++
      return
    }
    const at = [...path, key]
    if (!isLeaf(x) && !isLeaf(y) && Array.isArray(x) === Array.isArray(y))
      unchanged += innerChanges(x as object, y as object, at, p, out)
    else out.push({ path: at, kind: kindOf(x, y), before: x, after: y })
  }
  if (Array.isArray(b)) {
    const ya = a as ReadonlyArray<unknown>
    for (let i = 0; i < Math.max(b.length, ya.length); i++) visit(i, b[i], ya[i])
    return unchanged
  }
  const ob = b as Readonly<Record<string, unknown>>
  const oa = a as Readonly<Record<string, unknown>>
  for (const k in ob) visit(k, ob[k], oa[k])
  for (const k in oa) if (!Object.prototype.hasOwnProperty.call(ob, k)) visit(k, undefined, oa[k])
  return unchanged
}

/** The spec's defaults for the fields `inputs` leaves out (none when it states none). */
export const defaultsFor = (
  spec: { readonly defaults?: (i: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>> },
  inputs: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> | undefined => {
  if (!spec.defaults || hasUnknown(inputs)) return undefined
  let out: Record<string, unknown> | undefined
  const d = spec.defaults(inputs)
  for (const k in d) if (inputs[k] === undefined && d[k] !== undefined) (out ??= {})[k] = d[k]
  return out
}

/**
 * The prior inputs an update is built from, without the recorded defaults of fields the inputs
 * still leave out: those were never sent, and a wire that clears what was removed (a full-body PUT
 * sends null) would otherwise clear the very default the platform applies.
 */
export const priorAsSent = (
  spec: { readonly defaults?: (i: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>> },
  inputs: Readonly<Record<string, unknown>>,
  prior: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> => {
  const d = defaultsFor(spec, inputs)
  if (!d) return prior
  let out: Record<string, unknown> | undefined
  for (const k in d) if (k in prior && deepEqual(prior[k], d[k])) delete (out ??= { ...prior })[k]
  return out ?? prior
}
