/**
 * retry: a middleware that repeats a request when the failure was transient and repeating it is
 * safe. Idempotent methods retry on 429/5xx and on network failures; a POST or PATCH only when it
 * surely did not reach the server (nothing was sent, or a 429: a rate-limited request is not
 * applied), because a repeated create makes duplicates — the engine reconciles those instead.
 * Waits use exponential backoff with full jitter, or what the server asked for (Retry-After, the
 * platforms' rate-limit reset headers), and both the attempts and the total time are bounded. A
 * server asking for a longer wait than MAX_SERVER_WAIT_MS is not waited for at all: its answer is
 * returned at once, and the protocol clients' error says what it asked for.
 */
import * as E from 'fp-ts/Either'
import type { HttpError, HttpRequest, HttpResponse, Middleware } from './http'
import { httpError } from './http'

// ── model ────────────────────────────────────────────────────────────────────
export interface RetryInfo {
  readonly method: string
  readonly url: string
  /** the attempt that just failed, 1-based */
  readonly attempt: number
  /** how long it waits before the next attempt */
  readonly delayMs: number
  /** `status 503`, `ConnectionReset`, … */
  readonly reason: string
  /** true when the wait came from the server (Retry-After or a reset header) */
  readonly serverAsked: boolean
}

export interface RetryOptions {
  /** attempts in all, the first included (default 5) */
  readonly maxAttempts?: number
  /** no wait starts that would end later than this after the first attempt (default 60 000) */
  readonly maxElapsedMs?: number
  /** first backoff ceiling (default 250) */
  readonly baseMs?: number
  /** largest backoff wait (default 20 000) */
  readonly capMs?: number
  /** largest wait a server may ask for and get (default MAX_SERVER_WAIT_MS); past it, no retry */
  readonly maxServerWaitMs?: number
  readonly random?: () => number
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly now?: () => number
  readonly onRetry?: (info: RetryInfo) => void
}

export interface RateLimitHeaders {
  readonly limit?: number
  readonly remaining?: number
  /** epoch milliseconds at which the window resets */
  readonly resetAt?: number
}

// ── helpers shared with the rate budget ──────────────────────────────────────
/** setTimeout as a promise; rejects when the signal aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'))
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(new Error('aborted'))
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      },
      Math.max(0, ms),
    )
    signal?.addEventListener('abort', onAbort, { once: true })
  })

const num = (v: string | undefined): number | undefined => {
  if (v === undefined) return undefined
  const n = Number(v.trim())
  return v.trim() !== '' && Number.isFinite(n) ? n : undefined
}

/**
 * The rate-limit headers of either family: `x-ratelimit-*` (hosting) and `x-rate-limit-*` (cost).
 * Both document the reset as Unix seconds; a small value is read as seconds from now, which is
 * what other APIs send under the same name.
 */
export const rateLimitOf = (headers: Readonly<Record<string, string>>, now: number): RateLimitHeaders => {
  const get = (suffix: string): string | undefined => {
    for (const [k, v] of Object.entries(headers)) {
      const name = k.toLowerCase()
      if (name === `x-ratelimit-${suffix}` || name === `x-rate-limit-${suffix}`) return v
    }
    return undefined
  }
  const reset = num(get('reset'))
  return {
    limit: num(get('limit')),
    remaining: num(get('remaining')),
    resetAt: reset === undefined ? undefined : reset < 1e9 ? now + reset * 1000 : reset * 1000,
  }
}

