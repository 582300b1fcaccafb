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
import type { HttpClient, HttpRequest, HttpResponse } from './http'
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

  const sockets = new Set<Socket>()
  const drips = new Set<ReturnType<typeof setInterval>>()
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
    const act = opts.act?.(request)
    // held unanswered until the caller gives up (its socket closes) or close() ends it
    if (act?.kind === 'hang-before') {
      inFlight.delete(ctl)
      return
    }
    if (act?.kind === 'reply' && !act.applied) {
      inFlight.delete(ctl)
      send(res, method, act.reply(undefined))
      return
    }
    let result
    try {
      result = await client(request)()
    } catch (e) {
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json' }).end(
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
    if (act === undefined) return send(res, method, result.right)
    switch (act.kind) {
      case 'hang-after':
        return
      case 'reply':
        return send(res, method, act.reply(result.right))
      case 'cut': {
        const body = Buffer.from(result.right.body, 'utf8')
        res.writeHead(result.right.status, { ...framed(result.right), 'content-length': String(body.length + 1) })
        res.write(body.subarray(0, Math.floor(body.length / 2)), () => req.socket.destroy())
        return
      }
      case 'drip': {
        const body = Buffer.from(result.right.body, 'utf8')
        res.writeHead(result.right.status, { ...framed(result.right), 'content-length': String(body.length) })
        let at = 0
        const timer = setInterval(() => {
          if (at >= body.length) {
            clearInterval(timer)
            res.end()
            return
          }
          res.write(body.subarray(at, ++at))
        }, act.everyMs)
        drips.add(timer)
        res.on('close', () => {
          clearInterval(timer)
          drips.delete(timer)
        })
        return
      }
    }
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
            for (const d of drips) clearInterval(d)
            server.close(() => done())
            for (const s of sockets) s.destroy()
            server.closeAllConnections?.()
          }),
      })
    })
  })
}
