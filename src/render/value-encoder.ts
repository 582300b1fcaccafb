/**
 * How a document writes the values a plan holds that are not plain data — secrets (by value or by
 * the spec's secret paths), values known only after apply, refs — as one walk with the markers
 * of the document: the text and `planToJson`'s `[secret]` and `(known after apply)`, the CLI's
 * JSON `{"secret": true}` and `{"unknown": true}`.
 */
import { isRef } from '../core/ref'
import { isSecretPath } from '../state/protect'
import { isUnknown } from '../engine/unknown'

export interface ValueMarkers {
  /** a value that is a secret whatever its path */
  readonly isSecret: (u: unknown) => boolean
  readonly secret: unknown
  /** written for a value known only after apply, and for a ref not yet resolved */
  readonly unknown: unknown
}

export type ValueEncoder = (u: unknown, secretPaths?: ReadonlyArray<string>, path?: string[]) => unknown

export const valueEncoder = (m: ValueMarkers): ValueEncoder => {
  const encode: ValueEncoder = (u, secretPaths = [], path = []) => {
    if (m.isSecret(u)) return m.secret
    if (path.length > 0 && u !== undefined && u !== null && isSecretPath(secretPaths, path)) return m.secret
    if (isUnknown(u) || isRef(u)) return m.unknown
    if (Array.isArray(u)) return u.map((x, i) => encode(x, secretPaths, [...path, String(i)]))
    if (typeof u === 'object' && u !== null) {
      const o: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(u)) o[k] = encode(v, secretPaths, [...path, k])
      return o
    }
    return u
  }
  return encode
}
