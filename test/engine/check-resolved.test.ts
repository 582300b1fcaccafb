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
import { fieldsOf } from '#trellis/engine'
import { isRef, ref as makeRef } from '#trellis'
import { checkResolved } from '#src/engine/check-resolved'
import { hasUnknown, UNKNOWN, validateValue } from '#trellis/engine'
import { anyValueOf, mutated } from '../fixtures/arbitraries'

const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)
// compile's validator, as compile runs it
const validate = (codec: t.Mixed, raw: unknown) => validateValue(codec, raw)
const ctx = { config: {}, now: new Date('2026-01-01T00:00:00Z') }
const ref = fc.constantFrom('token', 'id', 'name').map((f) => makeRef('cost:Folder/f', [f]))

/** the inputs as the plan sees them when no ref's target is known yet: every ref UNKNOWN (undefined: none) */
const allUnknown = (u: unknown): unknown => {
  if (isRef(u)) return UNKNOWN
  if (Array.isArray(u)) return u.map(allUnknown)
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype)
    return Object.fromEntries(Object.entries(u).map(([k, v]) => [k, allUnknown(v)]))
  return u
}

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
        const resolved = allUnknown(v) as Record<string, unknown>
        if (!hasUnknown(resolved)) return
        checked++
        assert.equal(checkResolved(codec, spec.rules, v, resolved, ctx, validate), [], spec.token)
      }),
      { seed: 4711, numRuns: RUNS },
    )
  }
  assert.ok(checked > registry.resources.size * (RUNS / 4), `${checked} compared`)
})

test.run()
