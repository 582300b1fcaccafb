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

// ── constructor ──────────────────────────────────────────────────────────────
/** A middleware keeping requests within a per-platform budget (token bucket, honouring rate-limit headers). */
export const rateBudget = (opts: RateBudgetOptions): RateBudget => {
  if (!(opts.capacity >= 1)) throw new Error(`rateBudget: capacity must be at least 1, got ${opts.capacity}`)
  if (!(opts.refillPerSecond > 0))
    throw new Error(`rateBudget: refillPerSecond must be positive, got ${opts.refillPerSecond}`)
  const now = opts.now ?? Date.now
  const sleep = opts.sleep ?? realSleep
  const reserve = opts.reserve ?? 0
  const maxWaitMs = opts.maxWaitMs ?? MAX_SERVER_WAIT_MS

  let tokens = opts.capacity
  let refilledAt = now()
  /**
   * The server's current window: the lowest count it reported for it (or the limit, from its start),
   * when it ends (unknown just after a reset, until an answer from the new window says) and its limit.
   */
  let server: { reported: number; resetAt?: number; limit?: number } | undefined
  /**
   * Requests answered without a count since the window's last report, each as the sequence number
   * of the last request sent when it was answered: a later report from a request sent after that
   * includes it.
   */
  let uncounted: number[] = []
  /** set by a 429's Retry-After: nobody goes before it */
  let blockedUntil = 0
  let requests = 0
  let waits = 0
  let waitedMs = 0
  /** sequence number of the last request sent */
  let sent = 0
  /** sequence numbers of the requests sent and not yet answered */
  const inFlight = new Set<number>()
  /** requests waiting for the next answer, which may free room in the window */
  let answerWaiters: Array<() => void> = []

  const refill = (t: number): void => {
    tokens = Math.min(opts.capacity, tokens + ((t - refilledAt) / 1000) * opts.refillPerSecond)
    refilledAt = t
  }

  /**
   * Takes a token now (a reservation: the bucket may go negative, so concurrent requests queue up
   * in arrival order) and says how long to wait for it.
   */
  const takeToken = (): number => {
    refill(now())
    tokens -= 1
    return tokens < 0 ? Math.ceil((-tokens / opts.refillPerSecond) * 1000) : 0
  }

  /** Past the server's reset its window is full again, less what is in flight (it may land there). */
  const rollover = (t: number): void => {
    if (server?.resetAt !== undefined && t >= server.resetAt) {
      server = server.limit !== undefined ? { reported: server.limit, limit: server.limit } : undefined
      uncounted = []
    }
  }

  /** What the window has left for requests not yet sent. */
  const remainingNow = (): number | undefined =>
    server === undefined ? undefined : server.reported - inFlight.size - uncounted.length

  /** What holds a request back now: a time to wait until (or an earlier answer), an answer, or nothing. */
  const gate = (t: number): { until?: number; orAnswer: boolean } | undefined => {
    rollover(t)
    if (blockedUntil > t) return { until: blockedUntil, orAnswer: false }
    const remaining = remainingNow()
    if (remaining === undefined || remaining > reserve) return undefined
    // an answer may show an in-flight request was already counted, or bring the window's end; with
    // nothing in flight and no known end nobody will say, so the request goes and finds out
    if (server!.resetAt !== undefined) return { until: server!.resetAt, orAnswer: inFlight.size > 0 }
    return inFlight.size > 0 ? { orAnswer: true } : undefined
  }

  const nextAnswer = (signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('aborted'))
      const onAbort = (): void => {
        answerWaiters = answerWaiters.filter((w) => w !== wake)
        reject(new Error('aborted'))
      }
      const wake = (): void => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      answerWaiters.push(wake)
      signal?.addEventListener('abort', onAbort, { once: true })
    })

  /** Learns from the answer to request `id` (already out of `inFlight`). */
  const learn = (id: number, headers: Readonly<Record<string, string>>, status: number): void => {
    const t = now()
    rollover(t)
    const told = rateLimitOf(headers, t)
    // a reset further away than anyone waits is not a window this client can plan with
    const rl =
      told.resetAt !== undefined && told.resetAt - t > MAX_SERVER_WAIT_MS ? { ...told, resetAt: undefined } : told
    // a window already over says nothing about the current one; nor does an older one
    const current =
      rl.resetAt !== undefined && rl.resetAt > t && !(server?.resetAt !== undefined && rl.resetAt < server.resetAt)
    const limit = rl.limit ?? server?.limit
    if (status === 429) {
      const after = retryAfterMs(headers, t)
      if (after !== undefined && after <= MAX_SERVER_WAIT_MS) blockedUntil = Math.max(blockedUntil, t + after)
      if (current) {
        server = { reported: 0, resetAt: rl.resetAt, limit }
        uncounted = []
      }
      return
    }
    if (rl.remaining !== undefined && current) {
      const sameWindow = server !== undefined && server.resetAt === rl.resetAt
      // within one window the lowest count is the latest snapshot (answers arrive out of order)
      if (!sameWindow || rl.remaining <= server!.reported) {
        server = {
          reported: sameWindow ? Math.min(server!.reported, rl.remaining) : rl.remaining,
          resetAt: rl.resetAt,
          limit,
        }
        // answered before this request was sent: counted in its snapshot
        uncounted = uncounted.filter((at) => at >= id)
      }
    } else if (server !== undefined && !(rl.resetAt !== undefined && rl.resetAt <= t)) {
      // answered without a count (or a 429 without one): it may have been counted after the last report
      uncounted.push(sent)
    }
  }

  const aborted = (req: Parameters<HttpClient>[0]): E.Either<HttpError, HttpResponse> =>
    E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted while waiting for the rate budget`, false))

  const middleware: Middleware =
    (next: HttpClient): HttpClient =>
    (req) =>
    async () => {
      requests++
      let waited = 0
      const wait = async (ms: number, reason: 'budget' | 'server', orAnswer: boolean): Promise<boolean> => {
        waits++
        opts.onWait?.({ method: req.method, url: req.url, waitMs: ms, reason })
        if (!orAnswer) {
          waitedMs += ms
          waited += ms
          try {
            await sleep(ms, req.signal)
            return true
          } catch {
            return false
          }
        }
        // whichever comes first; the timer is cancelled when an answer wins. Only the time really
        // waited counts towards maxWaitMs: answers may wake this request many times
        const before = now()
        const stop = new AbortController()
        const signal = req.signal !== undefined ? AbortSignal.any([req.signal, stop.signal]) : stop.signal
        try {
          await Promise.race([sleep(ms, signal), nextAnswer(req.signal)])
          return true
        } catch {
          return !req.signal?.aborted
        } finally {
          stop.abort()
          const took = Math.max(0, now() - before)
          waitedMs += took
          waited += took
        }
      }
      const budgetWait = Math.min(maxWaitMs, takeToken())
      if (budgetWait > 0 && !(await wait(budgetWait, 'budget', false))) return aborted(req)
      // the server's window is checked again after every wait: it may have been used up (or reset)
      // meanwhile; past maxWaitMs in all the request goes and `retry` handles a 429
      for (;;) {
        const t = now()
        const g = gate(t)
        if (g === undefined || waited >= maxWaitMs) break
        if (g.until === undefined) {
          try {
            await nextAnswer(req.signal)
          } catch {
            return aborted(req)
          }
          continue
        }
        const ms = Math.min(maxWaitMs - waited, Math.max(1, Math.ceil(g.until - t)))
        if (!(await wait(ms, 'server', g.orAnswer))) return aborted(req)
      }
      rollover(now())
      const id = ++sent
      inFlight.add(id)
      let result: E.Either<HttpError, HttpResponse> | undefined
      try {
        result = await next(req)()
      } finally {
        inFlight.delete(id)
        if (result !== undefined && E.isRight(result)) learn(id, result.right.headers, result.right.status)
        else if (server !== undefined) uncounted.push(sent)
        const woken = answerWaiters
        answerWaiters = []
        for (const w of woken) w()
      }
      return result
    }

  const stats = (): RateBudgetStats => {
    const t = now()
    refill(t)
    rollover(t)
    const remaining = remainingNow()
    return {
      requests,
      waits,
      waitedMs,
      tokens,
      inFlight: inFlight.size,
      ...(server !== undefined && remaining !== undefined
        ? {
            serverRemaining: remaining,
            ...(server.resetAt !== undefined ? { serverResetAt: server.resetAt } : {}),
            ...(server.limit !== undefined ? { serverLimit: server.limit } : {}),
          }
        : {}),
    }
  }

  return Object.assign(middleware, { stats })
}
