/**
 * rateBudget under concurrency, in virtual time: a fake server allowing `limit` requests per window,
 * several callers sending at once, answers taking varied (seeded) times so they arrive out of order.
 * The budget must keep every window within the limit while using most of it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { rateBudget } from '#trellis/clients'
import type { HttpClient, HttpRequest } from '#trellis/clients'

const test = suite('rate-budget concurrency')
const T0 = 1_700_000_000_000
const get: HttpRequest = { method: 'GET', url: 'https://api.cost.test/v1/folders', headers: {} }

/** Virtual time: `sleep` registers a timer; `run` moves the clock to the next timer whenever everything else is idle. */
const virtualTime = (start: number) => {
  let t = start
  let order = 0
  const timers: { at: number; order: number; fire: () => void }[] = []
  const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('aborted'))
      timers.push({ at: t + Math.max(0, ms), order: order++, fire: resolve })
    })
  const idle = (): Promise<void> => new Promise((r) => setImmediate(r))
  const run = async <A>(work: Promise<A>): Promise<A> => {
    let done = false
    const tracked = work.finally(() => void (done = true))
    for (let steps = 0; ; steps++) {
      await idle()
      if (done) return tracked
      if (steps > 1_000_000) throw new Error('virtual time: too many steps')
      if (timers.length === 0) throw new Error('virtual time: nothing scheduled and the work is not done (deadlock)')
      timers.sort((a, b) => a.at - b.at || a.order - b.order)
      const next = timers.shift()!
      t = Math.max(t, next.at)
      next.fire()
    }
  }
  return { now: () => t, sleep, run }
}

/** seeded LCG in [0, 1) */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}

interface FakeServerOptions {
  readonly limit: number
  readonly windowMs: number
  /** 'aligned': windows [k·windowMs, (k+1)·windowMs), reset exact. 'first-request': a window starts at
   *  the first request after the last one ended, reset rounded up to whole seconds (like the cost emulator) */
  readonly windows: 'aligned' | 'first-request'
  readonly header: 'x-ratelimit' | 'x-rate-limit'
  /** requests of other tools counted at the start of each window */
  readonly othersPerWindow?: number
}

/** A server counting requests when they arrive; the answer takes a while to come back. */
const fakeServer = (clock: ReturnType<typeof virtualTime>, o: FakeServerOptions, random: () => number) => {
  let window = { start: -Infinity, used: 0 }
  const counts = { ok: 0, tooMany: 0 }
  const client: HttpClient = (_req) => async () => {
    await clock.sleep(5 + Math.floor(random() * 40)) // to the server
    const t = clock.now()
    if (o.windows === 'aligned') {
      const start = Math.floor(t / o.windowMs) * o.windowMs
      if (start !== window.start) window = { start, used: o.othersPerWindow ?? 0 }
    } else if (t - window.start >= o.windowMs) window = { start: t, used: o.othersPerWindow ?? 0 }
    const over = window.used >= o.limit
    if (!over) window.used++
    const end = window.start + o.windowMs
    const reset = o.windows === 'aligned' ? end / 1000 : Math.ceil(end / 1000)
    const headers = {
      [`${o.header}-limit`]: String(o.limit),
      [`${o.header}-remaining`]: String(Math.max(0, o.limit - window.used)),
      [`${o.header}-reset`]: String(reset),
    }
    if (over) counts.tooMany++
    else counts.ok++
    await clock.sleep(5 + Math.floor(random() * 60)) // and back
    return E.right({ status: over ? 429 : 200, headers, body: over ? '' : '{}' })
  }
  return { client, counts }
}

/** `callers` concurrent callers send `total` requests between them through one budget */
const drive = async (
  o: FakeServerOptions & {
    readonly callers: number
    readonly total: number
    readonly capacity: number
    readonly refillPerSecond: number
    readonly seed: number
  },
) => {
  const clock = virtualTime(T0)
  const server = fakeServer(clock, o, seeded(o.seed))
  const budget = rateBudget({
    capacity: o.capacity,
    refillPerSecond: o.refillPerSecond,
    now: clock.now,
    sleep: clock.sleep,
  })
  const client = budget(server.client)
  let next = 0
  const caller = async (): Promise<void> => {
    while (next < o.total) {
      next++
      const r = await client(get)()
      if (E.isLeft(r)) throw new Error(`unexpected ${r.left.kind}`)
    }
  }
  const started = clock.now()
  await clock.run(Promise.all(Array.from({ length: o.callers }, caller)))
  const elapsed = clock.now() - started
  return { ...server.counts, elapsed, stats: budget.stats() }
}

