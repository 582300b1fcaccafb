import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { retry, type RetryInfo, isRetryable, overlongWaitNote, retryAfterMs } from '../../clients/retry'
import { scripted } from '#trellis/clients'
import type { HttpRequest } from '#trellis/clients'
import { fakeClock } from './fake-clock'

const test = suite('retry')
const URL_ = 'https://api.example.test/v2/folders'
const get: HttpRequest = { method: 'GET', url: URL_, headers: {} }
const post: HttpRequest = { method: 'POST', url: URL_, headers: {}, body: '{"title":"x"}' }

test('a GET is retried on 503 with exponential full-jitter backoff until it succeeds', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(503).times(3)
  s.expect('GET', '/v2/folders').reply(200, { folders: [] })
  const clock = fakeClock()
  const r = await retry({ random: () => 0.5, sleep: clock.sleep, now: clock.now, baseMs: 100 })(s.client)(get)()
  assert.ok(E.isRight(r) && r.right.status === 200)
  assert.equal(clock.sleeps, [50, 100, 200])
  s.assertNoPending()
})

test('backoff is capped by capMs', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(500).times(5)
  const clock = fakeClock()
  await retry({ random: () => 1, sleep: clock.sleep, now: clock.now, baseMs: 100, capMs: 300 })(s.client)(get)()
  assert.equal(clock.sleeps, [100, 200, 300, 300])
})

test('it gives up after maxAttempts and returns the last response', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(502, 'bad gateway').times(3)
  const clock = fakeClock()
  const seen: RetryInfo[] = []
  const r = await retry({
    maxAttempts: 3,
    random: () => 0,
    sleep: clock.sleep,
    now: clock.now,
    onRetry: (i) => seen.push(i),
  })(s.client)(get)()
  assert.ok(E.isRight(r))
  if (E.isRight(r)) assert.is(r.right.status, 502)
  assert.is(s.calls().length, 3)
  assert.equal(
    seen.map((i) => [i.attempt, i.reason]),
    [
      [1, 'status 502'],
      [2, 'status 502'],
    ],
  )
})

test('it gives up rather than wait past maxElapsedMs', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(503, '', { 'retry-after': '10' }).times(2)
  const clock = fakeClock()
  const r = await retry({ maxElapsedMs: 15_000, sleep: clock.sleep, now: clock.now })(s.client)(get)()
  assert.ok(E.isRight(r) && r.right.status === 503)
  assert.equal(clock.sleeps, [10_000])
  assert.is(s.calls().length, 2)
})

test('400 and 404 are not retried', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(404)
  const r = await retry({ sleep: fakeClock().sleep })(s.client)(get)()
  assert.ok(E.isRight(r) && r.right.status === 404)
  assert.is(s.calls().length, 1)
})

test('network failures of a GET are retried (ConnectionReset, Timeout)', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').fail('ConnectionReset')
  s.expect('GET', '/v2/folders').fail('Timeout')
  s.expect('GET', '/v2/folders').reply(200, {})
  const clock = fakeClock()
  const r = await retry({ sleep: clock.sleep, now: clock.now, random: () => 0 })(s.client)(get)()
  assert.ok(E.isRight(r))
  assert.is(s.calls().length, 3)
})

test('a POST is not retried after a reset once the request was sent', async () => {
  const s = scripted()
  s.expect('POST', '/v2/folders').fail('ConnectionReset', { sent: true })
  s.expect('POST', '/v2/folders').reply(201, {})
  const r = await retry({ sleep: fakeClock().sleep })(s.client)(post)()
  assert.ok(E.isLeft(r) && r.left.kind === 'ConnectionReset' && r.left.sent)
  assert.is(s.calls().length, 1)
})

test('a POST is not retried after a timeout or a 503: it may have been applied', async () => {
  const s = scripted()
  s.expect('POST', '/v2/folders').fail('Timeout')
  const r1 = await retry({ sleep: fakeClock().sleep })(s.client)(post)()
  assert.ok(E.isLeft(r1) && r1.left.kind === 'Timeout')
  s.expect('POST', '/v2/folders').reply(503)
  const r2 = await retry({ sleep: fakeClock().sleep })(s.client)(post)()
  assert.ok(E.isRight(r2) && r2.right.status === 503)
  assert.is(s.calls().length, 2)
})

test('a POST is retried after ConnectFailed (nothing was sent) and after a 429', async () => {
  const s = scripted()
  s.expect('POST', '/v2/folders').fail('ConnectFailed')
  s.expect('POST', '/v2/folders').reply(429, { errors: ['slow down'] })
  s.expect('POST', '/v2/folders').reply(201, { token: 'fldr_1' })
  const clock = fakeClock()
  const r = await retry({ sleep: clock.sleep, now: clock.now, random: () => 0 })(s.client)(post)()
  assert.ok(E.isRight(r) && r.right.status === 201)
  assert.is(s.calls().length, 3)
  s.assertNoPending()
})

test('Retry-After in seconds is honoured', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(429, '', { 'retry-after': '3' })
  s.expect('GET', '/v2/folders').reply(200, {})
  const clock = fakeClock()
  await retry({ sleep: clock.sleep, now: clock.now, random: () => 0 })(s.client)(get)()
  assert.equal(clock.sleeps, [3000])
})

