/**
 * The cloud emulator checked by the platform's official Node SDK (tencentcloud-sdk-nodejs, from
 * the lockfile): served on 127.0.0.1, reached as `<service>.localhost:<port>` over http, every
 * action trellis uses is sent by the SDK — TC3-signed its way (the host name without the port)
 * and, for some, in the GET style — and must be accepted (the emulator verifies each signature),
 * parse in the SDK, and carry no field the SDK's models do not document nor lack one they do
 * (89 optional ones were left out before the emulator filled them).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as http from 'node:http'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { serve } from '#trellis/clients'
import { localhostLookup } from '../../clients/localhost-lookup'
import { cloudEmulator, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../clients/emulators/cloud'
import { checkShape, interfacesOf } from './documented-shapes'

const test = suite('official client: tencentcloud-sdk-nodejs')
const require = createRequire(import.meta.url)
const sdkRoot = join(process.cwd(), 'node_modules', 'tencentcloud-sdk-nodejs', 'tencentcloud', 'services')

type Call = (action: string, params: Record<string, unknown>) => Promise<Record<string, unknown>>
interface SdkClient {
  request: (action: string, req: Record<string, unknown>) => Promise<Record<string, unknown>>
}
type ClientClass = new (c: Record<string, unknown>) => SdkClient

const SERVICES = {
  apigateway: 'v20180808',
  vpc: 'v20170312',
  antiddos: 'v20200309',
  tag: 'v20180813',
  sts: 'v20180813',
} as const
type Service = keyof typeof SERVICES

const models = (service: Service) => interfacesOf(join(sdkRoot, service, SERVICES[service], `${service}_models.d.ts`))

/** Action names trellis's cloud specs send: string literals of the sources that the emulator serves. */
const actionsTrellisUses = (served: ReadonlySet<string>): Set<string> => {
  const dir = join(process.cwd(), 'src', 'providers', 'cloud')
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
  const used = new Set<string>()
  for (const f of files)
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/'([A-Z][A-Za-z]+)'/g))
      if (served.has(m[1])) used.add(m[1])
  return used
}

