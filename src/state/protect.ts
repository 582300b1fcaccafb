/**
 * Secret protection in state. With a passphrase, a secret is stored encrypted (AES-256-GCM, key
 * from scrypt(passphrase, salt)) plus a keyed digest; without one, only the keyed digest — enough to
 * detect a changed secret, never enough to read it.
 */
import { isSecret, reveal } from '../core/secret'
import { copyFields } from '../core/copy'
import { isProtected, makeProtector, type ProtectedSecret, type Protector } from '../core/protector'

// the protector itself is a core concept (the emulators' data file uses it too)
export { isProtected, makeProtector, newSalt, type ProtectedSecret, type Protector } from '../core/protector'

/** Does a path pattern (`secretValues.*.value`) match a concrete path? */
const matches = (pattern: ReadonlyArray<string>, path: ReadonlyArray<string>): boolean => {
  if (pattern.length !== path.length) return false
  for (let i = 0; i < pattern.length; i++) if (pattern[i] !== '*' && pattern[i] !== path[i]) return false
  return true
}

/** Does any of the patterns match? (a loop: protectAt asks this of every value of such a spec, and a closure per call added up) */
const matchesAny = (patterns: ReadonlyArray<ReadonlyArray<string>>, path: ReadonlyArray<string>): boolean => {
  for (let i = 0; i < patterns.length; i++) if (matches(patterns[i], path)) return true
  return false
}

/** Is a concrete path secret under the spec's patterns? */
export const isSecretPath = (patterns: ReadonlyArray<string>, path: ReadonlyArray<string>): boolean =>
  patterns.some((p) => matches(p.split('.'), path))

/**
 * Replace every secret in a value — Secret instances and values at the spec's secret paths — with
 * its protected form (or the marker when no protector is given).
 */
export const protectSecrets = (
  value: unknown,
  patterns: ReadonlyArray<string>,
  p: Protector | undefined,
  path?: string[],
): unknown =>
  // without patterns the path is never pushed to: a shared empty one (no array per call)
  patterns.length === 0
    ? protectAt(value, NO_PATTERNS, p, path ?? NO_PATH)
    : protectAt(value, splitPatterns(patterns), p, path ? [...path] : [])

// a spec's secret paths split once (this runs for every record of every step of such a spec)
const split = new WeakMap<ReadonlyArray<string>, ReadonlyArray<ReadonlyArray<string>>>()
const splitPatterns = (patterns: ReadonlyArray<string>): ReadonlyArray<ReadonlyArray<string>> => {
  let s = split.get(patterns)
  if (!s) split.set(patterns, (s = patterns.map((x) => x.split('.'))))
  return s
}

// without patterns the path is never pushed to, so the caller's array can be shared
const NO_PATTERNS: ReadonlyArray<ReadonlyArray<string>> = Object.freeze([])
const NO_PATH = Object.freeze([]) as unknown as string[]

// Both walks copy only what holds a secret: a value without one comes back as it is (state
// records are never mutated in place), since copying every input and output of every step was
// a large share of a run's allocation. `path` is one array pushed and popped along the walk.
const protectAt = (
  value: unknown,
  patterns: ReadonlyArray<ReadonlyArray<string>>,
  p: Protector | undefined,
  path: string[],
): unknown => {
  if (typeof value !== 'object' || value === null) {
    // most values are plain strings and numbers, and most specs have no secret paths
    if (patterns.length === 0 || path.length === 0 || value === undefined || value === null) return value
    return matchesAny(patterns, path) ? protectValue(value, p) : value
  }
  // a protected secret, a Secret and a secret's marker all carry `_tag: 'Secret'` (a Secret's is
  // its own, fixed when made): one read of it tells every other object apart from the three, where
  // asking each question in turn read it twice and looked the secret's value up as well, for every
  // object of every input and output recorded
  if ((value as { _tag?: unknown })._tag === 'Secret') {
    if (isProtected(value)) return value
    if (isSecret(value)) return protectValue(reveal(value), p)
    if (path.length > 0 && matchesAny(patterns, path)) return protectValue(value, p)
    return value
  }
  if (path.length > 0 && matchesAny(patterns, path)) return protectValue(value, p)
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      // a scalar outside any secret path is itself: no call for it (most values of most specs)
      if (patterns.length === 0 && (typeof value[i] !== 'object' || value[i] === null)) {
        if (out) out.push(value[i])
        continue
      }
      // the path only matters when there are secret paths to match
      if (patterns.length) path.push(String(i))
      const x = protectAt(value[i], patterns, p, path)
      if (patterns.length) path.pop()
      if (x !== value[i] && !out) out = value.slice(0, i)
      if (out) out.push(x)
    }
    return out ?? value
  }
  if (Object.getPrototypeOf(value) === Object.prototype) {
    let out: Record<string, unknown> | undefined
    for (const k in value) {
      const v = (value as Record<string, unknown>)[k]
      if (patterns.length === 0 && (typeof v !== 'object' || v === null)) continue
      if (patterns.length) path.push(k)
      const x = protectAt(v, patterns, p, path)
      if (patterns.length) path.pop()
      if (x === v) continue
      if (!out) out = copyFields(value as Record<string, unknown>)
      out[k] = x
    }
    return out ?? value
  }
  return value
}

