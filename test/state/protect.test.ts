/**
 * protectSecrets tells secrets apart by one read of `_tag` (a protected secret, a Secret and a
 * secret's marker all carry `_tag: 'Secret'`): it must protect, keep and copy exactly what the walk
 * asking each question in turn did, over values of every kind, with and without secret paths.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { isSecret, reveal, secret } from '#trellis'
import { isSecretMarker } from '#trellis/engine'
import { isProtected, makeProtector, protectSecrets, type Protector } from '#src/state/protect'

const test = suite('protect secrets')

// the walk as it was before the single `_tag` read (session 10): the reference
const matches = (pattern: ReadonlyArray<string>, path: ReadonlyArray<string>): boolean =>
  pattern.length === path.length && pattern.every((p, i) => p === '*' || p === path[i])
const reference = (
  value: unknown,
  patterns: ReadonlyArray<string>,
  p: Protector | undefined,
  path: string[],
): unknown => {
  const split = patterns.map((x) => x.split('.'))
  const at = (v: unknown): unknown => {
    if ((typeof v !== 'object' || v === null) && split.length === 0) return v
    if (isProtected(v)) return v
    if (isSecret(v) || (path.length > 0 && v !== undefined && v !== null && split.some((s) => matches(s, path)))) {
      const x = isSecret(v) ? reveal(v) : v
      return p ? p.protect(x) : { _tag: 'Secret' }
    }
    if (isSecretMarker(v)) return v
    if (Array.isArray(v)) {
      let out: unknown[] | undefined
      v.forEach((e, i) => {
        path.push(String(i))
        const x = at(e)
        path.pop()
        if (x !== e && !out) out = v.slice(0, i)
        if (out) out.push(x)
      })
      return out ?? v
    }
    if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) {
      let out: Record<string, unknown> | undefined
      for (const k in v) {
        const e = (v as Record<string, unknown>)[k]
        path.push(k)
        const x = at(e)
        path.pop()
        if (x === e) continue
        out ??= { ...(v as Record<string, unknown>) }
        out[k] = x
      }
      return out ?? v
    }
    return v
  }
  return at(value)
}

const key = fc.constantFrom('a', 'b', 'c', '_tag', 'digest', 'x')
const scalar = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
)
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    scalar,
    // (a secret of undefined has no digest: JSON gives nothing to hash)
    scalar.filter((s) => s !== undefined).map((s) => secret(s)),
    fc.constant({ _tag: 'Secret' }),
    fc.string({ maxLength: 4 }).map((d) => ({ _tag: 'Secret', digest: d })),
    fc.constant({ _tag: 'Secret', digest: 1 }),
    fc.constant(new Date(0)),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(key, tie('v'), { maxKeys: 4 }),
  ),
})).v
const patterns = fc.subarray(['a', 'b.c', 'a.*', '*.x', '0', 'c.*.a'])

test('the same protected values as the walk asking each question in turn, copied only where something changed', () => {
  const p = makeProtector('salt')
  fc.assert(
    fc.property(value, patterns, fc.boolean(), (v, pats, withProtector) => {
      const by = withProtector ? p : undefined
      const got = protectSecrets(v, pats, by)
      const want = reference(v, pats, by, [])
      assert.equal(JSON.stringify(got), JSON.stringify(want))
      assert.is(got === v, want === v)
    }),
    { numRuns: 2000 },
  )
})

test('a secret inside an array and an object is protected, the rest kept as it is', () => {
  const p = makeProtector('salt')
  const kept = { plain: [1, 'x'] }
  const v = { a: [secret('s'), kept], b: kept }
  const got = protectSecrets(v, [], p) as { a: unknown[]; b: unknown }
  assert.equal(got.a[0], p.protect('s'))
  assert.is(got.a[1], kept)
  assert.is(got.b, kept)
})

test.run()
