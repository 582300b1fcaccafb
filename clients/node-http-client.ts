/**
 * nodeHttpClient: the transport on Node, an HttpClient straight over node:http and node:https with
 * keep-alive pools and no fetch layer in between (node-fetch's Request, Headers, Body and stream
 * wrappers were about half of a client's CPU per request at high concurrency). It bounds every
 * request end to end (headers and body: a server that hangs or drips is cut off at the timeout,
 * DEFAULT_TIMEOUT_MS when the request names none), notices a reply cut mid-body, honours the
 * caller's AbortSignal, maps every failure to an HttpError that says whether the request could have
 * reached the server (it watches the socket connect), and follows redirects itself so that
 * credentials never leave the origin they were configured for.
 */
import type * as Http from 'node:http'
import type * as Https from 'node:https'
import type { Socket } from 'node:net'
import type * as Zlib from 'node:zlib'
import * as E from 'fp-ts/Either'
import { httpError, type HttpClient, type HttpError, type HttpRequest, type HttpResponse } from './http'
import { localhostLookup } from './localhost-lookup'
import { isRedirect, redirectHop, type Hop } from './redirect'
import { transportError, type TransportAttempt } from './transport-error'

// ── model ────────────────────────────────────────────────────────────────────
export interface NodeHttpClientOptions {
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

// ── pools ────────────────────────────────────────────────────────────────────
// Node's modules are loaded by the first request (https, with TLS, by the first https one): a
// command that sends nothing does not load them. One keep-alive pool per scheme, shared by every
// client: maxSockets is left unbounded (Node's default), so the engine's concurrency, not the pool,
// decides how many requests are in flight, and idle sockets are reused by the next request. Idle
// ones close after 5 s (sooner when the server's Keep-Alive header says so) and never keep a
// finished process alive.
interface Scheme {
  readonly request: typeof Http.request
  readonly agent: Http.Agent
}
let plain: Scheme | undefined
let secure: Scheme | undefined
let loading: Promise<unknown> | undefined
let zlib: typeof Zlib | undefined

const AGENT_OPTIONS = { keepAlive: true, timeout: 5_000, lookup: localhostLookup }

const schemeOf = (tls: boolean): Scheme | Promise<Scheme> => {
  const s = tls ? secure : plain
  if (s) return s
  loading = (loading ?? Promise.resolve()).then(async () => {
    if (tls && !secure) {
      const https: typeof Https = await import('node:https')
      secure = { request: https.request, agent: new https.Agent(AGENT_OPTIONS) }
    }
    if (!tls && !plain) {
      const http: typeof Http = await import('node:http')
      plain = { request: http.request, agent: new http.Agent(AGENT_OPTIONS) }
    }
  })
  return loading.then(() => (tls ? secure! : plain!))
}

const zlibOf = async (): Promise<typeof Zlib> => (zlib ??= await import('node:zlib'))

// ── replies ──────────────────────────────────────────────────────────────────
const flatHeaders = (h: Http.IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const k in h) {
    const v = h[k]
    if (v !== undefined) out[k] = typeof v === 'string' ? v : v.join(', ')
  }
  return out
}

const ENCODINGS: ReadonlySet<string> = new Set(['gzip', 'x-gzip', 'deflate', 'br'])

/** A compressed body as text (deflate either zlib-wrapped or raw, as servers send both). */
const inflate = async (encoding: string, raw: Buffer): Promise<string> => {
  if (raw.length === 0) return ''
  const z = await zlibOf()
  const run = (f: (b: Buffer, cb: (e: Error | null, out: Buffer) => void) => void): Promise<string> =>
    new Promise((resolve, reject) => f(raw, (e, out) => (e ? reject(e) : resolve(out.toString('utf8')))))
  if (encoding === 'br') return run(z.brotliDecompress)
  if (encoding === 'deflate') return run((raw[0] & 0x0f) === 0x08 ? z.inflate : z.inflateRaw)
  return run(z.gunzip)
}

// ── one exchange ─────────────────────────────────────────────────────────────
type Settle = (r: E.Either<HttpError, HttpResponse>) => void

