// G<n>: the numbered gotchas of docs/wire/cloud.md §5.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { crc32 } from 'node:zlib'
import type { LookupSpec } from '#trellis'
import { isSecret, reveal } from '#trellis'
import { validateValue } from '#trellis/engine'
import { serviceWithApi, setup } from './harness'
import { cloudProvider } from '#trellis/engine'
const {
  getAddressTemplateGroups,
  getAddressTemplates,
  getAntiddosBasicDeviceStatus,
  getAntiddosBgpBizTrend,
  getAntiddosBgpInstances,
  getAntiddosListListener,
  getAntiddosOverviewAttackTrend,
  getAntiddosOverviewCcTrend,
  getApiGatewayApiAppApi,
  getApiGatewayApiAppService,
  getApiGatewayApiApps,
  getApiGatewayApiDocs,
  getApiGatewayApiKeys,
  getApiGatewayApiPlugins,
  getApiGatewayApis,
  getApiGatewayBindApiAppsStatus,
  getApiGatewayCustomerDomains,
  getApiGatewayIpStrategies,
} = cloudProvider.lookups

// the id the platform gives a listing: CRC-32 (IEEE) of each id followed by "-", as decimal text
const idsHash = (ids: ReadonlyArray<string>): string => String(crc32(ids.map((i) => `${i}-`).join('')))
const range = (n: number) => Array.from({ length: n }, (_, i) => i)
const pad = (i: number) => String(i).padStart(3, '0')
const paths = (spec: LookupSpec, args: unknown) => [
  ...validateValue(spec.args, args).map((f) => f.path),
  ...spec.rules.flatMap((r) => r.check(args as never, { config: {}, now: new Date() })).map((f) => f.path),
]
/** the lookup's result passes its own result codec */
const valid = (spec: LookupSpec, r: unknown) =>
  assert.ok(spec.result.is(r) || spec.result.decode(r)._tag === 'Right', `${spec.token} result matches its codec`)

test('getAddressTemplates: pages with string Offset/Limit past 100; filters by name', async () => {
  const h = setup({
    fixtures: {
      addressTemplates: range(105).map((i) => ({
        AddressTemplateId: `ipm-${pad(i)}`,
        AddressTemplateName: i === 7 ? 'web' : `t${i}`,
        AddressSet: [`10.0.0.${i % 250}`],
      })),
    },
  })
  const all = await h.lookup(getAddressTemplates, {})
  assert.is(all.templateLists.length, 105)
  assert.is(h.emu.requests()['vpc:DescribeAddressTemplates'], 2)
  assert.is(all.id, idsHash(all.templateLists.map((x) => x.id!)))
  const web = await h.lookup(getAddressTemplates, { name: 'web' })
  assert.equal(web.templateLists, [{ id: 'ipm-007', name: 'web', addresses: ['10.0.0.7'] }])
  valid(getAddressTemplates, web)
})

test('getAddressTemplateGroups: filters by id; the id read back is the hash (G21)', async () => {
  const h = setup({
    fixtures: {
      addressTemplateGroups: range(3).map((i) => ({
        AddressTemplateGroupId: `ipmg-${i}`,
        AddressTemplateGroupName: `g${i}`,
        AddressTemplateIdSet: [`ipm-${i}`],
      })),
    },
  })
  const r = await h.lookup(getAddressTemplateGroups, { id: 'ipmg-1' })
  assert.equal(r.groupLists, [{ id: 'ipmg-1', name: 'g1', templateIds: ['ipm-1'] }])
  assert.is(r.id, idsHash(['ipmg-1']))
  valid(getAddressTemplateGroups, r)
})

test('getAntiddosBasicDeviceStatus: status per IP and load balancer', async () => {
  const h = setup({ fixtures: { deviceStatus: { '1.1.1.1': '3', 'lb-1': '1' } } })
  const r = await h.lookup(getAntiddosBasicDeviceStatus, {
    ipLists: ['1.1.1.1', '2.2.2.2'],
    idLists: ['lb-1'],
    filterRegion: 1,
  })
  assert.equal(r.datas, [
    { key: '1.1.1.1', value: '3' },
    { key: '2.2.2.2', value: '2' },
  ])
  assert.equal(r.clbDatas, [{ key: 'lb-1', value: '1' }])
  assert.equal(paths(getAntiddosBasicDeviceStatus, { filterRegion: 'ap-guangzhou' }), ['filterRegion'])
})

