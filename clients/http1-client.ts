/**
 * http1Client: the default transport on Node, an HttpClient that speaks HTTP/1.1 itself over
 * node:net and node:tls sockets from keep-alive pools (connection-pool.ts), reading replies with
 * ReplyParser. Node's http client (ClientRequest, IncomingMessage, the agent, their streams and
 * events) was about half of a client's CPU per request at high concurrency, and undici, measured in
 * its place, saved nothing on an apply of 1,000 requests (its JavaScript is slow until warm): a
 * request here is one write, and its reply is parsed from the socket's chunks as they arrive. It
 * bounds every request end to end (headers and body: a server that hangs or drips is cut off at the
 * timeout, DEFAULT_TIMEOUT_MS when the request names none), notices a reply cut mid-body, honours
 * the caller's AbortSignal, maps every failure to an HttpError that says whether the request could
 * have reached the server (it knows whether the socket had connected, and a kept-alive connection
 * that closed before the request was written is replaced, not blamed), decodes gzip, deflate and
 * br, and follows redirects itself so that credentials never leave the origin they were configured
 * for. nodeHttpClient (node:http) stays selectable: `fetchClient({ transport: 'node:http' })`.
 */
import * as E from 'fp-ts/Either'
import { type HttpClient, type HttpError, type HttpRequest, type HttpResponse } from './http'
import { acquire, modulesFor, type Connection, type Origin, type Owner } from './connection-pool'
import { startDeadline, stopDeadline, type Deadline, type Expiring } from './deadlines'
import { ENCODINGS, inflate } from './inflate'
import { nodeTransport, type NodeTransportOptions } from './node-transport'
import { ReplyParser } from './reply-parser'
import { isRedirect, redirectHop, type Hop } from './redirect'
import { basicAuth, type RequestTarget } from './request-target'
import { transportError, type TransportAttempt } from './transport-error'

// ── model ────────────────────────────────────────────────────────────────────
export type Http1ClientOptions = NodeTransportOptions

/**
 * A kept-alive connection idle this long is looked at once more before a request is written on it
 * (its socket read, or a turn of the event loop: see Exchange.take): a close the server sent
 * meanwhile is read first, and the request goes on another connection instead of being written
 * into a closing one.
 */
export const RECHECK_IDLE_MS = 100

/** requests that must not be written into a connection the server is closing: they are not repeated */
const ONCE: ReadonlySet<string> = new Set(['POST', 'PATCH'])

// ── requests ─────────────────────────────────────────────────────────────────
type Target = RequestTarget<Origin>

const originOf = (u: URL): Origin => {
  const tls = u.protocol === 'https:'
  const hostname = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname
  const port = u.port === '' ? (tls ? 443 : 80) : Number(u.port)
  return { tls, hostname, port, host: u.host, auth: basicAuth(u), key: `${tls ? 'https' : 'http'}:${hostname}:${port}` }
}

const ACCEPT_ENCODING = 'gzip, deflate, br'
const BODY_EXPECTED: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH'])
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
// what a header value may hold on the wire (no CR, LF or other control characters), as Node checks
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/
const NOT_ASCII = /[\u0080-\uffff]/
const refused = (message: string): Error => Object.assign(new Error(message), { code: 'ERR_INVALID_CHAR' })

/** A request's headers as they go on the wire, checked, and which of the added ones they hold already. */
interface HeaderBlock {
  readonly text: string
  readonly ascii: boolean
  readonly host: boolean
  readonly authorization: boolean
  readonly acceptEncoding: boolean
  readonly contentLength: boolean
  readonly connection: boolean
}

/** Throws on a header that cannot be sent (nothing is sent then). */
const headerBlock = (h: Readonly<Record<string, string>>): HeaderBlock => {
  let text = ''
  for (const k in h) {
    const v = h[k]
    if (!HEADER_NAME.test(k)) throw refused(`invalid header name ${JSON.stringify(k)}`)
    if (!HEADER_VALUE.test(v)) throw refused(`invalid character in the value of header ${JSON.stringify(k)}`)
    text += `${k}: ${v}\r\n`
  }
  return {
    text,
    ascii: !NOT_ASCII.test(text),
    host: h['host'] !== undefined,
    authorization: h['authorization'] !== undefined,
    acceptEncoding: h['accept-encoding'] !== undefined,
    contentLength: h['content-length'] !== undefined,
    connection: h['connection'] !== undefined,
  }
}

// a frozen headers object cannot change: its block is checked and written once (the REST clients
// send the same frozen headers with every request of a token)
const blocks = new WeakMap<object, HeaderBlock>()
const blockOf = (h: Readonly<Record<string, string>>): HeaderBlock => {
  if (!Object.isFrozen(h)) return headerBlock(h)
  let b = blocks.get(h)
  if (b === undefined) blocks.set(h, (b = headerBlock(h)))
  return b
}