for (const header of ['x-ratelimit', 'x-rate-limit'] as const)
  for (const callers of [4, 16, 64])
    test(`${callers} callers, ${header} headers: no 429 and at least 90% of the allowed rate`, async () => {
      const limit = 50
      const total = 500
      const r = await drive({
        limit,
        windowMs: 1000,
        windows: 'aligned',
        header,
        callers,
        total,
        capacity: limit,
        refillPerSecond: limit,
        seed: callers,
      })
      assert.is(r.tooMany, 0, 'no request is refused')
      assert.is(r.ok, total)
      // the fastest any client could go: `limit` per window, the first window started at T0 (aligned)
      const allowed = (total / limit) * 1000
      const ofAllowed = allowed / r.elapsed
      assert.ok(
        ofAllowed >= 0.9,
        `reached ${(ofAllowed * 100).toFixed(1)}% of the allowed rate (${r.elapsed} ms for ${total})`,
      )
      assert.is(r.stats.inFlight, 0)
    })

test('the server allows fewer than the budget: its count governs, still no 429', async () => {
  const r = await drive({
    limit: 20,
    windowMs: 1000,
    windows: 'aligned',
    header: 'x-ratelimit',
    callers: 16,
    total: 200,
    capacity: 50,
    refillPerSecond: 50,
    seed: 7,
  })
  assert.is(r.tooMany, 0)
  assert.ok(200 / 20 / (r.elapsed / 1000) >= 0.9, `${r.elapsed} ms`)
})

test('another tool uses part of each window: the server count governs, no 429', async () => {
  const r = await drive({
    limit: 50,
    othersPerWindow: 20,
    windowMs: 1000,
    windows: 'aligned',
    header: 'x-rate-limit',
    callers: 16,
    total: 300,
    capacity: 50,
    refillPerSecond: 50,
    seed: 11,
  })
  assert.is(r.tooMany, 0)
  assert.is(r.ok, 300)
  assert.ok(300 / 30 / (r.elapsed / 1000) >= 0.9, `${r.elapsed} ms`)
})

test('windows started by the first request, reset rounded up to seconds (the cost emulator): no 429', async () => {
  const r = await drive({
    limit: 50,
    windowMs: 1000,
    windows: 'first-request',
    header: 'x-rate-limit',
    callers: 16,
    total: 300,
    capacity: 50,
    refillPerSecond: 50,
    seed: 3,
  })
  assert.is(r.tooMany, 0)
  assert.is(r.ok, 300)
})

