import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { rateBudget } from '../../clients/rate-budget'
import { scripted } from '#trellis/clients'
import type { HttpRequest } from '#trellis/clients'
import { fakeClock } from './fake-clock'

const test = suite('rate-budget')
const get: HttpRequest = { method: 'GET', url: 'https://api.netlify.test/api/v1/sites', headers: {} }
const T0 = 1_700_000_000_000

test('a full bucket lets a burst through, then spaces requests by the refill rate', async () => {
  const clock = fakeClock(T0)
  const s = scripted()
  s.expect('GET', '/api/v1/sites').reply(200, []).times(5)
  const client = rateBudget({ capacity: 2, refillPerSecond: 4, now: clock.now, sleep: clock.sleep })(s.client)
  for (let i = 0; i < 5; i++) await client(get)()
  assert.equal(clock.sleeps, [250, 250, 250])
})

test('concurrent requests queue up behind one another', async () => {
  const clock = fakeClock(T0)
  const s = scripted()
  s.expect('GET', '/api/v1/sites').reply(200, []).times(4)
  const waits: number[] = []
  // a sleep that does not move the clock, so the reservations are all made at the same instant
  const budget = rateBudget({
    capacity: 1,
    refillPerSecond: 1,
    now: clock.now,
    sleep: async (ms) => void waits.push(ms),
  })
  await Promise.all([0, 1, 2, 3].map(() => budget(s.client)(get)()))
  assert.equal(waits, [1000, 2000, 3000])
  assert.is(budget.stats().requests, 4)
})

test('when the server says remaining is 0, the next request waits until its reset', async () => {
  for (const family of ['x-ratelimit', 'x-rate-limit']) {
    const clock = fakeClock(T0)
    const s = scripted()
    s.expect('GET', '/api/v1/sites').reply(200, [], {
      [`${family}-limit`]: '500',
      [`${family}-remaining`]: '0',
      [`${family}-reset`]: String(T0 / 1000 + 30),
    })
    s.expect('GET', '/api/v1/sites').reply(200, [])
    const budget = rateBudget({ capacity: 100, refillPerSecond: 100, now: clock.now, sleep: clock.sleep })
    const client = budget(s.client)
    await client(get)()
    assert.equal(budget.stats().serverRemaining, 0, family)
    await client(get)()
    assert.equal(clock.sleeps, [30_000], family)
    assert.is(clock.now(), T0 + 30_000)
  }
})

test('header names are matched case-insensitively', async () => {
  const clock = fakeClock(T0)
  const s = scripted()
  s.expect('GET', '/api/v1/sites').reply(200, [], {
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': String(T0 / 1000 + 5),
  })
  s.expect('GET', '/api/v1/sites').reply(200, [])
  const client = rateBudget({ capacity: 10, refillPerSecond: 10, now: clock.now, sleep: clock.sleep })(s.client)
  await client(get)()
  await client(get)()
  assert.equal(clock.sleeps, [5000])
})

test('the last few requests of a window are counted locally, then it waits for the reset', async () => {
  const clock = fakeClock(T0)
  const s = scripted()
  s.expect('GET', '/api/v1/sites').reply(200, [], {
    'x-rate-limit-remaining': '2',
    'x-rate-limit-reset': String(T0 / 1000 + 60),
  })
  s.expect('GET', '/api/v1/sites').reply(200, []).times(3)
  const budget = rateBudget({ capacity: 100, refillPerSecond: 100, now: clock.now, sleep: clock.sleep })
  const client = budget(s.client)
  for (let i = 0; i < 4; i++) await client(get)()
  // requests 2 and 3 use the two remaining; request 4 waits for the window
  assert.equal(clock.sleeps, [60_000])
})

test('a reserve keeps a margin below the server limit', async () => {
  const clock = fakeClock(T0)
  const s = scripted()
  s.expect('GET', '/api/v1/sites').reply(200, [], {
    'x-ratelimit-remaining': '3',
    'x-ratelimit-reset': String(T0 / 1000 + 10),
  })
  s.expect('GET', '/api/v1/sites').reply(200, [])
  const client = rateBudget({ capacity: 100, refillPerSecond: 100, reserve: 5, now: clock.now, sleep: clock.sleep })(
    s.client,
  )
  await client(get)()
  await client(get)()
  assert.equal(clock.sleeps, [10_000])
})

test('a 429 with Retry-After holds every later request', async () => {
  const clock = fakeClock(T0)
  const s = scripted()
  s.expect('GET', '/api/v1/sites').reply(429, '', { 'retry-after': '2' })
  s.expect('GET', '/api/v1/sites').reply(200, [])
  const client = rateBudget({ capacity: 100, refillPerSecond: 100, now: clock.now, sleep: clock.sleep })(s.client)
  await client(get)()
  const r = await client(get)()
  assert.ok(E.isRight(r) && r.right.status === 200)
  assert.equal(clock.sleeps, [2000])
})

test('waits are bounded by maxWaitMs and reported through onWait', async () => {
  const clock = fakeClock(T0)
  const s = scripted()
  s.expect('GET', '/api/v1/sites').reply(200, [], {
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': String(T0 / 1000 + 30),
  })
  s.expect('GET', '/api/v1/sites').reply(200, [])
  const seen: string[] = []
  const client = rateBudget({
    capacity: 10,
    refillPerSecond: 1,
    maxWaitMs: 1000,
    now: clock.now,
    sleep: clock.sleep,
    onWait: (w) => seen.push(`${w.reason} ${w.waitMs}`),
  })(s.client)
  await client(get)()
  await client(get)()
  assert.equal(seen, ['server 1000'])
})

test('a reset or Retry-After past MAX_SERVER_WAIT_MS (an hour, year 5138, 2065) holds no later request back', async () => {
  const cases: ReadonlyArray<Record<string, string>> = [
    { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(T0 / 1000 + 3600) },
    { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '99999999999' },
    { 'retry-after': '1000000000' },
    { 'retry-after': 'Mon, 01 Jan 2065 00:00:00 GMT' },
  ]
  for (const headers of cases) {
    const clock = fakeClock(T0)
    const s = scripted()
    s.expect('GET', '/api/v1/sites').reply(429, [], headers)
    s.expect('GET', '/api/v1/sites').reply(200, [])
    const client = rateBudget({ capacity: 10, refillPerSecond: 1, now: clock.now, sleep: clock.sleep })(s.client)
    await client(get)()
    await client(get)()
    assert.equal(clock.sleeps, [], JSON.stringify(headers))
  }
})

test('an abort while waiting returns Aborted without sending', async () => {
  const clock = fakeClock(T0)
  const s = scripted()
  s.expect('GET', '/api/v1/sites').reply(200, [])
  const client = rateBudget({ capacity: 1, refillPerSecond: 1, now: clock.now, sleep: clock.sleep })(s.client)
  await client(get)()
  const ctl = new AbortController()
  ctl.abort()
  const r = await client({ ...get, signal: ctl.signal })()
  assert.ok(E.isLeft(r) && r.left.kind === 'Aborted' && !r.left.sent)
  assert.is(s.calls().length, 1)
})

test('bad options are refused', () => {
  assert.throws(() => rateBudget({ capacity: 0, refillPerSecond: 1 }), /capacity/)
  assert.throws(() => rateBudget({ capacity: 1, refillPerSecond: 0 }), /refillPerSecond/)
})

test.run()