/** The headers of the block and those added before Content-Length (Host, Authorization, Accept-Encoding). */
const fixedPart = (b: HeaderBlock, o: Origin): string => {
  let head = b.text
  if (!b.host) head += `host: ${o.host}\r\n`
  if (o.auth !== undefined && !b.authorization) head += `authorization: ${o.auth}\r\n`
  if (!b.acceptEncoding) head += `accept-encoding: ${ACCEPT_ENCODING}\r\n`
  return head
}
// a frozen block's fixed part per origin, written once (a client sends its few origins the same headers)
const fixedParts = new WeakMap<HeaderBlock, Map<Origin, string>>()
const fixedOf = (b: HeaderBlock, o: Origin, frozen: boolean): string => {
  if (!frozen) return fixedPart(b, o)
  let byOrigin = fixedParts.get(b)
  if (byOrigin === undefined) fixedParts.set(b, (byOrigin = new Map<Origin, string>()))
  let fixed = byOrigin.get(o)
  if (fixed === undefined) {
    // bounded: origins are parsed once per client, but a long-lived process may make many clients
    if (byOrigin.size >= 64) byOrigin.clear()
    byOrigin.set(o, (fixed = fixedPart(b, o)))
  }
  return fixed
}

/**
 * The request's head as it goes on the wire, with what Node's http client added to it: Host,
 * Authorization from the URL's user info, Accept-Encoding, Content-Length and Connection; whether
 * it is all ASCII is left in `ascii`. Throws on a header that cannot be sent (nothing is sent then).
 */