test('getAntiddosBgpBizTrend: required inputs, 5-minute boundaries, series in platform order', async () => {
  const args = {
    business: 'bgp-multip',
    startTime: '2024-01-01 00:00:00',
    endTime: '2024-01-01 01:00:00',
    metricName: 'intraffic' as const,
    instanceId: 'bgp-1',
    flag: 0 as const,
  }
  assert.equal(paths(getAntiddosBgpBizTrend, args), [])
  assert.equal(paths(getAntiddosBgpBizTrend, { ...args, flag: 2, metricName: 'qps' }), ['metricName', 'flag'])
  assert.equal(paths(getAntiddosBgpBizTrend, { ...args, startTime: '2024-01-01 00:03:00' }), ['startTime'])
  assert.equal(paths(getAntiddosBgpBizTrend, { ...args, endTime: '2023-12-31 00:00:00' }), ['endTime'])
  const h = setup()
  const r = await h.lookup(getAntiddosBgpBizTrend, args)
  assert.is(r.dataLists.length, 13)
  assert.is(
    r.total,
    r.dataLists.reduce((a, b) => a + b, 0),
  )
  assert.is(r.maxData, Math.max(...r.dataLists))
  assert.is(r.id, 'bgp-1')
  valid(getAntiddosBgpBizTrend, r)
})

test('getAntiddosBgpInstances: every page of a region, tag filter, configs as lists', async () => {
  const bgp = range(105).map((i) => ({
    InstanceId: `bgp-${pad(i)}`,
    Region: i < 104 ? 'ap-guangzhou' : 'ap-shanghai',
    Tags: i === 3 ? [{ TagKey: 'team', TagValue: 'edge' }] : [],
  }))
  const h = setup({ fixtures: { bgpInstances: bgp } })
  const r = await h.lookup(getAntiddosBgpInstances, { filterRegion: 'ap-guangzhou' })
  assert.is(r.bgpInstanceLists.length, 104)
  assert.is(h.emu.requests()['antiddos:DescribeBgpInstances'], 2)
  assert.is(r.id, 'ap-guangzhou')
  const tagged = await h.lookup(getAntiddosBgpInstances, {
    filterRegion: 'ap-guangzhou',
    filterTags: [{ tagKey: 'team', tagValue: 'edge' }],
  })
  assert.equal(
    tagged.bgpInstanceLists.map((b) => b.instanceId),
    ['bgp-003'],
  )
  assert.is(tagged.bgpInstanceLists[0].enterprisePackageConfigs!.length, 1)
  assert.equal(tagged.bgpInstanceLists[0].standardPackageConfigs, [])
  valid(getAntiddosBgpInstances, tagged)
})

test("getAntiddosListListener: the engine's plural names for nested lists", async () => {
  const h = setup()
  const r = await h.lookup(getAntiddosListListener, {})
  const l4 = r.layer4Listeners[0] as Record<string, any>
  assert.equal(l4.instanceDetailRules[0].eipLists, ['1.1.1.1'])
  assert.equal((r.layer7Listeners[0] as Record<string, any>).proxyTypeLists, [{ proxyPorts: [80], proxyType: 'http' }])
  valid(getAntiddosListListener, r)
})

test('getAntiddosOverviewAttackTrend and CcTrend: enums and one point per period', async () => {
  const h = setup()
  const a = await h.lookup(getAntiddosOverviewAttackTrend, {
    type: 'cc',
    dimension: 'attackcount',
    period: 86400,
    startTime: '2024-01-01 00:00:00',
    endTime: '2024-01-07 00:00:00',
  })
  assert.is(a.datas.length, 7)
  assert.is(a.periodPointCount, 7)
  assert.equal(
    paths(getAntiddosOverviewAttackTrend, {
      type: 'syn',
      dimension: 'attackcount',
      period: 3600,
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-07 00:00:00',
    }),
    ['type', 'period'],
  )
  const c = await h.lookup(getAntiddosOverviewCcTrend, {
    period: 3600,
    startTime: '2024-01-01 00:00:00',
    endTime: '2024-01-01 05:00:00',
    metricName: 'inqps',
  })
  assert.is(c.datas.length, 6)
  valid(getAntiddosOverviewCcTrend, c)
})

