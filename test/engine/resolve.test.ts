/**
 * Ref resolution: resolveRefs copies on write — the plain resolution of every ref (UNKNOWN where its
 * target is not known yet), arrays kept dense, and a value holding no ref returned as it is.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { isRef, ref as makeRef, secret } from '#trellis'
import { UNKNOWN } from '#trellis/engine'
import { resolveRefs, NOT_YET, type Known } from '#src/engine/resolve'

const test = suite('resolve')

const refTo = fc.constantFrom('x', 'y', 'gone').map((n) => makeRef(`demo:Shelf/${n}`, ['token']))
const valueWithRefs: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 3 }),
    fc.integer(),
    fc.constant(null),
    refTo,
    fc.string({ maxLength: 3 }).map((s) => secret(s)),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('v'), { maxKeys: 3 }),
  ),
})).v
const known: Known = (a) => (a.endsWith('/x') ? 'tx' : a.endsWith('/y') ? UNKNOWN : NOT_YET)
/** the same resolution, copying everything */
const resolvedPlainly = (u: unknown): unknown => {
  if (typeof u !== 'object' || u === null) return u
  if (isRef(u)) {
    const v = known(u.node, 'token')
    return v === NOT_YET ? UNKNOWN : v
  }
  if (Array.isArray(u)) return u.map(resolvedPlainly)
  if (Object.getPrototypeOf(u) !== Object.prototype) return u
  return Object.fromEntries(Object.entries(u).map(([k, v]) => [k, resolvedPlainly(v)]))
}
const holdsRef = (u: unknown): boolean =>
  typeof u === 'object' &&
  u !== null &&
  (isRef(u) ||
    (Object.getPrototypeOf(u) === Object.prototype || Array.isArray(u) ? Object.values(u).some(holdsRef) : false))

test('resolveRefs gives the plain resolution, dense arrays, and the value itself where no ref is', () => {
  fc.assert(
    fc.property(valueWithRefs, (u) => {
      const r = resolveRefs(u, known)
      assert.equal(r, resolvedPlainly(u))
      if (!holdsRef(u)) assert.is(r, u)
      const dense = (x: unknown): boolean =>
        typeof x !== 'object' ||
        x === null ||
        (Array.isArray(x) ? Object.keys(x).length === x.length && x.every(dense) : Object.values(x).every(dense))
      assert.ok(dense(r))
    }),
    { numRuns: 400, seed: 19 },
  )
})

test.run()
