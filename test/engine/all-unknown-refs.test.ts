/**
 * The plan skips checkResolved for a resource whose every ref resolved to UNKNOWN: compile's check
 * of the same inputs (refs as placeholders) stands for it. What that rests on: for every spec, any
 * inputs compile's validator passes give no finding from checkResolved once every ref in them is
 * UNKNOWN (the valid example with fields, elements and entries as refs, and random mutations).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import type * as t from 'io-ts'
import { registry } from '#trellis'
import { fieldsOf } from '#src/core/codecs'
import { ref as makeRef } from '#trellis'
import { makeValidator } from '#src/engine/validate'
import { checkResolved } from '#src/engine/check-resolved'
import { NOT_YET, resolveRefs } from '#src/engine/resolve'
import { hasUnknown } from '#src/engine/unknown'
import { anyValueOf, mutated } from '../fixtures/arbitraries'

const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)
const validate = makeValidator()
const ctx = { config: {}, now: new Date('2026-01-01T00:00:00Z') }
const ref = fc.constantFrom('token', 'id', 'name').map((f) => makeRef('cost:Folder/f', [f]))

/** a value with some of its scalars, elements and entries replaced by refs */
const withRefs = (v: unknown): fc.Arbitrary<unknown> => {
  if (Array.isArray(v)) return fc.tuple(...v.map(withRefs))
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) {
    const o = v as Record<string, unknown>
    return fc.record(Object.fromEntries(Object.keys(o).map((k) => [k, withRefs(o[k])])))
  }
  return fc.oneof({ weight: 2, arbitrary: fc.constant(v) }, ref)
}

test('inputs compile passes find nothing once their refs are all UNKNOWN', () => {
  let checked = 0
  for (const spec of registry.resources.values()) {
    const codec = spec.inputs as t.Mixed
    const valid = spec.examples.valid as Record<string, unknown>
    const inputs = fc.oneof(
      { weight: 3, arbitrary: withRefs(valid) },
      mutated(
        valid,
        fieldsOf(codec).map((f) => f.name),
        anyValueOf({ refs: true }),
      ).map(({ v }) => v),
    )
    fc.assert(
      fc.property(inputs, (raw) => {
        const v = raw as Record<string, unknown>
        if (validate(codec, v).length > 0) return
        const resolved = resolveRefs(v, () => NOT_YET) as Record<string, unknown>
        if (resolved === v) return
        checked++
        assert.ok(hasUnknown(resolved))
        assert.equal(checkResolved(codec, spec.rules, v, resolved, ctx, validate), [], spec.token)
      }),
      { seed: 4711, numRuns: RUNS },
    )
  }
  assert.ok(checked > registry.resources.size * (RUNS / 4), `${checked} compared`)
})

test.run()
