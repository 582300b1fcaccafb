/**
 * http1Client and a server that closes kept-alive connections: a connection the server closed
 * while it sat idle is replaced before the request is written (the request succeeds on a fresh
 * connection, sent once); a close racing the write ends promptly, and a create is never sent
 * twice; a create is written on a reused connection only once a read of its socket found nothing
 * there (no close, no stray bytes), until the server has kept that connection open after a reply;
 * a socket that cannot be read so (TLS) is left to a turn of the loop. The server runs in a worker
 * thread so that it closes the connection while this thread's event loop is busy, as a loaded
 * client's would be.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
// the module object Connection.quiet takes (process.getBuiltinModule), whose readSync a test can replace
import fs from 'node:fs'
import { Socket, connect } from 'node:net'
import { Worker } from 'node:worker_threads'
import { http1Client } from '../../clients/http1-client'
import { compose } from '../../clients/http'
import { retry } from '../../clients/retry'
import { Connection } from '../../clients/connection-pool'

const test = suite('stale kept-alive connections')

// a raw HTTP/1.1 server: answers each request `ok` with keep-alive, then destroys the connection
// `closeAfterMs` after the answer (0: at once, as a server ignoring its own keep-alive would), and
// with `strayAfterMs` sends bytes no request asked for that long after it; counts connections,
// requests by path, and closes at once and stray sends done, in a shared array
const SERVER = `
const net = require('node:net')
const { parentPort, workerData } = require('node:worker_threads')
const counts = new Int32Array(workerData.counts)
const server = net.createServer((s) => {
  Atomics.add(counts, 0, 1)
  let buf = ''
  s.on('data', (c) => {
    buf += c.toString('latin1')
    for (;;) {
      const end = buf.indexOf('\\r\\n\\r\\n')
      if (end < 0) return
      const len = Number((/content-length: *(\\d+)/i.exec(buf.slice(0, end)) || [0, 0])[1])
      if (buf.length < end + 4 + len) return
      const path = buf.slice(0, end).split(' ')[1]
      buf = buf.slice(end + 4 + len)
      Atomics.add(counts, path === '/one' ? 1 : 2, 1)
      s.write('HTTP/1.1 200 OK\\r\\ncontent-length: 2\\r\\nkeep-alive: timeout=5\\r\\n\\r\\nok')
      if (workerData.strayAfterMs !== undefined)
        setTimeout(() => s.write('stray', () => Atomics.add(counts, 3, 1)), workerData.strayAfterMs)
      if (workerData.closeAfterMs === 0) {
        s.destroy()
        Atomics.add(counts, 3, 1)
      }
      else setTimeout(() => s.destroy(), workerData.closeAfterMs)
    }
  })
  s.on('error', () => {})
})
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port))
parentPort.on('message', () => server.close(() => process.exit(0)))
`

const withServer = async <A>(
  closeAfterMs: number,
  f: (base: string, counts: Int32Array) => Promise<A>,
  strayAfterMs?: number,
): Promise<A> => {
  const counts = new Int32Array(new SharedArrayBuffer(16))
  const w = new Worker(SERVER, { eval: true, workerData: { counts: counts.buffer, closeAfterMs, strayAfterMs } })
  try {
    const port = await new Promise<number>((res) => w.once('message', res))
    return await f(`http://127.0.0.1:${port}`, counts)
  } finally {
    await w.terminate()
  }
}

/** busy until the server has closed or spoken `n` times in all (counts[3]), while this thread's loop reads nothing */
const busyUntil = (counts: Int32Array, n: number): void => {
  const until = Date.now() + 5_000
  while (Atomics.load(counts, 3) < n && Date.now() < until);
  // on loopback the bytes are in this side's socket once the server's call returned; a little more all the same
  busy(5)
}

const busy = (ms: number): void => {
  const until = Date.now() + ms
  while (Date.now() < until);
}

test('a connection the server closed while idle is replaced: the request is sent once, on a fresh one', async () => {
  await withServer(30, async (base, counts) => {
    const client = http1Client()
    for (let round = 0; round < 3; round++) {
      assert.ok(E.isRight(await client({ method: 'POST', url: `${base}/one`, headers: {}, body: '{}' })()))
      // this thread is busy while the server closes the idle connection: its close is not read yet
      busy(150)
      const r = await client({ method: 'POST', url: `${base}/two`, headers: {}, body: '{}', timeoutMs: 5_000 })()
      assert.ok(E.isRight(r) && r.right.body === 'ok', JSON.stringify(r))
    }
    assert.is(Atomics.load(counts, 1), 3)
    assert.is(Atomics.load(counts, 2), 3, 'each create reached the server once')
    // the first request, then each request after a close on a new one (a /one right after a /two
    // goes on that /two's connection, still open then)
    assert.is(Atomics.load(counts, 0), 4, 'a new connection for each request after a close')
  })
})

