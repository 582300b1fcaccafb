/**
 * serve: puts any HttpClient (usually an emulator, maybe wrapped in faults) behind a real HTTP
 * server on loopback, so the real transport and the CLI can talk to it. Transport failures the
 * client reports are acted out on the socket: a ConnectionReset destroys the connection without an
 * answer, a Timeout holds the request unanswered until the caller gives up. With `act`, chosen
 * requests are answered in hostile ways (clients/hostile.ts). `close()` ends promptly even then,
 * because every socket (and every drip timer) is tracked and destroyed.
 */
import * as http from 'node:http'
import type { Socket } from 'node:net'
import * as E from 'fp-ts/Either'
import type { HttpClient, HttpError, HttpRequest, HttpResponse } from './http'
import type { Actor } from './hostile'
import { flatHeaders } from './flat-headers'

// ── model ────────────────────────────────────────────────────────────────────
export interface ServeOptions {
  /** 0 (default) picks a free port */
  readonly port?: number
  /** a loopback address (default 127.0.0.1); anything else is refused */
  readonly host?: string
  /** misbehaves on the requests it picks: hangs, drips, cuts, absurd answers */
  readonly act?: Actor
}

export interface Served {
  /** base URL, e.g. `http://127.0.0.1:41234` */
  readonly url: string
  readonly port: number
  readonly close: () => Promise<void>
}

const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])

/** headers that describe the framing of this connection, recomputed by node on the way out */
const HOP_BY_HOP: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive'])

export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })

/** The response's own headers, without the framing ones node recomputes. */
const framed = (out: HttpResponse): Record<string, string> =>
  Object.fromEntries(Object.entries(out.headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase())))

const send = (res: http.ServerResponse, method: string, out: HttpResponse): void => {
  // HEAD, 204 and 304 answers carry no body (nor a length for it)
  if (method === 'HEAD' || out.status === 204 || out.status === 304) {
    res.writeHead(out.status, framed(out)).end()
    return
  }
  res.writeHead(out.status, { ...framed(out), 'content-length': String(Buffer.byteLength(out.body, 'utf8')) })
  res.end(out.body)
}

/** Drip the reply's body one byte every `everyMs`; the timer is tracked so close() stops it. */
const drip = (res: http.ServerResponse, out: HttpResponse, everyMs: number, drips: Set<Timer>): void => {
  const body = Buffer.from(out.body, 'utf8')
  res.writeHead(out.status, { ...framed(out), 'content-length': String(body.length) })
  let at = 0
  const timer = setInterval(() => {
    if (at >= body.length) {
      clearInterval(timer)
      res.end()
      return
    }
    res.write(body.subarray(at, ++at))
  }, everyMs)
  drips.add(timer)
  res.on('close', () => {
    clearInterval(timer)
    drips.delete(timer)
  })
}

type Timer = ReturnType<typeof setInterval>
type Act = NonNullable<ReturnType<Actor>>

/** Answer with the client's reply as `act` says: hold it, replace it, cut it, or drip it. */
const actOut = (exchange: Exchange, act: Act, out: HttpResponse, drips: Set<Timer>): void => {
  const { req, res, method } = exchange
  switch (act.kind) {
    case 'hang-after':
    case 'hang-before':
      return
    case 'reply':
      return send(res, method, act.reply(out))
    case 'cut': {
      const body = Buffer.from(out.body, 'utf8')
      res.writeHead(out.status, { ...framed(out), 'content-length': String(body.length + 1) })
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => req.socket.destroy())
      return
    }
    case 'drip':
      return drip(res, out, act.everyMs, drips)
  }
}

/** Act out a transport failure the client reported on the socket. */
const actFailure = ({ req, res }: Exchange, failure: HttpError): void => {
  switch (failure.kind) {
    case 'ConnectionReset':
    case 'Aborted':
      req.socket.destroy()
      return
    case 'Timeout':
      // say nothing: the caller's own timeout ends it (or close() does)
      return
    case 'ConnectFailed':
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 502, message: `upstream unreachable: ${failure.message}` }))
      return
  }
}

/** One request being served. */
interface Exchange {
  readonly req: http.IncomingMessage
  readonly res: http.ServerResponse
  readonly method: string
}

