/**
 * rateBudget: a client-side token bucket (one per platform client) that spaces requests out, and
 * listens to the server's own count: when a response says the window is used up (remaining at or
 * below `reserve`), later requests wait for the window's reset instead of collecting 429s. A long
 * apply thus stays inside the platform's limit; `retry` only has to deal with the surprises.
 */
import * as E from 'fp-ts/Either'
import type { HttpClient, Middleware } from './http'
import { httpError } from './http'
import { rateLimitOf, retryAfterMs, sleep as realSleep } from './retry'

// ── model ────────────────────────────────────────────────────────────────────
export interface RateBudgetOptions {
  /** burst size: tokens in a full bucket */
  readonly capacity: number
  readonly refillPerSecond: number
  /** treat `remaining <= reserve` as exhausted (default 0), e.g. to leave room for other tools */
  readonly reserve?: number
  /** longest single wait (default 300 000): past it the request goes and `retry` handles the 429 */
  readonly maxWaitMs?: number
  readonly now?: () => number
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** called before each wait, e.g. for a progress line on a long apply */
  readonly onWait?: (info: { readonly method: string; readonly url: string; readonly waitMs: number; readonly reason: 'budget' | 'server' }) => void
}

export interface RateBudgetStats {
  readonly requests: number
  readonly waits: number
  readonly waitedMs: number
  /** tokens left in the bucket now (negative: requests are queued) */
  readonly tokens: number
  /** the server's last reported count, minus the requests sent since */
  readonly serverRemaining?: number
  readonly serverLimit?: number
  /** epoch ms when the server's window resets */
  readonly serverResetAt?: number
}

export type RateBudget = Middleware & { readonly stats: () => RateBudgetStats }

// ── constructor ──────────────────────────────────────────────────────────────
export const rateBudget = (opts: RateBudgetOptions): RateBudget => {
  if (!(opts.capacity >= 1)) throw new Error(`rateBudget: capacity must be at least 1, got ${opts.capacity}`)
  if (!(opts.refillPerSecond > 0)) throw new Error(`rateBudget: refillPerSecond must be positive, got ${opts.refillPerSecond}`)
  const now = opts.now ?? Date.now
  const sleep = opts.sleep ?? realSleep
  const reserve = opts.reserve ?? 0
  const maxWaitMs = opts.maxWaitMs ?? 300_000

  let tokens = opts.capacity
  let refilledAt = now()
  let server: { remaining: number; resetAt: number; limit?: number } | undefined
  /** set by a 429's Retry-After: nobody goes before it */
  let blockedUntil = 0
  let requests = 0
  let waits = 0
  let waitedMs = 0

  const refill = (t: number): void => {
    tokens = Math.min(opts.capacity, tokens + ((t - refilledAt) / 1000) * opts.refillPerSecond)
    refilledAt = t
  }

  /**
   * Takes a token now (a reservation: the bucket may go negative, so concurrent requests queue up
   * in arrival order) and says how long to wait before sending.
   */
  const take = (): { waitMs: number; reason: 'budget' | 'server' } => {
    const t = now()
    refill(t)
    tokens -= 1
    const budgetWait = tokens < 0 ? (-tokens / opts.refillPerSecond) * 1000 : 0
    let serverWait = Math.max(0, blockedUntil - t)
    if (server !== undefined) {
      if (t >= server.resetAt) server = undefined
      else if (server.remaining <= reserve) serverWait = Math.max(serverWait, server.resetAt - t)
      else server.remaining -= 1
    }
    const waitMs = Math.min(maxWaitMs, Math.ceil(Math.max(budgetWait, serverWait)))
    return { waitMs, reason: serverWait > budgetWait ? 'server' : 'budget' }
  }

  const learn = (headers: Readonly<Record<string, string>>, status: number): void => {
    const t = now()
    const rl = rateLimitOf(headers, t)
    if (rl.remaining !== undefined && rl.resetAt !== undefined) {
      // within one window keep the lower count: answers can arrive out of order
      const remaining = server !== undefined && server.resetAt === rl.resetAt ? Math.min(server.remaining, rl.remaining) : rl.remaining
      server = { remaining, resetAt: rl.resetAt, limit: rl.limit }
    }
    if (status === 429) {
      const after = retryAfterMs(headers, t)
      if (after !== undefined) blockedUntil = Math.max(blockedUntil, t + after)
      if (rl.resetAt !== undefined && rl.resetAt > t) server = { remaining: 0, resetAt: rl.resetAt, limit: rl.limit }
    }
  }

  const middleware: Middleware =
    (next: HttpClient): HttpClient =>
    (req) =>
    async () => {
      requests++
      const { waitMs, reason } = take()
      if (waitMs > 0) {
        waits++
        waitedMs += waitMs
        opts.onWait?.({ method: req.method, url: req.url, waitMs, reason })
        try {
          await sleep(waitMs, req.signal)
        } catch {
          return E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted while waiting for the rate budget`, false))
        }
      }
      const result = await next(req)()
      if (E.isRight(result)) learn(result.right.headers, result.right.status)
      return result
    }

  const stats = (): RateBudgetStats => {
    refill(now())
    return {
      requests,
      waits,
      waitedMs,
      tokens,
      ...(server !== undefined ? { serverRemaining: server.remaining, serverResetAt: server.resetAt, ...(server.limit !== undefined ? { serverLimit: server.limit } : {}) } : {}),
    }
  }

  return Object.assign(middleware, { stats })
}
