/**
 * A value made safe and unambiguous for machine-readable output: a secret becomes
 * `{"secret": true}`, a value known only after apply `{"unknown": true}` — markers a policy tool
 * can tell from real strings, unlike the text renderer's `[secret]` and `(known after apply)`.
 */
import { isRef } from '../core/ref'
import { isSecret, isSecretMarker } from '../core/secret'
import { isProtected, isSecretPath } from '../state/protect'
import { isUnknown } from '../engine/unknown'

export const SECRET_MARKER = Object.freeze({ secret: true as const })
export const UNKNOWN_MARKER = Object.freeze({ unknown: true as const })

export const jsonValue = (u: unknown, secretPaths: ReadonlyArray<string> = [], path: string[] = []): unknown => {
  if (isSecret(u) || isSecretMarker(u) || isProtected(u)) return SECRET_MARKER
  if (path.length > 0 && u !== undefined && u !== null && isSecretPath(secretPaths, path)) return SECRET_MARKER
  if (isUnknown(u) || isRef(u)) return UNKNOWN_MARKER
  if (Array.isArray(u)) return u.map((x, i) => jsonValue(x, secretPaths, [...path, String(i)]))
  if (typeof u === 'object' && u !== null) {
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) o[k] = jsonValue(v, secretPaths, [...path, k])
    return o
  }
  return u
}
