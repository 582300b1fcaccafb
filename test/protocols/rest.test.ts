import { suite } from 'uvu'
import { ERRORS_LIST_LINKS, MESSAGE_LINK_HEADER } from '#trellis/engine'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { restClient, type RestClientOptions } from '../../clients/rest'
import { httpError } from '#trellis/clients'
import { secret } from '#trellis'
import { action, rest, type PlatformError } from '#trellis/engine'
import { readFileSync } from 'node:fs'
import { fakeClock, fakeHttp, json, queryOf, scriptedHttp, text, type Answer } from './fake-http'

const TOKEN = 'tok_SUPERSECRET_123'
const client = (answers: ReadonlyArray<Answer>, extra: Partial<RestClientOptions> = {}) => {
  const http = scriptedHttp(answers)
  const c = restClient({
    baseUrl: 'https://api.example.test/ignored/path',
    token: secret(TOKEN),
    http: http.client,
    style: ERRORS_LIST_LINKS,
    ...fakeClock(),
    ...extra,
  })
  return { c, calls: http.calls }
}
const left = (r: E.Either<PlatformError, unknown>): PlatformError => {
  if (E.isRight(r)) throw new Error(`expected an error, got ${JSON.stringify(r.right)}`)
  return r.left
}

// ── requests ─────────────────────────────────────────────────────────────────
const test = suite('restClient: requests')

test('sends bearer, accept, user-agent and a JSON body with secrets revealed, to origin + path', async () => {
  const { c, calls } = client([json(201, { token: 'fldr_1' })])
  const r = await c.call(
    rest('POST', '/v2/folders', {
      body: { title: 'A', password: secret('pw') },
      query: { tags: ['a', 'b'], n: 2, skip: undefined },
    }),
  )()
  assert.equal(r, E.right({ token: 'fldr_1' }))
  const req = calls[0]
  assert.is(req.method, 'POST')
  assert.is(req.url, 'https://api.example.test/v2/folders?tags=a%2Cb&n=2')
  assert.is(req.headers.authorization, `Bearer ${TOKEN}`)
  assert.is(req.headers.accept, 'application/json')
  assert.is(req.headers['content-type'], 'application/json')
  // the installed version, as package.json says
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  assert.is(req.headers['user-agent'], `trellis/${version}`)
  assert.equal(JSON.parse(req.body!), { title: 'A', password: 'pw' })
})

test('a GET carries no body and no content-type; the timeout is passed to the transport', async () => {
  const { c, calls } = client([json(200, { token: 'x' })], { timeoutMs: 1234 })
  await c.call(rest('GET', '/v2/folders/fldr_%2F1'))()
  assert.is(calls[0].body, undefined)
  assert.is(calls[0].headers['content-type'], undefined)
  assert.is(calls[0].timeoutMs, 1234)
  assert.is(calls[0].url, 'https://api.example.test/v2/folders/fldr_%2F1')
})

test('a missing token is an Unauthorized error with a config hint, before any request', async () => {
  const { c, calls } = client([], { token: undefined, tokenHint: 'set apiToken (or COST_API_TOKEN)' })
  const e = left(await c.call(rest('GET', '/v2/folders'))())
  assert.is(e.kind, 'Unauthorized')
  assert.match(e.message, 'COST_API_TOKEN')
  assert.is(calls.length, 0)
})

test('a signed action request is refused', async () => {
  const { c, calls } = client([])
  const e = left(await c.call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))())
  assert.is(e.kind, 'Refused')
  assert.is(calls.length, 0)
})

test('an empty 204 and an empty 200 are a null reply', async () => {
  const { c } = client([
    { status: 204, headers: {}, body: '' },
    { status: 200, headers: {}, body: '  ' },
  ])
  assert.equal(await c.call(rest('DELETE', '/v2/folders/f'))(), E.right(null))
  assert.equal(await c.call(rest('GET', '/v2/folders/f'))(), E.right(null))
})

test.run()

// ── pagination ───────────────────────────────────────────────────────────────
const pages = suite('restClient: pagination')

const costPage = (page: number, items: ReadonlyArray<number>, last: boolean) =>
  json(200, {
    links: {
      self: `https://api.example.test/v2/folders?page=${page}`,
      next: last ? null : `https://api.example.test/v2/folders?limit=2&page=${page + 1}`,
    },
    folders: items,
  })

pages('cost: follows links.next across 3 pages and collects every item', async () => {
  const { c, calls } = client([costPage(1, [1, 2], false), costPage(2, [3, 4], false), costPage(3, [5], true)])
  const r = await c.call(
    rest('GET', '/v2/folders', { query: { workspace_token: 'w' }, paginate: { items: 'folders', pageSize: 2 } }),
  )()
  assert.equal(r, E.right([1, 2, 3, 4, 5]))
  assert.equal(
    calls.map((c) => queryOf(c.url)),
    [
      { workspace_token: 'w', limit: '2', page: '1' },
      { workspace_token: 'w', limit: '2', page: '2' },
      { workspace_token: 'w', limit: '2', page: '3' },
    ],
  )
})

