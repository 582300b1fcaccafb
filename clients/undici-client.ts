/**
 * undiciClient: the transport on Node, over undici's dispatcher (keep-alive pools per origin,
 * replies read by llhttp, Node's own parser). What trellis adds around it: every request bounded
 * end to end (headers and body, redirects included: a server that hangs or drips is cut off at
 * the timeout, DEFAULT_TIMEOUT_MS when the request names none), the caller's AbortSignal, an
 * HttpError that says whether the request could have reached the server (it could once undici has
 * begun writing it on a connected socket; connect, DNS, TLS and proxy refusals come before),
 * gzip/deflate/br, redirects followed here so credentials never leave their origin, proxies
 * chosen per request (proxyFor) and a custom CA. undici is loaded by the first request.
 */
import * as E from 'fp-ts/Either'
import type * as Undici from 'undici'
import { httpError, type HttpClient, type HttpError, type HttpRequest, type HttpResponse } from './http'
import { isRedirect, redirectHop, type Hop } from './redirect'
import { transportError } from './transport-error'
import { ENCODINGS, inflate } from './inflate'
import { basicAuth, targeting, type RequestTarget } from './request-target'
import { dispatcherOf, loadUndici, type DispatcherOptions } from './dispatchers'
import { replyHeaders } from './reply-headers'
import { proxyShown } from './proxy-for'

// ── model ────────────────────────────────────────────────────────────────────
export interface UndiciClientOptions extends DispatcherOptions {
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

/** Where a request's connection goes: undici's origin, and user info as a Basic authorization. */
interface Origin {
  readonly url: URL
  readonly origin: string
  readonly auth: string | undefined
}
const originOf = (u: URL): Origin => ({ url: u, origin: u.origin, auth: basicAuth(u) })

const ACCEPT_ENCODING = 'gzip, deflate, br'
const BODY_EXPECTED: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH'])

const headersOf = (hop: Hop, t: RequestTarget<Origin>, body: string | undefined): Record<string, string> => {
  const h: Record<string, string> = { ...hop.headers }
  if (t.origin.auth !== undefined && h['authorization'] === undefined) h['authorization'] = t.origin.auth
  if (h['accept-encoding'] === undefined) h['accept-encoding'] = ACCEPT_ENCODING
  if (body === undefined && h['content-length'] === undefined && BODY_EXPECTED.has(hop.method))
    h['content-length'] = '0'
  return h
}

// ── one attempt ──────────────────────────────────────────────────────────────
/** One hop's dispatch handler: what undici tells of one request, passed to its exchange. */
class Attempt implements Undici.Dispatcher.DispatchHandler {
  controller: Undici.Dispatcher.DispatchController | undefined
  connected = false
  responded = false
  complete = false
  status = 0
  headers: Record<string, string> = {}
  readonly chunks: Buffer[] = []

  constructor(
    readonly exchange: Exchange,
    readonly hop: Hop,
    readonly proxy: string | undefined,
  ) {}

  onRequestStart(controller: Undici.Dispatcher.DispatchController): void {
    // undici is about to write the request on a connected socket: from here it may reach the server
    if (this.exchange.current !== this) return controller.abort(new Error('the exchange is over'))
    this.controller = controller
    this.connected = true
  }
  onResponseStart(
    _c: Undici.Dispatcher.DispatchController,
    status: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.responded = true
    this.status = status
    this.headers = replyHeaders(headers)
  }
  onResponseData(_c: Undici.Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk)
  }
  onResponseEnd(): void {
    this.complete = true
    this.exchange.ended(this)
  }
  onResponseError(_c: Undici.Dispatcher.DispatchController, e: Error): void {
    this.exchange.failed(this, e, { cut: this.responded && !this.complete })
  }
}

// ── one exchange ─────────────────────────────────────────────────────────────
type Settle = (r: E.Either<HttpError, HttpResponse>) => void
type Flags = { readonly timedOut?: boolean; readonly aborted?: boolean; readonly cut?: boolean }

/** One request and the redirects it leads to, settled exactly once: answer, failure or timer. */
class Exchange {
  current: Attempt | undefined
  settled = false
  hops = 0
  firstOrigin: string | undefined
  readonly timer: ReturnType<typeof setTimeout>
  readonly onAbort = (): void => this.failed(this.current, undefined, { aborted: true })

  constructor(
    readonly req: HttpRequest,
    readonly client: Client,
    readonly timeoutMs: number,
    readonly resolve: Settle,
  ) {
    // covers the whole exchange, redirects and body included, and settles by itself
    this.timer = setTimeout(() => this.failed(this.current, undefined, { timedOut: true }), timeoutMs)
    req.signal?.addEventListener('abort', this.onAbort, { once: true })
  }

  settle(r: E.Either<HttpError, HttpResponse>): void {
    if (this.settled) return
    this.settled = true
    clearTimeout(this.timer)
    this.req.signal?.removeEventListener('abort', this.onAbort)
    const a = this.current
    this.current = undefined
    // whatever of this exchange is still open goes (undici destroys its socket)
    if (a && !a.complete) a.controller?.abort(new Error('the exchange is over'))
    this.resolve(r)
  }

