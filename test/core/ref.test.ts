import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { ref as makeRef, type Ref } from '#trellis'
import { refsIn, refsInto } from '#src/core/ref'
import { secret } from '#trellis'
import { refsByWalk as reference } from '../fixtures/refs-by-walk'

const test = suite('refsInto / refsIn')

// values as inputs hold them: scalars, arrays, plain objects, refs, and secrets (whose refs are not looked into)
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.boolean()),
    fc.tuple(fc.string(), fc.string()).map(([n, p]) => makeRef(`t:T/${n}`, [p])),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 4 }),
    tie('value').map((v) => secret(v)),
  ),
}))

test('refsIn finds every ref outside secrets, depth first, in order', () => {
  fc.assert(fc.property(value, (v) => assert.equal(refsIn(v), reference(v))))
})

test('refsInto writes from its index over a used scratch array and gives the index after the last', () => {
  fc.assert(
    fc.property(value, fc.nat(5), fc.nat(8), (v, at, dirt) => {
      if (typeof v !== 'object' || v === null) return
      const scratch: Ref<unknown>[] = Array.from({ length: at + dirt }, (_, i) => makeRef(`old:X/${i}`, []))
      const before = scratch.slice(0, at)
      const end = refsInto(v, scratch, at)
      const want = reference(v)
      assert.is(end, at + want.length)
      assert.equal(scratch.slice(at, end), want)
      assert.equal(scratch.slice(0, at), before, 'what comes before `at` is left alone')
    }),
  )
})

test.run()
