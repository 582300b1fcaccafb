/**
 * A step's time budget: 2 minutes by default, the provider's `stepTimeout`, plus the longest wait its
 * type declares (that it bounds an apply against a hostile server is test/reliability/step-budget.test.ts).
 * The run's signal reaches every running step budget through one listener per run: with a
 * listener per step, more than 10 steps in flight made Node print a leak warning on every apply
 * at the default concurrency, and the listeners are all gone when the run ends.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { isRight } from 'fp-ts/Either'
import { getEventListeners } from 'node:events'
import { memoryStore, registry, stack } from '#trellis'
import { budgetMsOf, DEFAULT_STEP_BUDGET_MS } from '#src/engine/apply/step-budget'
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

test('the run signal aborted mid-run: no step starts after it, the steps in flight drain with live budgets', async () => {
  const m = mockHandler()
  const ctl = new AbortController()
  const signals: AbortSignal[] = []
  let started = 0
  const h: Handler = {
    ...m,
    create: (c, i) => async () => {
      if (c.signal) signals.push(c.signal)
      if (++started === 4) ctl.abort('stop')
      await new Promise((r) => setTimeout(r, 20))
      return m.create(c, i)()
    },
  }
  const r = await apply(shelves(12))({ ...envOf(h, ctl.signal), concurrency: 4 })()
  // the four in flight when the run stopped finished, each its signal live to the end; none after
  assert.is(started, 4)
  assert.is(signals.length, 4)
  assert.ok(signals.every((s) => s !== ctl.signal && !s.aborted))
  const done = isRight(r) ? r.right.journal.filter((e) => e.status === 'done').length : -1
  assert.is(done, 4)
  assert.is(getEventListeners(ctl.signal, 'abort').length, 0)
})

test.run()

const lengths = suite('step budget lengths')

lengths(
  'the budgets: 2 minutes by default, the provider setting (cost, hosting, cloud), plus the waits its type declares',
  () => {
    const inst = (provider: string, config: Record<string, unknown>) => ({ name: provider, provider, config })
    assert.is(DEFAULT_STEP_BUDGET_MS, 120_000)
    const cost = registry.providers.get('cost')!
    const hostingP = registry.providers.get('hosting')!
    const decoded = (p: typeof cost, raw: Record<string, unknown>) => {
      const d = p.config.decode(raw)
      if (E.isLeft(d)) throw new Error('config did not decode')
      return d.right as Record<string, unknown>
    }
    assert.is(budgetMsOf(registry, inst('cost', decoded(cost, {})), 'cost:Folder'), 120_000)
    assert.is(budgetMsOf(registry, inst('hosting', decoded(hostingP, {})), 'hosting:DnsZone'), 120_000)
    assert.is(budgetMsOf(registry, inst('cost', decoded(cost, { stepTimeout: '5m' })), 'cost:Folder'), 300_000)
    assert.is(
      budgetMsOf(registry, inst('hosting', decoded(hostingP, { stepTimeout: '90s' })), 'hosting:DnsZone'),
      90_000,
    )
    // the cloud's waits stay valid: its polls of up to 180 s and 300 s come on top of the provider's
    assert.is(budgetMsOf(registry, inst('cloud', {}), 'cloud:ApiGatewayServiceRelease'), 120_000 + 180_000)
    assert.is(budgetMsOf(registry, inst('cloud', {}), 'cloud:ApiGatewayUsagePlanAttachment'), 120_000 + 300_000)
    assert.is(budgetMsOf(registry, inst('cloud', {}), 'cloud:ApiGatewayApi'), 120_000)
    const cloudP = registry.providers.get('cloud')!
    assert.is(
      budgetMsOf(registry, inst('cloud', decoded(cloudP, { stepTimeout: '1m' })), 'cloud:ApiGatewayService'),
      60_000 + 180_000 + 60_000,
    )
    // a bad setting is refused with the field named
    const bad = cost.config.decode({ stepTimeout: 'soon' })
    assert.ok(E.isLeft(bad))
  },
)

lengths.run()
