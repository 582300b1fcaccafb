/**
 * The latency bench's server (bench/held-server.ts): HTTP/1.1 over node:net, every answer sent no
 * sooner than the latency after its request's head was read. It must answer what node:http's
 * server would (status line, the handler's headers, Date, Connection, Keep-Alive,
 * Content-Length), to trellis's transport and to node:http's client alike, keep connections
 * alive, answer pipelined requests in order and requests that come in pieces, and refuse what it
 * cannot read. Each answer is held the latency from its arrival and never less (told through
 * `onSent`), many in flight at once.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as http from 'node:http'
import * as net from 'node:net'
import { fetchClient } from '#trellis/clients'
import type { HttpRequest, HttpResponse } from '#trellis/clients'
import { heldServer, type HeldServer } from '../../bench/held-server'

const test = suite('bench held server')

const LATENCY_MS = 25
const seen: HttpRequest[] = []
const echo = async (req: HttpRequest): Promise<HttpResponse | undefined> => {
  seen.push(req)
  if (req.url.endsWith('/drop')) return undefined
  if (req.url.endsWith('/empty')) return { status: 204, headers: { 'x-kind': 'empty' }, body: '' }
  return {
    status: req.method === 'POST' ? 201 : 200,
    headers: { 'content-type': 'application/json', 'x-rate-limit-remaining': '7', 'content-length': '999' },
    body: JSON.stringify({ method: req.method, url: req.url, body: req.body ?? null, é: 'ü' }),
  }
}

let server: HeldServer
let base = ''
test.before(async () => {
  server = await heldServer(echo, { latencyMs: LATENCY_MS })
  base = `http://127.0.0.1:${server.port}`
})
test.after(() => server.close())

/** Bytes written on one raw connection, and everything the server sent until `until` holds of it. */
const raw = (pieces: ReadonlyArray<string | Buffer>, until: (text: string) => boolean): Promise<string> =>
  new Promise((resolve, reject) => {
    const s = net.connect(server.port, '127.0.0.1')
    let got = ''
    const timer = setTimeout(() => (s.destroy(), reject(new Error(`no whole answer: ${JSON.stringify(got)}`))), 2_000)
    s.on('data', (c: Buffer) => {
      got += c.toString('utf8')
      if (until(got)) {
        clearTimeout(timer)
        s.destroy()
        resolve(got)
      }
    })
    s.on('close', () => (clearTimeout(timer), resolve(got)))
    s.on('error', reject)
    void (async () => {
      for (const p of pieces) {
        s.write(p)
        await new Promise((r) => setTimeout(r, 5))
      }
    })()
  })

test('answers through trellis’s transport, no sooner than the latency, with node:http’s framing', async () => {
  const send = fetchClient()
  const body = JSON.stringify({ name: 'réport' })
  const t = performance.now()
  const r = await send({
    method: 'POST',
    url: `${base}/v1/things?x=1`,
    headers: { 'content-type': 'application/json' },
    body,
  })()
  const took = performance.now() - t
  assert.ok(E.isRight(r), JSON.stringify(r))
  if (E.isLeft(r)) return
  assert.ok(took >= LATENCY_MS, `answered after ${took} ms`)
  assert.is(r.right.status, 201)
  assert.equal(JSON.parse(r.right.body), { method: 'POST', url: `${base}/v1/things?x=1`, body, é: 'ü' })
  const h = r.right.headers
  assert.is(h['content-type'], 'application/json')
  assert.is(h['x-rate-limit-remaining'], '7')
  // its own framing, not the handler's
  assert.is(h['content-length'], String(Buffer.byteLength(r.right.body)))
  assert.is(h['connection'], 'keep-alive')
  assert.is(h['keep-alive'], 'timeout=5')
  assert.ok(!Number.isNaN(Date.parse(h['date'])))
  const req = seen.at(-1)!
  assert.is(req.headers['content-type'], 'application/json')
  assert.is(req.headers['host'], `127.0.0.1:${server.port}`)
})

test('keeps connections alive: requests one after another share one', async () => {
  const before = server.connections()
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const get = (path: string) =>
    new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { agent }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => (body += c))
          res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }))
        })
        .on('error', reject)
    })
  for (let i = 0; i < 3; i++) assert.is((await get(`/n/${i}`)).status, 200)
  const empty = await get('/empty')
  assert.is(empty.status, 204)
  assert.is(empty.body, '')
  assert.is(empty.headers['x-kind'], 'empty')
  agent.destroy()
  assert.is(server.connections() - before, 1)
})

test('answers pipelined requests in order, and a request that comes in pieces', async () => {
  const two = 'GET /first HTTP/1.1\r\nhost: h\r\n\r\nPOST /second HTTP/1.1\r\nhost: h\r\ncontent-length: 2\r\n\r\n{}'
  const got = await raw([two], (t) => t.split('HTTP/1.1 ').length === 3 && t.endsWith('}'))
  const first = got.indexOf('"url":"http://h/first"')
  const second = got.indexOf('"url":"http://h/second"')
  assert.ok(first > 0 && second > first, got)
  assert.ok(got.includes('"body":"{}"'))
  const pieces = ['PUT /p HTTP/1.1\r\nho', 'st: h\r\ncontent-len', 'gth: 5\r\n\r\nab', 'c', 'de']
  const t = performance.now()
  const one = await raw(pieces, (t) => t.endsWith('}'))
  assert.ok(one.startsWith('HTTP/1.1 200 OK\r\n'), one)
  assert.ok(one.includes('"body":"abcde"'))
  // held from the moment the whole head was read (the third piece), not from the first byte
  assert.ok(performance.now() - t >= LATENCY_MS)
})

test('holds every answer the latency after its arrival, never less, with many in flight', async () => {
  const holds: number[] = []
  const own = await heldServer(echo, { latencyMs: 7, onSent: (arrived, sent) => void holds.push(sent - arrived) })
  try {
    const send = fetchClient()
    const took = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        // some together, some a little apart
        if (i % 4 === 3) await new Promise((r) => setTimeout(r, i % 7))
        const t = performance.now()
        const r = await send({ method: 'GET', url: `http://127.0.0.1:${own.port}/n/${i}`, headers: {} })()
        assert.ok(E.isRight(r) && r.right.status === 200)
        return performance.now() - t
      }),
    )
    assert.is(holds.length, 40)
    for (const h of holds) assert.ok(h >= 7, `held ${h} ms`)
    for (const t of took) assert.ok(t >= 7, `answered after ${t} ms`)
  } finally {
    await own.close()
  }
})

test('says Connection: close and closes when the request asks', async () => {
  const got = await raw(['GET /c HTTP/1.1\r\nhost: h\r\nconnection: close\r\n\r\n'], () => false)
  assert.ok(got.includes('\r\nConnection: close\r\n'), got)
  assert.ok(got.endsWith('}'))
})

test('refuses what it cannot read, and drops the connection when the handler gives no answer', async () => {
  const bad = await raw(['NOT A REQUEST\r\n\r\n'], () => false)
  assert.ok(bad.startsWith('HTTP/1.1 400 Bad Request\r\n'), bad)
  const chunked = await raw(['POST /x HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n'], () => false)
  assert.ok(chunked.startsWith('HTTP/1.1 501 '), chunked)
  const dropped = await raw(['GET /drop HTTP/1.1\r\nhost: h\r\n\r\n'], () => false)
  assert.is(dropped, '')
})

test.run()
