/**
 * fetchClient: the real transport. On Node it is undiciClient (undici's keep-alive pools per
 * origin, proxies chosen per request, a custom CA); given a fetch implementation (a user's own,
 * Node's built-in, a test double), or where Node's modules do not exist, it sends through fetch —
 * cross-fetch when none is given (the only module that imports it). Either way every request is
 * bounded end to end (headers and body, DEFAULT_TIMEOUT_MS when the request names none), honours
 * the caller's AbortSignal, maps every transport failure to an HttpError that says whether the
 * request could have reached the server, and follows redirects itself so that credentials never
 * leave their origin.
 */
import * as E from 'fp-ts/Either'
import type { HttpClient, HttpRequest, HttpResponse } from './http'
import { httpError } from './http'
import { DEFAULT_TIMEOUT_MS, undiciClient } from './undici-client'
import type { DispatcherOptions } from './dispatchers'
import { isRedirect, redirectHop, type Hop } from './redirect'
import { transportError } from './transport-error'

export { DEFAULT_TIMEOUT_MS } from './undici-client'
export type { ProxySettings } from './proxy-for'

// ── model ────────────────────────────────────────────────────────────────────
export interface FetchClientOptions extends DispatcherOptions {
  /** a fetch implementation (default: undici on Node, cross-fetch elsewhere); `proxy`, `ca`, `lookup` are undici's */
  readonly fetch?: typeof globalThis.fetch
  /**
   * 'undici', the only transport on Node. Removed: 'http1' and 'node:http' (the hand-written
   * HTTP/1.1 client and the node:http one) — leave `transport` out, or give `fetch` for another.
   */
  readonly transport?: 'undici'
  /** redirects followed per request (default 5); past it, the last 3xx response is returned */
  readonly maxRedirects?: number
  /** the bound of a request that names no `timeoutMs` (default DEFAULT_TIMEOUT_MS) */
  readonly timeoutMs?: number
}

const onNode = (): boolean =>
  typeof process !== 'undefined' && typeof (process as { versions?: { node?: unknown } }).versions?.node === 'string'

// ── interpreter ──────────────────────────────────────────────────────────────
const lowerHeaders = (h: Headers): Record<string, string> => {
  const out: Record<string, string> = {}
  h.forEach((value, name) => {
    out[name.toLowerCase()] = value
  })
  return out
}

// cross-fetch is loaded by the first request that needs it, not when the module is
let crossFetch: Promise<typeof globalThis.fetch> | undefined
const defaultFetch = () =>
  (crossFetch ??= import('cross-fetch').then((m: { default: typeof globalThis.fetch }) => m.default))

/**
 * Over a fetch implementation. fetch does not say whether a connection was made, so a failure it
 * cannot name (no system error code) is taken as maybe sent, and a reply cut mid-body is noticed
 * only if the implementation rejects its body (otherwise the timeout ends it).
 */
const overFetch = (opts: FetchClientOptions): HttpClient => {
  const maxRedirects = opts.maxRedirects ?? 5
  const defaultTimeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS

  return (req: HttpRequest) => async () => {
    if (req.signal?.aborted)
      return E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted before it was sent`, false))
    const impl = opts.fetch ?? (await defaultFetch())

    const ctl = new AbortController()
    let timedOut = false
    let aborted = false
    const onAbort = (): void => {
      aborted = true
      ctl.abort()
    }
    req.signal?.addEventListener('abort', onAbort, { once: true })
    const timeoutMs = req.timeoutMs !== undefined && req.timeoutMs > 0 ? req.timeoutMs : defaultTimeoutMs
    // covers the whole exchange, body included: cleared only once the body was read
    const timer = setTimeout(() => {
      timedOut = true
      ctl.abort()
    }, timeoutMs)

    let origin: string | undefined
    let hop: Hop = { method: req.method, url: req.url, headers: req.headers, body: req.body }
    try {
      for (let hops = 0; ; hops++) {
        let responded = false
        try {
          const init: RequestInit = { method: hop.method, headers: hop.headers, redirect: 'manual', signal: ctl.signal }
          if (hop.body !== undefined && hop.method !== 'GET' && hop.method !== 'HEAD') init.body = hop.body
          const res = await impl(hop.url, init)
          responded = true
          const text = hop.method === 'HEAD' ? '' : await res.text()
          const response: HttpResponse = { status: res.status, headers: lowerHeaders(res.headers), body: text }
          const location = response.headers['location']
          if (!isRedirect(response.status) || location === undefined || hops >= maxRedirects) return E.right(response)
          origin ??= new URL(req.url).origin
          const next = redirectHop(hop, response.status, location, origin)
          if (!next) return E.right(response)
          hop = next
        } catch (e) {
          return E.left(
            transportError(e, {
              method: hop.method,
              url: hop.url,
              watched: false,
              connected: false,
              timedOut,
              aborted,
              cut: false,
              timeoutMs,
              responded,
            }),
          )
        }
      }
    } finally {
      clearTimeout(timer)
      req.signal?.removeEventListener('abort', onAbort)
    }
  }
}

const REMOVED: ReadonlySet<unknown> = new Set(['http1', 'node:http'])

/** Options no transport can honour, named before any request (a JavaScript caller has no type check). */
const refused = (opts: FetchClientOptions): string | undefined => {
  const t: unknown = opts.transport
  if (REMOVED.has(t))
    return `fetchClient: transport ${JSON.stringify(t)} was removed; requests on Node go through undici (leave \`transport\` out), or give \`fetch\``
  if (t !== undefined && t !== 'undici') return `fetchClient: transport: expected 'undici', got ${JSON.stringify(t)}`
  if (opts.fetch !== undefined && (opts.proxy !== undefined || opts.ca !== undefined || opts.lookup !== undefined))
    return "fetchClient: `proxy`, `ca` and `lookup` are the undici transport's; a `fetch` given brings its own"
  return undefined
}

/** The real transport, every request bounded in time: undici on Node, or the fetch given (cross-fetch elsewhere). */
export const fetchClient = (opts: FetchClientOptions = {}): HttpClient => {
  const why = refused(opts)
  if (why !== undefined) throw new TypeError(why)
  return opts.fetch !== undefined || !onNode() ? overFetch(opts) : undiciClient(opts)
}
