import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { platformClients } from '#trellis/clients'
import { secret } from '#trellis'
import { action, rest } from '#trellis/engine'
import { fakeClock, fakeHttp, json } from './fake-http'

const test = suite('platformClients')

const setup = (endpoints?: Partial<Record<'cost' | 'hosting' | 'cloud', string>>) => {
  const http = fakeHttp((req) =>
    req.url.includes('tencent') || req.headers['x-tc-action']
      ? json(200, { Response: { RequestId: 'r' } })
      : json(200, { ok: true }),
  )
  const factory = platformClients({ http: http.client, endpoints, ...fakeClock() })
  return { factory, calls: http.calls }
}

test('cost: host origin, bearer apiToken and the configured timeout', async () => {
  const { factory, calls } = setup()
  const c = factory('cost', { host: 'https://cost.example.test/', timeout: '1m30s', apiToken: secret('cost-tok') })
  assert.equal(await c.call(rest('GET', '/v2/folders/f'))(), E.right({ ok: true }))
  assert.is(calls[0].url, 'https://cost.example.test/v2/folders/f')
  assert.is(calls[0].headers.authorization, 'Bearer cost-tok')
  assert.is(calls[0].timeoutMs, 90_000)
})

test('cost without a token: Unauthorized naming the setting, no request', async () => {
  const { factory, calls } = setup()
  const r = await factory('cost', { host: 'https://api.vantage.sh', timeout: '30s' }).call(rest('GET', '/v2/folders'))()
  assert.ok(E.isLeft(r) && r.left.kind === 'Unauthorized' && r.left.message.includes('apiToken'))
  assert.is(calls.length, 0)
})

test('hosting: endpoint and token; an endpoints override wins (emulator on loopback)', async () => {
  const a = setup()
  await a
    .factory('hosting', { endpoint: 'https://hosting.example.test', token: secret('h-tok') })
    .call(rest('GET', '/api/v1/accounts'))()
  assert.is(a.calls[0].url, 'https://hosting.example.test/api/v1/accounts')
  assert.is(a.calls[0].headers.authorization, 'Bearer h-tok')
  const b = setup({ hosting: 'http://127.0.0.1:4321' })
  await b
    .factory('hosting', { endpoint: 'https://hosting.example.test', token: 'h-tok' })
    .call(rest('GET', '/api/v1/accounts'))()
  assert.is(b.calls[0].url, 'http://127.0.0.1:4321/api/v1/accounts')
})

test('cloud: static credentials, region, protocol and domain from the configuration', async () => {
  const { factory, calls } = setup()
  const c = factory('cloud', {
    secretId: 'AKID1',
    secretKey: secret('k'),
    securityToken: secret('st'),
    region: 'ap-shanghai',
    protocol: 'HTTP',
    domain: 'example.test',
  })
  assert.ok(E.isRight(await c.call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))()))
  assert.is(calls[0].url, 'http://vpc.example.test/')
  assert.is(calls[0].headers['x-tc-region'], 'ap-shanghai')
  assert.is(calls[0].headers['x-tc-token'], 'st')
  assert.match(calls[0].headers.authorization, 'Credential=AKID1/')
})

test('cloud: missing credentials are a clear Unauthorized error; cloudCredentials and endpoints override', async () => {
  const a = setup()
  const r = await a
    .factory('cloud', { region: 'ap-guangzhou' })
    .call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))()
  assert.ok(E.isLeft(r) && r.left.kind === 'Unauthorized' && r.left.message.includes('secretId'))
  assert.is(a.calls.length, 0)
  const http = fakeHttp(() => json(200, { Response: {} }))
  const f = platformClients({
    http: http.client,
    endpoints: { cloud: 'http://127.0.0.1:4100' },
    cloudCredentials: () => () => TE.right({ secretId: 'FROM_FILE', secretKey: 'k' }),
  })
  await f('cloud', { region: 'ap-guangzhou' }).call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))()
  assert.is(http.calls[0].url, 'http://127.0.0.1:4100/')
  assert.match(http.calls[0].headers.authorization, 'Credential=FROM_FILE/')
})

test('an unknown provider is a clear error', () => {
  const { factory } = setup()
  assert.throws(() => factory('nope', {}), /no platform client for provider "nope"/)
})

test.run()
