/**
 * An arbitrary (fast-check) of the values a codec accepts, read from the codec's structure:
 * objects field by field (optional fields sometimes absent), arrays, records, enums, literals,
 * unions. A leaf the structure does not describe (a date, a duration, a CIDR, a secret…) takes the
 * spec's example value there, or a sample value the codec accepts. Variations stay close to the
 * spec's valid example, so most of them pass the spec's cross-field rules too.
 */
import * as t from 'io-ts'
import type FastCheck from 'fast-check'
import type { Arbitrary } from 'fast-check'
import { fieldsOf, isObjectCodec } from '../core/codecs'
import { codecIs } from '../core/codec-is'

type Fc = typeof FastCheck

// values tried for leaves whose codec has no structure to read (checked with the codec's decode)
const SAMPLES: ReadonlyArray<unknown> = [
  '2024-01-01',
  '2024-01-31',
  '2024-03-15T10:00:00Z',
  '2024-01-01 00:00:00',
  '30s',
  '5m',
  '1h',
  '10.0.0.0/8',
  '192.168.1.0/24',
  'ops@example.com',
  '{"a":1}',
  'https://example.com',
  'example.com',
  'a',
  'x-1',
  'US',
  'US-CA',
  0,
  1,
  10,
  100,
  3600,
  true,
  false,
]

const ABSENT = Symbol('absent')

const accepts = (c: t.Mixed, v: unknown): boolean => c.decode(v)._tag === 'Right'

const orNothing = <A>(f: () => A): A | undefined => {
  try {
    return f()
  } catch {
    return undefined
  }
}

/** The example's value at a field, when the example is an object holding it. */
const at = (example: unknown, key: string): unknown =>
  typeof example === 'object' && example !== null ? (example as Record<string, unknown>)[key] : undefined

/**
 * An arbitrary of values `codec` accepts; `example` (a valid value, when known) seeds the leaves;
 * `path` names the place in errors.
 */
export const arbitraryOf = (fc: Fc, codec: t.Mixed, example: unknown, path: string): Arbitrary<unknown> => {
  const c = codec
  if (codecIs(c, 'DefaultedType')) return arbitraryOf(fc, c.inner, example, path)
  if (codecIs(c, 'ExactType', 'ReadonlyType')) return arbitraryOf(fc, c.type, example, path)
  if (isObjectCodec(c)) {
    const model: Record<string, Arbitrary<unknown>> = {}
    for (const f of fieldsOf(c)) {
      const ex = at(example, f.name)
      let own: Arbitrary<unknown> | undefined
      try {
        own = arbitraryOf(fc, f.codec, ex, path ? `${path}.${f.name}` : f.name)
      } catch (e) {
        // an optional field nothing can be generated for is left out
        if (f.required || ex !== undefined) throw e
      }
      // mostly the example's own value, or mostly absent when the example leaves an optional field
      // out: variations of a valid value pass the spec's cross-field rules far more often than noise
      if (own === undefined) continue
      const choices: Array<{ arbitrary: Arbitrary<unknown>; weight: number }> = [{ arbitrary: own, weight: 1 }]
      if (ex !== undefined) choices.push({ arbitrary: fc.constant(ex), weight: 3 })
      if (!f.required) choices.push({ arbitrary: fc.constant(ABSENT), weight: ex === undefined ? 3 : 1 })
      model[f.name] = choices.length === 1 ? own : fc.oneof(...choices)
    }
    return fc.record(model).map((r) => {
      const out: Record<string, unknown> = {}
      for (const k in r) if (r[k] !== ABSENT) out[k] = r[k]
      return out
    })
  }
  if (codecIs(c, 'RefinementType'))
    return arbitraryOf(fc, c.type, example, path).filter((v) => c.is(v) || accepts(c, v))
  if (codecIs(c, 'ArrayType', 'ReadonlyArrayType')) {
    const first = Array.isArray(example) ? (example as unknown[])[0] : undefined
    const item = orNothing(() => arbitraryOf(fc, c.type, first, `${path}.*`))
    // items nothing can be generated for: the array stays empty
    return item ? fc.array(item, { maxLength: 3 }) : fc.constant([])
  }
  if (codecIs(c, 'DictionaryType')) {
    const first: unknown = typeof example === 'object' && example !== null ? Object.values(example)[0] : undefined
    const value = orNothing(() => arbitraryOf(fc, c.codomain, first, `${path}.*`))
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => accepts(c.domain, k))
    return value ? fc.dictionary(key, value, { maxKeys: 3 }) : fc.constant({})
  }
  if (codecIs(c, 'KeyofType')) return fc.constantFrom(...Object.keys(c.keys as object))
  if (codecIs(c, 'LiteralType')) return fc.constant(c.value)
  if (codecIs(c, 'UnionType')) {
    const members = c.types as t.Mixed[]
    return fc.oneof(...members.map((m) => arbitraryOf(fc, m, accepts(m, example) ? example : undefined, path)))
  }
  if (codecIs(c, 'StringType')) return fc.string({ maxLength: 24 })
  if (codecIs(c, 'NumberType'))
    return fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 100_000 }), weight: 3 },
      { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
    )
  if (codecIs(c, 'BooleanType')) return fc.boolean()
  if (codecIs(c, 'NullType')) return fc.constant(null)
  if (codecIs(c, 'UnknownType')) return fc.jsonValue()
  // a leaf with its own check: the example's value, and any sample the codec accepts
  const pool = [
    ...(example !== undefined && accepts(c, example) ? [example] : []),
    ...SAMPLES.filter((v) => accepts(c, v)),
  ]
  if (pool.length === 0)
    throw new Error(`forAllInputs: no way to generate ${path || 'the value'} (${c.name}): the spec's example has none`)
  return fc.constantFrom(...pool)
}
