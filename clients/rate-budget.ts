/**
 * rateBudget: a client-side token bucket (one per platform client) that spaces requests out, and
 * listens to the server's own count: when a response says the window is used up (remaining at or
 * below `reserve`), later requests wait for the window's reset instead of collecting 429s. A long
 * apply thus stays inside the platform's limit; `retry` only has to deal with the surprises.
 *
 * With concurrency the server's count is a snapshot taken while other requests were on the way.
 * The lowest count reported in a window is the latest snapshot, and every request already answered
 * was counted in it (one counted later would have reported less); a request still in flight may
 * land after it. So the budget's estimate is that lowest count less the requests in flight (and less
 * those answered without a count since), and at the window's reset it starts again at the limit
 * less what is in flight. An answer that comes back raises the estimate again if it was already
 * counted. Without this a burst of concurrent requests overshoots the window by what is in flight.
 *
 * A server can only hold requests back for MAX_SERVER_WAIT_MS: a Retry-After or a window's reset
 * further away than that (a date in 2065, a reset in year 5138) is not believed for the whole
 * client; the requests go, and `retry` fails each one at once with what the server asked for.
 */
import * as E from 'fp-ts/Either'
import type { HttpClient, HttpError, HttpResponse, Middleware } from './http'
import { httpError } from './http'
import { MAX_SERVER_WAIT_MS, rateLimitOf, retryAfterMs, sleep as realSleep } from './retry'

// ── model ────────────────────────────────────────────────────────────────────
export interface RateBudgetOptions {
  /** burst size: tokens in a full bucket */
  readonly capacity: number
  readonly refillPerSecond: number
  /** treat `remaining <= reserve` as exhausted (default 0), e.g. to leave room for other tools */
  readonly reserve?: number
  /** longest wait in all (default MAX_SERVER_WAIT_MS): past it the request goes and `retry` handles a 429 */
  readonly maxWaitMs?: number
  readonly now?: () => number
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** called before each wait, e.g. for a progress line on a long apply */
  readonly onWait?: (info: {
    readonly method: string
    readonly url: string
    readonly waitMs: number
    readonly reason: 'budget' | 'server'
  }) => void
}

export interface RateBudgetStats {
  readonly requests: number
  readonly waits: number
  readonly waitedMs: number
  /** tokens left in the bucket now (negative: requests are queued) */
  readonly tokens: number
  /** the server's last reported count, minus the requests sent since and those still in flight */
  readonly serverRemaining?: number
  readonly serverLimit?: number
  /** epoch ms when the server's window resets (absent just after a reset, until an answer says) */
  readonly serverResetAt?: number
  /** requests sent and not yet answered */
  readonly inFlight: number
}

export type RateBudget = Middleware & { readonly stats: () => RateBudgetStats }

/** The server's current window as this client knows it. */
interface ServerWindow {
  /** the lowest count it reported for the window (or the limit, from its start) */
  reported: number
  /** when it ends (unknown just after a reset, until an answer from the new window says) */
  resetAt?: number
  limit?: number
}

type Req = Parameters<HttpClient>[0]
type Result = E.Either<HttpError, HttpResponse>

