// G<n>: the numbered gotchas of docs/wire/cloud.md §5.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import type { ResourceSpec } from '#trellis'
import { reveal, secret } from '#trellis'
import { validateValue } from '#trellis/engine'
import { serviceWithApi, setup } from './harness'
import { cloudProvider } from '#trellis/engine'
const {
  ApiGatewayApi,
  ApiGatewayApiKey,
  ApiGatewayUsagePlan,
  ApiGatewayUsagePlanAttachment,
  ApiGatewayServiceRelease,
  ApiGatewayPlugin,
  ApiGatewayCustomDomain,
  ApiGatewayIpStrategy,
} = cloudProvider.resources

const paths = (spec: ResourceSpec, inputs: unknown, prior?: Record<string, unknown>) => [
  ...validateValue(spec.inputs, inputs).map((f) => f.path),
  ...spec.rules
    .flatMap((r) =>
      r.check(inputs as never, {
        config: {},
        now: new Date(),
        ...(prior ? { prior: { inputs: prior, outputs: {}, changedAt: {} } } : {}),
      }),
    )
    .map((f) => f.path),
]

const goneAfterDelete = async (h: ReturnType<typeof setup>, spec: ResourceSpec, id: string, inputs: unknown) => {
  const r = await h.readE(spec, id, inputs)
  assert.ok(E.isLeft(r), 'the read fails')
  if (E.isLeft(r)) assert.ok(spec.wire.gone!(r.left), `${r.left.code ?? r.left.kind}: ${r.left.message} is "gone"`)
}

// ── ApiGatewayApi ─────────────────────────────────────────────────────────────
const http = { serviceConfigUrl: 'http://backend', serviceConfigPath: '/', serviceConfigMethod: 'GET' }

test('ApiGatewayApi: codec and back-end rules name their fields', () => {
  assert.equal(paths(ApiGatewayApi, { serviceId: 's', apiName: 'a', requestConfigPath: '/a', ...http }), [])
  assert.equal(paths(ApiGatewayApi, { serviceId: 's', apiName: 'a', requestConfigPath: '/a' }), [
    'serviceConfigUrl',
    'serviceConfigPath',
    'serviceConfigMethod',
  ])
  assert.equal(
    paths(ApiGatewayApi, {
      serviceId: 's',
      apiName: 'a',
      requestConfigPath: '/a',
      serviceConfigType: 'MOCK',
      serviceConfigMockReturnMessage: 'ok',
    }),
    [],
  )
  assert.equal(
    paths(ApiGatewayApi, { serviceId: 's', apiName: 'a', requestConfigPath: '/a', authType: 'JWT', ...http }),
    ['authType'],
  )
  const prior = {
    serviceId: 's',
    apiName: 'a',
    requestConfigPath: '/a',
    ...http,
    responseErrorCodes: [{ code: 1, msg: 'm' }],
  }
  assert.equal(paths(ApiGatewayApi, { ...prior, responseErrorCodes: [] }, prior), ['responseErrorCodes'])
})

test('ApiGatewayApi: import id is <serviceId>#<apiId>', () => {
  assert.equal(
    ApiGatewayApi.identity.parseImportId('service-1#api-2'),
    E.right({ id: 'api-2', inputs: { serviceId: 'service-1' } }),
  )
  const bad = ApiGatewayApi.identity.parseImportId('api-2')
  assert.equal(bad, E.left('has 1 part separated by "#", not 2'))
  assert.is(ApiGatewayApi.identity.importFormat, '<serviceId>#<apiId>')
  assert.is(ApiGatewayApi.identity.printImportId('api-2', { serviceId: 'service-1' }), 'service-1#api-2')
})