test('Retry-After as an HTTP date is honoured', async () => {
  const clock = fakeClock(Date.parse('2025-01-01T00:00:00Z'))
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(503, '', { 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' })
  s.expect('GET', '/v2/folders').reply(200, {})
  await retry({ sleep: clock.sleep, now: clock.now, random: () => 0 })(s.client)(get)()
  assert.equal(clock.sleeps, [7000])
})

test('a 429 waits until the reset time of either header family', async () => {
  for (const header of ['x-rate-limit-reset', 'x-ratelimit-reset']) {
    const clock = fakeClock(1_700_000_000_000)
    const s = scripted()
    s.expect('GET', '/v2/folders').reply(429, '', { [header]: String(1_700_000_000 + 4), 'x-ratelimit-remaining': '0' })
    s.expect('GET', '/v2/folders').reply(200, {})
    await retry({ sleep: clock.sleep, now: clock.now, random: () => 0 })(s.client)(get)()
    assert.equal(clock.sleeps, [4000], header)
  }
})

test('a server-requested wait past maxServerWaitMs is not waited for: its answer comes back at once', async () => {
  const cases: ReadonlyArray<Record<string, string>> = [
    { 'retry-after': '3600' },
    { 'retry-after': '1000000000' },
    { 'retry-after': 'Mon, 01 Jan 2065 00:00:00 GMT' },
    { 'x-ratelimit-reset': '99999999999', 'x-ratelimit-remaining': '0' },
  ]
  for (const headers of cases) {
    const clock = fakeClock(Date.parse('2026-01-01T00:00:00Z'))
    const s = scripted()
    s.expect('GET', '/v2/folders').reply(429, '', headers)
    const r = await retry({ sleep: clock.sleep, now: clock.now })(s.client)(get)()
    assert.ok(E.isRight(r) && r.right.status === 429, JSON.stringify(headers))
    assert.equal(clock.sleeps, [], JSON.stringify(headers))
    s.assertNoPending()
  }
})

test('a server-requested wait up to maxServerWaitMs is honoured, beyond the backoff cap', async () => {
  const clock = fakeClock()
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(429, '', { 'retry-after': '30' })
  s.expect('GET', '/v2/folders').reply(200, {})
  await retry({ sleep: clock.sleep, now: clock.now, capMs: 5000 })(s.client)(get)()
  assert.equal(clock.sleeps, [30_000])
})

test('overlongWaitNote quotes what the server asked for, in words', () => {
  const res = (headers: Record<string, string>) => ({ status: 429, headers, body: '' })
  const now = Date.parse('2026-01-01T00:00:00Z')
  assert.is(
    overlongWaitNote(res({ 'retry-after': '1000000000' }), now),
    'the platform asked to wait 31.7 years (Retry-After: 1000000000); trellis waits at most 60 s, try again later',
  )
  assert.match(overlongWaitNote(res({ 'retry-after': 'Mon, 01 Jan 2065 00:00:00 GMT' }), now)!, /39 years/)
  assert.match(
    overlongWaitNote(res({ 'x-ratelimit-reset': '99999999999', 'x-ratelimit-remaining': '0' }), now)!,
    /\(x-ratelimit-reset: 99999999999\)/,
  )
  assert.is(overlongWaitNote(res({ 'retry-after': '59' }), now), undefined)
  assert.is(overlongWaitNote(res({ 'retry-after': 'Mon, 01 Jan 2001 00:00:00 GMT' }), now), undefined)
})

test('an aborted request is never retried, and an abort during the wait stops it', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').fail('Aborted')
  const r = await retry({ sleep: fakeClock().sleep })(s.client)(get)()
  assert.ok(E.isLeft(r) && r.left.kind === 'Aborted')
  assert.is(s.calls().length, 1)

  const ctl = new AbortController()
  const s2 = scripted()
  s2.expect('GET', '/v2/folders').reply(503).times(5)
  const sleep = async (_ms: number, signal?: AbortSignal) => {
    ctl.abort()
    if (signal?.aborted) throw new Error('aborted')
  }
  const r2 = await retry({ sleep })(s2.client)({ ...get, signal: ctl.signal })()
  assert.ok(E.isLeft(r2) && r2.left.kind === 'Aborted')
  assert.is(s2.calls().length, 1)
})

test('a transport that throws as the request is asked for rejects the task, as an async one would', async () => {
  const throwing = () => () => {
    throw new Error('boom')
  }
  const task = retry()(throwing)(get)
  let rejected: unknown
  await task().then(
    () => undefined,
    (e: unknown) => (rejected = e),
  )
  assert.ok(rejected instanceof Error && rejected.message === 'boom')
})

test('isRetryable: PUT and DELETE are idempotent, PATCH is not', () => {
  const reset = E.left({
    _tag: 'HttpError' as const,
    kind: 'ConnectionReset' as const,
    message: '',
    sent: true,
    method: 'X',
    url: '',
  })
  assert.ok(isRetryable({ method: 'PUT' }, reset))
  assert.ok(isRetryable({ method: 'DELETE' }, reset))
  assert.not.ok(isRetryable({ method: 'PATCH' }, reset))
  assert.ok(isRetryable({ method: 'PATCH' }, E.right({ status: 429, headers: {}, body: '' })))
  assert.not.ok(isRetryable({ method: 'PATCH' }, E.right({ status: 500, headers: {}, body: '' })))
})

test('retryAfterMs reads seconds and dates and ignores junk', () => {
  assert.is(retryAfterMs({ 'retry-after': '2' }, 0), 2000)
  assert.is(retryAfterMs({ 'retry-after': 'soon' }, 0), undefined)
  assert.is(retryAfterMs({}, 0), undefined)
})

test.run()
