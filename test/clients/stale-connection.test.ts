/**
 * The transport (undici) and a server that closes kept-alive connections: a create written on a
 * connection the server closed while it sat idle is said to have maybe reached it, never resent;
 * a close racing the write ends promptly, and a create is never sent twice; a close or stray bytes right behind each reply leave each create sent once, on a new
 * connection. The server runs in a worker thread so that it closes the connection while this
 * thread's event loop is busy, as a loaded client's would be. (The cases of the hand-written
 * client's look at a socket before a write went with it.)
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { Worker } from 'node:worker_threads'
import { fetchClient } from '#trellis/clients'
import { compose } from '#trellis/clients'
import { retry } from '#trellis/clients'

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

test('a connection the server closed while idle, unread: a create sent on it is never said unsent, and reaches the server once at most', async () => {
  // undici writes on a kept connection whose close this thread has not read yet (the hand-written
  // client looked at the socket first): the create fails as one that may have been applied, which
  // the engine's lost-reply check settles; it is never written twice
  await withServer(30, async (base, counts) => {
    const client = compose(retry({ baseMs: 1, capMs: 5 }))(fetchClient())
    let failed = 0
    for (let round = 0; round < 3; round++) {
      assert.ok(E.isRight(await client({ method: 'POST', url: `${base}/one`, headers: {}, body: '{}' })()))
      // this thread is busy while the server closes the idle connection: its close is not read yet
      busy(150)
      const r = await client({ method: 'POST', url: `${base}/two`, headers: {}, body: '{}', timeoutMs: 5_000 })()
      if (E.isLeft(r)) {
        failed++
        assert.ok(r.left.kind === 'ConnectionReset' && r.left.sent, JSON.stringify(r.left))
      } else assert.is(r.right.body, 'ok')
    }
    assert.is(Atomics.load(counts, 1), 3)
    const arrived = Atomics.load(counts, 2)
    assert.ok(arrived >= 3 - failed && arrived <= 3, `${arrived} arrivals, ${failed} failures`)
  })
})

test('a close racing the write ends promptly, and a create is never sent twice', async () => {
  await withServer(0, async (base, counts) => {
    const client = compose(retry({ baseMs: 1, capMs: 5 }))(fetchClient())
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

/**
 * `rounds` creates, the server closing the connection or sending on it after each reply while this
 * thread's loop reads nothing: the next create finds that before it is written, and goes on a new
 * connection, sent once
 */
const eachOnANewConnection = (rounds: number, closeAfterMs: number, strayAfterMs?: number) =>
  withServer(
    closeAfterMs,
    async (base, counts) => {
      const client = fetchClient()
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

test.run()
