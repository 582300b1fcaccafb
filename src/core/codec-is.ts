/**
 * Codec guards: which kind of io-ts codec a value is, told by io-ts's own `_tag`, never by
 * `instanceof`. A provider defined in a project with another copy of io-ts (another version beside
 * trellis's) hands trellis codecs whose classes are not trellis's: a class check against
 * trellis's own io-ts would say no to every one of them, while the `_tag` is the same in every io-ts 2.x.
 */
import type * as t from 'io-ts'

/** io-ts's codec classes (and trellis's own two) by their `_tag`. */
export interface CodecByTag {
  readonly AnyType: t.AnyType
  readonly ArrayType: t.ArrayType<t.Mixed>
  readonly BooleanType: t.BooleanType
  readonly DictionaryType: t.DictionaryType<t.Mixed, t.Mixed>
  readonly ExactType: t.ExactType<t.Mixed>
  readonly InterfaceType: t.InterfaceType<t.Props>
  readonly IntersectionType: t.IntersectionType<[t.Mixed, t.Mixed, ...t.Mixed[]]>
  readonly KeyofType: t.KeyofType<Record<string, unknown>>
  readonly LiteralType: t.LiteralType<string | number | boolean>
  readonly NullType: t.NullType
  readonly NumberType: t.NumberType
  readonly PartialType: t.PartialType<t.Props>
  readonly ReadonlyArrayType: t.ReadonlyArrayType<t.Mixed>
  readonly ReadonlyType: t.ReadonlyType<t.Mixed>
  readonly RefinementType: t.RefinementType<t.Mixed>
  readonly StringType: t.StringType
  readonly UndefinedType: t.UndefinedType
  readonly UnionType: t.UnionType<[t.Mixed, t.Mixed, ...t.Mixed[]]>
  readonly UnknownType: t.UnknownType
  /** trellis's leaf codec whose `is` agrees with its `validate` (core/codecs.ts) */
  readonly CheckedType: t.Mixed
  /** trellis's codec with a fallback for an absent value (core/codecs.ts) */
  readonly DefaultedType: t.Mixed & { readonly inner: t.Mixed }
}

/** The `_tag` of a codec kind trellis looks into. */
export type CodecTag = keyof CodecByTag

/** Is `c` a codec of one of these kinds? Told by its `_tag`, so a codec of any io-ts copy answers. */
export const codecIs = <K extends CodecTag>(c: unknown, ...tags: ReadonlyArray<K>): c is CodecByTag[K] =>
  typeof c === 'object' &&
  c !== null &&
  typeof (c as { _tag?: unknown })._tag === 'string' &&
  (tags as ReadonlyArray<string>).includes((c as { _tag: string })._tag)

/** Is `u` a codec of any io-ts copy: a name and the functions every io-ts Type has? */
export const isCodec = (u: unknown): u is t.Mixed =>
  typeof u === 'object' &&
  u !== null &&
  typeof (u as t.Mixed).name === 'string' &&
  ['is', 'validate', 'decode', 'encode'].every((f) => typeof (u as Record<string, unknown>)[f] === 'function')
