/**
 * The validator's quick checks (one allocation-free walk per node, built once per codec) must
 * agree with the slow path they stand in for — unknown fields, then io-ts decoding — on every
 * resource's inputs, every lookup's args and every provider's configuration: the same findings
 * for valid values, for random mutations of each spec's valid example (refs and secrets
 * included) and for the examples the specs give as invalid.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import type * as t from 'io-ts'
import { registry } from '#trellis'
import { fieldsOf } from '#trellis/engine'
import { makeValidator } from '#src/engine/validate'
import { anyValueOf, mutated } from '../fixtures/arbitraries'
import { isSecret, reveal, secret } from '#trellis'
import { ref as makeRef } from '#trellis'

const quick = makeValidator()
const slow = makeValidator({ quick: false })
const value = anyValueOf({ refs: true })
const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)

const agree = (what: string, codec: t.Mixed, v: unknown): void =>
  assert.equal(quick(codec, v), slow(codec, v), `${what}: ${JSON.stringify(v)}`)

const codecs: Array<readonly [string, t.Mixed, Record<string, unknown>, ReadonlyArray<unknown>]> = [
  ...[...registry.resources.values()].map(
    (s) =>
      [
        s.token,
        s.inputs as t.Mixed,
        s.examples.valid as Record<string, unknown>,
        s.examples.invalid.map(([v]) => v),
      ] as const,
  ),
  ...[...registry.lookups.values()].map(
    (s) =>
      [
        s.token,
        s.args as t.Mixed,
        s.examples.valid as Record<string, unknown>,
        s.examples.invalid.map(([v]) => v),
      ] as const,
  ),
  ...[...registry.providers.values()].map((p) => [`provider ${p.name}`, p.config as t.Mixed, {}, []] as const),
]

test("the quick checks accept the specs' valid examples (nothing found by either path)", () => {
  for (const [token, codec, valid] of codecs.filter(([t]) => !t.startsWith('provider'))) {
    assert.equal(quick(codec, valid), [], token)
    agree(token, codec, valid)
  }
})

test('a secret is checked by the value it holds: valid scalars pass, others are found as the slow path finds them', () => {
  let wrapped = 0
  for (const [token, codec, valid] of codecs.filter(([t]) => !t.startsWith('provider'))) {
    for (const k of Object.keys(valid)) {
      const x = valid[k]
      if (isSecret(x)) {
        // a secret field given as a plain string is accepted (and made a secret) by decoding
        wrapped++
        const plain = { ...valid, [k]: reveal(x) }
        assert.equal(quick(codec, plain), [], `${token}.${k} as a plain value`)
        agree(`${token}.${k} as a plain value`, codec, plain)
        for (const bad of [secret(42), secret(secret(reveal(x))), 42])
          agree(`${token}.${k} as ${JSON.stringify(bad)}`, codec, { ...valid, [k]: bad })
        continue
      }
      if (typeof x === 'object' && x !== null) continue
      wrapped++
      const v = { ...valid, [k]: secret(x) }
      assert.equal(quick(codec, v), [], `${token}.${k} as a secret`)
      agree(`${token}.${k} as a secret`, codec, v)
      // a secret holding the wrong kind of value, a ref, an object or another secret
      for (const bad of [
        secret(typeof x === 'string' ? 42 : 'not it'),
        secret(makeRef('cost:Folder/f', ['token'])),
        secret({ x }),
        secret(secret(x)),
      ])
        agree(`${token}.${k} as ${JSON.stringify(bad)}`, codec, { ...valid, [k]: bad })
    }
  }
  assert.ok(wrapped > 50)
})

test('the quick checks and the slow path find the same on random mutations of every spec', () => {
  let compared = 0
  for (const [token, codec, valid, invalid] of codecs) {
    for (const bad of invalid) agree(`${token} (invalid example)`, codec, bad)
    fc.assert(
      fc.property(
        mutated(
          valid,
          fieldsOf(codec).map((f) => f.name),
          value,
        ),
        ({ v }) => {
          compared++
          agree(token, codec, v)
        },
      ),
      { seed: 4711, numRuns: RUNS },
    )
  }
  assert.ok(compared >= codecs.length * RUNS)
})

test.run()
