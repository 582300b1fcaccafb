/**
 * The transport on Node (fetchClient over undici) against raw loopback servers: connections are
 * reused (keep-alive) up to the number of requests in flight, chunked and close-delimited bodies
 * are read, a connection the server closes is not reused, compressed replies are decoded, a reply
 * cut mid-body or dripped past the timeout ends promptly with the right kind, TLS verifies the
 * server's certificate and trusts a CA given as `ca` or through NODE_EXTRA_CA_CERTS; and the fetch
 * fallback (cross-fetch) still speaks the same HttpClient.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as http from 'node:http'
import * as https from 'node:https'
import * as net from 'node:net'
import type { AddressInfo } from 'node:net'
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as zlib from 'node:zlib'
import crossFetch from 'cross-fetch'
import { fetchClient } from '#trellis/clients'

const withServer = async <A>(
  handler: http.RequestListener,
  f: (base: string, connections: () => number) => Promise<A>,
): Promise<A> => {
  let connections = 0
  const server = http.createServer(handler)
  server.on('connection', () => void connections++)
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()))
  try {
    return await f(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => connections)
  } finally {
    server.closeAllConnections()
    await new Promise((res) => server.close(res))
  }
}

{
  const test = suite('undici transport')
  const client = fetchClient()

  test('sequential and concurrent requests reuse kept-alive connections', async () => {
    await withServer(
      (req, res) => {
        req.resume()
        req.on('end', () => setTimeout(() => res.end('{"ok":true}'), 5))
      },
      async (base, connections) => {
        for (let i = 0; i < 10; i++) {
          const r = await client({ method: 'POST', url: `${base}/x`, headers: {}, body: '{}' })()
          assert.ok(E.isRight(r) && r.right.body === '{"ok":true}')
        }
        // kept alive: undici's pool may open a second one once, for a request made in the turn the
        // first reply ended (undici hands a connection back a turn later), never one per request
        assert.ok(connections() <= 2, `${connections()} connections`)
        for (let round = 0; round < 3; round++) {
          const rs = await Promise.all(
            Array.from({ length: 8 }, () => client({ method: 'GET', url: `${base}/y`, headers: {} })()),
          )
          assert.ok(rs.every(E.isRight))
          // undici hands a connection back a turn after its reply (for servers that close one they
          // said they would keep): a round started in that very turn would open new ones
          await new Promise((res) => setImmediate(res))
        }
        // never more connections than requests in flight at once (and the sequential ones' two)
        assert.ok(connections() <= 10, `${connections()} connections`)
      },
    )
  })

  test('gzip, deflate and brotli replies are decoded, and the request asks for them', async () => {
    const text = JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ token: `rprt_${i}`, title: 'é ✓' })) })
    const seen: string[] = []
    await withServer(
      (req, res) => {
        seen.push(req.headers['accept-encoding'] ?? '')
        const enc = req.url!.slice(1)
        const body =
          enc === 'gzip'
            ? zlib.gzipSync(text)
            : enc === 'deflate'
              ? zlib.deflateSync(text)
              : enc === 'raw-deflate'
                ? zlib.deflateRawSync(text)
                : zlib.brotliCompressSync(text)
        res.writeHead(200, { 'content-encoding': enc === 'raw-deflate' ? 'deflate' : enc }).end(body)
      },
      async (base) => {
        for (const enc of ['gzip', 'deflate', 'raw-deflate', 'br']) {
          const r = await client({ method: 'GET', url: `${base}/${enc}`, headers: {} })()
          assert.ok(E.isRight(r), enc)
          if (E.isRight(r)) assert.is(r.right.body, text, enc)
        }
      },
    )
    assert.ok(
      seen.every((s) => s.includes('gzip')),
      seen.join(' | '),
    )
  })

  test('a reply cut mid-body is a ConnectionReset that may have been applied', async () => {
    await withServer(
      (req, res) => {
        res.writeHead(200, { 'content-length': '100' })
        res.write('{"tok', () => req.socket.destroy())
      },
      async (base) => {
        const r = await client({ method: 'POST', url: `${base}/cut`, headers: {}, body: '{}' })()
        assert.ok(E.isLeft(r))
        if (E.isLeft(r)) {
          assert.is(r.left.kind, 'ConnectionReset')
          assert.is(r.left.sent, true)
          assert.match(r.left.message, 'closed in the middle of the reply')
        }
      },
    )
  })

  test('a reply dripped slower than the timeout ends at the timeout, as a Timeout', async () => {
    await withServer(
      (_req, res) => {
        res.writeHead(200, { 'content-length': '1000' })
        const t = setInterval(() => res.write('x'), 10)
        res.on('close', () => clearInterval(t))
      },
      async (base) => {
        const t0 = Date.now()
        const r = await client({ method: 'GET', url: `${base}/drip`, headers: {}, timeoutMs: 80 })()
        // the whole drip takes 10 s: a cut at the timeout ends far sooner, even on a loaded machine
        assert.ok(Date.now() - t0 < 5000)
        assert.ok(E.isLeft(r) && r.left.kind === 'Timeout' && r.left.sent)
        if (E.isLeft(r)) assert.match(r.left.message, 'no complete reply within 80 ms')
      },
    )
  })

  test('user info, unescaped characters and fragments in a URL are sent as a URL parser would', async () => {
    const seen: Array<{ url?: string; auth?: string; host?: string }> = []
    await withServer(
      (req, res) => {
        seen.push({ url: req.url, auth: req.headers.authorization, host: req.headers.host })
        res.end('ok')
      },
      async (base) => {
        const port = new URL(base).port
        const at = base.replace('http://', 'http://us%40er:p%3Ass@')
        for (const url of [`${at}/a?b=1`, `${base}/a b/é?q=x y#frag`, `${base}/plain/path?limit=10&page=2`])
          assert.ok(E.isRight(await client({ method: 'GET', url, headers: {} })()), url)
        assert.equal(seen, [
          { url: '/a?b=1', auth: `Basic ${Buffer.from('us@er:p:ss').toString('base64')}`, host: `127.0.0.1:${port}` },
          { url: '/a%20b/%C3%A9?q=x%20y', auth: undefined, host: `127.0.0.1:${port}` },
          { url: '/plain/path?limit=10&page=2', auth: undefined, host: `127.0.0.1:${port}` },
        ])
      },
    )
  })

  test('the same frozen headers sent to two origins, and to one with user info, each name their own', async () => {
    // the Host and Authorization of one origin must not leak into another's requests
    const headers = Object.freeze({ accept: 'application/json', 'x-trace': 't' })
    const seen: string[][] = []
    const record: http.RequestListener = (req, res) => {
      seen.push([
        req.headers.host ?? '',
        req.headers.authorization ?? '',
        String(req.headers['x-trace']),
        req.url ?? '',
      ])
      res.end('ok')
    }
    await withServer(record, (a) =>
      withServer(record, async (b) => {
        const userInfo = a.replace('http://', 'http://u:p@')
        for (const base of [a, b, userInfo, a, b])
          assert.ok(E.isRight(await client({ method: 'GET', url: `${base}/h`, headers })()), base)
        // the same headers, not frozen: the same head
        assert.ok(E.isRight(await client({ method: 'GET', url: `${b}/h`, headers: { ...headers } })()))
        const host = (u: string) => new URL(u).host
        const basic = `Basic ${Buffer.from('u:p').toString('base64')}`
        assert.equal(seen, [
          [host(a), '', 't', '/h'],
          [host(b), '', 't', '/h'],
          [host(a), basic, 't', '/h'],
          [host(a), '', 't', '/h'],
          [host(b), '', 't', '/h'],
          [host(b), '', 't', '/h'],
        ])
      }),
    )
  })

  test('a header value Node refuses fails before anything is sent', async () => {
    const r = await client({ method: 'POST', url: 'http://127.0.0.1:9/x', headers: { 'x-bad': 'a\nb' }, body: '{}' })()
    assert.ok(E.isLeft(r) && r.left.kind === 'ConnectFailed' && !r.left.sent)
  })

  test('chunked and close-delimited bodies are read whole', async () => {
    await withServer(
      (_req, res) => {
        // no Content-Length: Node's server sends chunks
        res.write('{"items":[1,')
        setTimeout(() => res.end('2,3]}'), 5)
      },
      async (base, connections) => {
        for (let i = 0; i < 3; i++) {
          const r = await client({ method: 'GET', url: `${base}/chunks`, headers: {} })()
          assert.ok(E.isRight(r) && r.right.body === '{"items":[1,2,3]}')
        }
        assert.ok(connections() <= 2, `${connections()} connections`)
      },
    )
    const raw = net.createServer((s) =>
      s.once('data', () => s.end('HTTP/1.0 200 OK\r\ncontent-type: text/plain\r\n\r\nuntil the end')),
    )
    await new Promise<void>((res) => raw.listen(0, '127.0.0.1', () => res()))
    try {
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`
      for (let i = 0; i < 2; i++) {
        const r = await client({ method: 'GET', url, headers: {} })()
        assert.ok(E.isRight(r) && r.right.body === 'until the end' && r.right.headers['content-type'] === 'text/plain')
      }
    } finally {
      await new Promise((res) => raw.close(res))
    }
  })

  test('a connection the server closes, or says it will close, is not reused', async () => {
    let n = 0
    await withServer(
      (req, res) => {
        n++
        if (req.url === '/close') res.setHeader('connection', 'close')
        res.end(String(n))
      },
      async (base, connections) => {
        for (let i = 0; i < 3; i++)
          assert.ok(E.isRight(await client({ method: 'GET', url: `${base}/close`, headers: {} })()))
        assert.is(connections(), 3)
        assert.ok(E.isRight(await client({ method: 'POST', url: `${base}/keep`, headers: {}, body: '{}' })()))
        assert.is(connections(), 4)
      },
    )
    // the server drops idle connections after 30 ms: a later request gets a fresh one, not an error
    const server = http.createServer((_req, res) => res.end('ok'))
    server.keepAliveTimeout = 30
    await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
      for (let i = 0; i < 3; i++) {
        const r = await client({ method: 'POST', url, headers: {}, body: '{}' })()
        assert.ok(E.isRight(r) && r.right.body === 'ok', JSON.stringify(r))
        await new Promise((res) => setTimeout(res, 120))
      }
    } finally {
      server.closeAllConnections()
      await new Promise((res) => server.close(res))
    }
  })

  test('a header name that cannot be sent fails before anything is sent', async () => {
    const r = await client({ method: 'GET', url: 'http://127.0.0.1:9/x', headers: { 'bad name': 'x' } })()
    assert.ok(E.isLeft(r) && r.left.kind === 'ConnectFailed' && !r.left.sent)
  })

  test('TLS: a certificate the system does not trust is refused unsent; one it trusts carries requests', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-tls-'))
    try {
      const key = join(dir, 'key.pem')
      const cert = join(dir, 'cert.pem')
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        { stdio: 'ignore' },
      )
      let connections = 0
      const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
        req.resume()
        req.on('end', () => res.end(JSON.stringify({ method: req.method, host: req.headers.host })))
      })
      server.on('secureConnection', () => void connections++)
      await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()))
      try {
        const port = (server.address() as AddressInfo).port
        const r = await client({ method: 'POST', url: `https://localhost:${port}/x`, headers: {}, body: '{}' })()
        assert.ok(E.isLeft(r) && r.left.kind === 'ConnectFailed' && !r.left.sent, JSON.stringify(r))
        // trusted through NODE_EXTRA_CA_CERTS, which Node reads at start: in a process of its own
        // trusted through the `ca` option: both requests on one connection
        const withCa = fetchClient({ ca: readFileSync(cert) })
        const viaCa = []
        for (const m of ['POST', 'GET'] as const)
          viaCa.push(await withCa({ method: m, url: `https://localhost:${port}/y`, headers: {}, body: '{}' })())
        assert.equal(
          viaCa.map((x) => (E.isRight(x) ? JSON.parse(x.right.body) : x.left)),
          [
            { method: 'POST', host: `localhost:${port}` },
            { method: 'GET', host: `localhost:${port}` },
          ],
        )
        // the roots Node ships stay trusted beside it: the client without `ca` still refuses this one
        const again = await client({ method: 'GET', url: `https://localhost:${port}/z`, headers: {} })()
        assert.ok(E.isLeft(again) && again.left.kind === 'ConnectFailed' && !again.left.sent)
        const program = [
          `import { fetchClient } from ${JSON.stringify(new URL('../../clients/fetch.ts', import.meta.url).pathname)}`,
          'const c = fetchClient()',
          'const out = []',
          `for (const m of ['POST', 'GET']) out.push(await c({ method: m, url: 'https://localhost:${port}/y', headers: {}, body: '{}' })())`,
          'console.log(JSON.stringify(out))',
        ].join('\n')
        // asynchronously: the server answers from this process
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
          env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 20_000,
        })
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
        await new Promise((res) => child.once('close', res))
        const out = JSON.parse(stdout || 'null') as Array<E.Either<unknown, { status: number; body: string }>>
        assert.ok(Array.isArray(out), stderr)
        assert.equal(
          out.map((x) => (E.isRight(x) ? JSON.parse(x.right.body) : x.left)),
          [
            { method: 'POST', host: `localhost:${port}` },
            { method: 'GET', host: `localhost:${port}` },
          ],
        )
        // kept alive: at most two connections for each client's two requests (see the first test)
        assert.ok(connections >= 2 && connections <= 4, `${connections} connections`)
      } finally {
        server.closeAllConnections()
        await new Promise((res) => server.close(res))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test.run()
}

const test = suite('fetch fallback')
test('the fetch fallback (cross-fetch) speaks the same HttpClient', async () => {
  const viaFetch = fetchClient({ fetch: crossFetch })
  await withServer(
    (req, res) => {
      req.resume()
      req.on('end', () => res.writeHead(201, { 'x-rate-limit-remaining': '3' }).end('{"token":"fldr_1"}'))
    },
    async (base) => {
      const r = await viaFetch({ method: 'POST', url: `${base}/v2/folders`, headers: {}, body: '{}' })()
      assert.ok(E.isRight(r))
      if (E.isRight(r)) {
        assert.is(r.right.status, 201)
        assert.is(r.right.headers['x-rate-limit-remaining'], '3')
        assert.is(r.right.body, '{"token":"fldr_1"}')
      }
    },
  )
})

test.run()