pages('cost: default page size is 1000; a body without links is the only page', async () => {
  const { c, calls } = client([json(200, { business_metrics: [{ token: 'bm_1' }] })])
  const r = await c.call(rest('GET', '/v2/business_metrics', { paginate: { items: 'business_metrics' } }))()
  assert.equal(r, E.right([{ token: 'bm_1' }]))
  assert.is(calls.length, 1)
  assert.is(queryOf(calls[0].url).limit, '1000')
})

pages('cost: max caps the total and stops asking for pages', async () => {
  const { c, calls } = client([costPage(1, [1, 2], false), costPage(2, [3, 4], false), costPage(3, [5], true)])
  const r = await c.call(rest('GET', '/v2/folders', { paginate: { items: 'folders', pageSize: 2, max: 3 } }))()
  assert.equal(r, E.right([1, 2, 3]))
  assert.is(calls.length, 2)
})

pages('cost: a next link that goes backwards is Malformed, not an endless loop', async () => {
  const { c } = client([
    costPage(1, [1], false),
    json(200, { links: { next: 'https://api.example.test/v2/folders?page=1' }, folders: [2] }),
  ])
  const e = left(await c.call(rest('GET', '/v2/folders', { paginate: { items: 'folders' } }))())
  assert.is(e.kind, 'Malformed')
})

const hostingClient = (answers: ReadonlyArray<Answer>) =>
  client(answers, { style: MESSAGE_LINK_HEADER, baseUrl: 'https://hosting.example.test' })
const link = (page: number, last: number) =>
  [
    page < last ? `<https://hosting.example.test/api/v1/sites?page=${page + 1}&per_page=2>; rel="next"` : '',
    `<https://hosting.example.test/api/v1/sites?page=${last}&per_page=2>; rel="last"`,
  ]
    .filter(Boolean)
    .join(', ')

pages('hosting: follows the Link rel="next" header across 3 pages', async () => {
  const { c, calls } = hostingClient([
    json(200, [{ id: 1 }, { id: 2 }], { link: link(1, 3) }),
    json(200, [{ id: 3 }, { id: 4 }], { link: link(2, 3) }),
    json(200, [{ id: 5 }, { id: 6 }], { link: link(3, 3) }),
  ])
  const r = await c.call(rest('GET', '/api/v1/sites', { paginate: { items: '', pageSize: 2 } }))()
  assert.equal(r, E.right([1, 2, 3, 4, 5, 6].map((id) => ({ id }))))
  assert.equal(
    calls.map((c) => queryOf(c.url)),
    [1, 2, 3].map((p) => ({ page: String(p), per_page: '2' })),
  )
})

pages('hosting: without a Link header, a short page is the last one', async () => {
  const { c, calls } = hostingClient([json(200, [1, 2]), json(200, [3, 4]), json(200, [5])])
  const r = await c.call(rest('GET', '/api/v1/sites', { paginate: { items: '', pageSize: 2 } }))()
  assert.equal(r, E.right([1, 2, 3, 4, 5]))
  assert.is(calls.length, 3)
})

pages('hosting: default per_page 100, items under a key, max', async () => {
  const full = Array.from({ length: 100 }, (_, i) => i)
  const { c, calls } = hostingClient([json(200, { zones: full }), json(200, { zones: full })])
  const r = await c.call(rest('GET', '/api/v1/dns_zones', { paginate: { items: 'zones', max: 150 } }))()
  assert.ok(E.isRight(r) && (r.right as unknown[]).length === 150)
  assert.is(queryOf(calls[0].url).per_page, '100')
  assert.is(calls.length, 2)
})

pages('an operation that declares no paging (paged: false) gets one request without paging parameters', async () => {
  const cost = client([json(200, { virtual_tag_configs: [{ token: 'v1' }, { token: 'v2' }] })])
  const r1 = await cost.c.call(
    rest('GET', '/v2/virtual_tag_configs', { paginate: { items: 'virtual_tag_configs', paged: false } }),
  )()
  assert.equal(r1, E.right([{ token: 'v1' }, { token: 'v2' }]))
  assert.equal(
    cost.calls.map((c) => queryOf(c.url)),
    [{}],
  )
  const hosting = hostingClient([json(200, [{ id: 1 }, { id: 2 }, { id: 3 }])])
  const r2 = await hosting.c.call(
    rest('GET', '/api/v1/accounts', { query: { minimal: true }, paginate: { items: '', paged: false, max: 2 } }),
  )()
  assert.equal(r2, E.right([{ id: 1 }, { id: 2 }]))
  assert.equal(
    hosting.calls.map((c) => queryOf(c.url)),
    [{ minimal: 'true' }],
  )
})

pages('a page whose body has no list where one is expected is Malformed', async () => {
  const { c } = hostingClient([json(200, { not: 'a list' })])
  const e = left(await c.call(rest('GET', '/api/v1/sites', { paginate: { items: '' } }))())
  assert.is(e.kind, 'Malformed')
})

pages.run()

// ── errors ───────────────────────────────────────────────────────────────────
const errors = suite('restClient: errors')

