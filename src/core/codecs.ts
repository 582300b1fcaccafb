/**
 * Shared codecs and codec introspection. Codecs carry readable names: the name is what an error
 * says was expected.
 */
import * as t from 'io-ts'
import { either } from 'fp-ts/Either'
import { codecIs } from './codec-is'

// ── combinators ──────────────────────────────────────────────────────────────
/**
 * A leaf codec whose `is` never accepts a value its `validate` rejects. Validation may then skip
 * io-ts decoding (which allocates contexts and copies objects) for values `is` accepts.
 */
export class CheckedType<A, O = A, I = unknown> extends t.Type<A, O, I> {
  /** told by its tag, as io-ts's codecs are (codec-is.ts): never by `instanceof` */
  readonly _tag = 'CheckedType' as const
}

/**
 * What a hand-written leaf codec holds, for compile's check of a ref's codec against a field's:
 * a string or a number of some form, a set of numbers, or a secret.
 */
export type LeafBase = 'string' | 'number' | 'secret' | { readonly numbers: ReadonlyArray<number> }
const bases = new WeakMap<t.Mixed, LeafBase>()
/** The base a leaf codec of this module declared (undefined: a structural io-ts codec, or unknown). */
export const leafBaseOf = (c: t.Mixed): LeafBase | undefined => bases.get(c)
/** Declare what a hand-written leaf codec holds (its shape for compile's ref check); returns the codec. */
export const based = <C extends t.Mixed>(c: C, base: LeafBase): C => {
  bases.set(c, base)
  return c
}

/** A codec that yields `fallback` for an absent or null value, otherwise decodes with `inner`. */
export class DefaultedType<C extends t.Mixed> extends t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown> {
  readonly _tag = 'DefaultedType' as const
  constructor(
    readonly inner: C,
    fallback: t.TypeOf<C>,
  ) {
    super(
      inner.name,
      inner.is,
      (u, c) => (u === undefined || u === null ? t.success(fallback) : inner.validate(u, c)),
      inner.encode,
    )
  }
}

/** A string enum whose name lists its values: `"day" | "week"`. */
export const literals = <const V extends readonly [string, ...string[]]>(
  values: V,
  name?: string,
): t.Type<V[number], V[number], unknown> =>
  t.keyof(
    Object.fromEntries(values.map((v) => [v, null])) as { [K in V[number]]: null },
    name ?? values.map((v) => JSON.stringify(v)).join(' | '),
  )

/** Numeric literal set: `0 | 1`. */
export const numbers = <const V extends readonly [number, ...number[]]>(
  values: V,
): t.Type<V[number], V[number], unknown> =>
  based(
    new CheckedType<V[number], V[number], unknown>(
      values.join(' | '),
      (u): u is V[number] => typeof u === 'number' && values.includes(u),
      (u, c) => (typeof u === 'number' && values.includes(u) ? t.success(u) : t.failure(u, c)),
      t.identity,
    ),
    { numbers: values },
  )

/** Refine a string codec with a predicate, keeping a readable name. */
export const pattern = (name: string, test: (s: string) => boolean): t.Type<string, string, unknown> =>
  based(
    new CheckedType<string, string, unknown>(
      name,
      (u): u is string => typeof u === 'string' && test(u),
      (u, c) => (typeof u === 'string' && test(u) ? t.success(u) : t.failure(u, c)),
      t.identity,
    ),
    'string',
  )

/** An object codec: required and optional fields, unknown fields rejected by compile. */
export const struct = <R extends t.Props, O extends t.Props>(name: string, required: R, optional: O) =>
  t.exact(t.intersection([t.type(required), t.partial(optional)]), name)

export const record = <C extends t.Mixed>(codec: C, name?: string) => t.record(t.string, codec, name)

// ── shared value codecs ──────────────────────────────────────────────────────
/** The number written by the ASCII digits of `s` from `from` to `to` (excluded), or -1. */
const digitsAt = (s: string, from: number, to: number): number => {
  let n = 0
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48
    if (c < 0 || c > 9) return -1
    n = n * 10 + c
  }
  return n
}

/**
 * YYYY-MM-DD naming a day of the (proleptic Gregorian) calendar, read digit by digit: every date
 * of every node is checked at compile, plan and apply, and a match array, its strings and a Date
 * per check were megabytes. Years 0000-0099 are refused, as the Date round trip this replaces
 * refused them (Date.UTC reads them as 1900-1999); test/core/codecs.test.ts holds the two
 * to the same answers.
 */
export const isCalendarDate = (s: string): boolean => {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false
  const y = digitsAt(s, 0, 4)
  const m = digitsAt(s, 5, 7)
  const d = digitsAt(s, 8, 10)
  if (y < 100 || m < 1 || m > 12 || d < 1) return false
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
  return d <= (m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31)
}

export const DateYMD = pattern('a date YYYY-MM-DD', isCalendarDate)

export const DateTime = pattern('a date-time YYYY-MM-DD HH:MM:SS', (s) => {
  const m = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/.exec(s)
  return !!m && isCalendarDate(m[1])
})

/** ISO 8601 date or date-time. */
export const IsoDate = pattern(
  'an ISO 8601 date',
  (s) =>
    isCalendarDate(s.slice(0, 10)) &&
    (s.length === 10 || /^T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s.slice(10))),
)

const isIpv4 = (s: string) =>
  /^(\d{1,3})(\.\d{1,3}){3}$/.test(s) && s.split('.').every((p) => +p <= 255 && String(+p) === p)
const isIpv6 = (s: string) =>
  /^[0-9a-fA-F:.]+$/.test(s) && s.includes(':') && (s.match(/::/g) ?? []).length <= 1 && s.split(':').length <= 8

