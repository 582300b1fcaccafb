/**
 * The guard around what an Env hands in: a part that throws becomes a failure of its step (the run's
 * defect recorded), never a rejection, and the at-once capabilities survive the guard.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryStore } from '#trellis'
import { mockHandler } from '#trellis/testing'
import { stepFailure, type Env } from '#trellis/engine'
import { guardEnv } from '#src/engine/defect-guard'
import { demoRegistry } from '../fixtures/demo-provider'

const envOf = (): Env => ({
  registry: demoRegistry,
  handler: mockHandler(),
  store: memoryStore(),
  events: () => undefined,
  concurrency: 3,
  now: () => new Date('2026-01-01T00:00:00Z'),
})

test('the defect guard keeps both capabilities and makes a throw a failure, not a rejection', () => {
  const m = mockHandler({
    newResource: () => {
      throw new Error('boom')
    },
  })
  const store = memoryStore()
  const g = guardEnv({ ...envOf(), handler: m, store })
  assert.type(g.env.store.appendSync?.run, 'function')
  assert.is(g.env.store.appendSync?.of, g.env.store.append)
  const spec = demoRegistry.resources.get('demo:Shelf')!
  const r = g.env.handler.createSync!.run(spec, 'x', { title: 'X' })
  assert.equal(r, stepFailure('demo:Shelf "x"', 'create', 'the handler threw: boom'))
  assert.is(g.defect()?.where, 'handler.create')
})

test.run()
