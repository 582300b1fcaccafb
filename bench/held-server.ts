/**
 * heldServer: the HTTP/1.1 server of the latency bench (bench/emulator-server.ts), over node:net.
 * Each answer leaves no sooner than `latencyMs` after its request arrived (the moment its head was
 * read, by the high-resolution clock), and the answering is done within that time, as a platform's
 * work is within its latency. It stands for a platform on other machines, yet runs on the cores of
 * the client under test: node:http's server (a request and a response object, their streams,
 * events and socket timers per request) used ~0.19 ms of main-thread CPU per request there, this
 * ~0.14, the whole process ~0.28 → ~0.19 ms with GC. What reaches the client is what node:http
 * sends (status line, the handler's headers, Date, Connection, Keep-Alive, Content-Length).
 * Answers wait in one queue ordered by when they are due (bench/due-queue.ts), not a timer each.
 */
import * as net from 'node:net'
import { STATUS_CODES } from 'node:http'
import { dueQueue } from './due-queue'
import type { HttpRequest, HttpResponse } from 'trellis/clients'

// ── model ────────────────────────────────────────────────────────────────────
/** A request's answer; undefined drops the connection without one. */
export type Answerer = (req: HttpRequest) => Promise<HttpResponse | undefined>

export interface HeldServer {
  readonly port: number
  /** connections accepted so far */
  readonly connections: () => number
  /** closes every connection and the listener */
  readonly close: () => Promise<void>
}

/** idle connections close after this long, as node:http's server closes them (it says so in Keep-Alive) */
const KEEP_ALIVE_MS = 5_000
const HEAD_END = Buffer.from('\r\n\r\n')
/** a head longer than this without its end is refused (node:http's limit is 16 KB) */
const MAX_HEAD_BYTES = 64 * 1024
const FRAMING: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
])
const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])

// node:http's Date header is made once a second; so is this one
let dateSecond = -1
let dateText = ''
const dateHeader = (): string => {
  const now = Date.now()
  const s = Math.floor(now / 1000)
  if (s !== dateSecond) {
    dateSecond = s
    dateText = new Date(now).toUTCString()
  }
  return dateText
}

/** The answer as it goes on the wire, head and body in one string. */
const wire = (req: HttpRequest, r: HttpResponse, close: boolean): string => {
  let head = `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status] ?? 'Unknown'}\r\n`
  for (const k in r.headers) if (!FRAMING.has(k.toLowerCase())) head += `${k}: ${r.headers[k]}\r\n`
  head += `Date: ${dateHeader()}\r\n`
  head += close ? 'Connection: close\r\n' : `Connection: keep-alive\r\nKeep-Alive: timeout=${KEEP_ALIVE_MS / 1000}\r\n`
  const noBody = req.method === 'HEAD' || r.status === 204 || r.status === 304
  return noBody ? `${head}\r\n` : `${head}Content-Length: ${Buffer.byteLength(r.body)}\r\n\r\n${r.body}`
}

const refusal = (status: number): string =>
  `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`

// ── one connection ───────────────────────────────────────────────────────────
/** A parsed request and when its head arrived. */
interface Parsed {
  readonly req: HttpRequest
  readonly close: boolean
}

/**
 * Reads requests from the bytes so far: the first whole one (head and body), `undefined` while it
 * is incomplete, or a status to refuse it with. Header names lower-cased, repeated ones joined.
 */
const parse = (b: Buffer, host: string): { parsed: Parsed; used: number } | number | undefined => {
  const end = b.indexOf(HEAD_END)
  if (end < 0) return b.length > MAX_HEAD_BYTES ? 431 : undefined
  const lines = b.toString('latin1', 0, end).split('\r\n')
  const first = lines[0].split(' ')
  if (first.length !== 3 || !METHODS.has(first[0]) || !first[1].startsWith('/') || !first[2].startsWith('HTTP/1.'))
    return 400
  const headers: Record<string, string> = {}
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]
    const colon = line.indexOf(':')
    if (colon <= 0) return 400
    const k = line.slice(0, colon).toLowerCase()
    const v = line.slice(colon + 1).trim()
    headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`
  }
  // the client under test frames every body by its length
  if (headers['transfer-encoding'] !== undefined) return 501
  const length = headers['content-length'] === undefined ? 0 : Number(headers['content-length'])
  if (!Number.isSafeInteger(length) || length < 0) return 400
  const used = end + HEAD_END.length + length
  if (b.length < used) return undefined
  const connection = headers['connection']?.toLowerCase()
  const req: HttpRequest = {
    method: first[0] as HttpRequest['method'],
    url: `http://${headers['host'] ?? host}${first[1]}`,
    headers,
    ...(length > 0 ? { body: b.toString('utf8', end + HEAD_END.length, used) } : {}),
  }
  return { parsed: { req, close: connection === 'close' || first[2] === 'HTTP/1.0' }, used }
}

