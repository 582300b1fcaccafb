/**
 * The run's signal reaches every running step budget through one listener per run: with a
 * listener per step, more than 10 steps in flight made Node print a leak warning on every apply
 * at the default concurrency, and the listeners are all gone when the run ends.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isRight } from 'fp-ts/Either'
import { getEventListeners } from 'node:events'
import { memoryStore, stack } from '#trellis'
import { apply, type Env, type Handler } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import { demo } from '../../fixtures/demo-builders'
import { demoRegistry } from '../../fixtures/demo-provider'

const test = suite('step budgets and the run signal')
const shelves = (n: number) =>
  stack('many').add(...Array.from({ length: n }, (_, i) => demo.shelf(`s${i}`, { title: `S${i}` })))
const envOf = (handler: Handler, signal: AbortSignal): Env => ({
  registry: demoRegistry,
  handler,
  store: memoryStore(),
  events: () => undefined,
  concurrency: 32,
  now: () => new Date('2026-01-01T00:00:00Z'),
  signal,
})

test('32 steps in flight: no leak warning, each step sees a live signal, no listener left after', async () => {
  const m = mockHandler()
  const seen: AbortSignal[] = []
  let inFlight = 0
  let max = 0
  const h: Handler = {
    ...m,
    create: (c, i) => async () => {
      inFlight++
      max = Math.max(max, inFlight)
      if (c.signal) seen.push(c.signal)
      await new Promise((r) => setTimeout(r, 5))
      inFlight--
      return m.create(c, i)()
    },
  }
  const warnings: string[] = []
  const onWarning = (w: Error) => void warnings.push(w.name)
  process.on('warning', onWarning)
  const ctl = new AbortController()
  try {
    const r = await apply(shelves(64))(envOf(h, ctl.signal))()
    await new Promise((r) => setImmediate(r))
    assert.ok(isRight(r))
  } finally {
    process.off('warning', onWarning)
  }
  assert.is(max, 32)
  assert.equal(
    warnings.filter((w) => w === 'MaxListenersExceededWarning'),
    [],
  )
  assert.is(seen.length, 64)
  assert.ok(seen.every((s) => s !== ctl.signal && !s.aborted))
  assert.is(getEventListeners(ctl.signal, 'abort').length, 0)
})

test('the run signal aborted mid-run aborts every step in flight, with its reason', async () => {
  const m = mockHandler()
  const ctl = new AbortController()
  const reasons: unknown[] = []
  let started = 0
  const h: Handler = {
    ...m,
    create: (c, i) => async () => {
      if (++started === 8) ctl.abort('stop')
      await new Promise<void>((r) => {
        if (c.signal?.aborted) return r()
        c.signal?.addEventListener('abort', () => r(), { once: true })
      })
      reasons.push(c.signal?.reason)
      return m.create(c, i)()
    },
  }
  await apply(shelves(8))({ ...envOf(h, ctl.signal), concurrency: 8 })()
  assert.is(reasons.length, 8)
  assert.ok(reasons.every((r) => r === 'stop'))
  assert.is(getEventListeners(ctl.signal, 'abort').length, 0)
})

test.run()
