/**
 * Exported outputs are recomputed and recorded by every apply: when no resource changes, in a
 * stack of lookups only, and the apply's result says whether they changed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { hasChanges } from '#trellis'
import { renderPlan } from '#trellis'
import { planToJson } from '#trellis'
import { mockHandler } from '#trellis/testing'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'
import { ok } from '../helpers'

const test = suite('outputs on every apply')
const envOf = (store = memoryStore()): Env => ({
  registry: demoRegistry,
  handler: mockHandler(),
  store,
  events: () => undefined,
  concurrency: 4,
  now: () => new Date('2026-01-01T00:00:00Z'),
})

test('an export changed while no resource changes is recorded (1 → 101)', async () => {
  const store = memoryStore()
  const shelf = demo.shelf('main', { title: 'Main' })
  const first = ok(await apply(stack('o').add(shelf).export('n', 1))(envOf(store))())
  assert.is(first.outputsChanged, true)
  const r = ok(await apply(stack('o').add(shelf).export('n', 101))(envOf(store))())
  assert.equal(r.outputs, { n: 101 })
  assert.is(r.outputsChanged, true, 'the result says the outputs changed')
  assert.equal(store.snapshot('o')!.outputs, { n: 101 })
  const same = ok(await apply(stack('o').add(shelf).export('n', 101))(envOf(store))())
  assert.is(same.outputsChanged, false)
})

test('a plan shows an export that changes, and counts it as a change', async () => {
  const store = memoryStore()
  const shelf = demo.shelf('main', { title: 'Main' })
  ok(await apply(stack('o').add(shelf).export('n', 1))(envOf(store))())
  const p = ok(await plan(stack('o').add(shelf).export('n', 101))(envOf(store))()).plan
  assert.ok(hasChanges(p))
  assert.match(renderPlan(p, demoRegistry), 'Changes to outputs:\n    ~ n: 1 → 101')
  assert.equal((planToJson(p) as { outputs: unknown }).outputs, [{ path: 'n', kind: 'change', before: 1, after: 101 }])
  const same = ok(await plan(stack('o').add(shelf).export('n', 1))(envOf(store))()).plan
  assert.not.ok(hasChanges(same))
})

test('a stack of lookups only records its outputs', async () => {
  const store = memoryStore()
  const lib = demo.getLibrary('lib')
  const r = ok(await apply(stack('l').add(lib).export('rooms', lib.out.rooms))(envOf(store))())
  assert.equal(r.outputs, { rooms: ['north', 'south'] })
  assert.equal(store.snapshot('l')!.outputs, { rooms: ['north', 'south'] })
})

test('an export removed is removed from state', async () => {
  const store = memoryStore()
  ok(await apply(stack('x').export('a', 1).export('b', 2))(envOf(store))())
  const r = ok(await apply(stack('x').export('a', 1))(envOf(store))())
  assert.is(r.outputsChanged, true)
  assert.equal(store.snapshot('x')!.outputs, { a: 1 })
})

test.run()
