/**
 * Issue 39: releases and usage plan attachments are listed under each service (the environments'
 * current versions; the whole-service and per-API bindings), generated with refs to their service,
 * plan and API, and a plan of the generated program only imports them.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { apply, discover, emulatedEnv, generate, memoryStore, plan } from '#trellis/engine'
import * as cloud from '#trellis/cloud'
import { stack } from '#trellis'
import { envOver, loadProgram, removeProgram, right } from './brownfield-helpers'

const test = suite('discover: releases and usage plan attachments, under each service')

const estate = () => {
  const svc = cloud.apiGatewayService('s', { serviceName: 'orders', protocol: 'https', netTypes: ['OUTER'] })
  const api = cloud.apiGatewayApi('a', {
    serviceId: svc.out.apiGatewayServiceId,
    apiName: 'list',
    authType: 'SECRET',
    requestConfigPath: '/orders',
    requestConfigMethod: 'GET',
    serviceConfigType: 'HTTP',
    serviceConfigTimeout: 15,
    serviceConfigUrl: 'http://orders.internal',
    serviceConfigPath: '/v1/orders',
    serviceConfigMethod: 'GET',
  })
  const releases = (['test', 'release'] as const).map((e) =>
    cloud
      .apiGatewayServiceRelease(`r-${e}`, {
        serviceId: svc.out.apiGatewayServiceId,
        environmentName: e,
        releaseDesc: `to ${e}`,
      })
      .options({ dependsOn: [api] }),
  )
  const p = cloud.apiGatewayUsagePlan('p', { usagePlanName: 'partners', maxRequestNum: 500 })
  const whole = cloud.apiGatewayUsagePlanAttachment('whole', {
    usagePlanId: p.out.id,
    serviceId: svc.out.apiGatewayServiceId,
    environment: 'release',
  })
  const one = cloud.apiGatewayUsagePlanAttachment('one', {
    usagePlanId: p.out.id,
    serviceId: svc.out.apiGatewayServiceId,
    environment: 'test',
    bindType: 'API',
    apiId: api.out.apiGatewayApiId,
  })
  return stack('by-hand').add(svc, api, ...releases, p, whole, one)
}

test('listed under each service, generated with refs, planned as imports only', async () => {
  const made = emulatedEnv({ store: memoryStore(), env: {} })
  await right(apply(estate())(made))
  const env = envOver(made.emulators)
  const types = ['cloud:ApiGatewayServiceRelease', 'cloud:ApiGatewayUsagePlanAttachment']
  const d = await right(discover({ types })(env))
  assert.equal(d.notListed, [])
  const svc = d.objects[0]?.inputs.serviceId as string
  assert.equal(
    d.objects.map((o) => `${o.token} ${o.importId.replace(/#\d{14}[-0-9a-f]+$/, '#VERSION')}`).sort(),
    [
      `cloud:ApiGatewayServiceRelease ${svc}#release#VERSION`,
      `cloud:ApiGatewayServiceRelease ${svc}#test#VERSION`,
      expect.whole(d.objects, svc),
      expect.one(d.objects, svc),
    ].sort(),
  )
  assert.equal(
    d.objects
      .filter((o) => o.token.endsWith('Release'))
      .map((o) => o.inputs.releaseDesc)
      .sort(),
    ['to release', 'to test'],
  )
  const g = await right(generate({ stack: 'legacy', providers: ['cloud'] })(env))
  assert.match(g.source, /usagePlanId: \w+\.out\.apiGatewayUsagePlanId/)
  assert.match(g.source, /apiId: \w+\.out\.apiGatewayApiId/)
  assert.match(g.source, 'apiGatewayUsagePlanAttachment("release-service"')
  const { stack: program, file } = await loadProgram(g.source, 'release-attachment')
  try {
    const p = await right(plan(program)(env))
    assert.equal([...new Set(p.plan.steps.map((s) => s.action))], ['import'])
    assert.is(p.plan.steps.length, g.objects.length)
    assert.equal(
      p.plan.steps.filter((s) => (s.diff ?? []).length > 0).map((s) => s.address),
      [],
    )
  } finally {
    removeProgram(file)
  }
})

/** the attachments' import ids: plan, service, environment, bind type, API, no keys */
const expect = {
  whole: (objects: ReadonlyArray<{ token: string; inputs: Record<string, unknown> }>, svc: string) => {
    const planId = objects.find((o) => o.token.endsWith('Attachment'))?.inputs.usagePlanId as string
    return `cloud:ApiGatewayUsagePlanAttachment ${planId}#${svc}#release#SERVICE##`
  },
  one: (objects: ReadonlyArray<{ token: string; inputs: Record<string, unknown> }>, svc: string) => {
    const a = objects.find((o) => o.inputs.bindType === 'API')?.inputs
    return `cloud:ApiGatewayUsagePlanAttachment ${a?.usagePlanId as string}#${svc}#test#API#${a?.apiId as string}#`
  },
}

test.run()
