/**
 * The shape of what a codec holds (string, number, boolean, a literal set, a list, an object, a
 * record, or anything), and whether every value of one shape fits another: compile's check that
 * a ref's output can be given to the input field it is wired to. Refinements and patterns count
 * as their base (a string is a string, whatever its form): a ref is refused only when some value
 * of its output's shape could never fit the input.
 */
import * as t from 'io-ts'
import { leafBaseOf } from '../core/codecs'
import { codecIs, isCodec } from '../core/codec-is'

// ── model ────────────────────────────────────────────────────────────────────
export type Shape =
  | { readonly k: 'any' }
  | { readonly k: 'string' }
  | { readonly k: 'number' }
  | { readonly k: 'boolean' }
  | { readonly k: 'null' }
  | { readonly k: 'secret' }
  | { readonly k: 'literals'; readonly values: ReadonlyArray<string | number | boolean> }
  | { readonly k: 'array'; readonly item: Shape }
  | { readonly k: 'record'; readonly value: Shape }
  | {
      readonly k: 'object'
      readonly fields: ReadonlyMap<string, { readonly shape: Shape; readonly required: boolean }>
    }
  | { readonly k: 'union'; readonly of: ReadonlyArray<Shape> }

const ANY: Shape = { k: 'any' }
const shapes = new WeakMap<t.Mixed, Shape>()

// ── constructors ─────────────────────────────────────────────────────────────
/** The shape of `codec` (made once per codec). */
export const shapeOf = (codec: t.Mixed): Shape => {
  let s = shapes.get(codec)
  if (!s) shapes.set(codec, (s = make(codec)))
  return s
}

const make = (c: t.Mixed): Shape => {
  const base = leafBaseOf(c)
  if (base !== undefined) return typeof base === 'string' ? { k: base } : { k: 'literals', values: base.numbers }
  if (codecIs(c, 'StringType')) return { k: 'string' }
  if (codecIs(c, 'NumberType')) return { k: 'number' }
  if (codecIs(c, 'BooleanType')) return { k: 'boolean' }
  if (codecIs(c, 'NullType')) return { k: 'null' }
  if (codecIs(c, 'KeyofType')) return { k: 'literals', values: Object.keys(c.keys) }
  if (codecIs(c, 'LiteralType')) return { k: 'literals', values: [c.value] }
  if (codecIs(c, 'RefinementType', 'ExactType', 'ReadonlyType')) return shapeOf(c.type)
  if (codecIs(c, 'ArrayType', 'ReadonlyArrayType')) return { k: 'array', item: shapeOf(c.type) }
  if (codecIs(c, 'DictionaryType')) return { k: 'record', value: shapeOf(c.codomain) }
  if (codecIs(c, 'UnionType')) return { k: 'union', of: (c.types as t.Mixed[]).map(shapeOf) }
  if (codecIs(c, 'InterfaceType', 'PartialType', 'IntersectionType')) return objectOf(c)
  const inner = (c as { inner?: unknown }).inner
  // a defaulted codec (withDefault) holds what its inner codec holds
  if (isCodec(inner)) return shapeOf(inner)
  return ANY
}

// a field with a default (withDefault) decodes from nothing: it is not required
const acceptsNothing = (c: t.Mixed): boolean => c.is(undefined) || c.decode(undefined)._tag === 'Right'

const objectOf = (c: t.Mixed): Shape => {
  const fields = new Map<string, { shape: Shape; required: boolean }>()
  const add = (x: t.Mixed): boolean => {
    if (codecIs(x, 'ExactType', 'ReadonlyType', 'RefinementType')) return add(x.type)
    if (codecIs(x, 'IntersectionType')) return (x.types as t.Mixed[]).every(add)
    if (!codecIs(x, 'InterfaceType', 'PartialType')) return false
    for (const [name, codec] of Object.entries(x.props))
      fields.set(name, { shape: shapeOf(codec), required: codecIs(x, 'InterfaceType') && !acceptsNothing(codec) })
    return true
  }
  return add(c) ? { k: 'object', fields } : ANY
}