test('getApiGatewayApis: every page of APIs, each described in full', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  for (const i of range(104))
    await h.apigw('CreateApi', {
      ServiceId: serviceId,
      ApiName: `api${pad(i)}`,
      RequestConfig: { Path: `/p${i}`, Method: 'GET' },
      ServiceType: 'MOCK',
      ServiceMockReturnMessage: 'x',
    })
  const r = await h.lookup(getApiGatewayApis, { serviceId })
  assert.is(r.lists.length, 105)
  assert.is(h.emu.requests()['apigateway:DescribeApisStatus'], 2)
  assert.is(h.emu.requests()['apigateway:DescribeApi'], 105)
  const mock = r.lists.find((x) => x.apiName === 'api007')!
  assert.is(mock.serviceConfigMockReturnMessage, 'x')
  assert.is(mock.serviceConfigUrl, '', 'absent back-end config reads as ""')
  const one = await h.lookup(getApiGatewayApis, { serviceId, apiName: 'hello' })
  assert.equal(
    one.lists.map((x) => x.requestConfigPath),
    ['/hello'],
  )
  assert.is(one.id, 'hello#')
  valid(getApiGatewayApis, one)
})

test('getApiGatewayApiKeys: pages, on/off status, secrets wrapped, id secretName#apiKeyId', async () => {
  const h = setup()
  for (const i of range(105))
    await h.apigw('CreateApiKey', { SecretName: i === 5 ? 'special' : `k${i}`, AccessKeyType: 'auto' })
  const all = await h.lookup(getApiGatewayApiKeys, {})
  assert.is(all.lists.length, 105)
  assert.ok(all.lists.every((k) => k.status === 'on' && isSecret(k.accessKeySecret)))
  const one = await h.lookup(getApiGatewayApiKeys, { secretName: 'special' })
  assert.is(one.lists.length, 1)
  assert.is(one.id, 'special#')
  assert.not.ok(JSON.stringify(one).includes(reveal(one.lists[0].accessKeySecret!)))
  valid(getApiGatewayApiKeys, one)
})

test('getApiGatewayApiApps and ApiDocs: every page (stop on a short page, G14)', async () => {
  const h = setup({
    fixtures: {
      apiApps: range(101).map((i) => ({ ApiAppId: `app-${pad(i)}`, ApiAppName: `app${i}` })),
      apiDocs: range(100).map((i) => ({
        ApiDocId: `apidoc-${pad(i)}`,
        ApiDocName: `d${i}`,
        ApiDocStatus: 'COMPLETED' as const,
      })),
    },
  })
  const apps = await h.lookup(getApiGatewayApiApps, {})
  assert.is(apps.apiAppLists.length, 101)
  assert.ok(apps.apiAppLists.every((a) => isSecret(a.apiAppSecret)))
  const docs = await h.lookup(getApiGatewayApiDocs, {})
  assert.is(docs.apiDocLists.length, 100)
  assert.is(h.emu.requests()['apigateway:DescribeAPIDocs'], 1, 'a full page that reaches TotalCount is the last')
  const named = await h.lookup(getApiGatewayApiApps, { apiAppName: 'app3' })
  assert.equal(
    named.apiAppLists.map((a) => a.apiAppId),
    ['app-003'],
  )
  valid(getApiGatewayApiApps, named)
})

test('getApiGatewayApiPlugins: pages of 20', async () => {
  const h = setup()
  const { serviceId, apiId } = await serviceWithApi(h)
  for (const i of range(25)) {
    const p = await h.apigw('CreatePlugin', { PluginName: `plugin${i}x`, PluginType: 'Cors', PluginData: '{}' })
    await h.apigw('AttachPlugin', {
      PluginId: p.Result.PluginId,
      ServiceId: serviceId,
      EnvironmentName: 'release',
      ApiIds: [apiId],
    })
  }
  const r = await h.lookup(getApiGatewayApiPlugins, { serviceId, apiId })
  assert.is(r.results.length, 25)
  assert.is(h.emu.requests()['apigateway:DescribePluginsByApi'], 2)
  assert.is(r.id, idsHash(r.results.map((x) => x.pluginId!)))
})

test('getApiGatewayBindApiAppsStatus: one element holding every binding of every page', async () => {
  const h = setup()
  const { serviceId, apiId } = await serviceWithApi(h)
  const h2 = setup({
    fixtures: {
      apiApps: range(25).map((i) => ({ ApiAppId: `app-${i}`, ApiAppName: `a${i}` })),
      apiAppBindings: range(25).map((i) => ({
        ApiAppId: `app-${i}`,
        ServiceId: serviceId,
        ApiId: apiId,
        EnvironmentName: i % 2 ? ('release' as const) : ('test' as const),
      })),
    },
  })
  await serviceWithApi(h2)
  const r = await h2.lookup(getApiGatewayBindApiAppsStatus, { serviceId, apiIds: [apiId] })
  assert.is(r.results.length, 1)
  assert.is(r.results[0].apiAppApiSets.length, 25)
  const rel = await h2.lookup(getApiGatewayBindApiAppsStatus, {
    serviceId,
    apiIds: [apiId],
    filters: [{ name: 'Environment', values: ['release'] }],
  })
  assert.is(rel.results[0].apiAppApiSets.length, 12)
  const none = await h2.lookup(getApiGatewayBindApiAppsStatus, { serviceId, apiIds: ['api-none'] })
  assert.equal(none.results, [])
  assert.equal(
    paths(getApiGatewayBindApiAppsStatus, { serviceId, apiIds: [apiId], filters: [{ name: 'Region', values: [] }] }),
    ['filters.0.name'],
  )
  void h
})