test('ApiGatewayApi: round trip; platform defaults in parameters are no change; limits per environment', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  const inputs = {
    serviceId,
    apiName: 'orders',
    requestConfigPath: '/orders',
    requestParameters: [{ name: 'page', position: 'QUERY' as const, type: 'int' }],
    responseErrorCodes: [{ code: 500, msg: 'boom', convertedCode: 5000, needConvert: true }],
    releaseLimit: 100,
    testLimit: 10,
    ...http,
  }
  const o = await h.create(ApiGatewayApi, inputs)
  assert.match(o.id, /^api-[a-z0-9]{8}$/)
  assert.is(o.outputs.apiGatewayApiId, o.id)
  assert.is(o.inputs.releaseLimit, 100)
  assert.is(o.inputs.testLimit, 10)
  assert.is(o.inputs.preLimit, 5000, 'unlimited reads as 5000')
  // the platform echoes its defaults ("" and false); they compare equal to what was sent
  assert.equal(o.inputs.requestParameters, [
    { desc: '', defaultValue: '', required: false, name: 'page', position: 'QUERY', type: 'int' },
  ])
  assert.ok(ApiGatewayApi.equals!.requestParameters!(o.inputs.requestParameters, inputs.requestParameters))

  const next = { ...inputs, apiDesc: 'all orders', preLimit: 50 }
  const u = await h.update(ApiGatewayApi, o.id, next, inputs)
  assert.is(u.inputs.apiDesc, 'all orders')
  assert.is(u.inputs.preLimit, 50)
  assert.is(u.inputs.releaseLimit, 100, 'the release limit kept its own value (G10)')

  await h.del(ApiGatewayApi, o.id, next)
  await goneAfterDelete(h, ApiGatewayApi, o.id, next)
  assert.ok(h.emu.requests()['apigateway:ModifyApiEnvironmentStrategy'] >= 3 + 3, 'limits reset before delete')
})

// ── ApiGatewayApiKey ─────────────────────────────────────────────────────────
test('ApiGatewayApiKey: manual keys need both parts; auto keys take neither', () => {
  assert.equal(paths(ApiGatewayApiKey, { secretName: 'k' }), [])
  assert.equal(paths(ApiGatewayApiKey, { secretName: 'k', accessKeyType: 'manual' }), [
    'accessKeyId',
    'accessKeySecret',
  ])
  assert.equal(paths(ApiGatewayApiKey, { secretName: 'k', accessKeySecret: 'a-long-secret' }), ['accessKeySecret'])
  assert.equal(paths(ApiGatewayApiKey, { secretName: 'k', status: 'disabled' }), ['status'])
})

test('ApiGatewayApiKey: created off is disabled by its real id; update toggles; delete disables first', async () => {
  const h = setup()
  const inputs = { secretName: 'partner', status: 'off' as const }
  const o = await h.create(ApiGatewayApiKey, inputs)
  assert.match(o.id, /^AKID/)
  assert.is(o.inputs.status, 'off')
  assert.ok(o.outputs.accessKeySecret !== undefined && typeof reveal(o.outputs.accessKeySecret) === 'string')
  assert.not.ok(JSON.stringify(o).includes(reveal(o.outputs.accessKeySecret)), 'the generated secret is wrapped')
  const u = await h.update(ApiGatewayApiKey, o.id, { ...inputs, status: 'on' }, inputs)
  assert.is(u.inputs.status, 'on')
  await h.del(ApiGatewayApiKey, o.id, { ...inputs, status: 'on' })
  await goneAfterDelete(h, ApiGatewayApiKey, o.id, inputs)
})

test('ApiGatewayApiKey: a manual key is created with its id and its secret can change', async () => {
  const h = setup()
  const inputs = {
    secretName: 'manual',
    accessKeyType: 'manual' as const,
    accessKeyId: 'AKIDmanual01',
    accessKeySecret: secret('first-secret-value'),
  }
  const o = await h.create(ApiGatewayApiKey, inputs)
  assert.is(o.id, 'AKIDmanual01')
  const next = { ...inputs, accessKeySecret: secret('second-secret-value') }
  const u = await h.update(ApiGatewayApiKey, o.id, next, inputs)
  assert.is(reveal(u.outputs.accessKeySecret!), 'second-secret-value')
  assert.is(h.emu.requests()['apigateway:UpdateApiKey'], 1)
})