test('a close racing the write ends promptly, and a create is never sent twice', async () => {
  await withServer(0, async (base, counts) => {
    const client = compose(retry({ baseMs: 1, capMs: 5 }))(http1Client())
    let failed = 0
    for (let round = 0; round < 20; round++) {
      const t0 = Date.now()
      const r = await client({ method: 'POST', url: `${base}/two`, headers: {}, body: '{}', timeoutMs: 5_000 })()
      assert.ok(Date.now() - t0 < 4_000, 'no hang')
      if (E.isLeft(r)) {
        failed++
        // written into a connection the server was closing: maybe applied, so not repeated
        assert.ok(r.left.kind === 'ConnectionReset' && r.left.sent, JSON.stringify(r.left))
      }
    }
    const arrived = Atomics.load(counts, 2)
    assert.ok(
      arrived >= 20 - failed && arrived <= 20,
      `${arrived} arrivals, ${failed} failures: one arrival per create at most`,
    )
  })
})

/** counts the socket writes and the reads of a socket's descriptor (Connection.quiet) made meanwhile */
const spied = async <A>(f: (counts: { writes: number; reads: number }) => Promise<A>): Promise<A> => {
  const counts = { writes: 0, reads: 0 }
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its socket, and put back as it was
  const write = Socket.prototype.write
  const readSync = fs.readSync
  Socket.prototype.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
    counts.writes++
    return write.apply(this, args)
  } as Socket['write']
  fs.readSync = ((...args: Parameters<typeof fs.readSync>) => {
    counts.reads++
    return readSync(...args)
  }) as typeof fs.readSync
  try {
    return await f(counts)
  } finally {
    Socket.prototype.write = write
    fs.readSync = readSync
  }
}

test('a create is written at once on a connection the server has kept open after a reply', async () => {
  await withServer(60_000, async (base, counts) => {
    const client = http1Client()
    await spied(async (n) => {
      const post = () => client({ method: 'POST', url: `${base}/two`, headers: {}, body: '{}' })()
      assert.ok(E.isRight(await post()))
      // reused, not yet known to stay open after a reply: the socket is read first (nothing there), then written
      n.writes = n.reads = 0
      const second = post()
      assert.is(n.reads, 1, 'the first create on a reused connection reads the socket first')
      assert.is(n.writes, 1, 'and, nothing there, is written at once')
      assert.ok(E.isRight(await second))
      n.writes = n.reads = 0
      const third = post()
      assert.is(n.reads, 0, 'a kept connection is not read again')
      assert.is(n.writes, 1, 'a create on a kept connection is written at once')
      assert.ok(E.isRight(await third))
    })
    assert.is(Atomics.load(counts, 0), 1, 'one connection')
    assert.is(Atomics.load(counts, 2), 3)
  })
})

/**
 * `rounds` creates, the server closing the connection or sending on it after each reply while this
 * thread's loop reads nothing: the next create finds that before it is written, and goes on a new
 * connection, sent once
 */
const eachOnANewConnection = (rounds: number, closeAfterMs: number, strayAfterMs?: number) =>
  withServer(
    closeAfterMs,
    async (base, counts) => {
      const client = http1Client()
      for (let round = 0; round < rounds; round++) {
        const r = await client({ method: 'POST', url: `${base}/two`, headers: {}, body: '{}', timeoutMs: 5_000 })()
        assert.ok(E.isRight(r) && r.right.body === 'ok', JSON.stringify(r))
        busyUntil(counts, round + 1)
      }
      assert.is(Atomics.load(counts, 2), rounds, 'each create reached the server once')
      assert.is(Atomics.load(counts, 0), rounds, 'a new connection for each')
    },
    strayAfterMs,
  )

test('a close that came right behind a reply is read before a create is written: it goes on a new connection', () =>
  eachOnANewConnection(10, 0))

test('bytes a server sent on an idle connection are found before a create is written: it goes on a new connection', () =>
  eachOnANewConnection(5, 60_000, 5))

test('a connection that cannot be read at once (TLS, a refused read) is not judged by a read: a turn of the loop tells', async () => {
  await withServer(60_000, async (base) => {
    const port = Number(new URL(base).port)
    const origin = { tls: true, hostname: '127.0.0.1', port, host: `127.0.0.1:${port}`, auth: undefined, key: 'tls' }
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    try {
      await spied(async (n) => {
        assert.is(new Connection(socket, origin).quiet(), undefined)
        assert.is(n.reads, 0)
        const plain = new Connection(socket, { ...origin, tls: false, key: 'plain' })
        assert.is(plain.quiet(), true, 'the same socket, plain: open and quiet')
        assert.is(n.reads, 1)
        // a read refused before it reached the socket says nothing of it; the socket's own error does
        const readSync = fs.readSync
        try {
          fs.readSync = () => {
            throw Object.assign(new Error('denied'), { code: 'ERR_ACCESS_DENIED' })
          }
          assert.is(plain.quiet(), undefined, 'a refused read: a turn of the loop tells')
          fs.readSync = () => {
            throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read', errno: -104 })
          }
          assert.is(plain.quiet(), false, 'a reset: not to be written on')
        } finally {
          fs.readSync = readSync
        }
        socket.destroy()
        assert.is(plain.quiet(), false, 'destroyed: not to be written on')
      })
    } finally {
      socket.destroy()
    }
  })
})

test.run()