// ── server ───────────────────────────────────────────────────────────────────
export const heldServer = async (
  answer: Answerer,
  opts: {
    readonly latencyMs: number
    readonly host?: string
    /** told of each answer as it leaves: when its request arrived and when it left (performance.now()) */
    readonly onSent?: (arrived: number, sent: number) => void
  },
): Promise<HeldServer> => {
  const host = opts.host ?? '127.0.0.1'
  const latencyMs = opts.latencyMs
  const onSent = opts.onSent
  let accepted = 0
  const open = new Set<Conn>()

  interface Held {
    readonly conn: Conn
    readonly bytes: string
    readonly close: boolean
  }
  // every held answer in one queue (the clock read again for onSent: answers leaving together
  // leave one write after another)
  const due = dueQueue<Held>((d, at) => {
    if (onSent) onSent(at - latencyMs, performance.now())
    d.conn.send(d.bytes, d.close)
  })
  const hold = (at: number, conn: Conn, bytes: string, close: boolean): void => {
    // due already (no latency, or the answering took it all): at once
    const now = performance.now()
    if (at > now) return due.add(at, { conn, bytes, close })
    if (onSent) onSent(at - latencyMs, now)
    conn.send(bytes, close)
  }

  // Requests are read (parsed and handed to `answer`) once the loop has taken in every socket's
  // bytes of its turn: each is held from the moment its bytes came, and a burst of requests (an
  // apply's first 64) is timed from its own arrival, not from when the answering of those read
  // before it was done (~0.1 ms each, cold).
  const toRead: Conn[] = []
  let reading = false
  const readAll = (): void => {
    reading = false
    for (let i = 0; i < toRead.length; i++) toRead[i].next()
    toRead.length = 0
  }

  class Conn {
    private buffered: Buffer | undefined
    /** a request is being answered: what follows it waits (answers go in order) */
    private busy = false
    /** when the bytes now buffered had all arrived */
    private arrived = 0
    /** waiting in `toRead` */
    private queued = false
    idleSince = performance.now()

    constructor(readonly socket: net.Socket) {
      socket.setNoDelay(true)
      socket.on('data', (chunk: Buffer) => {
        this.arrived = performance.now()
        this.buffered = this.buffered === undefined ? chunk : Buffer.concat([this.buffered, chunk])
        if (this.queued) return
        this.queued = true
        toRead.push(this)
        if (!reading) {
          reading = true
          setImmediate(readAll)
        }
      })
      socket.on('error', () => socket.destroy())
      socket.on('close', () => open.delete(this))
    }

    next(): void {
      this.queued = false
      if (this.busy || this.buffered === undefined || this.socket.destroyed) return
      const r = parse(this.buffered, host)
      if (r === undefined) return
      if (typeof r === 'number') {
        this.buffered = undefined
        this.socket.end(refusal(r))
        return
      }
      this.buffered = r.used === this.buffered.length ? undefined : this.buffered.subarray(r.used)
      this.busy = true
      // held from the moment its head was read (a pipelined request: when the read holding it came)
      const at = this.arrived + latencyMs
      const { req, close } = r.parsed
      answer(req).then(
        (res) => (res === undefined ? this.socket.destroy() : hold(at, this, wire(req, res, close), close)),
        () => this.socket.destroy(),
      )
    }

    send(bytes: string, close: boolean): void {
      if (this.socket.destroyed) return
      if (close) return void this.socket.end(bytes)
      this.socket.write(bytes)
      this.busy = false
      this.idleSince = performance.now()
      this.next()
    }

    idle(now: number): boolean {
      return !this.busy && this.buffered === undefined && now - this.idleSince >= KEEP_ALIVE_MS
    }
  }

  const server = net.createServer((socket) => {
    accepted++
    open.add(new Conn(socket))
  })
  const sweeper = setInterval(() => {
    const now = performance.now()
    for (const c of open) if (c.idle(now)) c.socket.destroy()
  }, 1_000).unref()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, resolve)
  })
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweeper)
        due.close()
        for (const c of open) c.socket.destroy()
        server.close(() => resolve())
      }),
  }
}
