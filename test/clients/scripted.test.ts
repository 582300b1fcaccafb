import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { scripted, partialMatch } from '../../clients/scripted'
import type { HttpRequest } from '#trellis/clients'

const test = suite('scripted')
const BASE = 'https://api.vantage.test'
const req = (method: HttpRequest['method'], path: string, body?: unknown): HttpRequest => ({
  method,
  url: `${BASE}${path}`,
  headers: {},
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
})

test('an expected request gets its reply, JSON bodies with a content type', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders/fldr_1').reply(200, { token: 'fldr_1' }, { 'X-Rate-Limit-Remaining': '9' })
  const r = await s.client(req('GET', '/v2/folders/fldr_1'))()
  assert.ok(E.isRight(r))
  if (E.isRight(r)) {
    assert.is(r.right.status, 200)
    assert.equal(JSON.parse(r.right.body), { token: 'fldr_1' })
    assert.equal(r.right.headers, { 'content-type': 'application/json', 'x-rate-limit-remaining': '9' })
  }
  s.assertNoPending()
})

test('an unexpected request fails with a message naming it and what was expected', async () => {
  const s = scripted()
  s.expect('POST', '/v2/folders', { body: { title: 'Finance' } }).reply(201, {})
  const r = await s.client(req('POST', '/v2/folders', { title: 'Ops' }))()
  assert.ok(E.isLeft(r))
  if (E.isLeft(r)) {
    assert.is(r.left.kind, 'ConnectFailed')
    assert.is(r.left.sent, false)
    assert.ok(r.left.message.startsWith('scripted: unexpected request POST https://api.vantage.test/v2/folders'))
    assert.match(r.left.message, '"title":"Ops"')
    assert.match(r.left.message, 'POST /v2/folders body ⊇ {"title":"Finance"} (1 of 1 left)')
  }
  assert.is(s.calls().length, 1)
})

test('assertNoPending lists every expectation not fully consumed', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(200, {}).times(2)
  s.expect('DELETE', '/v2/folders/fldr_1').reply(204)
  s.expect('GET', '/v2/workspaces').reply(200, {})
  await s.client(req('GET', '/v2/folders'))()
  await s.client(req('GET', '/v2/workspaces'))()
  assert.throws(
    () => s.assertNoPending(),
    (e: Error) =>
      e.message.includes('2 expected request(s) never came') &&
      e.message.includes('GET /v2/folders (1 of 2 left)') &&
      e.message.includes('DELETE /v2/folders/fldr_1 (1 of 1 left)') &&
      !e.message.includes('workspaces'),
  )
})

test('times(n) answers n times, then the request is unexpected', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(200, {}).times(2)
  assert.ok(E.isRight(await s.client(req('GET', '/v2/folders'))()))
  assert.ok(E.isRight(await s.client(req('GET', '/v2/folders'))()))
  const third = await s.client(req('GET', '/v2/folders'))()
  assert.ok(E.isLeft(third) && third.left.message.includes('no requests were expected'))
  s.assertNoPending()
})

test('expectations for the same request are consumed in declaration order', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders').reply(503)
  s.expect('GET', '/v2/folders').reply(200, {})
  const a = await s.client(req('GET', '/v2/folders'))()
  const b = await s.client(req('GET', '/v2/folders'))()
  assert.equal([E.isRight(a) && a.right.status, E.isRight(b) && b.right.status], [503, 200])
})

test('the query is ignored unless given, then its parameters must match', async () => {
  const s = scripted()
  s.expect('GET', '/v2/folders', { query: { page: '2' } }).reply(200, { page: 2 })
  s.expect('GET', '/v2/folders').reply(200, { page: 'any' })
  const any = await s.client(req('GET', '/v2/folders?page=1&limit=1000'))()
  const two = await s.client(req('GET', '/v2/folders?limit=1000&page=2'))()
  assert.equal(E.isRight(any) && JSON.parse(any.right.body), { page: 'any' })
  assert.equal(E.isRight(two) && JSON.parse(two.right.body), { page: 2 })
})

test('an absolute URL also matches the origin', async () => {
  const s = scripted()
  s.expect('GET', 'https://other.test/v2/folders').reply(200, {})
  const r = await s.client(req('GET', '/v2/folders'))()
  assert.ok(E.isLeft(r))
  const ok = await s.client({ method: 'GET', url: 'https://other.test/v2/folders', headers: {} })()
  assert.ok(E.isRight(ok))
})

test('the body matches as a deep partial', async () => {
  const s = scripted()
  s.expect('PUT', '/v2/folders/f', { body: { settings: { amortize: true }, tags: ['a'] } }).reply(200, {})
  const miss = await s.client(req('PUT', '/v2/folders/f', { title: 'x', settings: { amortize: false }, tags: ['a'] }))()
  assert.ok(E.isLeft(miss))
  const hit = await s.client(
    req('PUT', '/v2/folders/f', { title: 'x', settings: { amortize: true, credits: 1 }, tags: ['a'] }),
  )()
  assert.ok(E.isRight(hit))
})

test('partialMatch: arrays must have the same length, primitives must be equal', () => {
  assert.ok(partialMatch({ a: [1, { b: 2 }] }, { a: [1, { b: 2, c: 3 }], d: 4 }))
  assert.not.ok(partialMatch({ a: [1] }, { a: [1, 2] }))
  assert.not.ok(partialMatch({ a: null }, { a: 0 }))
  assert.not.ok(partialMatch({ a: 1 }, {}))
})

test('fail() scripts transport errors with the right sent flag', async () => {
  const s = scripted()
  s.expect('POST', '/v2/folders').fail('ConnectFailed')
  s.expect('POST', '/v2/folders').fail('ConnectionReset')
  const a = await s.client(req('POST', '/v2/folders', {}))()
  const b = await s.client(req('POST', '/v2/folders', {}))()
  assert.equal(E.isLeft(a) && [a.left.kind, a.left.sent], ['ConnectFailed', false])
  assert.equal(E.isLeft(b) && [b.left.kind, b.left.sent], ['ConnectionReset', true])
})

test('an expectation without a reply is reported as pending', () => {
  const s = scripted()
  s.expect('GET', '/v2/folders')
  assert.equal(s.pending(), ['GET /v2/folders (no reply declared)'])
})

test.run()