errors('cost: {errors: [..]} is joined into the message; 400 is Invalid and names the request', async () => {
  const { c } = client([json(400, { errors: ['title is required', 'workspace_token is invalid'] })])
  const e = left(await c.call(rest('POST', '/v2/folders', { body: {} }))())
  assert.is(e.kind, 'Invalid')
  assert.is(e.status, 400)
  assert.is(e.request, 'POST /v2/folders')
  assert.is(e.message, 'title is required; workspace_token is invalid')
  assert.is(e.ambiguous, false)
})

errors('hosting: {code, message} is decoded; statuses map to kinds', async () => {
  const cases: ReadonlyArray<[number, string]> = [
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'NotFound'],
    [409, 'Conflict'],
    [422, 'Invalid'],
    [429, 'RateLimited'],
    [503, 'Server'],
  ]
  for (const [status, kind] of cases) {
    const { c } = hostingClient([json(status, { code: status, message: `says ${status}` })])
    const e = left(await c.call(rest('GET', '/api/v1/accounts/t'))())
    assert.is(e.kind, kind, `status ${status}`)
    assert.is(e.message, `says ${status}`)
    assert.is(e.ambiguous, false, 'a failed GET is never ambiguous')
  }
})

errors('a text/plain `Not Found` and an empty `{}` 401 get readable messages', async () => {
  const { c } = hostingClient([text(404, 'Not Found'), json(401, {})])
  const a = left(await c.call(rest('GET', '/api/v1/nowhere'))())
  assert.is(a.kind, 'NotFound')
  assert.is(a.message, 'Not Found')
  const b = left(await c.call(rest('GET', '/api/v1/accounts'))())
  assert.is(b.kind, 'Unauthorized')
  assert.is(b.message, 'Unauthorized')
})

errors('an HTML error page becomes a short excerpt; a 5xx on a write is ambiguous', async () => {
  const html = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{}</style></head><body>${'<p>lorem ipsum</p>'.repeat(500)}</body></html>`
  const { c } = client([text(502, html, 'text/html'), text(502, html, 'text/html')])
  const w = left(await c.call(rest('POST', '/v2/folders', { body: { title: 'x' } }))())
  assert.is(w.kind, 'Server')
  assert.is(w.message, '502 Bad Gateway')
  assert.is(w.ambiguous, true)
  const g = left(await c.call(rest('GET', '/v2/folders'))())
  assert.is(g.ambiguous, false)
})

errors('a 2xx that is truncated JSON or an HTML page is Malformed (ambiguous for writes)', async () => {
  const { c } = client([
    { status: 201, headers: {}, body: '{"token":"fldr_1","tit' },
    text(200, '<html><head><title>Login</title></head></html>', 'text/html'),
  ])
  const w = left(await c.call(rest('POST', '/v2/folders', { body: {} }))())
  assert.is(w.kind, 'Malformed')
  assert.is(w.ambiguous, true)
  const g = left(await c.call(rest('GET', '/v2/folders/x'))())
  assert.is(g.kind, 'Malformed')
  assert.match(g.message, 'HTML')
  assert.is(g.ambiguous, false)
})

errors('transport failures: Network/Timeout/Aborted, ambiguous only when a write was sent', async () => {
  const http = fakeHttp((req, n) =>
    n === 0
      ? httpError('ConnectionReset', req, 'socket hang up', true)
      : n === 1
        ? httpError('ConnectFailed', req, 'ECONNREFUSED', false)
        : n === 2
          ? httpError('Timeout', req, 'timed out after 30s', true)
          : httpError('ConnectionReset', req, 'socket hang up', true),
  )
  const c = restClient({ baseUrl: 'https://a.test', token: TOKEN, http: http.client, style: ERRORS_LIST_LINKS })
  const a = left(await c.call(rest('POST', '/v2/folders', { body: {} }))())
  assert.equal([a.kind, a.ambiguous], ['Network', true])
  const b = left(await c.call(rest('POST', '/v2/folders', { body: {} }))())
  assert.equal([b.kind, b.ambiguous], ['Network', false])
  const t = left(await c.call(rest('PUT', '/v2/folders/f', { body: {} }))())
  assert.equal([t.kind, t.ambiguous], ['Timeout', true])
  const g = left(await c.call(rest('GET', '/v2/folders/f'))())
  assert.equal([g.kind, g.ambiguous], ['Network', false])
})

errors('the token never appears in an error, even when the platform echoes it', async () => {
  const { c } = client([
    json(401, { errors: [`invalid token Bearer ${TOKEN}`] }),
    text(500, `<html><title>Error for ${TOKEN}</title></html>`, 'text/html'),
    { status: 200, headers: {}, body: `oops ${TOKEN}` },
  ])
  const all: PlatformError[] = []
  all.push(left(await c.call(rest('GET', '/v2/folders'))()))
  all.push(left(await c.call(rest('GET', '/v2/folders'))()))
  all.push(left(await c.call(rest('GET', '/v2/folders'))()))
  for (const e of all) assert.not.match(JSON.stringify(e), TOKEN)
  assert.match(all[0].message, '[secret]')
})

errors.run()