// ── ApiGatewayUsagePlan ──────────────────────────────────────────────────────
test('ApiGatewayUsagePlan: bounds are -1 or a positive range', () => {
  assert.equal(paths(ApiGatewayUsagePlan, { usagePlanName: 'p', maxRequestNum: -1, maxRequestNumPreSec: 2000 }), [])
  assert.equal(paths(ApiGatewayUsagePlan, { usagePlanName: 'p', maxRequestNum: 0, maxRequestNumPreSec: 2001 }), [
    'maxRequestNum',
    'maxRequestNumPreSec',
  ])
})

test('ApiGatewayUsagePlan: create waits until visible; update; delete', async () => {
  const h = setup({ visibleAfter: 2 })
  const inputs = { usagePlanName: 'partners', maxRequestNumPreSec: 100 }
  const o = await h.create(ApiGatewayUsagePlan, inputs)
  assert.match(o.id, /^usagePlan-[a-z0-9]{8}$/)
  assert.is(o.inputs.maxRequestNum, -1, 'unlimited by default')
  assert.ok(h.progress.some((l) => l.includes(`usage plan ${o.id}`)))
  const u = await h.update(ApiGatewayUsagePlan, o.id, { ...inputs, usagePlanDesc: 'd', maxRequestNum: 1000 }, inputs)
  assert.is(u.inputs.maxRequestNum, 1000)
  assert.equal(
    (await h.list(ApiGatewayUsagePlan)).map((x) => x.id),
    [o.id],
  )
  await h.del(ApiGatewayUsagePlan, o.id, inputs)
  await goneAfterDelete(h, ApiGatewayUsagePlan, o.id, inputs)
})

// ── ApiGatewayUsagePlanAttachment ────────────────────────────────────────────
test('ApiGatewayUsagePlanAttachment: import id has six parts, empty ones kept', () => {
  const ok = ApiGatewayUsagePlanAttachment.identity.parseImportId('usagePlan-x#service-y#release#SERVICE##')
  assert.equal(
    ok,
    E.right({
      id: 'usagePlan-x#service-y#release#SERVICE##',
      inputs: { usagePlanId: 'usagePlan-x', serviceId: 'service-y', environment: 'release', bindType: 'SERVICE' },
    }),
  )
  const keys = ApiGatewayUsagePlanAttachment.identity.parseImportId('usagePlan-x#service-y#test#API#api-z#AKID1,AKID2')
  assert.ok(E.isRight(keys) && JSON.stringify(keys.right.inputs?.accessKeyIds) === '["AKID1","AKID2"]')
  const reasons = [
    'usagePlan-x#service-y#release#SERVICE#',
    'usagePlan-x#service-y#live#SERVICE##',
    'usagePlan-x#service-y#release#API##',
  ].map((bad) => ApiGatewayUsagePlanAttachment.identity.parseImportId(bad))
  assert.equal(reasons, [
    E.left('has 5 parts separated by "#", not 6'),
    E.left('names the environment "live", not test, release or prepub'),
    E.left('has an empty <apiId> for bindType API'),
  ])
  assert.is(
    ApiGatewayUsagePlanAttachment.identity.importFormat,
    '<usagePlanId>#<serviceId>#<environment>#<bindType>#<apiId>#<accessKeyIds>',
  )
  assert.equal(
    paths(ApiGatewayUsagePlanAttachment, { usagePlanId: 'p', serviceId: 's', environment: 'test', bindType: 'API' }),
    ['apiId'],
  )
})

