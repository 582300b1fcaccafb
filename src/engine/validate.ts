/**
 * Validate one node's raw inputs against its codec. Refs are unknown until apply, so errors under
 * a ref are not errors; secrets are checked by their value but never shown. Unknown fields are
 * errors at every level the codec describes (io-ts `exact` would drop them silently).
 */
import * as t from 'io-ts'
import { isLeft } from 'fp-ts/Either'
import { SecretString, elementOf, fieldsOf, isObjectCodec, recordValueOf } from '../core/codecs'
import { findingsFromErrors, type Finding } from '../core/issue'
import { isRef } from '../core/ref'
import { codecIs } from '../core/codec-is'
import { isUnknown } from './unknown'
import { isSecret, reveal } from '../core/secret'
import { rewriteInside } from '../core/copy'
import { closestName } from '../core/closest-name'

/**
 * A value not known yet: a ref (at compile) or what a ref resolved to before its node exists
 * (UNKNOWN, at plan). Errors under one are not errors until the value is known.
 */
const isPlaceholder = (u: unknown): boolean => isRef(u) || isUnknown(u)

/**
 * Replace secrets by their values so codecs see what the platform will see. A value without
 * secrets comes back as it is (no copy): most inputs have none, and copying them all doubled the
 * allocation of a compile.
 */
const unwrap = (u: unknown): unknown => {
  if (isSecret(u)) return unwrap(reveal(u))
  if (isPlaceholder(u)) return u
  return typeof u === 'object' && u !== null ? rewriteInside(u, unwrap, undefined) : u
}

/** Does `test` hold for the value at `path` in `value`, or for one above it on the way there? */
const onPath = (value: unknown, path: ReadonlyArray<string>, test: (u: unknown) => boolean): boolean => {
  let v = value
  for (const k of path) {
    if (test(v)) return true
    if (v === null || typeof v !== 'object') return false
    v = (v as Record<string, unknown>)[k]
  }
  return test(v)
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

// a plain-JavaScript program has no type checker to catch a misspelt field: the message suggests the nearest one
const unknownFieldMessage = (k: string, names: Iterable<string>): string => {
  const near = closestName(k, names)
  return near === undefined ? 'unknown field.' : `unknown field (did you mean \`${near}\`?).`
}

/**
 * Unknown fields of `value`, appended to `out`. `path` is one array pushed and popped along the
 * walk, joined only when a field is reported (a copy per level allocated for every node).
 */
const unknownFields = (
  shape: (c: t.Mixed) => Shape,
  codec: t.Mixed,
  value: unknown,
  path: string[],
  out: Finding[],
): void => {
  if (value === null || value === undefined || typeof value !== 'object' || isPlaceholder(value) || isSecret(value))
    return
  const s = shape(codec)
  if (s.fields) {
    if (Array.isArray(value)) return
    for (const k in value) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue
      const v = (value as Record<string, unknown>)[k]
      const c = s.fields.get(k)
      path.push(k)
      if (!c) {
        if (v !== undefined)
          out.push({
            path: path.join('.'),
            expected: `no field \`${k}\` (known fields: ${s.names})`,
            given: v,
            message: unknownFieldMessage(k, s.fields.keys()),
          })
      } else unknownFields(shape, c, v, path, out)
      path.pop()
    }
    return
  }
  if (s.element && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(String(i))
      unknownFields(shape, s.element, value[i], path, out)
      path.pop()
    }
    return
  }
  const rv = s.recordValue
  if (rv)
    for (const k in value) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue
      path.push(k)
      unknownFields(shape, rv, (value as Record<string, unknown>)[k], path, out)
      path.pop()
    }
}

/** io-ts's test for a record, with the common case (a literal object) answered without toString */
const isPlainRecord = (u: unknown): u is Record<string, unknown> => {
  if (typeof u !== 'object' || u === null) return false
  const proto: unknown = Object.getPrototypeOf(u)
  return proto === Object.prototype || proto === null || Object.prototype.toString.call(u) === '[object Object]'
}

type Check = (value: unknown) => boolean

/** Leaf codecs whose `is` accepts primitives only: a ref (an object) is the one other pass. */
const primitiveLeaf = (codec: t.Mixed): boolean =>
  codecIs(codec, 'StringType', 'KeyofType', 'NumberType', 'BooleanType', 'NullType', 'UndefinedType', 'LiteralType')

/**
 * A secret holding a scalar is checked by its value (what decoding sees); one holding an object
 * or another secret answers no and takes the slow path, where a ref inside a secret is an error,
 * never a placeholder. Secret strings (tokens, keys, URLs) sent every mixed stack's env vars and
 * log drains the slow way, io-ts decoding included.
 */
const openScalar = (u: unknown, check: Check): boolean => {
  const v = reveal(u as Parameters<typeof reveal>[0])
  return (typeof v !== 'object' || v === null) && check(v)
}

const guarded = (inner: Check): Check => {
  const g: Check = (u) => (isPlaceholder(u) ? true : isSecret(u) ? openScalar(u, g) : inner(u))
  return g
}

