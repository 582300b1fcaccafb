/**
 * Secret<T>: a value no renderer prints. The plain value is a non-enumerable property under a
 * `Symbol.for` key, so `JSON.stringify`, `console.log` and spreading a secret only ever see the
 * marker, and a second copy of trellis in the process (CommonJS beside ESM) still reads it.
 */

// ── model ────────────────────────────────────────────────────────────────────
export interface Secret<T = string> {
  readonly _tag: 'Secret'
  /** phantom: keeps Secret<T> typed without holding the value */
  readonly _T?: T
}

/** Where a secret keeps its value: a registered symbol, the same in every copy of trellis. */
const VALUE: unique symbol = Symbol.for('trellis.secret.value')
const holds = (u: object): boolean => Object.prototype.hasOwnProperty.call(u, VALUE)

const SecretProto = Object.freeze({
  toJSON: () => ({ _tag: 'Secret' }),
  toString: () => '[secret]',
  [Symbol.for('nodejs.util.inspect.custom')]: () => '[secret]',
})

// ── constructors ─────────────────────────────────────────────────────────────
/** Wrap a value as a secret: never printed, logged or written in plain text (plans show `[secret]`). */
export const secret = <T>(value: T): Secret<T> => {
  const s = Object.create(SecretProto, { _tag: { value: 'Secret', enumerable: true }, [VALUE]: { value } }) as object
  return Object.freeze(s) as Secret<T>
}

// ── destructors ──────────────────────────────────────────────────────────────
/** Is this value a secret that still holds its value? */
export const isSecret = (u: unknown): u is Secret<unknown> => typeof u === 'object' && u !== null && holds(u)

/** Is this the serialised marker of a secret (e.g. read back from JSON)? */
export const isSecretMarker = (u: unknown): boolean =>
  typeof u === 'object' && u !== null && (u as { _tag?: unknown })._tag === 'Secret' && !holds(u)

/** The plain value of a secret (for the wire layer; throws for a deserialised marker). */
export const reveal = <T>(s: Secret<T>): T => {
  if (!holds(s)) throw new Error('reveal: this secret was deserialised and holds no value')
  return (s as unknown as { [VALUE]: T })[VALUE]
}

/**
 * Deeply replace secrets by their values (for the wire layer only). What holds no secret is
 * returned as it is, not copied: the wire layer only serialises the result, and most request
 * bodies hold none.
 */
export const revealDeep = (u: unknown): unknown => {
  if (isSecret(u)) return revealDeep(reveal(u))
  if (Array.isArray(u)) {
    let out: unknown[] | undefined
    for (let i = 0; i < u.length; i++) {
      const x: unknown = u[i]
      const v = revealDeep(x)
      if (v !== x) (out ??= u.slice())[i] = v
    }
    return out ?? u
  }
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype) {
    const o = u as Record<string, unknown>
    let out: Record<string, unknown> | undefined
    for (const k in o) {
      const x = o[k]
      const v = revealDeep(x)
      if (v !== x) (out ??= { ...o })[k] = v
    }
    return out ?? u
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
