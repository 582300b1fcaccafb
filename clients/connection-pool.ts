/**
 * The Node transport's connections: one keep-alive pool per origin (scheme, host, port), shared by
 * every client in the process. A connection is a plain TCP socket (node:net) or a TLS one
 * (node:tls, certificates verified, sessions resumed), carries one request at a time, and goes back
 * to its pool when its reply is complete and both sides agreed to keep it. There is no cap on
 * connections: the engine's concurrency decides how many requests are in flight, and an idle
 * connection is reused by the next request before a new one is opened. Idle connections close
 * after IDLE_MS (sooner when the server's Keep-Alive header says so) and never keep a finished
 * process alive: sockets are unreferenced, and a request in flight holds the process by its timer.
 */
import type * as Fs from 'node:fs'
import type * as Net from 'node:net'
import type * as Tls from 'node:tls'
import { localhostLookup } from './localhost-lookup'

// ── model ────────────────────────────────────────────────────────────────────
/** Where connections go: what a URL's origin says, parsed once. */
export interface Origin {
  readonly tls: boolean
  /** for the socket: an IPv6 address without its brackets */
  readonly hostname: string
  readonly port: number
  /** for the Host header: the name, and the port when it is not the scheme's own */
  readonly host: string
  /** user info in the URL, as a Basic authorization */
  readonly auth: string | undefined
  /** the pool's key */
  readonly key: string
}

/** What a connection tells the request it carries. */
export interface Owner {
  /**
   * Bytes from the server. `shared`: the chunk is a view of a buffer the next read of any
   * connection overwrites, so whatever is kept of it past this call must be copied.
   */
  data(chunk: Buffer, shared: boolean): void
  /** the server closed its side */
  ended(): void
  failed(e: Error): void
  /** the socket is gone (after `ended` or `failed`, or on its own) */
  closed(): void
}

/** idle connections close after this long */
export const IDLE_MS = 5_000

// ── modules ──────────────────────────────────────────────────────────────────
// loaded by the first request (node:tls by the first https one): a command that sends nothing does
// not load them. Node ≥ 20.16 hands a built-in module over at once (process.getBuiltinModule); an
// import took event-loop turns, and every request of a first burst (64 at once in an apply) waited
// for it before it could connect. Older versions import, once for all the requests waiting.
let net: typeof Net | undefined
let tls: typeof Tls | undefined
let fs: typeof Fs | undefined | null
let loading: Promise<void> | undefined

