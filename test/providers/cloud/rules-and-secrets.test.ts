/**
 * Cross-field rules ignore values that are refs (known only after apply), and secret fields never
 * show in plain text in plans, results, state or errors.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { ref as makeRef } from '#trellis'
import { secret } from '#trellis'
import { stack } from '#trellis'
import { cloudProvider } from '#trellis/engine'
import { registry } from '#trellis'
import { apply, plan, formatEngineError } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import { renderPlan } from '#trellis'
import { planToJson } from '#trellis'
import { memoryStore } from '#trellis'
import type { Env } from '#trellis/engine'
import { buildersFor } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { cloudEmulator, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../../clients/emulators/cloud'

const ref = makeRef<never>('cloud:ApiGatewayService/svc', ['apiGatewayServiceId'])
const check = (type: string, inputs: Record<string, unknown>) =>
  cloudProvider.resources[type as keyof typeof cloudProvider.resources].rules.flatMap((r) =>
    r.check(inputs as never, { config: {}, now: new Date() }),
  )

test('rules: refs are not judged', () => {
  assert.equal(check('ApiGatewayService', { serviceName: 's', protocol: 'http', netTypes: ref, releaseLimit: ref }), [])
  assert.equal(
    check('ApiGatewayApi', { serviceId: ref, apiName: 'a', requestConfigPath: '/', serviceConfigType: ref }),
    [],
  )
  assert.equal(
    check('ApiGatewayApi', {
      serviceId: ref,
      apiName: 'a',
      requestConfigPath: '/',
      serviceConfigUrl: ref,
      serviceConfigPath: ref,
      serviceConfigMethod: ref,
      serviceConfigProduct: ref,
    }),
    [],
  )
  assert.equal(check('ApiGatewayApiKey', { secretName: 'k', accessKeyType: ref, accessKeyId: 'AKID123' }), [])
  assert.equal(check('ApiGatewayUsagePlan', { usagePlanName: 'p', maxRequestNum: ref }), [])
  assert.equal(
    check('ApiGatewayUsagePlanAttachment', {
      usagePlanId: ref,
      serviceId: ref,
      environment: 'test',
      bindType: ref,
      apiId: ref,
    }),
    [],
  )
  assert.equal(
    check('ApiGatewayCustomDomain', {
      serviceId: ref,
      subDomain: 'a',
      protocol: 'https',
      netType: 'OUTER',
      defaultDomain: ref,
      certificateId: ref,
      isDefaultMapping: false,
      pathMappings: ref,
    }),
    [],
  )
  const t = cloudProvider.lookups.getAntiddosBgpBizTrend.rules.flatMap((r) =>
    r.check({ startTime: ref, endTime: '2024-01-01 00:00:00' } as never, { config: {}, now: new Date() }),
  )
  assert.equal(t, [])
})

test("secrets: a manual key's secret and the generated ones stay out of plans, results and state", async () => {
  const cloud = buildersFor(cloudProvider) as any
  const emu = cloudEmulator()
  const store = memoryStore()
  const env: Env = {
    registry,
    handler: httpHandler({
      clients: (p, c) => platformClients({ http: emu.client, sleep: async () => undefined })(p, c),
    }),
    store,
    events: () => undefined,
    concurrency: 2,
    now: () => new Date(),
  }
  const manual = 'manual-key-secret-0123456789'
  const st = stack('keys', {
    providers: { cloud: cloud.provider({ secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) }) },
  }).add(
    cloud.apiGatewayApiKey('manual', {
      secretName: 'm',
      accessKeyType: 'manual',
      accessKeyId: 'AKIDmanual1',
      accessKeySecret: secret(manual),
    }),
    cloud.apiGatewayApiKey('auto', { secretName: 'a' }),
  )
  const p = await plan(st)(env)()
  if (E.isLeft(p)) assert.unreachable(formatEngineError(p.left))
  const r = await apply(st)(env)()
  if (E.isLeft(r)) assert.unreachable(formatEngineError(r.left))
  const generated = emu
    .objects()
    .filter((o) => o.kind === 'apigateway:ApiKey')
    .map((o) => (o.body as { AccessKeySecret: string }).AccessKeySecret)
  assert.is(generated.length, 2)
  const state = await store.read('keys')()
  const texts = [
    E.isRight(p) ? renderPlan(p.right.plan) + JSON.stringify(planToJson(p.right.plan)) : '',
    JSON.stringify(r),
    JSON.stringify(state),
  ]
  assert.ok(texts[2].includes('AKIDmanual1'), 'the state was read')
  for (const s of [manual, EMULATOR_SECRET_KEY, ...generated])
    for (const text of texts) assert.not.ok(text.includes(s), `a secret leaked: ${s.slice(0, 4)}…`)
})

test.run()
