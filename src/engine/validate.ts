/**
 * Validate one node's raw inputs against its codec. Refs are unknown until apply, so errors under
 * a ref are not errors; secrets are checked by their value but never shown. Unknown fields are
 * errors at every level the codec describes (io-ts `exact` would drop them silently).
 */
import * as t from 'io-ts'
import { isLeft } from 'fp-ts/Either'
import { elementOf, fieldsOf, isObjectCodec, recordValueOf } from '../core/codecs'
import { findingsFromErrors, type Finding } from '../core/issue'
import { isRef } from '../core/ref'
import { isSecret, reveal } from '../core/secret'

/**
 * Replace secrets by their values so codecs see what the platform will see. A value without
 * secrets comes back as it is (no copy): most inputs have none, and copying them all doubled the
 * allocation of a compile.
 */
const unwrap = (u: unknown): unknown => {
  if (isSecret(u)) return unwrap(reveal(u))
  if (isRef(u)) return u
  if (Array.isArray(u)) {
    let out: unknown[] | undefined
    for (let i = 0; i < u.length; i++) {
      const x = unwrap(u[i])
      if (x !== u[i] && !out) out = u.slice(0, i)
      if (out) out.push(x)
    }
    return out ?? u
  }
  if (typeof u === 'object' && u !== null) {
    let out: Record<string, unknown> | undefined
    const keys = Object.keys(u)
    for (const k of keys) {
      const v = (u as Record<string, unknown>)[k]
      const x = unwrap(v)
      if (x !== v && !out) {
        out = {}
        for (const j of keys) out[j] = (u as Record<string, unknown>)[j]
      }
      if (out) out[k] = x
    }
    return out ?? u
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

/** What unknownFields needs to know about a codec, worked out once per codec per validator. */
interface Shape {
  readonly fields?: ReadonlyMap<string, t.Mixed>
  readonly names?: string
  readonly element?: t.Mixed
  readonly recordValue?: t.Mixed
}

const shapeOf = (codec: t.Mixed): Shape => {
  const fields = fieldsOf(codec)
  if (fields.length > 0 || isObjectCodec(codec)) {
    const m = new Map(fields.map((f) => [f.name, f.codec]))
    return { fields: m, names: m.size ? [...m.keys()].join(', ') : 'none: this type takes no inputs' }
  }
  return { element: elementOf(codec), recordValue: recordValueOf(codec) }
}

const unknownFields = (shape: (c: t.Mixed) => Shape, codec: t.Mixed, value: unknown, path: string[], out: Finding[]): void => {
  if (value === null || value === undefined || isRef(value) || isSecret(value)) return
  const s = shape(codec)
  if (s.fields && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const c = s.fields.get(k)
      if (!c) {
        if (v !== undefined)
          out.push({ path: [...path, k].join('.'), expected: `no field \`${k}\` (known fields: ${s.names})`, given: v, message: 'unknown field.' })
      } else unknownFields(shape, c, v, [...path, k], out)
    }
    return
  }
  if (s.fields) return
  if (s.element && Array.isArray(value)) {
    const el = s.element
    value.forEach((v, i) => unknownFields(shape, el, v, [...path, String(i)], out))
    return
  }
  const rv = s.recordValue
  if (rv && typeof value === 'object') for (const [k, v] of Object.entries(value)) unknownFields(shape, rv, v, [...path, k], out)
}

export type Validate = (codec: t.Mixed, raw: unknown) => Finding[]

/**
 * A validator that works out each codec's fields once (a compile validates thousands of nodes of
 * a few types). It holds nothing but facts about the codecs it was given, which never change.
 */
export const makeValidator = (): Validate => {
  const shapes = new Map<t.Mixed, Shape>()
  const shape = (c: t.Mixed): Shape => {
    let s = shapes.get(c)
    if (!s) shapes.set(c, (s = shapeOf(c)))
    return s
  }
  return (codec, raw) => {
    const out: Finding[] = []
    unknownFields(shape, codec, raw, [], out)
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
}

/** Every finding for a node's inputs (empty = valid). */
export const validateValue = (codec: t.Mixed, raw: unknown): Finding[] => makeValidator()(codec, raw)