  failed(a: Attempt | undefined, e: unknown, flags: Flags = {}): void {
    if (this.settled || (a !== undefined && a !== this.current)) return
    const hop = a?.hop ?? { method: this.req.method, url: this.req.url }
    const err = transportError(e, {
      method: hop.method,
      url: hop.url,
      watched: true,
      connected: a?.connected ?? false,
      responded: a?.responded ?? false,
      timedOut: flags.timedOut ?? false,
      aborted: flags.aborted ?? false,
      cut: flags.cut ?? false,
      timeoutMs: this.timeoutMs,
    })
    this.settle(E.left(a?.proxy === undefined ? err : throughProxy(err, a.proxy)))
  }

  ended(a: Attempt): void {
    if (this.settled || a !== this.current) return
    const location = a.headers['location']
    if (location !== undefined && isRedirect(a.status) && this.hops < this.client.maxRedirects) {
      this.firstOrigin ??= new URL(this.req.url).origin
      const next = redirectHop(a.hop, a.status, location, this.firstOrigin)
      if (next) {
        this.hops++
        return this.send(next)
      }
    }
    const { status, headers } = a
    const answer = (body: string): void =>
      this.settle(E.right({ status, headers, body: a.hop.method === 'HEAD' ? '' : body }))
    const raw = a.chunks.length === 1 ? a.chunks[0] : Buffer.concat(a.chunks)
    const encoding = headers['content-encoding']?.trim().toLowerCase()
    if (encoding === undefined || !ENCODINGS.has(encoding)) return answer(raw.toString('utf8'))
    inflate(encoding, raw).then(answer, (e: unknown) => this.failed(a, e))
  }

  send(hop: Hop): void {
    let t: RequestTarget<Origin>
    try {
      t = this.client.target(hop.url)
    } catch (e) {
      return this.failed(undefined, e)
    }
    const { dispatcher, proxy } = this.client.dispatcherFor(t.origin.url)
    const a = new Attempt(this, hop, proxy)
    this.current = a
    const body = hop.body !== undefined && hop.method !== 'GET' && hop.method !== 'HEAD' ? hop.body : undefined
    // undici's own timers are off: this exchange's one bound covers headers and body
    const opts: Undici.Dispatcher.DispatchOptions = {
      origin: t.origin.origin,
      path: t.path,
      method: hop.method,
      headers: headersOf(hop, t, body),
      headersTimeout: 0,
      bodyTimeout: 0,
    }
    if (body !== undefined) opts.body = body
    try {
      dispatcher.dispatch(opts, a)
    } catch (e) {
      this.failed(a, e)
    }
  }
}

/** The error of a request through a proxy names the proxy (never its credentials) and nothing secret of it. */
const throughProxy = (err: HttpError, proxy: string): HttpError => {
  let message = `${err.message} (through the proxy ${proxyShown(proxy)})`
  try {
    const u = new URL(proxy)
    for (const secret of [u.password, u.username, decodeURIComponent(u.password)])
      if (secret.length >= 3) message = message.split(secret).join('***')
  } catch {
    // proxyShown printed nothing of it
  }
  return { ...err, message }
}

// ── interpreter ──────────────────────────────────────────────────────────────
interface Client {
  readonly maxRedirects: number
  readonly target: (url: string) => RequestTarget<Origin>
  readonly dispatcherFor: (url: URL) => { readonly dispatcher: Undici.Dispatcher; readonly proxy: string | undefined }
}

/** The transport over undici with keep-alive pools per origin, every request bounded. */
export const undiciClient = (opts: UndiciClientOptions = {}): HttpClient => {
  const defaultTimeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let client: Client | undefined
  const made = (u: typeof Undici): Client =>
    (client ??= {
      maxRedirects: opts.maxRedirects ?? 5,
      target: targeting(originOf),
      dispatcherFor: dispatcherOf(u, opts),
    })
  return (req) => () => {
    if (req.signal?.aborted)
      return Promise.resolve(
        E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted before it was sent`, false)),
      )
    const timeoutMs = req.timeoutMs !== undefined && req.timeoutMs > 0 ? req.timeoutMs : defaultTimeoutMs
    const start = (u: typeof Undici) =>
      new Promise<E.Either<HttpError, HttpResponse>>((resolve) =>
        new Exchange(req, made(u), timeoutMs, resolve).send({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: req.body,
        }),
      )
    const u = loadUndici()
    return u instanceof Promise
      ? u.then(start, (e: unknown) => E.left(transportError(e, notStarted(req, timeoutMs))))
      : start(u)
  }
}

const notStarted = (req: HttpRequest, timeoutMs: number) => ({
  method: req.method,
  url: req.url,
  watched: true,
  connected: false,
  responded: false,
  timedOut: false,
  aborted: false,
  cut: false,
  timeoutMs,
})