test('ApiGatewayUsagePlanAttachment: binds an api and keys; a vanished binding reads as gone', async () => {
  const h = setup()
  const { serviceId, apiId } = await serviceWithApi(h)
  const plan = await h.create(ApiGatewayUsagePlan, { usagePlanName: 'p1' })
  const key = await h.create(ApiGatewayApiKey, { secretName: 'k1' })
  const inputs = {
    usagePlanId: plan.id,
    serviceId,
    environment: 'release' as const,
    bindType: 'API' as const,
    apiId,
    accessKeyIds: [key.id],
  }
  const o = await h.create(ApiGatewayUsagePlanAttachment, inputs)
  assert.is(o.id, `${plan.id}#${serviceId}#release#API#${apiId}#${key.id}`)
  assert.equal(o.inputs.accessKeyIds, [key.id])
  const parsed = ApiGatewayUsagePlanAttachment.identity.parseImportId(o.id)
  assert.ok(E.isRight(parsed))
  const r = await h.read(ApiGatewayUsagePlanAttachment, o.id, inputs)
  assert.equal(r.inputs, o.inputs)
  await h.del(ApiGatewayUsagePlanAttachment, o.id, inputs)
  await goneAfterDelete(h, ApiGatewayUsagePlanAttachment, o.id, inputs)
  assert.ok(!h.emu.objects().some((x) => x.kind === 'apigateway:UsagePlanBinding'))
})

test('ApiGatewayUsagePlanAttachment: keys on an api that is not SECRET-authenticated are refused before binding', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  const open = await h.apigw('CreateApi', {
    ServiceId: serviceId,
    ApiName: 'open',
    RequestConfig: { Path: '/open', Method: 'GET' },
    ServiceType: 'MOCK',
    ServiceMockReturnMessage: 'hi',
    AuthType: 'NONE',
  })
  const plan = await h.create(ApiGatewayUsagePlan, { usagePlanName: 'p2' })
  const key = await h.create(ApiGatewayApiKey, { secretName: 'k2' })
  const r = await h.send(
    ApiGatewayUsagePlanAttachment.wire.create(
      {
        usagePlanId: plan.id,
        serviceId,
        environment: 'test',
        bindType: 'API',
        apiId: open.Result.ApiId,
        accessKeyIds: [key.id],
      },
      { config: {} },
    ),
  )
  assert.ok(E.isLeft(r) && r.left.message.includes('authType SECRET'))
  assert.is(h.emu.requests()['apigateway:BindEnvironment'], undefined)
})

// ── ApiGatewayServiceRelease ─────────────────────────────────────────────────
test('ApiGatewayServiceRelease: release, read by version, un-release reads as gone', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  const inputs = { serviceId, environmentName: 'release' as const, releaseDesc: 'v1' }
  const o = await h.create(ApiGatewayServiceRelease, inputs)
  assert.match(o.id, new RegExp(`^${serviceId}#release#\\d{14}[0-9a-f-]{36}$`))
  assert.is(o.outputs.releaseVersion, o.id.split('#')[2])
  const imported = ApiGatewayServiceRelease.identity.parseImportId(o.id)
  assert.ok(E.isRight(imported) && imported.right.inputs?.serviceId === serviceId)
  const r = await h.read(ApiGatewayServiceRelease, o.id, inputs)
  assert.is(r.inputs.releaseDesc, 'v1')
  await h.del(ApiGatewayServiceRelease, o.id, inputs)
  await goneAfterDelete(h, ApiGatewayServiceRelease, o.id, inputs)
})