test('getApiGatewayCustomerDomains: path mappings only for non-default domains', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  await h.apigw('BindSubDomain', {
    ServiceId: serviceId,
    SubDomain: 'a.example.com',
    Protocol: 'http',
    NetType: 'OUTER',
    NetSubDomain: 'd',
    IsDefaultMapping: true,
  })
  await h.apigw('BindSubDomain', {
    ServiceId: serviceId,
    SubDomain: 'b.example.com',
    Protocol: 'http',
    NetType: 'OUTER',
    NetSubDomain: 'd',
    IsDefaultMapping: false,
    PathMappingSet: [{ Path: '/v1', Environment: 'release' }],
  })
  const r = await h.lookup(getApiGatewayCustomerDomains, { serviceId })
  assert.is(r.lists.length, 2)
  assert.is(r.lists[0].pathMappings, undefined)
  assert.equal(r.lists[1].pathMappings, [{ path: '/v1', environment: 'release' }])
  assert.ok(r.lists.every((d) => d.isStatusOn === true))
  assert.is(h.emu.requests()['apigateway:DescribeServiceSubDomainMappings'], 1)
  assert.is(r.id, serviceId)
})

test('getApiGatewayIpStrategies: bound APIs of test, release and prepub concatenated', async () => {
  const h = setup()
  const { serviceId, apiId } = await serviceWithApi(h)
  const s = await h.apigw('CreateIPStrategy', {
    ServiceId: serviceId,
    StrategyName: 'blocked',
    StrategyType: 'BLACK',
    StrategyData: '192.0.2.1',
  })
  await h.apigw('CreateIPStrategy', {
    ServiceId: serviceId,
    StrategyName: 'other',
    StrategyType: 'WHITE',
    StrategyData: '192.0.2.2',
  })
  await h.call({
    _tag: 'Action',
    service: 'apigateway',
    version: '2018-08-08',
    action: 'DescribeIPStrategy',
    params: { ServiceId: serviceId, StrategyId: s.Result.StrategyId, EnvironmentName: 'test' },
    poll: { until: () => true, timeoutMs: 1000, intervalMs: 1, what: 'strategy' },
  })
  await h.apigw('BindIPStrategy', {
    ServiceId: serviceId,
    StrategyId: s.Result.StrategyId,
    EnvironmentName: 'test',
    BindApiIds: [apiId],
  })
  await h.apigw('BindIPStrategy', {
    ServiceId: serviceId,
    StrategyId: s.Result.StrategyId,
    EnvironmentName: 'release',
    BindApiIds: [apiId],
  })
  const r = await h.lookup(getApiGatewayIpStrategies, { serviceId, strategyName: 'blocked' })
  assert.is(r.lists.length, 1)
  assert.is(r.lists[0].ipList, '192.0.2.1')
  assert.equal(
    r.lists[0].attachLists!.map((a) => a.apiId),
    [apiId, apiId],
  )
  assert.is(r.id, `${serviceId}#blocked`)
  assert.is(h.emu.requests()['apigateway:DescribeIPStrategy'], 2 + 3, 'two polls, then one per environment')
  valid(getApiGatewayIpStrategies, r)
})

test('getApiGatewayApiAppApi and ApiAppService: single objects as one-element lists', async () => {
  const h = setup()
  const { serviceId, apiId } = await serviceWithApi(h)
  const a = await h.lookup(getApiGatewayApiAppApi, { serviceId, apiId, apiRegion: 'ap-guangzhou' })
  assert.is(a.results.length, 1)
  assert.equal((a.results[0] as Record<string, unknown>).requestConfigs, [{ path: '/hello', method: 'GET' }])
  assert.is(a.id, `${serviceId}#${apiId}#ap-guangzhou`)
  const s = await h.lookup(getApiGatewayApiAppService, { serviceId, apiRegion: 'ap-guangzhou' })
  assert.is(s.apiTotalCount, 1)
  assert.equal(
    s.apiIdStatusSets.map((x) => x.apiId),
    [apiId],
  )
  assert.equal(s.netTypes, ['OUTER'])
  valid(getApiGatewayApiAppService, s)
})

test.run()
