/**
 * Secret<T>: a value no renderer prints. The plain value lives in a module-private WeakMap, so
 * `JSON.stringify`, `console.log` and spreading a secret only ever see the marker.
 */

// ── model ────────────────────────────────────────────────────────────────────
export interface Secret<T = string> {
  readonly _tag: 'Secret'
  /** phantom: keeps Secret<T> typed without holding the value */
  readonly _T?: T
}

const vault = new WeakMap<object, unknown>()

const SecretProto = Object.freeze({
  toJSON: () => ({ _tag: 'Secret' }),
  toString: () => '[secret]',
  [Symbol.for('nodejs.util.inspect.custom')]: () => '[secret]',
})

// ── constructors ─────────────────────────────────────────────────────────────
export const secret = <T>(value: T): Secret<T> => {
  const s = Object.create(SecretProto, { _tag: { value: 'Secret', enumerable: true } }) as Secret<T>
  vault.set(s, value)
  return Object.freeze(s)
}

// ── destructors ──────────────────────────────────────────────────────────────
export const isSecret = (u: unknown): u is Secret<unknown> => typeof u === 'object' && u !== null && vault.has(u)

/** Is this the serialised marker of a secret (e.g. read back from JSON)? */
export const isSecretMarker = (u: unknown): boolean =>
  typeof u === 'object' && u !== null && (u as { _tag?: unknown })._tag === 'Secret' && !vault.has(u)

export const reveal = <T>(s: Secret<T>): T => {
  if (!vault.has(s)) throw new Error('reveal: this secret was deserialised and holds no value')
  return vault.get(s) as T
}

/** Deeply replace secrets by their values (for the wire layer only). */
export const revealDeep = (u: unknown): unknown => {
  if (isSecret(u)) return revealDeep(reveal(u))
  if (Array.isArray(u)) return u.map(revealDeep)
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype) {
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) o[k] = revealDeep(v)
    return o
  }
  return u
}

/** Does a value contain a secret anywhere? */
export const containsSecret = (u: unknown): boolean => {
  if (isSecret(u) || isSecretMarker(u)) return true
  if (Array.isArray(u)) return u.some(containsSecret)
  if (typeof u === 'object' && u !== null) return Object.values(u).some(containsSecret)
  return false
}
