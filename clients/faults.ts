/**
 * faults: a middleware for wrapping an emulator client that makes it misbehave like a real
 * platform on a bad day — rate limiting, 5xx, connections reset before or after the request was
 * applied, timeouts, slow answers — chosen by a seeded PRNG, so a chaos run that finds a bug can be
 * replayed with the same seed. It exercises retry, reconciliation and the write-ahead journal.
 */
import * as E from 'fp-ts/Either'
import type { HttpClient, HttpRequest, HttpResponse, Middleware } from './http'
import { httpError } from './http'
import { prng } from './prng'
import { sleep as realSleep } from './retry'

// ── model ────────────────────────────────────────────────────────────────────
export type FaultKind = 'latency' | '429' | '500' | '502' | '503' | 'reset-before' | 'reset-after' | 'timeout'

export const FAULT_KINDS: ReadonlyArray<FaultKind> = [
  'latency',
  '429',
  '500',
  '502',
  '503',
  'reset-before',
  'reset-after',
  'timeout',
]

export interface FaultOptions {
  readonly seed: number
  /** probability (0..1) that a request gets a fault */
  readonly rate: number
  /** faults to choose from (default: all) */
  readonly kinds?: ReadonlyArray<FaultKind>
  /** when set, every request is delayed this much (a slow network) */
  readonly latencyMs?: number
  /** the extra delay of a `latency` fault (default 100) */
  readonly spikeMs?: number
  /** how long a `timeout` fault hangs before failing (default 50) */
  readonly timeoutMs?: number
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly now?: () => number
}

export type Faults = Middleware & { readonly stats: () => Record<string, number> }

// ── constructor ──────────────────────────────────────────────────────────────
/** A middleware injecting failures (errors, timeouts, resets) at a seeded rate, for reliability tests. */
export const faults = (opts: FaultOptions): Faults => {
  if (!(opts.rate >= 0 && opts.rate <= 1)) throw new Error(`faults: rate must be between 0 and 1, got ${opts.rate}`)
  const kinds = opts.kinds ?? FAULT_KINDS
  if (kinds.length === 0 && opts.rate > 0) throw new Error('faults: kinds is empty')
  const random = prng(opts.seed)
  const sleep = opts.sleep ?? realSleep
  const now = opts.now ?? Date.now
  const counts: Record<string, number> = { requests: 0, ok: 0, ...Object.fromEntries(kinds.map((k) => [k, 0])) }

  /** Draws the fault for the next request; called once per request, in arrival order. */
  const draw = (): FaultKind | undefined => {
    if (random() >= opts.rate) return undefined
    return kinds[Math.min(kinds.length - 1, Math.floor(random() * kinds.length))]
  }

  const errorReply = (status: number, extra: Record<string, string> = {}): HttpResponse => {
    const message = `injected fault: ${status}`
    // both REST error shapes: cost reads `errors`, hosting reads `code`/`message`
    return {
      status,
      headers: { 'content-type': 'application/json', ...extra },
      body: JSON.stringify({ code: status, message, errors: [message] }),
    }
  }

  const rateLimited = (): HttpResponse => {
    const reset = String(Math.ceil(now() / 1000) + 1)
    return errorReply(429, {
      'retry-after': '1',
      'x-ratelimit-limit': '500',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': reset,
      'x-rate-limit-limit': '1000',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': reset,
    })
  }

  const middleware: Middleware =
    (next: HttpClient): HttpClient =>
    (req: HttpRequest) =>
    async () => {
      counts.requests++
      const kind = draw()
      counts[kind ?? 'ok'] = (counts[kind ?? 'ok'] ?? 0) + 1
      const aborted = () =>
        E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted`, kind === 'reset-after'))
      try {
        if (opts.latencyMs !== undefined && opts.latencyMs > 0) await sleep(opts.latencyMs, req.signal)
        if (kind === 'latency') await sleep(opts.spikeMs ?? 100, req.signal)
        if (kind === 'timeout') {
          await sleep(opts.timeoutMs ?? 50, req.signal)
          return E.left(httpError('Timeout', req, `${req.method} ${req.url}: injected timeout`, true))
        }
      } catch {
        return aborted()
      }
      switch (kind) {
        case '429':
          return E.right(rateLimited())
        case '500':
        case '502':
        case '503':
          return E.right(errorReply(Number(kind)))
        case 'reset-before':
          // the connection broke before the server saw it, but the caller cannot know that
          return E.left(httpError('ConnectionReset', req, `${req.method} ${req.url}: injected connection reset`, true))
        case 'reset-after': {
          const applied = await next(req)()
          return E.isLeft(applied)
            ? applied
            : E.left(
                httpError(
                  'ConnectionReset',
                  req,
                  `${req.method} ${req.url}: injected connection reset after the request was applied`,
                  true,
                ),
              )
        }
        default:
          return next(req)()
      }
    }

  return Object.assign(middleware, { stats: () => ({ ...counts }) })
}