/** a fact of a codec, worked out once: codecs never change (weakly held: one made on the fly goes) */
const byCodec = <V>(make: (c: t.Mixed) => V): ((c: t.Mixed) => V) => {
  const known = new WeakMap<t.Mixed, V>()
  return (c) => {
    let v = known.get(c)
    if (v === undefined) known.set(c, (v = make(c)))
    return v
  }
}

/**
 * Would validating a value report nothing — no unknown field, and decoding (secrets revealed)
 * no error, refs aside? The answer is a check built once per codec (a tree of closures, so a
 * compile does not walk a chain of `_tag` checks at every field of every node) that allocates
 * nothing when run. `strict` checks a codec where unknownFields would look for unknown keys (an
 * object codec's own level) and the value's structure; `structural` only the latter, for the
 * parts of an object codec (the members of an intersection see the whole object's keys).
 *
 * It answers yes only for codecs whose `is` is known to agree with `validate` (io-ts's own
 * combinators and primitives, CheckedType, DefaultedType); anything else — a custom codec, a
 * refinement, a secret holding anything but a scalar — answers no, and the caller validates the
 * slow way, which finds the same or more. A ref answers yes: every error decoding could find under
 * a ref is dropped.
 */
const makeChecks = (shape: (c: t.Mixed) => Shape): Checks => {
  const k = { shape } as { -readonly [K in keyof Checks]: Checks[K] }
  k.strict = byCodec((codec) => strictOf(k, codec))
  k.structural = byCodec((codec) => structuralOf(k, codec))
  return k
}

/** A codec's checks: `strict` (unknown fields refused too) and `structural` (the codec's own). */
interface Checks {
  readonly shape: (c: t.Mixed) => Shape
  readonly strict: (c: t.Mixed) => Check
  readonly structural: (c: t.Mixed) => Check
}

const strictOf = (k: Checks, codec: t.Mixed): Check => {
  const fields = k.shape(codec).fields
  const merged = fields ? objectCheck(k, codec, fields) : undefined
  if (merged) return merged
  const inner = k.structural(codec)
  if (!fields) return inner
  return guarded((u) => {
    if (!isPlainRecord(u)) return false
    for (const key in u) if (u[key] !== undefined && !fields.has(key)) return false
    return inner(u)
  })
}

/**
 * The common object codec — exact, over an intersection of one required and one optional part
 * (`struct`), or over either part alone — as one check: one walk of the value's keys for the
 * unknown and the optional ones, then the required ones, rather than the strict check's walk,
 * then each part's own (each asking again whether the value is a placeholder, a secret, a
 * record). Answers as the checks it replaces; undefined for any other shape.
 */
const objectCheck = (k: Checks, codec: t.Mixed, fields: ReadonlyMap<string, t.Mixed>): Check | undefined => {
  let inner: t.Mixed = codec
  while (codecIs(inner, 'ExactType', 'ReadonlyType')) inner = inner.type
  const parts = objectParts(k, codecIs(inner, 'IntersectionType') ? inner.types : [inner])
  if (!parts) return undefined
  const { requiredKeys, requiredChecks, optional, known } = parts
  // the fields the unknown-field walk knows must be exactly these, or the answers could differ
  if (known.size !== fields.size) return undefined
  for (const f of known) if (!fields.has(f)) return undefined
  const single = new Map<string, Check>()
  for (const [f, list] of optional) single.set(f, list.length === 1 ? list[0] : (u) => list.every((c) => c(u)))
  return guarded((u) => {
    if (!isPlainRecord(u)) return false
    for (let i = 0; i < requiredKeys.length; i++) if (!requiredChecks[i](u[requiredKeys[i]])) return false
    for (const f in u) {
      const v = u[f]
      if (v === undefined) continue
      const c = single.get(f)
      if (c !== undefined ? !c(v) : !known.has(f)) return false
    }
    return true
  })
}

/** The required and optional fields of an object codec's parts; undefined when a part is not one. */
const objectParts = (k: Checks, parts: ReadonlyArray<t.Mixed>) => {
  const requiredKeys: string[] = []
  const requiredChecks: Check[] = []
  const optional = new Map<string, Check[]>()
  const known = new Set<string>()
  for (const part of parts) {
    if (codecIs(part, 'InterfaceType')) {
      for (const f of Object.keys(part.props)) {
        requiredKeys.push(f)
        requiredChecks.push(k.strict(part.props[f]))
        known.add(f)
      }
    } else if (codecIs(part, 'PartialType')) {
      for (const f of Object.keys(part.props)) {
        optional.set(f, [...(optional.get(f) ?? []), k.strict(part.props[f])])
        known.add(f)
      }
    } else return undefined
  }
  return { requiredKeys, requiredChecks, optional, known }
}