/** The codec at `path` below `codec` (field names; numbers index a list), or undefined when it has none. */
export const codecAt = (codec: t.Mixed, path: ReadonlyArray<string | number>): t.Mixed | undefined => {
  let c: t.Mixed | undefined = codec
  for (let i = 0; i < path.length && c; i++) c = fieldCodecOf(c, path[i])
  return c
}

// codecs are immutable: each (codec, key) is looked into once (compile asks it for every ref of every node)
const fields = new WeakMap<t.Mixed, Map<string | number, t.Mixed | undefined>>()

const fieldCodecOf = (c: t.Mixed, key: string | number): t.Mixed | undefined => {
  let byKey = fields.get(c)
  if (!byKey) fields.set(c, (byKey = new Map<string | number, t.Mixed | undefined>()))
  if (byKey.has(key)) return byKey.get(key)
  const found = stepInto(c, key)
  byKey.set(key, found)
  return found
}

const stepInto = (c: t.Mixed, key: string | number): t.Mixed | undefined => {
  if (codecIs(c, 'ExactType', 'ReadonlyType', 'RefinementType')) return stepInto(c.type, key)
  if (codecIs(c, 'ArrayType', 'ReadonlyArrayType'))
    return typeof key === 'number' || /^\d+$/.test(key) ? c.type : undefined
  if (codecIs(c, 'DictionaryType')) return c.codomain
  if (codecIs(c, 'IntersectionType'))
    for (const x of c.types as t.Mixed[]) {
      const found = stepInto(x, key)
      if (found) return found
    }
  if (codecIs(c, 'InterfaceType', 'PartialType') && typeof key === 'string') return c.props[key]
  return undefined
}

// ── fitting ──────────────────────────────────────────────────────────────────
/** Does every value of shape `out` fit shape `into`? (`any` on either side: it cannot be told here.) */
export const fits = (out: Shape, into: Shape): boolean => {
  if (out.k === 'any' || into.k === 'any') return true
  if (out.k === 'union') return out.of.every((o) => fits(o, into))
  if (out.k === 'literals') return out.values.every((v) => valueFits(v, into))
  if (into.k === 'union') return into.of.some((i) => fits(out, i))
  switch (out.k) {
    case 'string':
      // a plain string given to a secret input is wrapped; a secret is never given to a plain one
      return into.k === 'string' || into.k === 'secret'
    case 'number':
    case 'boolean':
    case 'null':
    case 'secret':
      return into.k === out.k
    case 'array':
      return into.k === 'array' && fits(out.item, into.item)
    case 'record':
      return (into.k === 'record' && fits(out.value, into.value)) || (into.k === 'object' && noneRequired(into))
    case 'object':
      return into.k === 'record'
        ? [...out.fields.values()].every((f) => fits(f.shape, into.value))
        : objectFits(out, into)
  }
}

const noneRequired = (s: Extract<Shape, { k: 'object' }>): boolean => [...s.fields.values()].every((f) => !f.required)

const objectFits = (out: Extract<Shape, { k: 'object' }>, into: Shape): boolean => {
  if (into.k !== 'object') return false
  for (const [name, f] of into.fields) {
    const o = out.fields.get(name)
    if (!o) {
      if (f.required) return false
      continue
    }
    if (f.required && !o.required) return false
    if (!fits(o.shape, f.shape)) return false
  }
  return true
}

/** Does the literal `v` fit shape `into`? */
const valueFits = (v: string | number | boolean, into: Shape): boolean => {
  switch (into.k) {
    case 'any':
      return true
    case 'string':
    case 'number':
    case 'boolean':
      return typeof v === into.k
    case 'literals':
      return into.values.includes(v)
    case 'union':
      return into.of.some((i) => valueFits(v, i))
    default:
      return false
  }
}
