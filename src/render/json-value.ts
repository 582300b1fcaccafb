/**
 * A value made safe and unambiguous for machine-readable output: a secret becomes
 * `{"secret": true}`, a value known only after apply `{"unknown": true}` — markers a policy tool
 * can tell from real strings, unlike the text renderer's `[secret]` and `(known after apply)`.
 */
import { isSecret, isSecretMarker } from '../core/secret'
import { isProtected } from '../state/protect'
import { valueEncoder } from './value-encoder'

export const SECRET_MARKER = Object.freeze({ secret: true as const })
export const UNKNOWN_MARKER = Object.freeze({ unknown: true as const })

export const jsonValue = valueEncoder({
  isSecret: (u) => isSecret(u) || isSecretMarker(u) || isProtected(u),
  secret: SECRET_MARKER,
  unknown: UNKNOWN_MARKER,
})