/** An IP range in CIDR form (a bare address is a /32 or /128). */
export const Cidr = pattern('an IP range in CIDR form (e.g. 10.0.0.0/8)', (s) => {
  // indexed, not destructured (an iterator and a rest array per check, at compile, plan and apply)
  const parts = s.split('/')
  if (parts.length > 2) return false
  const ip = parts[0]
  const bits = parts.length > 1 ? parts[1] : undefined
  if (isIpv4(ip)) return bits === undefined || (/^\d{1,2}$/.test(bits) && +bits <= 32)
  if (isIpv6(ip)) return bits === undefined || (/^\d{1,3}$/.test(bits) && +bits <= 128)
  return false
})

const DURATION = /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?$/

/** `30s`, `5m`, `1m30s`, `1h`, `250ms` → milliseconds; undefined when malformed or zero. */
export const parseDuration = (s: string): number | undefined => {
  const m = DURATION.exec(s.trim())
  if (!m || s.trim() === '' || m.slice(1).every((x) => x === undefined)) return undefined
  const ms = +(m[1] ?? 0) * 3_600_000 + +(m[2] ?? 0) * 60_000 + +(m[3] ?? 0) * 1000 + +(m[4] ?? 0)
  return ms > 0 && Number.isFinite(ms) ? ms : undefined
}

export const Duration = pattern('a duration such as 30s, 5m or 1m30s', (s) => parseDuration(s) !== undefined)

export const JsonString = pattern('a JSON document', (s) => {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
})

export const Email = pattern('an e-mail address', (s) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s))

/** Accepts a number or a decimal string (platforms that echo amounts as `"300.0"`), yields a number. */
export const NumberLike: t.Type<number, number, unknown> = new CheckedType<number, number, unknown>(
  'a number',
  (u): u is number => typeof u === 'number',
  (u, c) =>
    typeof u === 'number'
      ? t.success(u)
      : typeof u === 'string' && u.trim() !== '' && Number.isFinite(Number(u))
        ? t.success(Number(u))
        : t.failure(u, c),
  t.identity,
)
bases.set(NumberLike, 'number')

/** Decode, falling back to `fallback` when absent or null. */
export const withDefault = <C extends t.Mixed>(
  codec: C,
  fallback: t.TypeOf<C>,
): t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown> => new DefaultedType(codec, fallback)

export { either }

// ── introspection ────────────────────────────────────────────────────────────
/** A field of an object codec: its name, its codec, and whether it must be given. */
export interface FieldInfo {
  readonly name: string
  readonly codec: t.Mixed
  readonly required: boolean
}

/** The fields of an object codec (exact / strict / type / partial / intersection / readonly). */
export const fieldsOf = (codec: t.Mixed): ReadonlyArray<FieldInfo> => {
  const c = codec as t.Mixed & { _tag?: string }
  if (codecIs(c, 'ExactType', 'ReadonlyType', 'RefinementType')) return fieldsOf(c.type)
  if (codecIs(c, 'InterfaceType'))
    return Object.entries(c.props).map(([name, codec]) => ({
      name,
      codec,
      required: !acceptsUndefined(codec),
    }))
  if (codecIs(c, 'PartialType'))
    return Object.entries(c.props).map(([name, codec]) => ({ name, codec, required: false }))
  if (codecIs(c, 'IntersectionType')) return (c.types as t.Mixed[]).flatMap(fieldsOf)
  return []
}

// a field with a default (withDefault) decodes from nothing: it is optional to whoever writes it
const acceptsUndefined = (c: t.Mixed): boolean => c.is(undefined) || c.decode(undefined)._tag === 'Right'

/** The element codec of an array codec, if it is one. */
export const elementOf = (codec: t.Mixed): t.Mixed | undefined => {
  const c = codec
  if (codecIs(c, 'ArrayType', 'ReadonlyArrayType')) return c.type
  if (codecIs(c, 'ReadonlyType', 'ExactType')) return elementOf(c.type)
  return undefined
}

/** The value codec of a record codec, if it is one. */
export const recordValueOf = (codec: t.Mixed): t.Mixed | undefined => {
  const c = codec
  if (codecIs(c, 'DictionaryType')) return c.codomain
  if (codecIs(c, 'ReadonlyType')) return recordValueOf(c.type)
  return undefined
}

/** Is this a codec of an object with named fields (possibly none)? */
export const isObjectCodec = (codec: t.Mixed): boolean => {
  const c = codec
  if (codecIs(c, 'ExactType', 'ReadonlyType', 'RefinementType')) return isObjectCodec(c.type)
  if (codecIs(c, 'IntersectionType')) return (c.types as t.Mixed[]).every(isObjectCodec)
  return codecIs(c, 'InterfaceType', 'PartialType')
}

/** A short, human description of a codec's type for `trellis schema`. */
export const describeCodec = (codec: t.Mixed): string => codec.name

// ── secrets ──────────────────────────────────────────────────────────────────
import { isSecret as _isSecret, secret as _secret, reveal as _reveal, type Secret as _Secret } from './secret'

/** A secret string: accepts a plain string or a Secret, always yields a Secret. */
export const SecretString = new t.Type<_Secret<string>, _Secret<string>, unknown>(
  'a secret string',
  (u): u is _Secret<string> => _isSecret(u),
  (u, c) =>
    _isSecret(u)
      ? typeof _reveal(u) === 'string'
        ? t.success(u as _Secret<string>)
        : t.failure(u, c)
      : typeof u === 'string'
        ? t.success(_secret(u))
        : t.failure(u, c),
  t.identity,
)
bases.set(SecretString, 'secret')
