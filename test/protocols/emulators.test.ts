import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { costEmulator } from '#trellis/clients'
import { hostingEmulator, HOSTING_EMULATOR_TOKEN } from '../../clients/emulators/hosting'
import { platformClients } from '#trellis/clients'
import { secret } from '#trellis'
import { rest } from '#trellis/engine'

const test = suite('REST client against the platform emulators')

test('cost: creates, pages through links.next, decodes a 404 body', async () => {
  const em = costEmulator({ token: 'cost-tok' })
  const c = platformClients({ http: em.client })('cost', {
    host: 'https://api.vantage.sh',
    timeout: '30s',
    apiToken: secret('cost-tok'),
  })
  for (let i = 0; i < 5; i++)
    assert.ok(E.isRight(await c.call(rest('POST', '/v2/folders', { body: { title: `f${i}` } }))()))
  const all = await c.call(rest('GET', '/v2/folders', { paginate: { items: 'folders', pageSize: 2 } }))()
  if (E.isLeft(all)) throw new Error(all.left.message)
  assert.equal(
    (all.right as Array<{ title: string }>).map((f) => f.title),
    ['f0', 'f1', 'f2', 'f3', 'f4'],
  )
  assert.is(em.requests()['GET /v2/folders'], 3)
  const gone = await c.call(rest('GET', '/v2/folders/fldr_missing'))()
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound' && gone.left.status === 404)
  const wrong = await platformClients({ http: em.client })('cost', { apiToken: 'other' }).call(
    rest('GET', '/v2/folders'),
  )()
  assert.ok(E.isLeft(wrong) && wrong.left.kind === 'Unauthorized')
})

test('hosting: pages through the Link header, decodes {code, message} errors', async () => {
  const em = hostingEmulator({ pageSize: 1 })
  const c = platformClients({ http: em.client })('hosting', { token: secret(HOSTING_EMULATOR_TOKEN) })
  for (const name of ['a.test', 'b.test', 'c.test']) {
    const r = await c.call(rest('POST', '/api/v1/dns_zones', { body: { name, account_slug: 'acme' } }))()
    if (E.isLeft(r)) throw new Error(r.left.message)
  }
  const all = await c.call(rest('GET', '/api/v1/dns_zones', { paginate: { items: '', pageSize: 1 } }))()
  if (E.isLeft(all)) throw new Error(all.left.message)
  assert.equal((all.right as Array<{ name: string }>).map((z) => z.name).sort(), ['a.test', 'b.test', 'c.test'])
  assert.is(em.requests()['GET /api/v1/dns_zones'], 3)
  const dup = await c.call(rest('POST', '/api/v1/dns_zones', { body: { name: 'a.test', account_slug: 'acme' } }))()
  assert.ok(E.isLeft(dup) && dup.left.kind === 'Invalid' && dup.left.message.includes('already exists'))
})

test.run()
