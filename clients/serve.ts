/**
 * serve: puts any HttpClient (usually an emulator, maybe wrapped in faults) behind a real HTTP
 * server on loopback, so the real transport and the CLI can talk to it. Transport failures the
 * client reports are acted out on the socket: a ConnectionReset destroys the connection without an
 * answer, a Timeout holds the request unanswered until the caller gives up. `close()` ends
 * promptly even then, because every socket is tracked and destroyed.
 */
import * as http from 'node:http'
import type { Socket } from 'node:net'
import * as E from 'fp-ts/Either'
import type { HttpClient, HttpRequest } from './http'

// ── model ────────────────────────────────────────────────────────────────────
export interface ServeOptions {
  /** 0 (default) picks a free port */
  readonly port?: number
  /** a loopback address (default 127.0.0.1); anything else is refused */
  readonly host?: string
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

const flatHeaders = (h: http.IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v
  return out
}

// ── interpreter ──────────────────────────────────────────────────────────────
export const serve = (client: HttpClient, opts: ServeOptions = {}): Promise<Served> => {
  const host = opts.host ?? '127.0.0.1'
  if (!isLoopback(host))
    return Promise.reject(
      new Error(
        `serve: refusing to listen on ${host}; only loopback addresses (127.0.0.1, ::1, localhost) are allowed`,
      ),
    )

  const sockets = new Set<Socket>()
  /** the bound port, for requests without a Host header (HTTP/1.0) */
  let boundPort = opts.port ?? 0
  const inFlight = new Set<AbortController>()

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase()
    if (!METHODS.has(method)) {
      res
        .writeHead(405, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 405, message: `method ${method} not supported` }))
      return
    }
    const headers = flatHeaders(req.headers)
    const shown = host.includes(':') ? `[${host}]` : host
    const url = `http://${headers['host'] ?? `${shown}:${boundPort}`}${req.url ?? '/'}`
    const body = await readBody(req)
    // the caller hanging up cancels the forwarded request
    const ctl = new AbortController()
    inFlight.add(ctl)
    const onClose = (): void => {
      if (!res.writableFinished) ctl.abort()
    }
    res.on('close', onClose)
    const request: HttpRequest = {
      method: method as HttpRequest['method'],
      url,
      headers,
      ...(body !== '' ? { body } : {}),
      signal: ctl.signal,
    }
    let result
    try {
      result = await client(request)()
    } catch (e) {
      result = undefined
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({
              code: 500,
              message: `serve: the client threw: ${e instanceof Error ? e.message : String(e)}`,
            }),
          )
      return
    } finally {
      inFlight.delete(ctl)
    }
    if (res.destroyed || ctl.signal.aborted) return
    if (E.isLeft(result)) {
      switch (result.left.kind) {
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
            .end(JSON.stringify({ code: 502, message: `upstream unreachable: ${result.left.message}` }))
          return
      }
    }
    const out = result.right
    const outHeaders = Object.fromEntries(Object.entries(out.headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase())))
    // HEAD, 204 and 304 answers carry no body (nor a length for it)
    if (method === 'HEAD' || out.status === 204 || out.status === 304) {
      res.writeHead(out.status, outHeaders).end()
      return
    }
    res.writeHead(out.status, { ...outHeaders, 'content-length': String(Buffer.byteLength(out.body, 'utf8')) })
    res.end(out.body)
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy())
  })
  server.on('connection', (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      const addr = server.address()
      const port = typeof addr === 'object' && addr !== null ? addr.port : (opts.port ?? 0)
      boundPort = port
      const shown = host.includes(':') ? `[${host}]` : host
      resolve({
        url: `http://${shown}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const c of inFlight) c.abort()
            server.close(() => done())
            for (const s of sockets) s.destroy()
            server.closeAllConnections?.()
          }),
      })
    })
  })
}