test('ApiGatewayServiceRelease: deleting a superseded release leaves the newer one published', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  const aInputs = { serviceId, environmentName: 'release' as const, releaseDesc: 'v1' }
  const a = await h.create(ApiGatewayServiceRelease, aInputs)
  const bInputs = { serviceId, environmentName: 'release' as const, releaseDesc: 'v2' }
  const b = await h.create(ApiGatewayServiceRelease, bInputs)
  await h.del(ApiGatewayServiceRelease, a.id, aInputs)
  assert.is(h.emu.requests()['apigateway:UnReleaseService'], undefined)
  const still = await h.read(ApiGatewayServiceRelease, b.id, bInputs)
  assert.is(still.inputs.releaseDesc, 'v2')
  await h.del(ApiGatewayServiceRelease, b.id, bInputs)
  assert.is(h.emu.requests()['apigateway:UnReleaseService'], 1)
  await goneAfterDelete(h, ApiGatewayServiceRelease, b.id, bInputs)
})

test('ApiGatewayServiceRelease: a service without APIs is refused', async () => {
  const h = setup()
  const s = await h.apigw('CreateService', { ServiceName: 'empty', Protocol: 'http', NetTypes: ['OUTER'] })
  const r = await h.send(
    ApiGatewayServiceRelease.wire.create(
      { serviceId: s.ServiceId, environmentName: 'test', releaseDesc: 'x' },
      { config: {} },
    ),
  )
  assert.ok(E.isLeft(r) && r.left.message.includes('has no API to release'))
})

// ── ApiGatewayPlugin ─────────────────────────────────────────────────────────
test('ApiGatewayPlugin: pluginData must be JSON and compares semantically', () => {
  assert.equal(paths(ApiGatewayPlugin, { pluginName: 'p1', pluginType: 'IPControl', pluginData: '{"a":1}' }), [])
  assert.equal(paths(ApiGatewayPlugin, { pluginName: 'p1', pluginType: 'IPControl', pluginData: '{a:1}' }), [
    'pluginData',
  ])
  const eq = ApiGatewayPlugin.equals!.pluginData!
  assert.ok(eq('{"type":"white_list","blocks":"1.1.1.1"}', '{ "blocks": "1.1.1.1", "type": "white_list" }'))
  assert.not.ok(eq('{"type":"white_list"}', '{"type":"black_list"}'))
})

test('ApiGatewayPlugin: round trip; the platform re-serialises the data without a diff', async () => {
  const h = setup()
  const inputs = {
    pluginName: 'office',
    pluginType: 'IPControl' as const,
    pluginData: '{ "type": "white_list", "blocks": "10.0.0.0/8" }',
  }
  const o = await h.create(ApiGatewayPlugin, inputs)
  assert.match(o.id, /^plugin-/)
  assert.is.not(o.inputs.pluginData, inputs.pluginData)
  assert.ok(ApiGatewayPlugin.equals!.pluginData!(o.inputs.pluginData, inputs.pluginData))
  const next = { ...inputs, description: 'office only' }
  const u = await h.update(ApiGatewayPlugin, o.id, next, inputs)
  assert.is(u.inputs.description, 'office only')
  assert.is(h.emu.requests()['apigateway:ModifyPlugin'], 1)
  await h.del(ApiGatewayPlugin, o.id, next)
  await goneAfterDelete(h, ApiGatewayPlugin, o.id, next)
})

// ── ApiGatewayCustomDomain ───────────────────────────────────────────────────
test('ApiGatewayCustomDomain: path mappings are <path>#<environment>', () => {
  const base = { serviceId: 's', subDomain: 'api.example.com', protocol: 'http', netType: 'OUTER', defaultDomain: 'd' }
  assert.equal(paths(ApiGatewayCustomDomain, { ...base, isDefaultMapping: false, pathMappings: ['/v1#release'] }), [])
  assert.equal(paths(ApiGatewayCustomDomain, { ...base, isDefaultMapping: false, pathMappings: ['/v1#live'] }), [
    'pathMappings.0',
  ])
  assert.equal(paths(ApiGatewayCustomDomain, { ...base, protocol: 'https' }), ['certificateId'])
  assert.equal(
    ApiGatewayCustomDomain.identity.parseImportId('service-1#api.example.com'),
    E.right({ id: 'service-1#api.example.com', inputs: { serviceId: 'service-1', subDomain: 'api.example.com' } }),
  )
})

