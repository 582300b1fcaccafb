/**
 * Every provider's credential check, before any plan: over the real wiring (liveEnv against the
 * emulators served on loopback) a credential the platform refuses stops the run naming the field and
 * its variable, after one request — the check — per platform; with `--emulate` the emulators' own
 * tokens are checked the same way.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight } from 'fp-ts/Either'
import { stack, workspace, TrellisError } from '#trellis'
import { secret } from '#trellis'
import { plan, type EngineError } from '#trellis/engine'
import { liveEnv } from '#trellis/engine'
import { memoryStore } from '#trellis'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import * as cloud from '#trellis/cloud'
import { emulators, type EmulatorSet } from '#trellis/clients'
import { serveEmulators } from '#trellis/clients'
import { costEmulator } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import { cloudEmulator, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../clients/emulators/cloud'

const test = suite('credential checks before the plan')

const threeProviders = (endpoints: Readonly<Record<'cost' | 'hosting' | 'cloud', string>>, key: string) =>
  stack('three', {
    providers: {
      cost: cost.provider({ host: endpoints.cost }),
      hosting: hosting.provider({ endpoint: endpoints.hosting }),
      cloud: cloud.provider({
        secretId: EMULATOR_SECRET_ID,
        secretKey: secret(key),
        region: 'ap-guangzhou',
        domain: `localhost:${new URL(endpoints.cloud).port}`,
        protocol: 'HTTP',
      }),
    },
  }).add(
    cost.folder('first', { title: 'First', workspaceToken: 'wrkspc_default' }),
    hosting.dnsZone('z', { name: 'example.test', teamSlug: 'acme' }),
    cloud.apiGatewayService('svc', { serviceName: 'svc', protocol: 'https', netTypes: ['OUTER'] }),
  )

const total = (set: EmulatorSet): number =>
  (['cost', 'hosting', 'cloud'] as const).flatMap((p) => Object.values(set[p].requests())).reduce((a, b) => a + b, 0)

test('wrong credentials on all three platforms: each named with its variable, one request each', async () => {
  const set = emulators({ cost: { token: 'cost-right' } })
  const served = await serveEmulators(set)
  try {
    const env = liveEnv({ store: memoryStore(), env: { COST_API_TOKEN: 'cost-wrong', HOST_API_TOKEN: 'host-wrong' } })
    const r = await plan(threeProviders(served.endpoints, 'not-the-key'))(env)()
    assert.ok(isLeft(r))
    const e = (r as { left: EngineError }).left
    const issues = e._tag === 'CompileError' ? e.issues : []
    assert.equal(
      issues.map((i) => [i.node, i.path]),
      [
        ['provider cost', 'apiToken'],
        ['provider hosting', 'token'],
        ['provider cloud', 'secretId'],
      ],
    )
    const messages = issues.map((i) => i.message ?? '').join('\n')
    assert.match(messages, /check apiToken \(COST_API_TOKEN\)\./)
    assert.match(messages, /check token \(HOST_API_TOKEN\)\./)
    assert.match(messages, /check secretId \(CLOUD_SECRET_ID\) and secretKey \(CLOUD_SECRET_KEY\)\./)
    assert.not.match(messages, /wrong|not-the-key/)
    assert.equal(set.cost.requests(), { 'GET /v2/workspaces': 1 })
    assert.equal(set.hosting.requests(), { 'GET /api/v1/accounts': 1 })
    assert.is(total(set), 3, 'nothing sent but the three checks')
  } finally {
    await served.close()
  }
})

test('the right credentials pass the checks, and the plan goes on', async () => {
  const set = emulators({ cost: { token: 'cost-right' } })
  const served = await serveEmulators(set)
  try {
    const env = liveEnv({
      store: memoryStore(),
      env: { COST_API_TOKEN: 'cost-right', HOST_API_TOKEN: 'emulator-token' },
    })
    const r = await plan(threeProviders(served.endpoints, EMULATOR_SECRET_KEY))(env)()
    assert.ok(isRight(r), isLeft(r) ? JSON.stringify(r.left).slice(0, 400) : '')
  } finally {
    await served.close()
  }
})

test('an unreachable platform: the check names the endpoint field and its variable', async () => {
  const set = emulators()
  const served = await serveEmulators(set)
  const gone = served.endpoints.hosting
  await served.close()
  const s = stack('site', { providers: { hosting: hosting.provider({ endpoint: gone }) } }).add(
    hosting.dnsZone('z', { name: 'example.test', teamSlug: 'acme' }),
  )
  const r = await plan(s)(liveEnv({ store: memoryStore(), env: { HOST_API_TOKEN: 'emulator-token' } }))()
  assert.ok(isLeft(r))
  const e = (r as { left: EngineError }).left
  const issues = e._tag === 'CompileError' ? e.issues : []
  assert.equal(
    issues.map((i) => [i.node, i.path]),
    [['provider hosting', 'endpoint']],
  )
  assert.match(issues[0]?.message ?? '', /check endpoint \(HOST_API_ENDPOINT\)\./)
})

test('emulated: emulators that do not accept the test token refuse the run before any plan', async () => {
  const odd = {
    cost: costEmulator({ token: 'other' }),
    hosting: hostingEmulator({ token: 'other' }),
    cloud: cloudEmulator(),
  }
  const ws = workspace({ store: memoryStore(), emulate: odd, env: {} })
  const s = stack('site').add(
    cost.folder('first', { title: 'First', workspaceToken: 'wrkspc_default' }),
    hosting.dnsZone('z', { name: 'example.test', teamSlug: 'acme' }),
  )
  const e = await ws.plan(s).catch((x: unknown) => x)
  assert.instance(e, TrellisError)
  assert.is((e as TrellisError).kind, 'invalid')
  assert.match((e as TrellisError).message, /the cost platform refused the credential \(HTTP 401/)
  assert.match((e as TrellisError).message, /the hosting platform refused the credential \(HTTP 401/)
  assert.equal(odd.hosting.requests(), { 'GET /api/v1/accounts': 1 })
  // the emulators as built in accept their token: the same stack plans
  const ok = await workspace({ store: memoryStore(), emulate: true, env: {} }).plan(s)
  assert.ok(ok)
})

test('a platform failing the check with 503 (after the retries) stops nothing: it says nothing of the credential', async () => {
  const { credentialProbe } = await import('#src/workspace/credential-probe')
  const { registry } = await import('#trellis/engine')
  const { platformError } = await import('#trellis/engine')
  const answering = (e: ReturnType<typeof platformError>) =>
    credentialProbe(registry, () => ({ call: () => async () => ({ _tag: 'Left' as const, left: e }) }))
  const busy = platformError('Server', 'GET /api/v1/accounts', 'Service Unavailable', { status: 503 })
  assert.equal(await answering(busy)('hosting', 'hosting', {}), [])
  const gone = platformError('NotFound', 'GET /api/v1/accounts', 'Not Found', { status: 404 })
  const issues = await answering(gone)('hosting', 'hosting', {})
  assert.equal(
    issues.map((i) => i.path),
    ['endpoint'],
  )
})

test.run()
