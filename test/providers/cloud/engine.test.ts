/**
 * End to end: cloud resources through the real interpreter (compile → plan → apply over the http
 * handler and the signed-action client) against the emulator: create, a refreshed re-plan with
 * no changes, update and replace, import, destroy leaving nothing behind.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { apply, plan, destroy, importResource, formatEngineError } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import { renderPlan } from '#trellis'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { registry } from '#trellis'
import { cloudProvider } from '#trellis/engine'
import { buildersFor } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import {
  cloudEmulator,
  EMULATOR_SECRET_ID,
  EMULATOR_SECRET_KEY,
  type CloudEmulatorOptions,
} from '../../../clients/emulators/cloud'

const cloud = buildersFor(cloudProvider) as any

const world = (opts: CloudEmulatorOptions = {}) => {
  const clock = new Date('2024-05-01T10:00:00Z')
  const emu = cloudEmulator({ ...opts, now: () => clock })
  const env: Env = {
    registry,
    handler: httpHandler({
      clients: (p, c) => platformClients({ http: emu.client, now: () => clock, sleep: async () => undefined })(p, c),
    }),
    store: memoryStore(),
    events: () => undefined,
    concurrency: 4,
    now: () => clock,
  }
  return { emu, env }
}

const run = async <A>(rte: (env: Env) => () => Promise<E.Either<any, A>>, env: Env): Promise<A> => {
  const r = await rte(env)()
  if (E.isLeft(r)) throw new Error(formatEngineError(r.left))
  return r.right
}
const actions = (p: { steps: ReadonlyArray<{ address: string; action: string }> }) =>
  Object.fromEntries(p.steps.map((s) => [s.address, s.action]))
const providers = () => ({
  cloud: cloud.provider({ secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) }),
})

const gateway = (desc = 'orders API', pluginType = 'IPControl') => {
  const svc = cloud.apiGatewayService('svc', {
    serviceName: 'orders',
    protocol: 'http&https',
    netTypes: ['OUTER', 'INNER'],
    serviceDesc: desc,
    tags: { team: 'shop' },
    releaseLimit: 500,
  })
  const api = cloud.apiGatewayApi('list', {
    serviceId: svc.out.apiGatewayServiceId,
    apiName: 'list-orders',
    authType: 'SECRET',
    requestConfigPath: '/orders',
    requestConfigMethod: 'GET',
    requestParameters: [{ name: 'page', position: 'QUERY', type: 'int' }],
    serviceConfigType: 'HTTP',
    serviceConfigUrl: 'http://orders.internal',
    serviceConfigPath: '/orders',
    serviceConfigMethod: 'GET',
    responseType: 'JSON',
    responseErrorCodes: [{ code: 500, msg: 'system error' }],
  })
  const release = cloud
    .apiGatewayServiceRelease('release', {
      serviceId: svc.out.apiGatewayServiceId,
      environmentName: 'release',
      releaseDesc: 'first',
    })
    .options({ dependsOn: [api] })
  const plan_ = cloud.apiGatewayUsagePlan('plan', { usagePlanName: 'partners', maxRequestNumPreSec: 100 })
  const key = cloud.apiGatewayApiKey('key', { secretName: 'partner-a' })
  const attach = cloud.apiGatewayUsagePlanAttachment('attach', {
    usagePlanId: plan_.out.apiGatewayUsagePlanId,
    serviceId: svc.out.apiGatewayServiceId,
    environment: 'release',
    bindType: 'API',
    apiId: api.out.apiGatewayApiId,
    accessKeyIds: [key.out.apiGatewayApiKeyId],
  })
  const plugin = cloud.apiGatewayPlugin('ipctl', {
    pluginName: 'office-only',
    pluginType,
    pluginData: pluginType === 'IPControl' ? '{"type":"white_list","blocks":"10.0.0.0/8"}' : '{"allowOrigins":["*"]}',
  })
  const strategy = cloud.apiGatewayIpStrategy('block', {
    serviceId: svc.out.apiGatewayServiceId,
    strategyName: 'blocked',
    strategyType: 'BLACK',
    strategyData: '192.0.2.1\n192.0.2.2',
  })
  const domain = cloud.apiGatewayCustomDomain('domain', {
    serviceId: svc.out.apiGatewayServiceId,
    subDomain: 'api.example.com',
    protocol: 'http',
    netType: 'OUTER',
    defaultDomain: svc.out.outerSubDomain,
    isDefaultMapping: false,
    pathMappings: ['/v1#release'],
  })
  return stack('gateway', { providers: providers() }).add(
    svc,
    api,
    release,
    plan_,
    key,
    attach,
    plugin,
    strategy,
    domain,
  )
}

test('gateway stack: apply, refreshed re-plan shows no change, update and replace, destroy leaves nothing', async () => {
  const w = world({ visibleAfter: 2 })
  const s1 = gateway()
  const first = await run(plan(s1), w.env)
  assert.ok(
    Object.values(actions(first.plan)).every((a) => a === 'create'),
    renderPlan(first.plan),
  )
  const applied = await run(apply(s1), w.env)
  assert.is(Object.keys(applied.state.resources).length, 9)
  assert.match(applied.state.resources['cloud:ApiGatewayService/svc'].id, /^service-/)

  const again = await run(plan(s1, { refresh: true }), w.env)
  assert.ok(
    Object.values(actions(again.plan)).every((a) => a === 'noop'),
    renderPlan(again.plan),
  )

  // an in-place update and a replacement (the plugin type cannot change in place)
  const s2 = gateway('all orders', 'Cors')
  const p2 = await run(plan(s2), w.env)
  assert.is(actions(p2.plan)['cloud:ApiGatewayService/svc'], 'update')
  assert.is(actions(p2.plan)['cloud:ApiGatewayPlugin/ipctl'], 'replace')
  await run(apply(s2), w.env)
  const svc = w.emu.objects().find((o) => o.kind === 'apigateway:Service')!
  assert.is((svc.body as { ServiceDesc: string }).ServiceDesc, 'all orders')
  assert.equal(
    w.emu
      .objects()
      .filter((o) => o.kind === 'apigateway:Plugin')
      .map((o) => (o.body as { PluginType: string }).PluginType),
    ['Cors'],
  )
  const p3 = await run(plan(s2, { refresh: true }), w.env)
  assert.ok(
    Object.values(actions(p3.plan)).every((a) => a === 'noop'),
    renderPlan(p3.plan),
  )

  await run(destroy(s2), w.env)
  assert.equal(w.emu.objects(), [])
})

test('import: an existing service and IP strategy are adopted and plan no change', async () => {
  const w = world()
  const made = await run(
    apply(
      stack('made', { providers: providers() }).add(
        cloud.apiGatewayService('svc', { serviceName: 'legacy', protocol: 'http', netTypes: ['OUTER'] }),
      ),
    ),
    w.env,
  )
  const serviceId = made.state.resources['cloud:ApiGatewayService/svc'].id
  const strategy = cloud.apiGatewayIpStrategy('block', {
    serviceId,
    strategyName: 'legacy-block',
    strategyType: 'BLACK',
    strategyData: '192.0.2.9',
  })
  const r = await run(apply(stack('made2', { providers: providers() }).add(strategy)), w.env)
  const strategyId = r.state.resources['cloud:ApiGatewayIpStrategy/block'].id

  const adopt = stack('adopt', { providers: providers() }).add(
    cloud.apiGatewayService('legacy', { serviceName: 'legacy', protocol: 'http', netTypes: ['OUTER'] }),
    cloud.apiGatewayIpStrategy('legacyBlock', {
      serviceId,
      strategyName: 'legacy-block',
      strategyType: 'BLACK',
      strategyData: '192.0.2.9',
    }),
  )
  await run(importResource(adopt, 'cloud:ApiGatewayService', 'legacy', serviceId), w.env)
  const imported = await run(importResource(adopt, 'cloud:ApiGatewayIpStrategy', 'legacyBlock', strategyId), w.env)
  assert.is(imported.inputs.strategyName, 'legacy-block')
  const p = await run(plan(adopt), w.env)
  assert.equal(Object.values(actions(p.plan)), ['noop', 'noop'])
})

test.run()
