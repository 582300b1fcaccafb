/**
 * fetchClient and serve together over real loopback HTTP: round trips, transport failures mapped
 * to the right HttpError kinds, and redirects that keep credentials on their origin.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as net from 'node:net'
import { fetchClient } from '../../clients/fetch'
import { serve } from '#trellis/clients'
import { scripted } from '#trellis/clients'
import { httpError, type HttpClient, type HttpRequest } from '#trellis/clients'

const test = suite('fetch+serve')
const http = fetchClient()

const withServer = async <A>(client: HttpClient, f: (url: string) => Promise<A>): Promise<A> => {
  const s = await serve(client)
  try {
    return await f(s.url)
  } finally {
    await s.close()
  }
}

test('a request and its response cross the loopback intact, headers lower-cased', async () => {
  const s = scripted()
  s.expect('POST', '/v2/folders', { body: { title: 'Finance' }, query: { a: '1' } }).reply(
    201,
    { token: 'fldr_1' },
    { 'X-Rate-Limit-Remaining': '7' },
  )
  await withServer(s.client, async (base) => {
    const r = await http({
      method: 'POST',
      url: `${base}/v2/folders?a=1`,
      headers: { 'content-type': 'application/json', 'X-Custom': 'Yes' },
      body: '{"title":"Finance"}',
    })()
    assert.ok(E.isRight(r))
    if (E.isRight(r)) {
      assert.is(r.right.status, 201)
      assert.equal(JSON.parse(r.right.body), { token: 'fldr_1' })
      assert.is(r.right.headers['x-rate-limit-remaining'], '7')
      assert.is(r.right.headers['content-type'], 'application/json')
    }
    const seen = s.calls()[0]
    assert.is(seen.url, `${base}/v2/folders?a=1`)
    assert.is(seen.headers['x-custom'], 'Yes')
    assert.is(seen.body, '{"title":"Finance"}')
  })
  s.assertNoPending()
})

test('frozen headers go out as given on every request; a bad one is refused each time, naming it', async () => {
  const s = scripted()
  for (let i = 0; i < 3; i++) s.expect('POST', '/v2/folders').reply(201, { token: `fldr_${i}` })
  const headers = Object.freeze({ authorization: 'Bearer tok_1', 'content-type': 'application/json', host: 'api.x' })
  await withServer(s.client, async (base) => {
    for (let i = 0; i < 3; i++) {
      const r = await http({ method: 'POST', url: `${base}/v2/folders`, headers, body: `{"n":${i}}` })()
      assert.ok(E.isRight(r) && r.right.status === 201, JSON.stringify(r))
    }
    const bad = Object.freeze({ 'x-bad': 'a\r\nx-injected: 1' })
    for (let i = 0; i < 2; i++) {
      const r = await http({ method: 'GET', url: `${base}/v2/folders`, headers: bad })()
      assert.ok(E.isLeft(r) && !r.left.sent && /invalid x-bad header/.test(r.left.message), JSON.stringify(r))
    }
  })
  const calls = s.calls()
  assert.is(calls.length, 3)
  for (const [i, c] of calls.entries()) {
    assert.is(c.headers['authorization'], 'Bearer tok_1')
    // a Host the caller gave is not doubled
    assert.is(c.headers['host'], 'api.x')
    assert.is(c.body, `{"n":${i}}`)
  }
})

test('HEAD and DELETE round trips have empty bodies', async () => {
  const s = scripted()
  s.expect('HEAD', '/x').reply(200, 'ignored', { 'x-a': 'b' })
  s.expect('DELETE', '/x').reply(204)
  await withServer(s.client, async (base) => {
    const h = await http({ method: 'HEAD', url: `${base}/x`, headers: {} })()
    assert.ok(E.isRight(h) && h.right.body === '' && h.right.headers['x-a'] === 'b')
    const d = await http({ method: 'DELETE', url: `${base}/x`, headers: {} })()
    assert.ok(E.isRight(d) && d.right.status === 204 && d.right.body === '')
  })
})

test('a closed port is ConnectFailed, not sent', async () => {
  const s = await serve(scripted().client)
  await s.close()
  const r = await http({ method: 'POST', url: `${s.url}/v2/folders`, headers: {}, body: '{}' })()
  assert.ok(E.isLeft(r))
  if (E.isLeft(r)) {
    assert.is(r.left.kind, 'ConnectFailed')
    assert.is(r.left.sent, false)
    assert.match(r.left.message, 'ECONNREFUSED')
  }
})

test('a connection reset on accept is a not-sent ConnectFailed or a maybe-sent ConnectionReset, never a not-sent reset', async () => {
  // which one depends on whether the client saw the connection open before the reset arrived
  const srv = net.createServer((socket) => void socket.resetAndDestroy())
  await new Promise<void>((res) => srv.listen(0, '127.0.0.1', () => res()))
  try {
    const port = (srv.address() as net.AddressInfo).port
    const r = await http({ method: 'POST', url: `http://127.0.0.1:${port}/v2/folders`, headers: {}, body: '{}' })()
    assert.ok(E.isLeft(r))
    if (E.isLeft(r))
      assert.ok(
        (r.left.kind === 'ConnectFailed' && !r.left.sent) || (r.left.kind === 'ConnectionReset' && r.left.sent),
        `${r.left.kind} sent=${r.left.sent}`,
      )
  } finally {
    await new Promise((res) => srv.close(res))
  }
})

test('a reset after the request arrived is ConnectionReset, maybe applied', async () => {
  let received = 0
  const resetting: HttpClient = (req) => async () => {
    received++
    return E.left(httpError('ConnectionReset', req, 'reset', true))
  }
  await withServer(resetting, async (base) => {
    const r = await http({ method: 'POST', url: `${base}/v2/folders`, headers: {}, body: '{}' })()
    assert.ok(E.isLeft(r))
    if (E.isLeft(r)) {
      assert.is(r.left.kind, 'ConnectionReset')
      assert.is(r.left.sent, true)
    }
  })
  assert.is(received, 1)
})

test('a server that never answers is a Timeout, and close() still ends promptly', async () => {
  const hanging: HttpClient = (req) => async () => E.left(httpError('Timeout', req, 'hold', true))
  await withServer(hanging, async (base) => {
    const r = await http({ method: 'GET', url: `${base}/slow`, headers: {}, timeoutMs: 40 })()
    assert.ok(E.isLeft(r))
    if (E.isLeft(r)) {
      assert.is(r.left.kind, 'Timeout')
      assert.is(r.left.sent, true)
    }
  })
})

test('close() ends a server holding a request the caller still waits for', async () => {
  let arrived: () => void = () => undefined
  const came = new Promise<void>((res) => (arrived = res))
  const hanging: HttpClient = (req) => async () => {
    arrived()
    return E.left(httpError('Timeout', req, 'hold', true))
  }
  const s = await serve(hanging)
  const pending = http({ method: 'PUT', url: `${s.url}/held`, headers: {}, body: 'x' })()
  await came
  await s.close()
  const r = await pending
  assert.ok(E.isLeft(r) && r.left.kind === 'ConnectionReset' && r.left.sent)
})

test("the caller's AbortSignal aborts a request in flight", async () => {
  const hanging: HttpClient = (req) => async () => E.left(httpError('Timeout', req, 'hold', true))
  await withServer(hanging, async (base) => {
    const ctl = new AbortController()
    setTimeout(() => ctl.abort(), 20)
    const r = await http({ method: 'GET', url: `${base}/slow`, headers: {}, signal: ctl.signal })()
    assert.ok(E.isLeft(r) && r.left.kind === 'Aborted')
    const already = new AbortController()
    already.abort()
    const r2 = await http({ method: 'GET', url: `${base}/slow`, headers: {}, signal: already.signal })()
    assert.ok(E.isLeft(r2) && r2.left.kind === 'Aborted' && !r2.left.sent)
  })
})

test('ConnectFailed behind the server is a 502', async () => {
  const s = scripted() // expects nothing: every request is unmatched
  await withServer(s.client, async (base) => {
    const r = await http({ method: 'GET', url: `${base}/nothing`, headers: {} })()
    assert.ok(E.isRight(r) && r.right.status === 502)
    assert.ok(E.isRight(r) && r.right.body.includes('scripted: unexpected request GET'))
  })
})

test('a same-origin redirect keeps Authorization; a cross-origin one drops it and x-tc-* headers', async () => {
  const other = scripted()
  other.expect('GET', '/landing').reply(200, 'other')
  const otherServer = await serve(other.client)
  const home = scripted()
  home.expect('GET', '/same').reply(302, '', { location: '/final' })
  home.expect('GET', '/final').reply(200, 'home')
  home.expect('GET', '/cross').reply(307, '', { location: `${otherServer.url}/landing` })
  try {
    await withServer(home.client, async (base) => {
      const headers = {
        authorization: 'Bearer tok_123',
        'x-tc-token': 'tmp',
        'x-tc-action': 'A',
        accept: 'application/json',
      }
      const same = await http({ method: 'GET', url: `${base}/same`, headers })()
      assert.ok(E.isRight(same) && same.right.body === 'home')
      const final = home.calls().find((c) => c.url.endsWith('/final')) as HttpRequest
      assert.is(final.headers['authorization'], 'Bearer tok_123')
      assert.is(final.headers['x-tc-token'], 'tmp')

      const cross = await http({ method: 'GET', url: `${base}/cross`, headers })()
      assert.ok(E.isRight(cross) && cross.right.body === 'other')
      const landed = other.calls()[0]
      assert.is(landed.headers['authorization'], undefined)
      assert.is(landed.headers['x-tc-token'], undefined)
      assert.is(landed.headers['x-tc-action'], undefined)
      assert.is(landed.headers['accept'], 'application/json')
    })
  } finally {
    await otherServer.close()
  }
  home.assertNoPending()
  other.assertNoPending()
})

test('a 303 after a POST becomes a GET without a body; 307 keeps method and body', async () => {
  const s = scripted()
  s.expect('POST', '/create').reply(303, '', { location: '/created' })
  s.expect('GET', '/created').reply(200, 'done')
  s.expect('POST', '/moved').reply(307, '', { location: '/new-home' })
  s.expect('POST', '/new-home', { body: { a: 1 } }).reply(201, 'ok')
  await withServer(s.client, async (base) => {
    const r = await http({
      method: 'POST',
      url: `${base}/create`,
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    })()
    assert.ok(E.isRight(r) && r.right.body === 'done')
    const got = s.calls()[1]
    assert.is(got.method, 'GET')
    assert.is(got.body, undefined)
    assert.is(got.headers['content-type'], undefined)
    const r2 = await http({
      method: 'POST',
      url: `${base}/moved`,
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    })()
    assert.ok(E.isRight(r2) && r2.right.status === 201)
  })
  s.assertNoPending()
})

test('redirects stop after maxRedirects and the last 3xx is returned', async () => {
  const s = scripted()
  s.expect('GET', '/loop').reply(302, '', { location: '/loop' }).times(3)
  await withServer(s.client, async (base) => {
    const r = await fetchClient({ maxRedirects: 2 })({ method: 'GET', url: `${base}/loop`, headers: {} })()
    assert.ok(E.isRight(r) && r.right.status === 302)
  })
  assert.is(s.calls().length, 3)
})

test("an injected fetch (Node's own) is used, and its failures are mapped too", async () => {
  const s = scripted()
  s.expect('GET', '/ping').reply(200, 'pong')
  const native = fetchClient({ fetch: globalThis.fetch })
  await withServer(s.client, async (base) => {
    const r = await native({ method: 'GET', url: `${base}/ping`, headers: {} })()
    assert.ok(E.isRight(r) && r.right.body === 'pong')
  })
  const closed = await serve(scripted().client)
  await closed.close()
  const r = await native({ method: 'GET', url: `${closed.url}/ping`, headers: {} })()
  assert.ok(E.isLeft(r) && r.left.kind === 'ConnectFailed' && !r.left.sent)
})

test('serve refuses to listen on a non-loopback address', async () => {
  let error = ''
  await serve(scripted().client, { host: '0.0.0.0' }).catch((e: Error) => (error = e.message))
  assert.match(error, 'only loopback')
})

test("a removed transport, or undici's options beside a fetch of its own, are refused naming what to use", () => {
  for (const transport of ['http1', 'node:http'])
    assert.throws(
      () => fetchClient({ transport } as never),
      (e: Error) =>
        e instanceof TypeError &&
        e.message.includes(`transport "${transport}" was removed`) &&
        e.message.includes('undici'),
    )
  assert.throws(
    () => fetchClient({ fetch: globalThis.fetch, proxy: { https: 'http://p:1' } }),
    (e: Error) => /`proxy`, `ca` and `lookup` are the undici transport's/.test(e.message),
  )
})

test.run()
