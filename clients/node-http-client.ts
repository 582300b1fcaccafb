/**
 * nodeHttpClient: the transport over node:http and node:https, with keep-alive pools and no fetch
 * layer in between (node-fetch's Request, Headers, Body and stream wrappers were about half of a
 * client's CPU per request at high concurrency). The default on Node is http1Client, cheaper per
 * request still; this one is chosen with `fetchClient({ transport: 'node:http' })`. It bounds every
 * request end to end (headers and body: a server that hangs or drips is cut off at the timeout,
 * DEFAULT_TIMEOUT_MS when the request names none), notices a reply cut mid-body, honours the
 * caller's AbortSignal, maps every failure to an HttpError that says whether the request could have
 * reached the server (it watches the socket connect), and follows redirects itself so that
 * credentials never leave the origin they were configured for.
 */
import type * as Http from 'node:http'
import type * as Https from 'node:https'
import type { Socket } from 'node:net'
import * as E from 'fp-ts/Either'
import { type HttpClient, type HttpError, type HttpRequest, type HttpResponse } from './http'
import { localhostLookup } from './localhost-lookup'
import { isRedirect, redirectHop, type Hop } from './redirect'
import { transportError, type TransportAttempt } from './transport-error'
import { flatHeaders } from './flat-headers'
import { ENCODINGS, inflate } from './inflate'
import { basicAuth, type RequestTarget } from './request-target'
import { nodeTransport, type NodeTransportOptions } from './node-transport'

// ── model ────────────────────────────────────────────────────────────────────
export type NodeHttpClientOptions = NodeTransportOptions
export { DEFAULT_TIMEOUT_MS } from './node-transport'

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

// ── requests ─────────────────────────────────────────────────────────────────
/** Where a request's connection goes, as http.request takes it. */
interface NodeOrigin {
  readonly tls: boolean
  /** for the socket: an IPv6 address without its brackets */
  readonly hostname: string
  readonly port: number | undefined
  /** for the Host header: the name, and the port when it is not the scheme's own */
  readonly host: string
  /** user info in the URL, as a Basic authorization */
  readonly auth: string | undefined
}
type Target = RequestTarget<NodeOrigin>

const originOf = (u: URL): NodeOrigin => ({
  tls: u.protocol === 'https:',
  hostname: u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname,
  port: u.port === '' ? undefined : Number(u.port),
  host: u.host,
  auth: basicAuth(u),
})

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
  if (h['host'] === undefined) list.push('host', t.origin.host)
  if (t.origin.auth !== undefined && h['authorization'] === undefined) list.push('authorization', t.origin.auth)
  if (h['accept-encoding'] === undefined) list.push('accept-encoding', ACCEPT_ENCODING)
  if (h['content-length'] === undefined) {
    if (body !== undefined) list.push('content-length', String(Buffer.byteLength(body)))
    else if (BODY_EXPECTED.has(hop.method)) list.push('content-length', '0')
  }
  return list
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
    const scheme = schemeOf(t.origin.tls)
    if (scheme instanceof Promise) {
      scheme.then(send, (e: unknown) => fail(e))
      return
    }
    const tls = t.origin.tls
    const body = hop.body !== undefined && hop.method !== 'GET' && hop.method !== 'HEAD' ? hop.body : undefined
    let r: Http.ClientRequest
    try {
      // throws at once on a header Node refuses: nothing was sent
      r = scheme.request({
        hostname: t.origin.hostname,
        port: t.origin.port,
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
/** The transport over node:http(s) with keep-alive pools, every request bounded. */
export const nodeHttpClient: (opts?: NodeHttpClientOptions) => HttpClient = nodeTransport(originOf, exchange)