/** A secret's plain value as state keeps it (or the marker when no protector is given). */
const protectValue = (v: unknown, p: Protector | undefined): unknown => (p ? p.protect(v) : { _tag: 'Secret' })

/** Mask every secret for display: Secret instances, protected values and values at secret paths. */
export const maskSecrets = (value: unknown, patterns: ReadonlyArray<string>, path: string[] = []): unknown =>
  protectSecrets(value, patterns, undefined, path)

/** Every protected secret in a value that was stored encrypted, depth first. */
// every plan and apply walks the whole state here: scalars return at once, and objects are walked
// with for-in (no array of values per object)
const encryptedIn = (u: unknown, into: ProtectedSecret[], max: number): void => {
  if (typeof u !== 'object' || u === null || into.length >= max) return
  if (isProtected(u)) {
    if (u.enc) into.push(u)
    return
  }
  if (Array.isArray(u)) for (let i = 0; i < u.length; i++) encryptedIn(u[i], into, max)
  else for (const k in u) encryptedIn((u as Record<string, unknown>)[k], into, max)
}

/**
 * The encrypted secrets of a state: secrets are protected where values are recorded — the
 * inputs and outputs of its resources, the inputs of its write-ahead entries, its exported
 * outputs — so only those are walked (not each record's addresses, dependencies and times).
 */
const encryptedInState = (
  state: { readonly resources: unknown; readonly pending: unknown; readonly outputs: unknown },
  into: ProtectedSecret[],
  max: number,
): void => {
  const records = [state.resources, state.pending]
  for (let i = 0; i < records.length; i++) {
    const rs = records[i]
    if (typeof rs !== 'object' || rs === null) continue
    for (const k in rs) {
      const r = (rs as Record<string, unknown>)[k]
      if (typeof r !== 'object' || r === null) continue
      encryptedIn((r as { inputs?: unknown }).inputs, into, max)
      encryptedIn((r as { outputs?: unknown }).outputs, into, max)
      if (into.length >= max) return
    }
  }
  encryptedIn(state.outputs, into, max)
}

/**
 * Why this passphrase cannot be used with this state, or undefined when it can: a state whose
 * secrets were encrypted is only opened with the passphrase that encrypted them. A wrong (or
 * missing) one would make every secret look changed and overwrite the encrypted values with
 * values nobody can read back, so the run is refused before anything is planned.
 */
export const passphraseProblem = (
  state: { readonly salt: string; readonly resources: unknown; readonly pending: unknown; readonly outputs: unknown },
  passphrase: string | undefined,
): string | undefined => {
  const found: ProtectedSecret[] = []
  encryptedInState(state, found, 3)
  if (found.length === 0) return undefined
  if (!passphrase)
    return 'this state holds secrets encrypted with a passphrase, and none is given: set TRELLIS_PASSPHRASE to the passphrase they were encrypted with'
  const p = makeProtector(state.salt, passphrase)
  if (found.every((x) => p.unprotect(x) !== undefined)) return undefined
  return 'TRELLIS_PASSPHRASE does not open the secrets in this state (they were encrypted with another passphrase); nothing was planned or written: set the passphrase they were encrypted with'
}