const builtin = <M>(id: string): M | undefined =>
  (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.(id) as M | undefined

/** Loads what connecting to `o` needs; undefined when it is loaded already. */
export const modulesFor = (o: Origin): Promise<void> | undefined => {
  net ??= builtin<typeof Net>('node:net')
  if (o.tls) tls ??= builtin<typeof Tls>('node:tls')
  if (net && (!o.tls || tls)) return undefined
  return (loading ??= (async () => {
    net ??= await import('node:net')
    if (o.tls) tls ??= await import('node:tls')
  })().finally(() => (loading = undefined)))
}

// ── connections ──────────────────────────────────────────────────────────────
/**
 * A pool's idle connections, the most recently idle last: a count over an array that never
 * shrinks. An array pushed and popped at every request was trimmed and grown again by V8, an
 * allocation per request.
 */
class Idle {
  readonly items: Array<Connection | undefined> = []
  n = 0

  push(c: Connection): void {
    this.items[this.n++] = c
  }

  pop(): Connection {
    const c = this.items[--this.n]!
    this.items[this.n] = undefined
    return c
  }

  /** keeps, in order, the connections `keep` says yes to */
  retain(keep: (c: Connection) => boolean): void {
    let kept = 0
    for (let i = 0; i < this.n; i++) {
      const c = this.items[i]!
      if (keep(c)) this.items[kept++] = c
    }
    for (let i = kept; i < this.n; i++) this.items[i] = undefined
    this.n = kept
  }
}
const idle = new Map<string, Idle>()
let probeBuffer: Buffer | undefined
const sessions = new Map<string, Buffer>()
let sweeper: ReturnType<typeof setInterval> | undefined

export class Connection {
  owner: Owner | undefined
  /** the socket connected (TLS: handshake done): bytes written may reach the server */
  connected = false
  /** how long it had been idle when last taken from the pool (-1: a new connection) */
  idleMs = -1
  /**
   * the server kept it open after a reply: a request was written on it once whatever the server
   * sent meanwhile, its close included, had been read (`quiet`, or a full turn of the event loop)
   */
  kept = false
  private idleUntil = 0
  private idleSince = 0

  constructor(
    readonly socket: Net.Socket,
    readonly origin: Origin,
  ) {
    socket.setNoDelay(true)
    socket.setKeepAlive(true, 1_000)
    // a request in flight keeps the process alive by its own timer; a socket never does
    socket.unref()
    socket.once(origin.tls ? 'secureConnect' : 'connect', () => void (this.connected = true))
    // a plain socket's bytes come through `received` (see `open`); a TLS socket's as a stream
    if (origin.tls) socket.on('data', (c: Buffer) => this.received(c, false))
    socket.on('end', () => this.owner?.ended())
    socket.on('error', (e) => this.owner?.failed(e))
    socket.once('close', () => {
      const o = this.owner
      this.owner = undefined
      if (o) o.closed()
      else forget(this)
    })
    if (origin.tls)
      socket.on('session', (s: Buffer) => {
        if (sessions.size >= 100) sessions.delete(sessions.keys().next().value!)
        sessions.set(origin.key, s)
      })
  }

  received(chunk: Buffer, shared: boolean): void {
    if (this.owner) this.owner.data(chunk, shared)
    // an idle connection must not speak: it cannot be trusted with a request
    else this.socket.destroy()
  }

  /** Back to the pool, or closed when it cannot carry another request. */
  release(keepAlive: boolean, serverIdleMs: number | undefined): void {
    this.owner = undefined
    const s = this.socket
    if (!keepAlive || s.destroyed || s.readableEnded || s.writableEnded) return void s.destroy()
    // a second early: the server's own close may be on its way
    const ms = serverIdleMs === undefined ? IDLE_MS : Math.min(IDLE_MS, serverIdleMs - 1_000)
    if (ms <= 0) return void s.destroy()
    this.idleSince = performance.now()
    this.idleUntil = this.idleSince + ms
    let list = idle.get(this.origin.key)
    if (!list) idle.set(this.origin.key, (list = new Idle()))
    list.push(this)
    sweeper ??= setInterval(sweep, 1_000).unref()
  }

  /**
   * Whether the server has sent nothing since the last reply, its close included, by reading the
   * socket now: true when the read finds nothing to read (the connection open and quiet); false
   * when it finds the close, bytes (an idle connection must not speak) or an error, and the
   * connection then cannot carry a request (the read took what it found: destroy it); undefined
   * when it cannot be read here (a TLS socket, whose bytes are the TLS layer's; no file
   * descriptor; a Node without `process.getBuiltinModule`; a read refused before it reached the
   * socket, as a permission model may), and only a turn of the event loop tells. libuv stops
   * reading a socket at a read shorter than its buffer, so a close that came right behind a reply
   * is read only in the loop's next poll; one read here (a few µs) is the same look without that
   * wait.
   */
  quiet(): boolean | undefined {
    const s = this.socket
    if (s.destroyed || s.readableEnded || s.writableEnded) return false
    if (this.origin.tls) return undefined
    fs ??= builtin<typeof Fs>('node:fs') ?? null
    // a plain socket's handle (node:net's TCP wrap) has its descriptor on Unix (-1 elsewhere)
    const fd = (s as unknown as { _handle?: { fd?: unknown } | null })._handle?.fd
    if (fs === null || typeof fd !== 'number' || fd < 0) return undefined
    try {
      // 0: the server's close; more: bytes it should not have sent
      fs.readSync(fd, (probeBuffer ??= Buffer.alloc(1)), 0, 1, null)
      return false
    } catch (e) {
      const { code, syscall } = e as { code?: unknown; syscall?: unknown }
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return true
      // the socket's own failure (reset, …), or a read that never reached it
      return syscall === 'read' ? false : undefined
    }
  }

  idleFor(now: number): number {
    return now - this.idleSince
  }

  expired(now: number): boolean {
    return now >= this.idleUntil || this.socket.destroyed || this.socket.readableEnded
  }
}

const forget = (c: Connection): void => idle.get(c.origin.key)?.retain((x) => x !== c)

const sweep = (): void => {
  const now = performance.now()
  let left = 0
  for (const [key, list] of idle) {
    list.retain((c) => {
      if (!c.expired(now)) return true
      c.socket.destroy()
      return false
    })
    if (list.n === 0) idle.delete(key)
    left += list.n
  }
  if (left === 0 && sweeper) {
    clearInterval(sweeper)
    sweeper = undefined
  }
}

/**
 * What every plain socket reads into: a read is handed on (and parsed) before the next one starts,
 * so one buffer serves them all. Node's stream path made a Buffer per read and pushed it through a
 * Readable's queue and a 'data' event: per request, a visible share of a client's CPU and garbage.
 */
const READ_BUFFER_BYTES = 64 * 1024
let readBuffer: Buffer | undefined

const open = (o: Origin, conn: () => Connection | undefined): Net.Socket =>
  o.tls
    ? tls!.connect({
        host: o.hostname,
        port: o.port,
        // no SNI for an address (tls.connect leaves it out too)
        ...(net!.isIP(o.hostname) === 0 ? { servername: o.hostname } : {}),
        ALPNProtocols: ['http/1.1'],
        session: sessions.get(o.key),
        lookup: localhostLookup,
      })
    : net!.connect({
        host: o.hostname,
        port: o.port,
        lookup: localhostLookup,
        onread: {
          buffer: (readBuffer ??= Buffer.allocUnsafe(READ_BUFFER_BYTES)),
          callback: (n: number, buf: Uint8Array): boolean => {
            conn()?.received((buf as Buffer).subarray(0, n), true)
            return true
          },
        },
      })

/** A connection to `o` for `owner`: the most recently idle one, or a new one. Modules must be loaded. */
export const acquire = (o: Origin, owner: Owner): Connection => {
  const list = idle.get(o.key)
  if (list !== undefined && list.n > 0) {
    const now = performance.now()
    while (list.n > 0) {
      const c = list.pop()
      if (!c.expired(now)) {
        c.owner = owner
        c.idleMs = c.idleFor(now)
        return c
      }
      c.socket.destroy()
    }
  }
  // the socket's reads go to the connection made around it (a read cannot come before it is made)
  const c: Connection = new Connection(
    open(o, () => c),
    o,
  )
  c.owner = owner
  return c
}