test('every action trellis uses, sent by the SDK, is accepted and answers in the documented shapes', async () => {
  const emu = cloudEmulator({
    visibleAfter: 0,
    fixtures: {
      addressTemplates: [{ AddressTemplateId: 'ipm-1', AddressTemplateName: 'office', AddressSet: ['10.0.0.1'] }],
      addressTemplateGroups: [
        { AddressTemplateGroupId: 'ipmg-1', AddressTemplateGroupName: 'offices', AddressTemplateIdSet: ['ipm-1'] },
      ],
      bgpInstances: [{ InstanceId: 'bgp-1', Region: 'ap-guangzhou' }],
      apiApps: [{ ApiAppId: 'app-1', ApiAppName: 'mobile' }],
      apiDocs: [{ ApiDocId: 'doc-1', ApiDocName: 'orders', ApiDocStatus: 'COMPLETED' }],
    },
  })
  const server = await serve(emu.client)
  const agent = new http.Agent({ lookup: localhostLookup })
  const issues: string[] = []
  const omitted: string[] = []
  const sent = new Set<string>()
  const clients = new Map<string, SdkClient>()
  const call =
    (service: Service, style: 'POST' | 'GET' = 'POST'): Call =>
    async (action, params) => {
      const key = `${service}:${style}`
      let c = clients.get(key)
      if (!c) {
        const { Client } = require(join(sdkRoot, service, SERVICES[service], `${service}_client.js`)) as {
          Client: ClientClass
        }
        c = new Client({
          credential: { secretId: EMULATOR_SECRET_ID, secretKey: EMULATOR_SECRET_KEY },
          region: 'ap-guangzhou',
          profile: {
            language: 'en-US',
            httpProfile: {
              endpoint: `${service}.localhost:${server.port}`,
              protocol: 'http://',
              reqMethod: style,
              agent,
              reqTimeout: 10,
            },
          },
        })
        clients.set(key, c)
      }
      const r = await c.request(action, params)
      sent.add(action)
      const shape = checkShape(r, `${action}Response`, models(service))
      issues.push(...shape.issues)
      omitted.push(...shape.omitted)
      return r
    }
  try {
    const gw = call('apigateway')
    const gwGet = call('apigateway', 'GET')
    const svc = await gw('CreateService', { ServiceName: 'orders', Protocol: 'http', NetTypes: ['INNER'] })
    const ServiceId = svc.ServiceId as string
    await gw('DescribeService', { ServiceId })
    await gwGet('DescribeServicesStatus', { Filters: [{ Name: 'ServiceName', Values: ['orders'] }], Limit: 20 })
    await gw('ModifyService', { ServiceId, ServiceName: 'orders', Protocol: 'http', NetTypes: ['INNER', 'OUTER'] })
    const described = await gw('DescribeService', { ServiceId })
    assert.match(String(described.OuterSubDomain), /apigw/, 'adding OUTER on update gives the service its outer domain')
    const api = await gw('CreateApi', {
      ServiceId,
      ApiName: 'list',
      Protocol: 'HTTP',
      AuthType: 'NONE',
      RequestConfig: { Path: '/orders', Method: 'GET' },
      ServiceType: 'MOCK',
      ServiceMockReturnMessage: 'ok',
      ServiceTimeout: 15,
    })
    const ApiId = (api.Result as { ApiId: string }).ApiId
    await gw('DescribeApi', { ServiceId, ApiId })
    await gw('ModifyApi', {
      ServiceId,
      ApiId,
      ApiName: 'list',
      Protocol: 'HTTP',
      AuthType: 'NONE',
      RequestConfig: { Path: '/orders', Method: 'GET' },
      ServiceType: 'MOCK',
      ServiceMockReturnMessage: 'fine',
      ServiceTimeout: 15,
    })
    await gwGet('DescribeApisStatus', { ServiceId, Limit: 100 })
    await gw('ModifyApiEnvironmentStrategy', { ServiceId, Strategy: 100, EnvironmentName: 'release', ApiIds: [ApiId] })
    const strategies = await gw('DescribeApiEnvironmentStrategy', { ServiceId, ApiId, EnvironmentNames: ['release'] })
    assert.is((strategies.Result as { TotalCount: number }).TotalCount, 1)
    await gw('ModifyServiceEnvironmentStrategy', { ServiceId, Strategy: 50, EnvironmentNames: ['release'] })
    await gw('DescribeServiceEnvironmentStrategy', { ServiceId })
    await gw('ReleaseService', { ServiceId, EnvironmentName: 'release', ReleaseDesc: 'first' })
    await gw('DescribeServiceEnvironmentReleaseHistory', { ServiceId, EnvironmentName: 'release' })
    // a refresh lists the limits of every API of a service at once, and sees where a service is
    // released in the listing of every service
    const limits = await gw('DescribeApiEnvironmentStrategy', { ServiceId, Offset: 0, Limit: 100 })
    assert.equal(
      (limits.Result as { ApiEnvironmentStrategySet: Array<{ ApiId: string }> }).ApiEnvironmentStrategySet.map(
        (a) => a.ApiId,
      ),
      [ApiId],
    )
    const services = await gw('DescribeServicesStatus', { Offset: 0, Limit: 100 })
    const row = (
      services.Result as { ServiceSet: Array<{ ServiceId: string; AvailableEnvironments: string[] }> }
    ).ServiceSet.find((s) => s.ServiceId === ServiceId)
    assert.equal(row?.AvailableEnvironments, ['release'])

    const key = await gw('CreateApiKey', { SecretName: 'ci', AccessKeyType: 'auto' })
    const AccessKeyId = (key.Result as { AccessKeyId: string }).AccessKeyId
    await gw('DescribeApiKey', { AccessKeyId })
    await gwGet('DescribeApiKeysStatus', { Filters: [{ Name: 'AccessKeyId', Values: [AccessKeyId] }] })
    await gw('UpdateApiKey', { AccessKeyId })
    await gw('DisableApiKey', { AccessKeyId })
    await gw('EnableApiKey', { AccessKeyId })

    const plan = await gw('CreateUsagePlan', { UsagePlanName: 'basic', MaxRequestNum: 1000, MaxRequestNumPreSec: 10 })
    const UsagePlanId = (plan.Result as { UsagePlanId: string }).UsagePlanId
    await gw('DescribeUsagePlan', { UsagePlanId })
    await gw('DescribeUsagePlansStatus', { Filters: [{ Name: 'UsagePlanId', Values: [UsagePlanId] }] })
    await gw('ModifyUsagePlan', { UsagePlanId, UsagePlanName: 'basic', MaxRequestNum: 2000 })
    await gw('BindEnvironment', { UsagePlanIds: [UsagePlanId], BindType: 'SERVICE', Environment: 'release', ServiceId })
    await gw('DescribeUsagePlanEnvironments', { UsagePlanId, BindType: 'SERVICE' })
    // a bound plan's detail: its BindEnvironments items in the SDK's UsagePlanBindEnvironment shape
    await gw('DescribeUsagePlan', { UsagePlanId })
    await gw('DescribeServiceUsagePlan', { ServiceId })
    await gw('DescribeApiUsagePlan', { ServiceId })
    await gw('BindSecretIds', { UsagePlanId, AccessKeyIds: [AccessKeyId] })
    await gw('DescribeUsagePlanSecretIds', { UsagePlanId })
    await gw('UnBindSecretIds', { UsagePlanId, AccessKeyIds: [AccessKeyId] })
    await gw('UnBindEnvironment', {
      UsagePlanIds: [UsagePlanId],
      BindType: 'SERVICE',
      Environment: 'release',
      ServiceId,
    })

    const plugin = await gw('CreatePlugin', {
      PluginName: 'cors',
      PluginType: 'Cors',
      PluginData: '{"allow_origin":"*"}',
    })
    const PluginId = (plugin.Result as { PluginId: string }).PluginId
    await gw('DescribePlugin', { PluginId })
    await gw('DescribePlugins', { PluginIds: [PluginId] })
    await gw('ModifyPlugin', { PluginId, Description: 'cors for all' })
    await gw('AttachPlugin', { PluginId, ServiceId, EnvironmentName: 'release', ApiIds: [ApiId] })
    await gw('DescribePluginsByApi', { ApiId, ServiceId, EnvironmentName: 'release' })
    await gw('DetachPlugin', { PluginId, ServiceId, EnvironmentName: 'release', ApiId })
    await gw('DeletePlugin', { PluginId })

    await gw('BindSubDomain', {
      ServiceId,
      SubDomain: 'api.example.com',
      Protocol: 'http',
      NetType: 'OUTER',
      IsDefaultMapping: true,
      NetSubDomain: String(described.OuterSubDomain),
    })
    const domains = await gw('DescribeServiceSubDomains', { ServiceId, Offset: 0, Limit: 100 })
    // a default-mapped domain says so in the listing: a refresh reads no path mappings for it
    assert.equal(
      (domains.Result as { DomainSet: Array<{ IsDefaultMapping: boolean }> }).DomainSet.map((d) => d.IsDefaultMapping),
      [true],
    )
    await gw('DescribeServiceSubDomainMappings', { ServiceId, SubDomain: 'api.example.com' })
    await gw('ModifySubDomain', { ServiceId, SubDomain: 'api.example.com', IsDefaultMapping: true, Protocol: 'http' })
    await gw('UnBindSubDomain', { ServiceId, SubDomain: 'api.example.com' })

    const ip = await gw('CreateIPStrategy', {
      ServiceId,
      StrategyName: 'office',
      StrategyType: 'WHITE',
      StrategyData: '10.0.0.1',
    })
    const StrategyId = (ip.Result as { StrategyId: string }).StrategyId
    await gw('DescribeIPStrategy', { ServiceId, StrategyId, EnvironmentName: 'release' })
    await gw('DescribeIPStrategysStatus', { ServiceId })
    await gw('ModifyIPStrategy', { ServiceId, StrategyId, StrategyData: '10.0.0.2' })
    await gw('BindIPStrategy', { ServiceId, StrategyId, EnvironmentName: 'release', BindApiIds: [ApiId] })
    await gw('DeleteIPStrategy', { ServiceId, StrategyId })

    await gw('DescribeApiAppsStatus', { Filters: [{ Name: 'ApiAppId', Values: ['app-1'] }] })
    await gw('DescribeAPIDocs', {})
    await gw('DescribeApiBindApiAppsStatus', { ServiceId, ApiIds: [ApiId] })
    await gw('DescribeApiForApiApp', { ServiceId, ApiId, ApiRegion: 'ap-guangzhou' })
    await gw('DescribeServiceForApiApp', { ServiceId, ApiRegion: 'ap-guangzhou' })

    await gw('UnReleaseService', { ServiceId, EnvironmentName: 'release' })
    await gw('DeleteUsagePlan', { UsagePlanId })
    await gw('DisableApiKey', { AccessKeyId })
    await gw('DeleteApiKey', { AccessKeyId })
    await gw('DeleteApi', { ServiceId, ApiId })

    await call('tag')('ModifyResourceTags', {
      Resource: `qcs::apigw:ap-guangzhou:uin/100000000001:service/${ServiceId}`,
      ReplaceTags: [{ TagKey: 'team', TagValue: 'orders' }],
    })
    await call('tag')('DescribeResourceTagsByResourceIds', {
      ServiceType: 'apigw',
      ResourcePrefix: 'service',
      ResourceRegion: 'ap-guangzhou',
      ResourceIds: [ServiceId],
    })
    await gw('DeleteService', { ServiceId })

    await call('vpc', 'GET')('DescribeAddressTemplates', { Offset: '0', Limit: '100' })
    await call('vpc')('DescribeAddressTemplateGroups', { Offset: '0', Limit: '100' })
    const dd = call('antiddos')
    await dd('DescribeBasicDeviceStatus', { IpList: ['1.1.1.1'] })
    const window = { StartTime: '2024-01-01 00:00:00', EndTime: '2024-01-01 01:00:00' }
    await dd('DescribeBgpBizTrend', {
      Business: 'bgp-multip',
      MetricName: 'intraffic',
      InstanceId: 'bgp-1',
      Flag: 0,
      ...window,
    })
    await dd('DescribeBgpInstances', { FilterRegion: 'ap-guangzhou' })
    await dd('DescribeListListener', {})
    await dd('DescribeOverviewAttackTrend', { Type: 'ddos', Dimension: 'attackcount', Period: 86400, ...window })
    await dd('DescribeOverviewCCTrend', { Period: 3600, MetricName: 'inqps', ...window })
    await call('sts')('GetCallerIdentity', {})
  } finally {
    agent.destroy()
    await server.close()
  }
  const served = new Set(Object.keys(emu.requests()).map((k) => k.split(':')[1]))
  const missing = [...actionsTrellisUses(served)].filter((a) => !sent.has(a))
  assert.equal(missing, [], 'every action trellis uses was sent by the SDK')
  assert.equal(issues, [], 'replies carry no undocumented field and every required one')
  // replies carry every documented field, optional ones too (null where the model says it may be)
  assert.equal([...new Set(omitted)], [], 'no documented optional field left out')
  console.log(`  official cloud SDK: ${sent.size} actions, every documented field in every reply`)
})