test('ApiGatewayCustomDomain: the read finds its own domain among several (G12); mappings round trip', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  const d = 'service-default.example.com'
  await h.create(ApiGatewayCustomDomain, {
    serviceId,
    subDomain: 'first.example.com',
    protocol: 'http',
    netType: 'OUTER',
    defaultDomain: d,
  })
  const inputs = {
    serviceId,
    subDomain: 'second.example.com',
    protocol: 'http' as const,
    netType: 'OUTER' as const,
    defaultDomain: d,
    isDefaultMapping: false,
    pathMappings: ['/v1#release', '/beta#test'],
  }
  const o = await h.create(ApiGatewayCustomDomain, inputs)
  assert.is(o.id, `${serviceId}#second.example.com`)
  assert.ok(ApiGatewayCustomDomain.equals!.pathMappings!(o.inputs.pathMappings, inputs.pathMappings))
  assert.is(o.outputs.status, 1)
  const next = { ...inputs, pathMappings: ['/v2#release'] }
  const u = await h.update(ApiGatewayCustomDomain, o.id, next, inputs)
  assert.equal(u.inputs.pathMappings, ['/v2#release'])
  await h.del(ApiGatewayCustomDomain, o.id, next)
  await goneAfterDelete(h, ApiGatewayCustomDomain, o.id, next)
})

// ── ApiGatewayIpStrategy ─────────────────────────────────────────────────────
test('ApiGatewayIpStrategy: several addresses are accepted (G13), non-addresses are not', () => {
  const base = { serviceId: 's', strategyName: 'n', strategyType: 'BLACK' }
  assert.equal(paths(ApiGatewayIpStrategy, { ...base, strategyData: '192.0.2.1\n198.51.100.0/24' }), [])
  assert.equal(paths(ApiGatewayIpStrategy, { ...base, strategyData: 'example.com' }), ['strategyData'])
  assert.equal(paths(ApiGatewayIpStrategy, { ...base, strategyType: 'GRAY', strategyData: '192.0.2.1' }), [
    'strategyType',
  ])
})

test('ApiGatewayIpStrategy: create waits until visible; update data; a deleted strategy reads as gone', async () => {
  const h = setup({ visibleAfter: 2 })
  const { serviceId } = await serviceWithApi(h)
  const inputs = { serviceId, strategyName: 'blocked', strategyType: 'BLACK' as const, strategyData: '192.0.2.1' }
  const o = await h.create(ApiGatewayIpStrategy, inputs)
  assert.match(o.id, new RegExp(`^${serviceId}#IPStrategy-[a-z0-9]{8}$`))
  assert.is(o.outputs.strategyId, o.id.split('#')[1])
  assert.ok(h.progress.some((l) => l.includes('IP strategy')))
  const next = { ...inputs, strategyData: '192.0.2.1\n192.0.2.2' }
  const u = await h.update(ApiGatewayIpStrategy, o.id, next, inputs)
  assert.is(u.inputs.strategyData, next.strategyData)
  await h.del(ApiGatewayIpStrategy, o.id, next)
  await goneAfterDelete(h, ApiGatewayIpStrategy, o.id, next)
})

test("every resource example reply decodes to its example valid inputs' id space", () => {
  for (const spec of [
    ApiGatewayApi,
    ApiGatewayApiKey,
    ApiGatewayUsagePlan,
    ApiGatewayUsagePlanAttachment,
    ApiGatewayServiceRelease,
    ApiGatewayPlugin,
    ApiGatewayCustomDomain,
    ApiGatewayIpStrategy,
  ] as ResourceSpec[]) {
    const d = spec.wire.decode(spec.examples.reply, { config: {}, inputs: spec.examples.valid })
    assert.ok(E.isRight(d) && d.right.id !== '', spec.token)
  }
})

test.run()
