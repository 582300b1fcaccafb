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
import { flatHeaders } from './flat-headers'

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

// ── requests ─────────────────────────────────────────────────────────────────
/** Where a request goes, as http.request takes it. */
interface Target {
  readonly tls: boolean
  /** for the socket: an IPv6 address without its brackets */
  readonly hostname: string
  readonly port: number | undefined
  /** for the Host header: the name, and the port when it is not the scheme's own */
  readonly host: string
  readonly path: string
  /** user info in the URL, as a Basic authorization */
  readonly auth?: string
}

const basic = (u: URL): string | undefined =>
  u.username === '' && u.password === ''
    ? undefined
    : `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`

const targetOf = (u: URL, path: string): Target => ({
  tls: u.protocol === 'https:',
  hostname: u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname,
  port: u.port === '' ? undefined : Number(u.port),
  host: u.host,
  path,
  auth: basic(u),
})

/** a request path that goes on the wire exactly as written */
const PLAIN_PATH = /^\/[\w\-.~!$&'()*+,;=:@/?%]*$/

/**
 * A request's target. The origins a client talks to are few, so each is parsed once (per client)
 * and only the path is taken from the URL; anything unusual (user info, characters a URL parser
 * would escape, another scheme) goes through the URL parser, which throws on what it refuses.
 */
const targeting = (): ((url: string) => Target) => {
  const origins = new Map<string, URL | null>()
  return (url) => {
    const slashes = url.indexOf('://')
    const end = slashes < 0 ? -1 : url.indexOf('/', slashes + 3)
    if (end > 0) {
      const origin = url.slice(0, end)
      let o = origins.get(origin)
      if (o === undefined) {
        const u = URL.canParse(origin) ? new URL(origin) : undefined
        o = u && (u.protocol === 'http:' || u.protocol === 'https:') && u.href === `${u.origin}/` ? u : null
        if (origins.size < 64) origins.set(origin, o)
      }
      const path = url.slice(end)
      if (o && PLAIN_PATH.test(path)) return targetOf(o, path)
    }
    const u = new URL(url)
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw Object.assign(new Error(`${u.protocol} is not http: or https:`), { code: 'ERR_INVALID_PROTOCOL' })
    return targetOf(u, `${u.pathname}${u.search}`)
  }
}

const ACCEPT_ENCODING = 'gzip, deflate, br'
const BODY_EXPECTED: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH'])

/**
 * The request's headers as the flat list http.request takes whole (no setHeader per header), with
 * what Node adds to an object of headers: Host and Content-Length; and Accept-Encoding, which the
 * fetch transport sent too.
 */
const headerList = (hop: Hop, t: Target, body: string | undefined): string[] => {
  const list: string[] = []
  const h = hop.headers
  for (const k in h) list.push(k, h[k])
  if (h['host'] === undefined) list.push('host', t.host)
  if (t.auth !== undefined && h['authorization'] === undefined) list.push('authorization', t.auth)
  if (h['accept-encoding'] === undefined) list.push('accept-encoding', ACCEPT_ENCODING)
  if (h['content-length'] === undefined) {
    if (body !== undefined) list.push('content-length', String(Buffer.byteLength(body)))
    else if (BODY_EXPECTED.has(hop.method)) list.push('content-length', '0')
  }
  return list
}

// ── replies ──────────────────────────────────────────────────────────────────

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
const exchange = (
  req: HttpRequest,
  target: (url: string) => Target,
  maxRedirects: number,
  timeoutMs: number,
  resolve: Settle,
): void => {
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
    // bytes, decoded once at the end (a reply is usually one chunk: no string decoder per reply)
    const chunks: Buffer[] = []
    res.on('data', (c: Buffer) => void chunks.push(c))
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
      const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)
      if (!compressed) return answer(raw.toString('utf8'))
      inflate(encoding, raw).then(answer, (e: unknown) => fail(e))
    })
  }

  const send = (): void => {
    connected = false
    responded = false
    reading = undefined
    let t: Target
    try {
      t = target(hop.url)
    } catch (e) {
      return fail(e)
    }
    const scheme = schemeOf(t.tls)
    if (scheme instanceof Promise) {
      scheme.then(send, (e: unknown) => fail(e))
      return
    }
    const tls = t.tls
    const body = hop.body !== undefined && hop.method !== 'GET' && hop.method !== 'HEAD' ? hop.body : undefined
    let r: Http.ClientRequest
    try {
      // throws at once on a header Node refuses: nothing was sent
      r = scheme.request({
        hostname: t.hostname,
        port: t.port,
        path: t.path,
        method: hop.method,
        headers: headerList(hop, t, body),
        agent: scheme.agent,
      })
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
    if (body !== undefined) r.end(body)
    else r.end()
  }

  send()
}

// ── interpreter ──────────────────────────────────────────────────────────────
/** The transport on Node: an HttpClient over node:http(s) with keep-alive pools, every request bounded. */
export const nodeHttpClient = (opts: NodeHttpClientOptions = {}): HttpClient => {
  const maxRedirects = opts.maxRedirects ?? 5
  const defaultTimeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const target = targeting()
  return (req) => () => {
    if (req.signal?.aborted)
      return Promise.resolve(
        E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted before it was sent`, false)),
      )
    const timeoutMs = req.timeoutMs !== undefined && req.timeoutMs > 0 ? req.timeoutMs : defaultTimeoutMs
    return new Promise((resolve) => exchange(req, target, maxRedirects, timeoutMs, resolve))
  }
}
