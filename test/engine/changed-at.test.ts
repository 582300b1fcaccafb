/**
 * A create records every field as changed at the clock's instant of its step. Creates of a type
 * in the same millisecond with the same fields share one changedAt object (run.ts, changedNow):
 * whatever the mix of types, field sets and orders, each record's changedAt must be what building
 * it afresh gives, field for field and in the inputs' order, with a fixed clock and a ticking one.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { isLeft } from 'fp-ts/Either'
import { stack } from '#trellis'
import { mockWith } from '#trellis/testing'
import { formatEngineError } from '#trellis/engine'
import type { ResourceState } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)

// a shelf with some of its optional fields, set in a random order (the order inputs keep)
const shelf = fc.record({
  fields: fc.shuffledSubarray(['room', 'tags', 'colour'] as const),
  first: fc.boolean(),
})
const nodes = fc.array(shelf, { minLength: 1, maxLength: 12 })

type Shelf = { readonly fields: ReadonlyArray<'room' | 'tags' | 'colour'>; readonly first: boolean }
const inputsOf = (s: Shelf): Record<string, unknown> => {
  const o: Record<string, unknown> = s.first ? { title: 'T' } : {}
  for (const f of s.fields) o[f] = f === 'tags' ? ['x'] : f === 'colour' ? 'red' : 'r1'
  if (!s.first) o.title = 'T'
  return o
}

const run = async (shelves: ReadonlyArray<Shelf>, now?: () => Date) => {
  const items = shelves.map((s, i) => demo.shelf(`s${i}`, inputsOf(s) as { title: string }))
  const r = await mockWith(demoRegistry)(stack('c').add(...items), now ? { now } : {})()
  if (isLeft(r)) throw new Error(formatEngineError(r.left))
  return Object.values(r.right.state.resources)
}

/** the changedAt a create records built afresh: each field of its inputs, at one instant */
const expected = (r: ResourceState, t: string): Record<string, string> =>
  Object.fromEntries(Object.keys(r.inputs).map((k) => [k, t]))

test('a create records each of its fields at its instant, shared or not (fixed clock)', async () => {
  await fc.assert(
    fc.asyncProperty(nodes, async (shelves) => {
      for (const r of await run(shelves)) {
        assert.equal(Object.entries(r.changedAt), Object.entries(expected(r, '2024-01-01T00:00:00.000Z')))
      }
    }),
    { seed: 4711, numRuns: RUNS },
  )
})

test('a ticking clock: each record its own instant, every field at it', async () => {
  await fc.assert(
    fc.asyncProperty(nodes, async (shelves) => {
      let ms = Date.parse('2026-01-01T00:00:00.000Z')
      const seen = new Set<string>()
      for (const r of await run(shelves, () => new Date(ms++))) {
        const t = Object.values(r.changedAt)[0]
        assert.equal(Object.entries(r.changedAt), Object.entries(expected(r, t)))
        // one clock read per step: no two creates share an instant on a clock that moves per read
        assert.not.ok(seen.has(t), t)
        seen.add(t)
      }
    }),
    { seed: 4711, numRuns: RUNS },
  )
})

test('a shared changedAt cannot be changed through one record', async () => {
  const rs = await run([
    { fields: ['room'], first: true },
    { fields: ['room'], first: true },
  ])
  assert.is(rs[0].changedAt, rs[1].changedAt)
  assert.throws(() => {
    ;(rs[0].changedAt as Record<string, string>).title = 'x'
  })
})

test.run()