/** `Retry-After` (delta seconds or an HTTP-date) as a wait in ms. */
export const retryAfterMs = (headers: Readonly<Record<string, string>>, now: number): number | undefined => {
  const v = headers['retry-after']
  if (v === undefined) return undefined
  const secs = num(v)
  if (secs !== undefined) return Math.max(0, secs * 1000)
  const at = Date.parse(v)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * The longest wait a server may ask for and be given (Retry-After, rate-limit reset headers). Past
 * it the request fails at once with an error quoting what the server asked for: a platform that
 * wants an hour's pause is better told to the user than waited out.
 */
export const MAX_SERVER_WAIT_MS = 60_000

export interface ServerWait {
  readonly ms: number
  /** the header as sent, e.g. `Retry-After: 1000000000` */
  readonly header: string
}

/** How long the server asked us to wait before the next request, and in which header, if it said. */
export const serverWait = (res: HttpResponse, now: number): ServerWait | undefined => {
  const after = retryAfterMs(res.headers, now)
  if (after !== undefined) return { ms: after, header: `Retry-After: ${res.headers['retry-after']}` }
  const rl = rateLimitOf(res.headers, now)
  if (rl.resetAt !== undefined && (res.status === 429 || rl.remaining === 0)) {
    const name = Object.keys(res.headers).find((k) => /^x-rate-?limit-reset$/i.test(k))!
    return { ms: Math.max(0, rl.resetAt - now), header: `${name}: ${res.headers[name]}` }
  }
  return undefined
}

export const serverWaitMs = (res: HttpResponse, now: number): number | undefined => serverWait(res, now)?.ms

/** `45 s`, `3 h`, `31.7 years`: a wait as a person reads it. */
export const waitText = (ms: number): string => {
  const s = ms / 1000
  const units: ReadonlyArray<readonly [number, string]> = [
    [365.25 * 86_400, 'years'],
    [86_400, 'days'],
    [3_600, 'h'],
    [60, 'min'],
  ]
  for (const [size, unit] of units) if (s >= size * 2) return `${Math.round((s / size) * 10) / 10} ${unit}`
  return `${Math.round(s)} s`
}

/**
 * The note an error adds when the server asked for a wait past the cap (undefined otherwise):
 * `the platform asked to wait 31.7 years (Retry-After: 1000000000); trellis waits at most 60 s`.
 */
export const overlongWaitNote = (
  res: HttpResponse,
  now: number,
  capMs: number = MAX_SERVER_WAIT_MS,
): string | undefined => {
  const w = serverWait(res, now)
  if (w === undefined || w.ms <= capMs) return undefined
  return `the platform asked to wait ${waitText(w.ms)} (${w.header}); trellis waits at most ${waitText(capMs)}, try again later`
}

// ── policy ───────────────────────────────────────────────────────────────────
const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE'])
const RETRY_STATUS: ReadonlySet<number> = new Set([429, 500, 502, 503, 504])
const RETRY_KINDS: ReadonlySet<string> = new Set(['ConnectFailed', 'ConnectionReset', 'Timeout'])

/** Is repeating this request after this outcome both useful and safe? */
export const isRetryable = (req: Pick<HttpRequest, 'method'>, result: E.Either<HttpError, HttpResponse>): boolean => {
  const idempotent = IDEMPOTENT.has(req.method)
  if (E.isRight(result)) {
    const s = result.right.status
    return RETRY_STATUS.has(s) && (idempotent || s === 429)
  }
  const err = result.left
  if (!RETRY_KINDS.has(err.kind)) return false
  return idempotent || !err.sent
}

/** Did the last attempt reach the platform in a way that may have applied it? A 429 was not applied. */
const sentBefore = (result: E.Either<HttpError, HttpResponse>): boolean =>
  E.isRight(result) ? result.right.status !== 429 : result.left.sent

const reasonOf = (result: E.Either<HttpError, HttpResponse>): string =>
  E.isRight(result) ? `status ${result.right.status}` : result.left.kind

// ── combinator ───────────────────────────────────────────────────────────────
/** A middleware retrying 429, 5xx and network errors with backoff and jitter (a POST only when surely unsent). */
export const retry =
  (opts: RetryOptions = {}): Middleware =>
  (next) => {
    const maxAttempts = Math.max(1, opts.maxAttempts ?? 5)
    const maxElapsedMs = opts.maxElapsedMs ?? 60_000
    const baseMs = opts.baseMs ?? 250
    const capMs = opts.capMs ?? 20_000
    const maxServerWaitMs = opts.maxServerWaitMs ?? MAX_SERVER_WAIT_MS
    const random = opts.random ?? Math.random
    const wait = opts.sleep ?? sleep
    const now = opts.now ?? Date.now
    const done = (req: HttpRequest, result: E.Either<HttpError, HttpResponse>, attempt: number): boolean =>
      req.signal?.aborted === true || attempt >= maxAttempts || !isRetryable(req, result)

    /** the attempts after a first that failed in a way worth repeating */
    const again = async (
      req: HttpRequest,
      first: E.Either<HttpError, HttpResponse>,
      start: number,
    ): Promise<E.Either<HttpError, HttpResponse>> => {
      let result = first
      for (let attempt = 1; ; attempt++) {
        if (done(req, result, attempt)) return result
        const hint = E.isRight(result) ? serverWaitMs(result.right, now()) : undefined
        // asked for more than we ever wait: coming back sooner would be refused again
        if (hint !== undefined && hint > maxServerWaitMs) return result
        const delayMs = Math.round(hint ?? random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)))
        // give up now rather than wait past the time budget: the caller gets the last answer
        if (now() - start + delayMs > maxElapsedMs) return result
        opts.onRetry?.({
          method: req.method,
          url: req.url,
          attempt,
          delayMs,
          reason: reasonOf(result),
          serverAsked: hint !== undefined,
        })
        try {
          await wait(delayMs, req.signal)
        } catch {
          const sent = sentBefore(result)
          return E.left(
            httpError(
              'Aborted',
              req,
              `${req.method} ${req.url}: aborted while waiting to retry (${reasonOf(result)})`,
              sent,
            ),
          )
        }
        if (req.signal?.aborted) {
          return E.left(
            httpError(
              'Aborted',
              req,
              `${req.method} ${req.url}: aborted while waiting to retry (${reasonOf(result)})`,
              sentBefore(result),
            ),
          )
        }
        result = await next(req)()
      }
    }

    // the first attempt and its answer in one then: most requests need no second, and an async
    // frame per request (every request of a run passes here) cost a promise and microtask turns
    return (req) => () => {
      try {
        const start = now()
        return next(req)().then((result) => (done(req, result, 1) ? result : again(req, result, start)))
      } catch (e) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- whatever was thrown, as an async function would reject with it
        return Promise.reject(e)
      }
    }
  }