/** One request and the redirects it leads to, settled exactly once: answer, failure or timer. */
const exchange = (req: HttpRequest, maxRedirects: number, timeoutMs: number, resolve: Settle): void => {
  let hop: Hop = { method: req.method, url: req.url, headers: req.headers, body: req.body }
  let hops = 0
  let origin: string | undefined
  let current: Http.ClientRequest | undefined
  let connected = false
  let responded = false
  /** the reply whose body is being read */
  let reading: Http.IncomingMessage | undefined
  let settled = false
  const signal = req.signal

  const attempt = (flags: Partial<TransportAttempt>): TransportAttempt => ({
    method: hop.method,
    url: hop.url,
    watched: true,
    connected,
    responded,
    timedOut: false,
    aborted: false,
    cut: false,
    timeoutMs,
    ...flags,
  })
  const settle: Settle = (r) => {
    if (settled) return
    settled = true
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    resolve(r)
  }
  const fail = (e: unknown, flags: Partial<TransportAttempt> = {}): void => {
    if (settled) return
    settle(E.left(transportError(e, attempt(flags))))
    // whatever is still open of this exchange goes (its socket is not handed back to the pool)
    current?.destroy()
  }
  // covers the whole exchange, redirects and body included; settles by itself, so no wait on the
  // socket can outlive it
  const timer = setTimeout(() => fail(undefined, { timedOut: true }), timeoutMs)
  const onAbort = (): void => fail(undefined, { aborted: true })
  signal?.addEventListener('abort', onAbort, { once: true })

  const receive = (res: Http.IncomingMessage): void => {
    responded = true
    reading = res
    const status = res.statusCode ?? 0
    const headers = flatHeaders(res.headers)
    const encoding = headers['content-encoding']?.trim().toLowerCase()
    const compressed = encoding !== undefined && ENCODINGS.has(encoding)
    const chunks: Buffer[] = []
    let text = ''
    if (!compressed) res.setEncoding('utf8')
    res.on('data', (c: Buffer | string) => {
      if (typeof c === 'string') text += c
      else chunks.push(c)
    })
    // a connection closed mid-body (an error, or a close without one): the request was surely received
    res.on('error', (e) => fail(e, { cut: !res.complete }))
    res.once('close', () => {
      if (!res.complete) fail(new Error('the connection closed in the middle of the reply'), { cut: true })
    })
    res.once('end', () => {
      // the socket went back to the pool: a later failure must not destroy it
      current = undefined
      if (settled) return
      const location = headers['location']
      if (location !== undefined && isRedirect(status) && hops < maxRedirects) {
        origin ??= new URL(req.url).origin
        const next = redirectHop(hop, status, location, origin)
        if (next) {
          hops++
          hop = next
          return send()
        }
      }
      const answer = (body: string): void =>
        settle(E.right({ status, headers, body: hop.method === 'HEAD' ? '' : body }))
      if (!compressed) return answer(text)
      inflate(encoding, Buffer.concat(chunks)).then(answer, (e: unknown) => fail(e))
    })
  }

  const send = (): void => {
    connected = false
    responded = false
    reading = undefined
    const tls = hop.url.startsWith('https:')
    const scheme = schemeOf(tls)
    if (scheme instanceof Promise) {
      scheme.then(send, (e: unknown) => fail(e))
      return
    }
    let r: Http.ClientRequest
    try {
      // throws at once on a URL, scheme or header value Node refuses: nothing was sent
      r = scheme.request(hop.url, { method: hop.method, headers: hop.headers, agent: scheme.agent })
      if (hop.headers['accept-encoding'] === undefined) r.setHeader('accept-encoding', 'gzip, deflate, br')
    } catch (e) {
      return fail(e)
    }
    current = r
    r.on('error', (e) => fail(e, { cut: reading !== undefined && !reading.complete }))
    r.once('socket', (socket: Socket) => {
      // a pooled socket is already connected; a fresh one is not until its connect (TLS: handshake)
      if (!socket.connecting) connected = true
      else
        socket.once(tls ? 'secureConnect' : 'connect', () => {
          connected = true
        })
    })
    r.once('response', receive)
    // headers and body leave in one write
    if (hop.body !== undefined && hop.method !== 'GET' && hop.method !== 'HEAD') r.end(hop.body)
    else r.end()
  }

  send()
}

// ── interpreter ──────────────────────────────────────────────────────────────
/** The transport on Node: an HttpClient over node:http(s) with keep-alive pools, every request bounded. */
export const nodeHttpClient = (opts: NodeHttpClientOptions = {}): HttpClient => {
  const maxRedirects = opts.maxRedirects ?? 5
  const defaultTimeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS
  return (req) => () => {
    if (req.signal?.aborted)
      return Promise.resolve(
        E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted before it was sent`, false)),
      )
    const timeoutMs = req.timeoutMs !== undefined && req.timeoutMs > 0 ? req.timeoutMs : defaultTimeoutMs
    return new Promise((resolve) => exchange(req, maxRedirects, timeoutMs, resolve))
  }
}