/** What the server keeps to end promptly: sockets, drip timers, forwarded requests, and its port. */
interface ServeState {
  readonly host: string
  readonly sockets: Set<Socket>
  readonly drips: Set<Timer>
  readonly inFlight: Set<AbortController>
  /** the bound port, for requests without a Host header (HTTP/1.0) */
  boundPort: number
}

/** The request as the client sees it; the caller hanging up cancels it. */
const forwarded = async ({ req, res, method }: Exchange, st: ServeState) => {
  const headers = flatHeaders(req.headers)
  const shown = st.host.includes(':') ? `[${st.host}]` : st.host
  const url = `http://${headers['host'] ?? `${shown}:${st.boundPort}`}${req.url ?? '/'}`
  const body = await readBody(req)
  const ctl = new AbortController()
  st.inFlight.add(ctl)
  res.on('close', () => {
    if (!res.writableFinished) ctl.abort()
  })
  const request: HttpRequest = {
    method: method as HttpRequest['method'],
    url,
    headers,
    ...(body !== '' ? { body } : {}),
    signal: ctl.signal,
  }
  return { request, ctl }
}

/** The client's answer, or undefined after answering 500 for a client that threw. */
const ask = async (client: HttpClient, request: HttpRequest, res: http.ServerResponse) => {
  try {
    return await client(request)()
  } catch (e) {
    if (!res.headersSent)
      res.writeHead(500, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          code: 500,
          message: `serve: the client threw: ${e instanceof Error ? e.message : String(e)}`,
        }),
      )
    return undefined
  }
}

const handle = async (client: HttpClient, opts: ServeOptions, st: ServeState, x: Exchange): Promise<void> => {
  if (!METHODS.has(x.method)) {
    x.res
      .writeHead(405, { 'content-type': 'application/json' })
      .end(JSON.stringify({ code: 405, message: `method ${x.method} not supported` }))
    return
  }
  const { request, ctl } = await forwarded(x, st)
  const act = opts.act?.(request)
  // held unanswered until the caller gives up (its socket closes) or close() ends it
  if (act?.kind === 'hang-before' || (act?.kind === 'reply' && !act.applied)) {
    st.inFlight.delete(ctl)
    if (act.kind === 'reply') send(x.res, x.method, act.reply(undefined))
    return
  }
  const result = await ask(client, request, x.res).finally(() => st.inFlight.delete(ctl))
  if (result === undefined || x.res.destroyed || ctl.signal.aborted) return
  if (E.isLeft(result)) return actFailure(x, result.left)
  if (act === undefined) return send(x.res, x.method, result.right)
  actOut(x, act, result.right, st.drips)
}

/** Stop everything: forwarded requests, drips, the server and every socket. */
const closer = (server: http.Server, st: ServeState) => () =>
  new Promise<void>((done) => {
    for (const c of st.inFlight) c.abort()
    for (const d of st.drips) clearInterval(d)
    server.close(() => done())
    for (const s of st.sockets) s.destroy()
    server.closeAllConnections?.()
  })

// ── interpreter ──────────────────────────────────────────────────────────────
/** Serve an HttpClient on 127.0.0.1 (emulators as real HTTP servers). */
export const serve = (client: HttpClient, opts: ServeOptions = {}): Promise<Served> => {
  const host = opts.host ?? '127.0.0.1'
  if (!isLoopback(host))
    return Promise.reject(
      new Error(
        `serve: refusing to listen on ${host}; only loopback addresses (127.0.0.1, ::1, localhost) are allowed`,
      ),
    )
  const st: ServeState = { host, sockets: new Set(), drips: new Set(), inFlight: new Set(), boundPort: opts.port ?? 0 }
  const server = http.createServer((req, res) => {
    const method = (req.method ?? 'GET').toUpperCase()
    handle(client, opts, st, { req, res, method }).catch(() => req.socket.destroy())
  })
  server.on('connection', (s: Socket) => {
    st.sockets.add(s)
    s.on('close', () => st.sockets.delete(s))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      const addr = server.address()
      const port = typeof addr === 'object' && addr !== null ? addr.port : (opts.port ?? 0)
      st.boundPort = port
      const shown = host.includes(':') ? `[${host}]` : host
      resolve({ url: `http://${shown}:${port}`, port, close: closer(server, st) })
    })
  })
}
