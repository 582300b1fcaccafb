/**
 * observe: a platform object split into a spec's inputs and decoded outputs. Outputs whose codec
 * gives back what it accepts are checked rather than decoded; the answer must be decoding's,
 * whatever the codec and the object, so it is compared with io-ts's own decode here.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { observe } from '#src/core/observe'
import { withDefault } from '#trellis/engine'

const test = suite('observe')

const Inputs = t.partial({ title: t.string, folderToken: t.string })
const plain = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({ createdAt: t.string, count: t.number, tags: t.array(t.string), kind: t.keyof({ a: null, b: null }) }),
  ]),
)
// decoding changes what it accepts: a default filled in, a number read from a string, a nested
// exact object whose unknown keys are dropped
const NumberFromString = new t.Type<number, string, unknown>(
  'NumberFromString',
  (u): u is number => typeof u === 'number',
  (u, c) => (typeof u === 'string' && u !== '' && !isNaN(Number(u)) ? t.success(Number(u)) : t.failure(u, c)),
  String,
)
const changing = [
  t.exact(t.type({ token: t.string, state: withDefault(t.string, 'active') })),
  t.exact(t.type({ token: t.string, size: NumberFromString })),
  t.exact(t.type({ token: t.string, settings: t.exact(t.partial({ amortize: t.boolean })) })),
]

const decoded = (codec: t.Mixed, obj: Record<string, unknown>) => {
  const r = observe(Inputs, codec, obj, 'id_1', 'cost:Thing')
  return E.isRight(r) ? { right: r.right } : { left: r.left }
}
const outcome = (codec: t.Mixed, obj: Record<string, unknown>) => {
  const r = decoded(codec, obj)
  return 'right' in r ? r : { invalid: true }
}

test('plain outputs come out as decoding gives them, valid or not', () => {
  const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()))
  fc.assert(
    fc.property(
      fc.record(
        { token: value, createdAt: value, count: value, tags: value, kind: value, title: value, extra: value },
        { requiredKeys: [] },
      ),
      (obj) => {
        assert.equal(outcome(plain, obj), observeByDecoding(plain, obj))
      },
    ),
    { numRuns: 300 },
  )
})

test('outputs whose decoding changes them are decoded: defaults, conversions, nested unknown keys dropped', () => {
  const obj = { token: 'tok_1', size: '12', settings: { amortize: true, unknown: 1 }, title: 'T' }
  assert.equal(decoded(changing[0], obj), {
    right: { id: 'id_1', inputs: { title: 'T' }, outputs: { token: 'tok_1', state: 'active' } },
  })
  assert.equal(decoded(changing[1], obj), {
    right: { id: 'id_1', inputs: { title: 'T' }, outputs: { token: 'tok_1', size: 12 } },
  })
  assert.equal(decoded(changing[2], obj), {
    right: { id: 'id_1', inputs: { title: 'T' }, outputs: { token: 'tok_1', settings: { amortize: true } } },
  })
  for (const c of changing) assert.equal(outcome(c, obj), observeByDecoding(c, obj))
  // an invalid reply is reported with the field and what was expected
  const bad = observe(Inputs, plain, { token: 7 }, 'id_1', 'cost:Thing')
  assert.ok(E.isLeft(bad) && /token/.test(bad.left) && /string/.test(bad.left), JSON.stringify(bad))
})

/** what observe gave before the check: the picked outputs decoded by io-ts */
function observeByDecoding(codec: t.Mixed, obj: Record<string, unknown>) {
  const pick = (c: t.Mixed, names: string[]) => {
    const o: Record<string, unknown> = {}
    for (const k of names) if (obj[k] !== undefined && obj[k] !== null) o[k] = obj[k]
    return c.decode(o)
  }
  const namesOf = (c: t.Mixed): string[] => {
    const x = c as t.Mixed & { type?: t.Mixed; types?: t.Mixed[]; props?: t.Props }
    if (x.props) return Object.keys(x.props)
    if (x.types) return x.types.flatMap(namesOf)
    return x.type ? namesOf(x.type) : []
  }
  const inputs: Record<string, unknown> = {}
  for (const k of Object.keys(Inputs.props)) if (obj[k] !== undefined && obj[k] !== null) inputs[k] = obj[k]
  const r = pick(codec, namesOf(codec))
  if (E.isLeft(r)) return { invalid: true }
  return { right: { id: 'id_1', inputs, outputs: r.right as unknown } }
}

test.run()
