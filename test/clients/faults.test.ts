import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { faults, type FaultKind } from '../../clients/faults'
import { prng } from '../../clients/prng'
import { retry } from '#trellis/clients'
import type { HttpClient, HttpRequest } from '#trellis/clients'
import { fakeClock } from './fake-clock'

const test = suite('faults')
const get: HttpRequest = { method: 'GET', url: 'http://emulator.test/api/v1/sites', headers: {} }

/** a stand-in emulator counting what reached it */
const counter = () => {
  let n = 0
  const client: HttpClient = () => async () => {
    n++
    return E.right({ status: 200, headers: {}, body: `{"n":${n}}` })
  }
  return { client, served: () => n }
}

const outcome = (r: E.Either<{ kind: string }, { status: number }>): string =>
  E.isLeft(r) ? r.left.kind : String(r.right.status)

const run = async (seed: number, n = 60) => {
  const clock = fakeClock()
  const f = faults({ seed, rate: 0.5, sleep: clock.sleep, now: clock.now })
  const client = f(counter().client)
  const seen: string[] = []
  for (let i = 0; i < n; i++) seen.push(outcome(await client(get)()))
  return { seen, stats: f.stats() }
}

test('prng: the same seed gives the same sequence, in [0, 1)', () => {
  const a = prng(42)
  const b = prng(42)
  const xs = Array.from({ length: 100 }, () => a())
  assert.equal(
    xs,
    Array.from({ length: 100 }, () => b()),
  )
  assert.ok(xs.every((x) => x >= 0 && x < 1))
  assert.not.equal(xs.slice(0, 5), Array.from({ length: 5 }, prng(43)))
})

test('the same seed gives the same fault sequence; another seed another one', async () => {
  const a = await run(7)
  const b = await run(7)
  const c = await run(8)
  assert.equal(a.seen, b.seen)
  assert.equal(a.stats, b.stats)
  assert.not.equal(a.seen, c.seen)
  assert.is(a.stats.requests, 60)
  const faulted = Object.entries(a.stats)
    .filter(([k]) => k !== 'requests' && k !== 'ok')
    .reduce((s, [, v]) => s + v, 0)
  assert.is(faulted + a.stats.ok, 60)
  assert.ok(faulted > 10 && faulted < 50, `about half the requests fail (${faulted})`)
})

test('rate 0 passes everything through untouched', async () => {
  const emu = counter()
  const f = faults({ seed: 1, rate: 0 })
  for (let i = 0; i < 10; i++) assert.is(outcome(await f(emu.client)(get)()), '200')
  assert.is(emu.served(), 10)
  assert.is(f.stats().ok, 10)
})

const only = (kind: FaultKind, extra: Partial<Parameters<typeof faults>[0]> = {}) => {
  const clock = fakeClock(1_700_000_000_000)
  const emu = counter()
  const f = faults({ seed: 3, rate: 1, kinds: [kind], sleep: clock.sleep, now: clock.now, ...extra })
  return { clock, emu, f, client: f(emu.client) }
}

test('429 carries retry-after and both rate-limit header families, and is not applied', async () => {
  const { emu, client } = only('429')
  const r = await client(get)()
  assert.ok(E.isRight(r))
  if (E.isRight(r)) {
    assert.is(r.right.status, 429)
    assert.is(r.right.headers['retry-after'], '1')
    assert.is(r.right.headers['x-ratelimit-remaining'], '0')
    assert.is(r.right.headers['x-rate-limit-remaining'], '0')
    assert.is(r.right.headers['x-ratelimit-reset'], String(1_700_000_000 + 1))
    assert.is(r.right.headers['x-rate-limit-reset'], String(1_700_000_000 + 1))
  }
  assert.is(emu.served(), 0)
})

test('5xx faults answer with a JSON error body both REST shapes can read', async () => {
  for (const kind of ['500', '502', '503'] as const) {
    const { client, f } = only(kind)
    const r = await client(get)()
    assert.ok(E.isRight(r))
    if (E.isRight(r)) {
      assert.is(r.right.status, Number(kind))
      const body = JSON.parse(r.right.body)
      assert.is(body.code, Number(kind))
      assert.equal(body.errors, [body.message])
    }
    assert.is(f.stats()[kind], 1)
  }
})

test('reset-before never reaches the emulator; reset-after does; both look the same to the caller', async () => {
  const before = only('reset-before')
  const rb = await before.client({ ...get, method: 'POST' })()
  const after = only('reset-after')
  const ra = await after.client({ ...get, method: 'POST' })()
  for (const r of [rb, ra]) assert.ok(E.isLeft(r) && r.left.kind === 'ConnectionReset' && r.left.sent)
  assert.is(before.emu.served(), 0)
  assert.is(after.emu.served(), 1)
})

test('timeout waits timeoutMs, calls nothing, then fails with Timeout', async () => {
  const { clock, emu, client } = only('timeout', { timeoutMs: 75 })
  const r = await client(get)()
  assert.ok(E.isLeft(r) && r.left.kind === 'Timeout')
  assert.equal(clock.sleeps, [75])
  assert.is(emu.served(), 0)
})

test('latencyMs delays every request; a latency fault adds a spike', async () => {
  const clock = fakeClock()
  const f = faults({ seed: 1, rate: 0, latencyMs: 15, sleep: clock.sleep })
  const emu = counter()
  await f(emu.client)(get)()
  await f(emu.client)(get)()
  assert.equal(clock.sleeps, [15, 15])
  const spike = only('latency', { spikeMs: 40 })
  const r = await spike.client(get)()
  assert.ok(E.isRight(r) && r.right.status === 200)
  assert.equal(spike.clock.sleeps, [40])
})

test('retry gets idempotent reads through a faulty emulator', async () => {
  const clock = fakeClock()
  const emu = counter()
  const f = faults({
    seed: 11,
    rate: 0.3,
    kinds: ['429', '500', '503', 'reset-before', 'reset-after', 'timeout'],
    sleep: clock.sleep,
    now: clock.now,
  })
  const client = retry({ maxAttempts: 10, sleep: clock.sleep, now: clock.now, random: prng(5) })(f(emu.client))
  for (let i = 0; i < 30; i++) assert.is(outcome(await client(get)()), '200')
  assert.ok(f.stats().requests > 30)
})

test('bad options are refused', () => {
  assert.throws(() => faults({ seed: 1, rate: 2 }), /rate/)
})

test.run()
