/**
 * nodeTransport: an HttpClient on Node from one exchange function — what both Node transports
 * (http1Client, nodeHttpClient) share around their exchanges: the redirect and timeout defaults,
 * the targeting of URLs, and a request aborted before it was sent.
 */
import * as E from 'fp-ts/Either'
import { httpError, type HttpClient, type HttpError, type HttpRequest, type HttpResponse } from './http'
import { targeting, type RequestTarget } from './request-target'

// ── model ────────────────────────────────────────────────────────────────────
export interface NodeTransportOptions {
  /** redirects followed per request (default 5); past it, the last 3xx response is returned */
  readonly maxRedirects?: number
  /** the bound of a request that names no `timeoutMs` (default DEFAULT_TIMEOUT_MS) */
  readonly timeoutMs?: number
}

/**
 * No request is ever unbounded: a request without its own timeout gets this one. The timer also
 * keeps the event loop alive while a request is pending, so a process never drains and exits in
 * the middle of a step.
 */
export const DEFAULT_TIMEOUT_MS = 60_000

/** One request and its redirects, settled exactly once through `resolve`. */
export type Exchange<O> = (
  req: HttpRequest,
  target: (url: string) => RequestTarget<O>,
  maxRedirects: number,
  timeoutMs: number,
  resolve: (r: E.Either<HttpError, HttpResponse>) => void,
) => void

// ── constructor ──────────────────────────────────────────────────────────────
export const nodeTransport =
  <O>(originOf: (u: URL) => O, exchange: Exchange<O>) =>
  (opts: NodeTransportOptions = {}): HttpClient => {
    const maxRedirects = opts.maxRedirects ?? 5
    const defaultTimeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const target = targeting(originOf)
    return (req) => () => {
      if (req.signal?.aborted)
        return Promise.resolve(
          E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted before it was sent`, false)),
        )
      const timeoutMs = req.timeoutMs !== undefined && req.timeoutMs > 0 ? req.timeoutMs : defaultTimeoutMs
      return new Promise((resolve) => exchange(req, target, maxRedirects, timeoutMs, resolve))
    }
  }