const structuralOf = (k: Checks, codec: t.Mixed): Check => {
  if (primitiveLeaf(codec)) {
    const is = codec.is.bind(codec)
    return (u) => is(u) || isPlaceholder(u) || (isSecret(u) && openScalar(u, is))
  }
  if (codecIs(codec, 'ExactType', 'ReadonlyType')) return k.structural(codec.type)
  if (codecIs(codec, 'InterfaceType')) return requiredCheck(k, codec.props)
  if (codecIs(codec, 'PartialType')) return partialCheck(k, codec.props)
  if (codecIs(codec, 'IntersectionType')) {
    const checks = (codec.types as t.Mixed[]).map(k.structural)
    return guarded((u) => {
      for (let i = 0; i < checks.length; i++) if (!checks[i](u)) return false
      return true
    })
  }
  if (codecIs(codec, 'ArrayType', 'ReadonlyArrayType')) return arrayCheck(k.strict(codec.type))
  if (codecIs(codec, 'DictionaryType')) {
    if (!codecIs(codec.domain, 'StringType')) return guarded(() => false)
    return dictionaryCheck(k.strict(codec.codomain))
  }
  if (codecIs(codec, 'UnionType')) {
    const checks = (codec.types as t.Mixed[]).map(k.strict)
    return guarded((u) => {
      for (let i = 0; i < checks.length; i++) if (checks[i](u)) return true
      return false
    })
  }
  if (codecIs(codec, 'DefaultedType')) {
    const inner = k.strict(codec.inner)
    return guarded((u) => u === undefined || u === null || inner(u))
  }
  if (codecIs(codec, 'UnknownType', 'AnyType')) return guarded(() => true)
  if (codecIs(codec, 'CheckedType')) return guarded(codec.is.bind(codec))
  // decoding sees secrets revealed: a string, or a secret holding one (see guarded)
  if (codec === SecretString) return guarded((u) => typeof u === 'string')
  return guarded(() => false)
}

const requiredCheck = (k: Checks, props: t.Props): Check => {
  const keys = Object.keys(props)
  const checks = keys.map((f) => k.strict(props[f]))
  return guarded((u) => {
    if (!isPlainRecord(u)) return false
    for (let i = 0; i < keys.length; i++) if (!checks[i](u[keys[i]])) return false
    return true
  })
}

// the value's few keys are walked rather than the codec's many optional ones (absent keys pass);
// a key the codec does not know is the strict check's business
const partialCheck = (k: Checks, props: t.Props): Check => {
  const checks = new Map(Object.keys(props).map((f) => [f, k.strict(props[f])]))
  return guarded((u) => {
    if (!isPlainRecord(u)) return false
    for (const f in u) {
      const v = u[f]
      if (v === undefined) continue
      const c = checks.get(f)
      if (c !== undefined && !c(v)) return false
    }
    return true
  })
}

const arrayCheck = (element: Check): Check =>
  guarded((u) => {
    if (!Array.isArray(u)) return false
    for (let i = 0; i < u.length; i++) if (!element(u[i])) return false
    return true
  })

const dictionaryCheck = (value: Check): Check =>
  guarded((u) => {
    if (!isPlainRecord(u)) return false
    for (const f in u) if (!value(u[f])) return false
    return true
  })

export type Validate = (codec: t.Mixed, raw: unknown) => ReadonlyArray<Finding>

/** what a valid value gets: one shared empty list, not a fresh one per node checked */
const VALID: ReadonlyArray<Finding> = Object.freeze([])

/**
 * Facts about codecs — each one's fields and its quick checks — worked out once per codec and
 * shared by every validator (byCodec): they are functions of the codec alone. (Each
 * validator had its own, so an apply — compile, lookups, plan, run — built the checks of every
 * type it met four times, each time in cold code.) Weakly held: a codec made on the fly goes.
 */
const shape = byCodec(shapeOf)
const { strict, structural } = makeChecks(shape)

/**
 * A validator: a compile validates thousands of nodes of a few types, each codec's facts worked
 * out once (see `shape`). It holds nothing but those facts, which never change.
 */
export const makeValidator = (opts: { readonly quick?: boolean } = {}): Validate => {
  // quick: false always takes the slow path (unknown fields, then io-ts decoding): the reference
  // the quick checks are tested against
  const quick = opts.quick ?? true
  return (codec, raw) => {
    // the common case, a valid node, in one walk that allocates nothing
    if (quick && strict(codec)(raw)) return VALID
    const out: Finding[] = []
    unknownFields(shape, codec, raw, [], out)
    if (quick && structural(codec)(raw)) return out
    const plain = unwrap(raw)
    const r = codec.decode(plain)
    if (isLeft(r))
      for (const f of findingsFromErrors(r.left)) {
        const p = f.path === '' ? [] : f.path.split('.')
        if (onPath(raw, p, isPlaceholder)) continue
        // a required field given as a ref is present
        out.push(onPath(raw, p, isSecret) ? { ...f, given: { _tag: 'Secret' } } : f)
      }
    return out
  }
}

/** Every finding for a node's inputs (empty = valid). */
export const validateValue = (codec: t.Mixed, raw: unknown): Finding[] => [...makeValidator()(codec, raw)]