test('an answer reporting remaining R is charged with the requests sent after it left', async () => {
  // three requests go at once; the first answer says 3 remain, counted before the other two arrived
  const clock = virtualTime(T0)
  const answers: Array<() => void> = []
  let calls = 0
  const held: HttpClient = () => () =>
    new Promise((resolve) => {
      const n = calls++
      const headers: Record<string, string> =
        n === 0
          ? { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': String(T0 / 1000 + 60), 'x-ratelimit-limit': '10' }
          : {}
      answers.push(() => resolve(E.right({ status: 200, headers, body: '' })))
    })
  const budget = rateBudget({ capacity: 100, refillPerSecond: 100, now: clock.now, sleep: clock.sleep })
  const client = budget(held)
  const first = [client(get)(), client(get)(), client(get)()]
  await new Promise((r) => setImmediate(r))
  answers[0]()
  await first[0]
  // 3 remained when the first was counted; the two others still in flight may take two of them
  assert.is(budget.stats().serverRemaining, 1)
  assert.is(budget.stats().inFlight, 2)
  // answered without a count: they may have been counted after the report, so they stay charged
  answers[1]()
  answers[2]()
  await Promise.all(first)
  assert.is(budget.stats().serverRemaining, 1)
  assert.is(budget.stats().inFlight, 0)
})

test('an answer counted before the lowest report gives its place back', async () => {
  // two requests in flight; the second's answer reports 5 left (after both were counted), then the
  // first's answer reports 6 (counted earlier): once both are back the window has 5 left, not 4
  const clock = virtualTime(T0)
  const answers: Array<() => void> = []
  let calls = 0
  const held: HttpClient = () => () =>
    new Promise((resolve) => {
      const n = calls++
      const headers: Record<string, string> = {
        'x-ratelimit-remaining': n === 0 ? '6' : '5',
        'x-ratelimit-reset': String(T0 / 1000 + 60),
        'x-ratelimit-limit': '10',
      }
      answers.push(() => resolve(E.right({ status: 200, headers, body: '' })))
    })
  const budget = rateBudget({ capacity: 100, refillPerSecond: 100, now: clock.now, sleep: clock.sleep })
  const client = budget(held)
  const both = [client(get)(), client(get)()]
  await new Promise((r) => setImmediate(r))
  answers[1]()
  await both[1]
  assert.is(budget.stats().serverRemaining, 4, 'the first may still land after the report')
  answers[0]()
  await both[0]
  assert.is(budget.stats().serverRemaining, 5)
})

test('answers that wake a waiting request do not use up its maxWaitMs', async () => {
  // the window (60 s) is used up by six requests in flight; each answer wakes the waiting seventh,
  // which must keep waiting for the reset, not go after two wake-ups as if it had waited 2 x 60 s
  const clock = virtualTime(T0)
  let calls = 0
  const sentAt: number[] = []
  const server: HttpClient = () => async () => {
    const n = calls++
    sentAt.push(clock.now())
    await clock.sleep(n === 0 ? 1 : 10 * n)
    const headers =
      n <= 6 ? { remaining: String(6 - n), reset: T0 / 1000 + 60 } : { remaining: '9', reset: T0 / 1000 + 120 }
    return E.right({
      status: 200,
      headers: {
        'x-ratelimit-remaining': headers.remaining,
        'x-ratelimit-reset': String(headers.reset),
        'x-ratelimit-limit': '10',
      },
      body: '',
    })
  }
  const budget = rateBudget({
    capacity: 100,
    refillPerSecond: 100,
    maxWaitMs: 100_000,
    now: clock.now,
    sleep: clock.sleep,
  })
  const client = budget(server)
  await clock.run(
    (async () => {
      await client(get)() // 6 left
      const six = Array.from({ length: 6 }, () => client(get)())
      await clock.sleep(1)
      assert.is(budget.stats().serverRemaining, 0)
      await Promise.all([...six, client(get)()])
    })(),
  )
  assert.is(calls, 8)
  assert.is(sentAt[7], T0 + 60_000, `the seventh went at +${sentAt[7] - T0} ms, not at the reset`)
})

test('at the reset the count starts again at the limit less what is in flight', async () => {
  const clock = virtualTime(T0)
  const answers: Array<() => void> = []
  let calls = 0
  const held: HttpClient = () => () =>
    new Promise((resolve) => {
      const n = calls++
      const headers: Record<string, string> =
        n === 0
          ? { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(T0 / 1000 + 1), 'x-ratelimit-limit': '10' }
          : {}
      if (n === 0) resolve(E.right({ status: 200, headers, body: '' }))
      else answers.push(() => resolve(E.right({ status: 200, headers, body: '' })))
    })
  const budget = rateBudget({ capacity: 100, refillPerSecond: 100, now: clock.now, sleep: clock.sleep })
  const client = budget(held)
  await client(get)()
  assert.is(budget.stats().serverRemaining, 0)
  // two requests wait for the reset and go; while they are in flight the window has 10 - 2 left
  const two = clock.run(
    Promise.resolve().then(async () => {
      const p = [client(get)(), client(get)()]
      while (answers.length < 2) await clock.sleep(1)
      assert.is(budget.stats().serverRemaining, 8)
      assert.is(budget.stats().inFlight, 2)
      assert.is(budget.stats().serverResetAt, undefined)
      for (const a of answers) a()
      return Promise.all(p)
    }),
  )
  await two
  assert.ok(clock.now() >= T0 + 1000)
})

test.run()