const aborted = (req: Req): Result =>
  E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted while waiting for the rate budget`, false))

/** A reset further away than anyone waits is not a window this client can plan with. */
const plannable = (headers: Readonly<Record<string, string>>, t: number) => {
  const told = rateLimitOf(headers, t)
  return told.resetAt !== undefined && told.resetAt - t > MAX_SERVER_WAIT_MS ? { ...told, resetAt: undefined } : told
}

/** One budget's state: the bucket, the server's window, and the requests in flight or waiting. */
class Budget {
  tokens: number
  refilledAt: number
  server: ServerWindow | undefined
  /**
   * Requests answered without a count since the window's last report, each as the sequence number
   * of the last request sent when it was answered: a later report from a request sent after that
   * includes it.
   */
  uncounted: number[] = []
  /** set by a 429's Retry-After: nobody goes before it */
  blockedUntil = 0
  requests = 0
  waits = 0
  waitedMs = 0
  /** sequence number of the last request sent */
  sent = 0
  /** sequence numbers of the requests sent and not yet answered */
  readonly inFlight = new Set<number>()
  /** requests waiting for the next answer, which may free room in the window */
  answerWaiters: Array<() => void> = []
  readonly now: () => number
  readonly sleep: NonNullable<RateBudgetOptions['sleep']>
  readonly reserve: number
  readonly maxWaitMs: number

  constructor(readonly opts: RateBudgetOptions) {
    // called as plain functions (a clock's methods may rely on their own `this`)
    const now = opts.now ?? Date.now
    const sleep = opts.sleep ?? realSleep
    this.now = () => now()
    this.sleep = (ms, signal) => sleep(ms, signal)
    this.reserve = opts.reserve ?? 0
    this.maxWaitMs = opts.maxWaitMs ?? MAX_SERVER_WAIT_MS
    this.tokens = opts.capacity
    this.refilledAt = this.now()
  }

  refill(t: number): void {
    this.tokens = Math.min(this.opts.capacity, this.tokens + ((t - this.refilledAt) / 1000) * this.opts.refillPerSecond)
    this.refilledAt = t
  }

  /**
   * Takes a token now (a reservation: the bucket may go negative, so concurrent requests queue up
   * in arrival order) and says how long to wait for it.
   */
  takeToken(): number {
    this.refill(this.now())
    this.tokens -= 1
    return this.tokens < 0 ? Math.ceil((-this.tokens / this.opts.refillPerSecond) * 1000) : 0
  }

  /** Past the server's reset its window is full again, less what is in flight (it may land there). */
  rollover(t: number): void {
    const s = this.server
    if (s?.resetAt !== undefined && t >= s.resetAt) {
      this.server = s.limit !== undefined ? { reported: s.limit, limit: s.limit } : undefined
      this.uncounted = []
    }
  }

  /** What the window has left for requests not yet sent. */
  remainingNow(): number | undefined {
    return this.server === undefined ? undefined : this.server.reported - this.inFlight.size - this.uncounted.length
  }

  /** What holds a request back now: a time to wait until (or an earlier answer), an answer, or nothing. */
  gate(t: number): { until?: number; orAnswer: boolean } | undefined {
    this.rollover(t)
    if (this.blockedUntil > t) return { until: this.blockedUntil, orAnswer: false }
    const remaining = this.remainingNow()
    if (remaining === undefined || remaining > this.reserve) return undefined
    // an answer may show an in-flight request was already counted, or bring the window's end; with
    // nothing in flight and no known end nobody will say, so the request goes and finds out
    if (this.server!.resetAt !== undefined) return { until: this.server!.resetAt, orAnswer: this.inFlight.size > 0 }
    return this.inFlight.size > 0 ? { orAnswer: true } : undefined
  }

  nextAnswer(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('aborted'))
      const onAbort = (): void => {
        this.answerWaiters = this.answerWaiters.filter((w) => w !== wake)
        reject(new Error('aborted'))
      }
      const wake = (): void => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      this.answerWaiters.push(wake)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  /** Learns from the answer to request `id` (already out of `inFlight`). */
  learn(id: number, headers: Readonly<Record<string, string>>, status: number): void {
    const t = this.now()
    this.rollover(t)
    const rl = plannable(headers, t)
    const s = this.server
    // a window already over says nothing about the current one; nor does an older one
    const current = rl.resetAt !== undefined && rl.resetAt > t && !(s?.resetAt !== undefined && rl.resetAt < s.resetAt)
    const limit = rl.limit ?? s?.limit
    if (status === 429) {
      const after = retryAfterMs(headers, t)
      if (after !== undefined && after <= MAX_SERVER_WAIT_MS) this.blockedUntil = Math.max(this.blockedUntil, t + after)
      if (current) {
        this.server = { reported: 0, resetAt: rl.resetAt, limit }
        this.uncounted = []
      }
      return
    }
    if (rl.remaining !== undefined && current)
      return this.counted(id, { reported: rl.remaining, resetAt: rl.resetAt, limit })
    // answered without a count (or a 429 without one): it may have been counted after the last report
    if (s !== undefined && !(rl.resetAt !== undefined && rl.resetAt <= t)) this.uncounted.push(this.sent)
  }

  /** A count reported for window `w` by the answer to request `id`. */
  counted(id: number, w: ServerWindow): void {
    const s = this.server
    const sameWindow = s !== undefined && s.resetAt === w.resetAt
    // within one window the lowest count is the latest snapshot (answers arrive out of order)
    if (sameWindow && w.reported > s.reported) return
    this.server = { ...w, reported: sameWindow ? Math.min(s.reported, w.reported) : w.reported }
    // answered before this request was sent: counted in its snapshot
    this.uncounted = this.uncounted.filter((at) => at >= id)
  }

  /**
   * Wait `ms` (or, with `orAnswer`, until an answer comes first; the timer is cancelled when it
   * wins). Only the time really waited counts: answers may wake a request many times. False when
   * the request was aborted meanwhile. Returns the time waited too.
   */
  async wait(req: Req, ms: number, reason: 'budget' | 'server', orAnswer: boolean): Promise<[boolean, number]> {
    this.waits++
    this.opts.onWait?.({ method: req.method, url: req.url, waitMs: ms, reason })
    if (!orAnswer) {
      this.waitedMs += ms
      try {
        await this.sleep(ms, req.signal)
        return [true, ms]
      } catch {
        return [false, ms]
      }
    }
    const before = this.now()
    const stop = new AbortController()
    const signal = req.signal !== undefined ? AbortSignal.any([req.signal, stop.signal]) : stop.signal
    let ok: boolean
    try {
      await Promise.race([this.sleep(ms, signal), this.nextAnswer(req.signal)])
      ok = true
    } catch {
      ok = !req.signal?.aborted
    } finally {
      stop.abort()
    }
    const took = Math.max(0, this.now() - before)
    this.waitedMs += took
    return [ok, took]
  }

  /**
   * Wait for the bucket, then for the server's window, checked again after every wait: it may have
   * been used up (or reset) meanwhile; past maxWaitMs in all the request goes and `retry` handles a
   * 429. Then the request is counted in flight AT ONCE, in the same turn as the check that let it
   * go (a request woken by the same answer must see it); its id, or undefined when it was aborted.
   */
  async room(req: Req): Promise<number | undefined> {
    let waited = 0
    const budgetWait = Math.min(this.maxWaitMs, this.takeToken())
    if (budgetWait > 0) {
      const [ok, took] = await this.wait(req, budgetWait, 'budget', false)
      if (!ok) return undefined
      waited += took
    }
    for (;;) {
      const t = this.now()
      const g = this.gate(t)
      if (g === undefined || waited >= this.maxWaitMs) return this.claim()
      if (g.until === undefined) {
        const answered = await this.nextAnswer(req.signal).then(
          () => true,
          () => false,
        )
        if (!answered) return undefined
        continue
      }
      const ms = Math.min(this.maxWaitMs - waited, Math.max(1, Math.ceil(g.until - t)))
      const [ok, took] = await this.wait(req, ms, 'server', g.orAnswer)
      if (!ok) return undefined
      waited += took
    }
  }

  /** Count a request in flight; its sequence number. */
  claim(): number {
    this.rollover(this.now())
    const id = ++this.sent
    this.inFlight.add(id)
    return id
  }

  /** Send request `id` (counted in flight); learn from its answer and wake whoever waits for one. */
  async exchange(next: HttpClient, req: Req, id: number): Promise<Result> {
    let result: Result | undefined
    try {
      result = await next(req)()
    } finally {
      this.inFlight.delete(id)
      if (result !== undefined && E.isRight(result)) this.learn(id, result.right.headers, result.right.status)
      else if (this.server !== undefined) this.uncounted.push(this.sent)
      const woken = this.answerWaiters
      this.answerWaiters = []
      for (const w of woken) w()
    }
    return result
  }

  stats(): RateBudgetStats {
    const t = this.now()
    this.refill(t)
    this.rollover(t)
    const remaining = this.remainingNow()
    const s = this.server
    return {
      requests: this.requests,
      waits: this.waits,
      waitedMs: this.waitedMs,
      tokens: this.tokens,
      inFlight: this.inFlight.size,
      ...(s !== undefined && remaining !== undefined
        ? {
            serverRemaining: remaining,
            ...(s.resetAt !== undefined ? { serverResetAt: s.resetAt } : {}),
            ...(s.limit !== undefined ? { serverLimit: s.limit } : {}),
          }
        : {}),
    }
  }
}

// ── constructor ──────────────────────────────────────────────────────────────
/** A middleware keeping requests within a per-platform budget (token bucket, honouring rate-limit headers). */
export const rateBudget = (opts: RateBudgetOptions): RateBudget => {
  if (!(opts.capacity >= 1)) throw new Error(`rateBudget: capacity must be at least 1, got ${opts.capacity}`)
  if (!(opts.refillPerSecond > 0))
    throw new Error(`rateBudget: refillPerSecond must be positive, got ${opts.refillPerSecond}`)
  const b = new Budget(opts)
  const middleware: Middleware =
    (next: HttpClient): HttpClient =>
    (req) =>
    async () => {
      b.requests++
      const id = await b.room(req)
      return id === undefined ? aborted(req) : b.exchange(next, req, id)
    }
  return Object.assign(middleware, { stats: () => b.stats() })
}
