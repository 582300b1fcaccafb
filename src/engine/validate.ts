/**
 * Validate one node's raw inputs against its codec. Refs are unknown until apply, so errors under
 * a ref are not errors; secrets are checked by their value but never shown. Unknown fields are
 * errors at every level the codec describes (io-ts `exact` would drop them silently).
 */
import * as t from 'io-ts'
import { isLeft } from 'fp-ts/Either'
import { elementOf, fieldsOf, recordValueOf } from '../core/codecs'
import { findingsFromErrors, type Finding } from '../core/issue'
import { isRef } from '../core/ref'
import { isSecret, reveal } from '../core/secret'

/** Replace secrets by their values so codecs see what the platform will see. */
const unwrap = (u: unknown): unknown => {
  if (isSecret(u)) return unwrap(reveal(u))
  if (isRef(u)) return u
  if (Array.isArray(u)) return u.map(unwrap)
  if (typeof u === 'object' && u !== null) {
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) o[k] = unwrap(v)
    return o
  }
  return u
}

/** Is there a ref at `path` or above it in `value`? */
const underRef = (value: unknown, path: ReadonlyArray<string>): boolean => {
  let v = value
  for (const k of path) {
    if (isRef(v)) return true
    if (v === null || typeof v !== 'object') return false
    v = (v as Record<string, unknown>)[k]
  }
  return isRef(v)
}

const secretAt = (value: unknown, path: ReadonlyArray<string>): boolean => {
  let v = value
  for (const k of path) {
    if (isSecret(v)) return true
    if (v === null || typeof v !== 'object') return false
    v = (v as Record<string, unknown>)[k]
  }
  return isSecret(v)
}

const unknownFields = (codec: t.Mixed, value: unknown, path: string[], out: Finding[]): void => {
  if (value === null || value === undefined || isRef(value) || isSecret(value)) return
  const fields = fieldsOf(codec)
  if (fields.length > 0 && typeof value === 'object' && !Array.isArray(value)) {
    const known = new Map(fields.map((f) => [f.name, f.codec]))
    for (const [k, v] of Object.entries(value)) {
      const c = known.get(k)
      if (!c) {
        if (v !== undefined)
          out.push({ path: [...path, k].join('.'), expected: `no field \`${k}\` (known fields: ${[...known.keys()].join(', ')})`, given: v, message: 'unknown field.' })
      } else unknownFields(c, v, [...path, k], out)
    }
    return
  }
  const el = elementOf(codec)
  if (el && Array.isArray(value)) {
    value.forEach((v, i) => unknownFields(el, v, [...path, String(i)], out))
    return
  }
  const rv = recordValueOf(codec)
  if (rv && typeof value === 'object') for (const [k, v] of Object.entries(value)) unknownFields(rv, v, [...path, k], out)
}

/** Every finding for a node's inputs (empty = valid). */
export const validateValue = (codec: t.Mixed, raw: unknown): Finding[] => {
  const out: Finding[] = []
  unknownFields(codec, raw, [], out)
  const plain = unwrap(raw)
  const r = codec.decode(plain)
  if (isLeft(r))
    for (const f of findingsFromErrors(r.left)) {
      const p = f.path === '' ? [] : f.path.split('.')
      if (underRef(raw, p)) continue
      // a required field given as a ref is present
      out.push(secretAt(raw, p) ? { ...f, given: { _tag: 'Secret' } } : f)
    }
  return out
}
