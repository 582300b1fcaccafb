import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { hostingEmulator } from '#trellis/clients'
import type { HttpRequest, HttpResponse } from '#trellis/clients'
import { parseLinkHeader } from '../../../clients/rest'

const send = async (
  emu: ReturnType<typeof hostingEmulator>,
  method: HttpRequest['method'],
  path: string,
  body?: unknown,
  token = 'emulator-token',
): Promise<HttpResponse> => {
  const r = await emu.client({
    method,
    url: `https://api.netlify.com${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })()
  if (E.isLeft(r)) throw new Error(r.left.message)
  return r.right
}

test('emulator: bearer token checked; {code, message} errors; text/plain Not Found for unknown routes', async () => {
  const emu = hostingEmulator()
  const denied = await send(emu, 'GET', '/api/v1/accounts', undefined, 'wrong')
  assert.is(denied.status, 401)
  assert.equal(JSON.parse(denied.body), { code: 401, message: 'Access Denied' })
  const unknown = await send(emu, 'GET', '/api/v1/nothing/here/at/all')
  assert.equal([unknown.status, unknown.headers['content-type'], unknown.body], [404, 'text/plain', 'Not Found'])
  const missing = await send(emu, 'GET', '/api/v1/dns_zones/abc')
  assert.is(missing.status, 404)
})

test('emulator: page/per_page paging with an RFC 5988 Link header where the operation declares it', async () => {
  const emu = hostingEmulator({
    fixtures: {
      accounts: [{ slug: 'acme' }],
      dnsZones: Array.from({ length: 5 }, (_, i) => ({ name: `z${i}.test`, account_slug: 'acme' })),
    },
  })
  const p1 = await send(emu, 'GET', '/api/v1/dns_zones?per_page=2')
  assert.is(JSON.parse(p1.body).length, 2)
  const links = parseLinkHeader(p1.headers.link)
  assert.ok(links.next.includes('page=2') && links.last.includes('page=3') && links.first.includes('page=1'))
  assert.is(links.prev, undefined)
  const p3 = await send(emu, 'GET', '/api/v1/dns_zones?per_page=2&page=3')
  assert.is(JSON.parse(p3.body).length, 1)
  assert.is(parseLinkHeader(p3.headers.link).next, undefined)
})

test('emulator: the accounts, deploy keys and DNS records lists declare no paging and answer every item at once', async () => {
  const emu = hostingEmulator({
    pageSize: 2,
    fixtures: { accounts: Array.from({ length: 5 }, (_, i) => ({ slug: `t${i}` })) },
  })
  const all = await send(emu, 'GET', '/api/v1/accounts')
  assert.equal([JSON.parse(all.body).length, all.headers.link], [5, undefined])
})

test('emulator: X-RateLimit headers and 429 past the limit; the window resets on its clock', async () => {
  let clock = new Date('2024-01-01T00:00:00Z')
  const emu = hostingEmulator({ rateLimit: { limit: 2, windowMs: 60_000 }, now: () => clock })
  const a = await send(emu, 'GET', '/api/v1/accounts')
  assert.equal([a.headers['x-ratelimit-limit'], a.headers['x-ratelimit-remaining']], ['2', '1'])
  assert.is(a.headers['x-ratelimit-reset'], String(Date.parse('2024-01-01T00:01:00Z') / 1000))
  await send(emu, 'GET', '/api/v1/accounts')
  const c = await send(emu, 'GET', '/api/v1/accounts')
  assert.is(c.status, 429)
  assert.is(JSON.parse(c.body).code, 429)
  clock = new Date('2024-01-01T00:01:00Z')
  assert.is((await send(emu, 'GET', '/api/v1/accounts')).status, 200)
})

test('emulator: DNS quirks — hostnames qualified, targets without trailing dots, ttl default', async () => {
  const emu = hostingEmulator()
  const z = JSON.parse(
    (await send(emu, 'POST', '/api/v1/dns_zones', { account_slug: 'acme', name: 'example.org' })).body,
  )
  const r = await send(emu, 'POST', `/api/v1/dns_zones/${z.id}/dns_records`, {
    type: 'CNAME',
    hostname: 'docs',
    value: 'target.example.net.',
  })
  assert.is(r.status, 201)
  const rec = JSON.parse(r.body)
  assert.equal([rec.hostname, rec.value, rec.ttl], ['docs.example.org', 'target.example.net', 3600])
  const bad = await send(emu, 'POST', `/api/v1/dns_zones/${z.id}/dns_records`, {
    type: 'PTR',
    hostname: 'x',
    value: 'y',
  })
  assert.is(bad.status, 422)
})

test('emulator: deterministic ids from the seed', async () => {
  const ids = async (seed: number) =>
    JSON.parse((await send(hostingEmulator({ seed }), 'POST', '/api/v1/deploy_keys')).body).id
  assert.is(await ids(7), await ids(7))
  assert.is.not(await ids(7), await ids(8))
})

test.run()