const headText = (hop: Hop, t: Target, body: string | undefined, ascii: { ascii: boolean }): string => {
  const b = blockOf(hop.headers)
  let head = `${hop.method} ${t.path} HTTP/1.1\r\n${fixedOf(b, t.origin, Object.isFrozen(hop.headers))}`
  if (!b.contentLength) {
    if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`
    else if (BODY_EXPECTED.has(hop.method)) head += 'content-length: 0\r\n'
  }
  // the block's values are the only part that may hold more than ASCII (the path and host are URL-encoded)
  ascii.ascii = b.ascii && !NOT_ASCII.test(t.path)
  return b.connection ? `${head}\r\n` : `${head}connection: keep-alive\r\n\r\n`
}

// ── one exchange ─────────────────────────────────────────────────────────────
type Settle = (r: E.Either<HttpError, HttpResponse>) => void

const hangUp = (): Error => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })

/**
 * One request and the redirects it leads to, settled exactly once: answer, failure or timer. It is
 * the owner of the connection carrying its current hop (a class: a request allocates one object,
 * not a closure per event).
 */
class Exchange implements Owner, Expiring {
  private hop: Hop
  private hops = 0
  private origin: string | undefined
  private conn: Connection | undefined
  private parser: ReplyParser | undefined
  /** the hop's bytes */
  private payload: string | Buffer = ''
  /** the hop was written on its connection (before that, a connection that closes is replaced) */
  private written = false
  /** the hop's head is all ASCII (see headText) */
  ascii = false
  private settled = false
  private readonly deadline: Deadline
  private readonly onAbort: (() => void) | undefined

  constructor(
    private readonly req: HttpRequest,
    private readonly target: (url: string) => Target,
    private readonly maxRedirects: number,
    private readonly timeoutMs: number,
    private readonly resolve: Settle,
  ) {
    // the request itself is the first hop (a redirect makes the next one)
    this.hop = req
    // covers the whole exchange, redirects and body included; settles by itself, so no wait on the
    // socket can outlive it
    this.deadline = startDeadline(timeoutMs, this)
    if (req.signal) {
      this.onAbort = () => this.fail(undefined, { aborted: true })
      req.signal.addEventListener('abort', this.onAbort, { once: true })
    }
    this.send()
  }

  private attempt(flags: Partial<TransportAttempt>): TransportAttempt {
    const responded = this.parser?.head !== undefined
    return {
      method: this.hop.method,
      url: this.hop.url,
      watched: true,
      connected: this.conn?.connected ?? false,
      responded,
      timedOut: false,
      aborted: false,
      cut: false,
      timeoutMs: this.timeoutMs,
      ...flags,
    }
  }

  private settle(r: E.Either<HttpError, HttpResponse>): void {
    if (this.settled) return
    this.settled = true
    stopDeadline(this.deadline)
    if (this.onAbort) this.req.signal?.removeEventListener('abort', this.onAbort)
    this.resolve(r)
  }

  private fail(e: unknown, flags: Partial<TransportAttempt> = {}): void {
    if (this.settled) return
    this.settle(E.left(transportError(e, this.attempt(flags))))
    // whatever is still open of this exchange goes (its connection is not handed back to the pool)
    const c = this.conn
    this.conn = undefined
    if (c) {
      c.owner = undefined
      c.socket.destroy()
    }
  }

  private send(): void {
    const hop = this.hop
    let t: Target
    let head: string
    const body = hop.body !== undefined && hop.method !== 'GET' && hop.method !== 'HEAD' ? hop.body : undefined
    try {
      t = this.target(hop.url)
      // throws at once on a header that cannot be sent: nothing was sent
      head = headText(hop, t, body, this)
    } catch (e) {
      return this.fail(e)
    }
    const loading = modulesFor(t.origin)
    if (loading) {
      loading.then(
        () => this.settled || this.send(),
        (e: unknown) => this.fail(e),
      )
      return
    }
    this.parser = new ReplyParser(hop.method === 'HEAD')
    // head and body leave in one write (the head as Latin-1, as Node writes header values)
    this.payload =
      body === undefined || this.ascii
        ? body === undefined
          ? head
          : head + body
        : Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body, 'utf8')])
    this.take(t.origin)
  }

  /**
   * A connection for the hop, written on at once; or, when it is kept-alive and the request must
   * not be written into a closing connection, once whatever the server sent meanwhile (its close)
   * has been read. That is any request on a connection idle a while, and a create that cannot be
   * repeated on a connection the server has not yet kept open after a reply (a server that closes
   * each connection once it answered, without saying so, sends its close right behind the reply).
   * A plain socket is read at once for it (Connection.quiet); any other is written a full turn of
   * the event loop later: the first turn ends the current one, the second comes after the next
   * read of the sockets. At high concurrency a burst of replies is settled in one poll phase, and
   * waiting for the next held every create made in it until the phase ended. Once a connection was
   * kept, a create goes at once, and a close racing the write still fails as maybe sent, never
   * repeated.
   */
  private take(o: Origin): void {
    const c = (this.conn = acquire(o, this))
    this.written = false
    if (c.idleMs < 0 || (c.idleMs < RECHECK_IDLE_MS && (c.kept || !ONCE.has(this.hop.method)))) return this.write(c)
    const quiet = c.quiet()
    if (quiet === true) return this.write(c, true)
    // closed, or it spoke (what the read found is gone with it): another connection
    if (quiet === false) return this.replace(c)
    setImmediate(() => setImmediate(() => this.write(c, true)))
  }

  /** `rechecked`: written once what the server sent since it was taken from the pool was read */
  private write(c: Connection, rechecked = false): void {
    if (this.settled || this.conn !== c) return
    const s = c.socket
    // closed by the server while idle: another connection, nothing was written on this one
    if (s.destroyed || s.readableEnded || s.writableEnded) return this.replace(c)
    this.written = true
    if (rechecked) c.kept = true
    s.write(this.payload)
  }

  private replace(c: Connection): void {
    c.owner = undefined
    c.socket.destroy()
    this.take(c.origin)
  }

  expired(): void {
    this.fail(undefined, { timedOut: true })
  }

  data(chunk: Buffer, shared: boolean): void {
    const p = this.parser!
    try {
      p.push(chunk)
    } catch (e) {
      return this.fail(e, { cut: p.head !== undefined })
    }
    if (p.done) this.complete(p)
    else if (shared) p.keep()
  }

  ended(): void {
    if (!this.written) return this.replace(this.conn!)
    const p = this.parser!
    if (p.end()) return this.complete(p)
    this.closed()
  }

  failed(e: Error): void {
    if (!this.written) return this.replace(this.conn!)
    this.fail(e, { cut: this.parser?.head !== undefined })
  }

  closed(): void {
    if (!this.written) return this.replace(this.conn!)
    if (this.parser?.head !== undefined)
      this.fail(new Error('the connection closed in the middle of the reply'), { cut: true })
    else this.fail(hangUp())
  }

  private complete(p: ReplyParser): void {
    const c = this.conn!
    this.conn = undefined
    c.release(p.keepAlive && !p.overrun, p.keepAliveMs)
    if (this.settled) return
    const { status, headers } = p.head!
    const location = headers['location']
    if (location !== undefined && isRedirect(status) && this.hops < this.maxRedirects) {
      this.origin ??= new URL(this.req.url).origin
      const next = redirectHop(this.hop, status, location, this.origin)
      if (next) {
        this.hops++
        this.hop = next
        return this.send()
      }
    }
    if (this.hop.method === 'HEAD') return this.settle(E.right({ status, headers, body: '' }))
    const encoding = headers['content-encoding']?.trim().toLowerCase()
    if (encoding === undefined || !ENCODINGS.has(encoding))
      return this.settle(E.right({ status, headers, body: p.text() }))
    // decoded later: its own copy, not a view of a read buffer that is reused meanwhile
    inflate(encoding, p.bytes()).then(
      (body) => this.settle(E.right({ status, headers, body })),
      (e: unknown) => this.fail(e),
    )
  }
}

// ── interpreter ──────────────────────────────────────────────────────────────
/** The transport on Node: an HttpClient speaking HTTP/1.1 over kept-alive sockets, every request bounded. */
export const http1Client: (opts?: Http1ClientOptions) => HttpClient = nodeTransport(
  originOf,
  (req, target, maxRedirects, timeoutMs, resolve) => void new Exchange(req, target, maxRedirects, timeoutMs, resolve),
)
