/**
 * `wire.find` of the cloud resource types, through the real handler's find (the engine's path
 * after a lost or interrupted create): an object made by the spec's create is among the
 * candidates, a look for one never made finds nothing, and objects the platform lists late
 * (services, usage plans, IP strategies: G1) are still found by a look made right after the
 * create — a miss there would make a duplicate.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { httpHandler } from '#trellis/engine'
import type { ResourceSpec } from '#trellis'
import { serviceWithApi, setup } from './harness'
import { cloudProvider } from '#trellis/engine'
const {
  ApiGatewayApi,
  ApiGatewayService,
  ApiGatewayUsagePlan,
  ApiGatewayUsagePlanAttachment,
  ApiGatewayServiceRelease,
  ApiGatewayCustomDomain,
  ApiGatewayIpStrategy,
} = cloudProvider.resources

const finder = (h: ReturnType<typeof setup>) => {
  const handler = httpHandler({ clients: () => h.client })
  return async (spec: ResourceSpec, sent: Record<string, unknown>): Promise<ReadonlyArray<string> | undefined> => {
    const r = await handler.find(
      { spec, address: `${spec.token}/x`, name: 'x', provider: 'cloud', config: h.config },
      sent,
    )()
    if (E.isLeft(r)) throw new Error(r.left.message)
    return r.right?.map((o) => o.id)
  }
}

const http = { serviceConfigUrl: 'http://backend', serviceConfigPath: '/', serviceConfigMethod: 'GET' }

test('ApiGatewayService: a service made moments ago (not yet listed) is found by name; another name is not', async () => {
  // a new service misses its first three looks
  const h = setup({ visibleAfter: 3 })
  const find = finder(h)
  const made = await h.apigw('CreateService', { ServiceName: 'late', Protocol: 'http', NetTypes: ['OUTER'] })
  assert.equal(await find(ApiGatewayService, { serviceName: 'late', protocol: 'http', netTypes: ['OUTER'] }), [
    made.ServiceId,
  ])
  assert.equal(await find(ApiGatewayService, { serviceName: 'never', protocol: 'http', netTypes: ['OUTER'] }), [])
})

test('ApiGatewayUsagePlan: a plan made moments ago (not yet listed) is found by name', async () => {
  const h = setup({ visibleAfter: 3 })
  const find = finder(h)
  const made = await h.apigw('CreateUsagePlan', {
    UsagePlanName: 'late-plan',
    MaxRequestNum: -1,
    MaxRequestNumPreSec: -1,
  })
  assert.equal(await find(ApiGatewayUsagePlan, { usagePlanName: 'late-plan' }), [made.Result.UsagePlanId])
  assert.equal(await find(ApiGatewayUsagePlan, { usagePlanName: 'other-plan' }), [])
})

test("ApiGatewayApi: found among the service's apis of that name (and path); none before", async () => {
  const h = setup()
  const find = finder(h)
  const { serviceId } = await serviceWithApi(h)
  const sent = { serviceId, apiName: 'orders', requestConfigPath: '/orders', ...http }
  assert.equal(await find(ApiGatewayApi, sent), [])
  const made = await h.create(ApiGatewayApi, sent)
  await h.create(ApiGatewayApi, { ...sent, apiName: 'orders_v2', requestConfigPath: '/v2/orders' })
  assert.equal(await find(ApiGatewayApi, sent), [made.id])
  assert.equal(await find(ApiGatewayApi, { ...sent, requestConfigPath: '/elsewhere' }), [])
})

test('ApiGatewayUsagePlanAttachment: the binding is read back by what it binds; unbound finds nothing', async () => {
  const h = setup()
  const find = finder(h)
  const { serviceId } = await serviceWithApi(h)
  const plan = await h.create(ApiGatewayUsagePlan, { usagePlanName: 'bound' })
  const sent = { usagePlanId: plan.id, serviceId, environment: 'release' as const }
  assert.equal(await find(ApiGatewayUsagePlanAttachment, sent), [])
  const made = await h.create(ApiGatewayUsagePlanAttachment, sent)
  assert.equal(await find(ApiGatewayUsagePlanAttachment, sent), [made.id])
  assert.equal(await find(ApiGatewayUsagePlanAttachment, { ...sent, environment: 'test' }), [])
})

test("ApiGatewayServiceRelease: the environment's newest release is found when it carries the description sent", async () => {
  const h = setup()
  const find = finder(h)
  const { serviceId } = await serviceWithApi(h)
  const sent = { serviceId, environmentName: 'prepub' as const, releaseDesc: 'lost release' }
  assert.equal(await find(ApiGatewayServiceRelease, sent), [], 'not released yet')
  await h.create(ApiGatewayServiceRelease, { ...sent, releaseDesc: 'older' })
  const made = await h.create(ApiGatewayServiceRelease, sent)
  assert.equal(await find(ApiGatewayServiceRelease, sent), [made.id])
  assert.equal(
    await find(ApiGatewayServiceRelease, { ...sent, releaseDesc: 'older' }),
    [],
    'a superseded release is not the one a lost create made',
  )
})

test('ApiGatewayCustomDomain: the binding is read back by its domain; an unbound domain finds nothing', async () => {
  const h = setup()
  const find = finder(h)
  const { serviceId } = await serviceWithApi(h)
  const sent = {
    serviceId,
    subDomain: 'api.find.example.com',
    protocol: 'http' as const,
    netType: 'OUTER' as const,
    defaultDomain: 'service-default.example.com',
  }
  assert.equal(await find(ApiGatewayCustomDomain, sent), [])
  const made = await h.create(ApiGatewayCustomDomain, sent)
  assert.equal(await find(ApiGatewayCustomDomain, sent), [made.id])
  assert.equal(await find(ApiGatewayCustomDomain, { ...sent, subDomain: 'other.find.example.com' }), [])
})

test('ApiGatewayIpStrategy: a strategy made moments ago (not yet listed) is found by name, the newest of that name', async () => {
  const h = setup({ visibleAfter: 3 })
  const find = finder(h)
  const { serviceId } = await serviceWithApi(h)
  const sent = { serviceId, strategyName: 'blocked', strategyType: 'BLACK' as const, strategyData: '192.0.2.1' }
  assert.equal(await find(ApiGatewayIpStrategy, sent), [])
  const made = await h.apigw('CreateIPStrategy', {
    ServiceId: serviceId,
    StrategyName: 'blocked',
    StrategyType: 'BLACK',
    StrategyData: '192.0.2.1',
  })
  assert.equal(await find(ApiGatewayIpStrategy, sent), [`${serviceId}#${made.Result.StrategyId}`])
  assert.equal(await find(ApiGatewayIpStrategy, { ...sent, strategyName: 'allowed' }), [])
})

test.run()