test('a signature the SDK made with another key is refused (the emulator really verifies TC3)', async () => {
  const emu = cloudEmulator()
  const server = await serve(emu.client)
  const agent = new http.Agent({ lookup: localhostLookup })
  try {
    const { Client } = require(join(sdkRoot, 'apigateway', 'v20180808', 'apigateway_client.js')) as {
      Client: ClientClass
    }
    const c = new Client({
      credential: { secretId: EMULATOR_SECRET_ID, secretKey: 'not-the-emulator-key-0000000000' },
      region: 'ap-guangzhou',
      profile: { httpProfile: { endpoint: `apigateway.localhost:${server.port}`, protocol: 'http://', agent } },
    })
    const e = (await c.request('DescribeServicesStatus', {}).then(
      () => undefined,
      (x: unknown) => x,
    )) as { code?: string } | undefined
    assert.is(e?.code, 'AuthFailure.SignatureFailure')
  } finally {
    agent.destroy()
    await server.close()
  }
})

test('the SDK pointed at 127.0.0.1:PORT signs for service 127: the answer says how to name the service', async () => {
  const emu = cloudEmulator()
  const server = await serve(emu.client)
  const agent = new http.Agent({ lookup: localhostLookup })
  const vpcClient = (endpoint: string) => {
    const { Client } = require(join(sdkRoot, 'vpc', 'v20170312', 'vpc_client.js')) as { Client: ClientClass }
    return new Client({
      credential: { secretId: EMULATOR_SECRET_ID, secretKey: EMULATOR_SECRET_KEY },
      region: 'ap-guangzhou',
      profile: { httpProfile: { endpoint, protocol: 'http://', agent, reqTimeout: 10 } },
    })
  }
  try {
    const e = (await vpcClient(`127.0.0.1:${server.port}`)
      .request('DescribeAddressTemplates', {})
      .then(
        () => undefined,
        (x: unknown) => x,
      )) as { code?: string; message?: string } | undefined
    assert.is(e?.code, 'InvalidAction')
    assert.match(String(e?.message), 'The service 127 is not served here')
    assert.match(String(e?.message), 'first label of the endpoint 127.0.0.1')
    // the version the SDK sent names the service meant, with the port it came to
    assert.match(String(e?.message), `vpc.localhost:${server.port}`)
    assert.match(String(e?.message), 'profile.httpProfile.endpoint')
    // and what it says works
    const ok = await vpcClient(`vpc.localhost:${server.port}`).request('DescribeAddressTemplates', {})
    assert.type(ok.TotalCount, 'number')
  } finally {
    agent.destroy()
    await server.close()
  }
})

test.run()
