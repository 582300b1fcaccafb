/**
 * The API gateway service (`apigateway`, 2018-08-08) of the cloud emulator: services, APIs, keys,
 * usage plans and their bindings, releases, plugins, custom domains, IP strategies, API apps and
 * docs. Replies keep the platform's shapes (payloads under `Result` except CreateService,
 * DescribeService, DescribeServiceForApiApp and ModifyService), its defaults ("" strings, false
 * flags, `-1` = unlimited), its id formats and its refusals. Services, usage plans and IP
 * strategies are eventually consistent (G1): a new one is missing from its Describe action and
 * from the listings until it has been looked for `visibleAfter` times (by id or by a listing that
 * would show it) or `visibleAfterMs` have passed since it was made, whichever comes first — so
 * an object nobody asks for by id still shows up in the listings, as on the platform.
 */
import {
  ApiError,
  clone,
  fail,
  filtersOf,
  iso,
  oneOf,
  optBool,
  optNum,
  optStr,
  page,
  passes,
  reqNum,
  reqStr,
  strList,
  type IdMaker,
  type Params,
} from './cloud-kit'
import { seedField, type SeedObjects } from './emulator'
import type { Holdings } from './holdings'
import { scalarText } from '../../src/core/scalar-text'

type Obj = Record<string, unknown>
const ENVS = ['test', 'prepub', 'release'] as const
type Env = (typeof ENVS)[number]
/** a service on the shared cluster (no dedicated instance, no special use) */
const SHARED_CLUSTER = { DeploymentType: 'SHARED', SetType: 'SHARED', SpecialUse: 'DEFAULT' } as const

export interface ApiAppFixture {
  readonly ApiAppId: string
  readonly ApiAppName: string
  readonly ApiAppDesc?: string
}
export interface ApiDocFixture {
  readonly ApiDocId: string
  readonly ApiDocName: string
  readonly ApiDocStatus: 'PROCESSING' | 'COMPLETED' | 'FAIL'
}
export interface ApiAppBindingFixture {
  readonly ApiAppId: string
  readonly ServiceId: string
  readonly ApiId: string
  readonly EnvironmentName: Env
}

export interface ApiGatewayOptions {
  readonly ids: IdMaker
  readonly now: () => Date
  readonly pageSize: number
  /** failed looks (Describe polls or listings) before a new service, usage plan or IP strategy is visible */
  readonly visibleAfter: number
  /** and the time after which it is visible anyway */
  readonly visibleAfterMs: number
  readonly appId: string
  readonly apiApps?: ReadonlyArray<ApiAppFixture>
  readonly apiDocs?: ReadonlyArray<ApiDocFixture>
  readonly apiAppBindings?: ReadonlyArray<ApiAppBindingFixture>
}

interface Service {
  info: Obj
  strategy: Record<Env, number>
  released: Set<Env>
  history: Record<Env, Obj[]>
}
interface Binding {
  UsagePlanId: string
  ServiceId: string
  Environment: Env
  BindType: 'SERVICE' | 'API'
  ApiId: string
  at: string
}

export const apigatewayService = (o: ApiGatewayOptions) => {
  const services = new Map<string, Service>()
  const apis = new Map<string, { info: Obj; quota: Record<Env, number> }>()
  const keys = new Map<string, Obj>()
  const plans = new Map<string, Obj>()
  const planKeys = new Map<string, string[]>()
  const bindings: Binding[] = []
  const plugins = new Map<string, Obj>()
  const attachments: Array<{
    PluginId: string
    ServiceId: string
    ApiId: string
    Environment: Env
    AttachedTime: string
  }> = []
  const domains = new Map<string, Obj>()
  const strategies = new Map<string, { info: Obj; bound: Record<Env, string[]> }>()
  /** objects not yet visible: looks left, and when they were made */
  const pending = new Map<string, { left: number; at: number }>()
  const now = () => iso(o.now())

  const appOf = (a: ApiAppFixture): Obj => ({
    ApiAppId: a.ApiAppId,
    ApiAppName: a.ApiAppName,
    ApiAppKey: `APID${o.ids.tail(28)}`,
    ApiAppSecret: o.ids.tail(40),
    CreatedTime: now(),
    ModifiedTime: now(),
    ApiAppDesc: a.ApiAppDesc ?? '',
  })
  const apps: Obj[] = (o.apiApps ?? []).map(appOf)
  const docs: ApiDocFixture[] = [...(o.apiDocs ?? [])]
  const appBindings: ApiAppBindingFixture[] = [...(o.apiAppBindings ?? [])]

  // ── lookups with the platform's not-found codes ───────────────────────────
  const made = (id: string): void => {
    if (o.visibleAfter > 0) pending.set(id, { left: o.visibleAfter, at: o.now().getTime() })
  }
  /** still invisible? Old enough objects become visible (and stay so). */
  const hidden = (id: string): boolean => {
    const p = pending.get(id)
    if (p === undefined) return false
    if (o.now().getTime() - p.at >= o.visibleAfterMs) {
      pending.delete(id)
      return false
    }
    return true
  }
  /** one look that did not see the object: it counts toward its becoming visible */
  const looked = (id: string): void => {
    const p = pending.get(id)
    if (p === undefined) return
    if (p.left <= 1) pending.delete(id)
    else p.left--
  }
  /** `visible`: a direct Describe — a just-created object fails it a few times first. */
  const seen = (id: string, code: string, what: string, visible: boolean): void => {
    if (!hidden(id)) return
    if (visible) looked(id)
    return fail(code, `${what} ${id} does not exist.`)
  }
  /** a listing would show the object: hidden until it has been looked for often enough, or is old enough */
  const isPending = (id: string): boolean => {
    if (!hidden(id)) return false
    looked(id)
    return true
  }
  const service = (id: string, poll = false): Service => {
    const s = services.get(id)
    if (!s) return fail('ResourceNotFound.InvalidService', `The service ${id} does not exist.`)
    seen(id, 'ResourceNotFound.InvalidService', 'The service', poll)
    return s
  }
  const api = (serviceId: string, apiId: string) => {
    const a = apis.get(apiId)
    if (!a || a.info.ServiceId !== serviceId)
      return fail('ResourceNotFound.InvalidApi', `The API ${apiId} does not exist in service ${serviceId}.`)
    return a
  }
  const plan = (id: string, poll = false): Obj => {
    const p = plans.get(id)
    if (!p) return fail('ResourceNotFound.InvalidUsagePlan', `The usage plan ${id} does not exist.`)
    seen(id, 'ResourceNotFound.InvalidUsagePlan', 'The usage plan', poll)
    return p
  }
  const key = (id: string): Obj =>
    keys.get(id) ?? fail('ResourceNotFound.InvalidAccessKeyId', `The key ${id} does not exist.`)
  const plugin = (id: string): Obj =>
    plugins.get(id) ?? fail('ResourceNotFound.InvalidPlugin', `The plugin ${id} does not exist.`)
  const strategy = (serviceId: string, id: string, poll = false) => {
    const s = strategies.get(id)
    if (!s || s.info.ServiceId !== serviceId)
      return fail('ResourceNotFound.InvalidIPStrategy', `The IP strategy ${id} does not exist.`)
    seen(id, 'ResourceNotFound.InvalidIPStrategy', 'The IP strategy', poll)
    return s
  }
  const envOf = (p: Params, k: string): Env => oneOf(p, k, ENVS) as Env
  const listed = <A>(all: ReadonlyArray<A>, p: Params, key: string): Obj => ({
    Result: { TotalCount: all.length, [key]: clone(page(p, all, o.pageSize)) },
  })

  // ── services ──────────────────────────────────────────────────────────────
  const netTypes = (p: Params): string[] => {
    const n = strList(p, 'NetTypes')
    if (!n || n.length === 0) return fail('MissingParameter', 'The request is missing a required parameter `NetTypes`.')
    for (const x of n)
      if (x !== 'INNER' && x !== 'OUTER')
        fail('InvalidParameterValue', `The network type ${x} is not one of INNER, OUTER.`)
    // the platform reports network types in its own order
    return [...new Set(n)].sort()
  }
  const apiStatus = (a: Obj): Obj => ({
    ServiceId: a.ServiceId,
    ApiId: a.ApiId,
    ApiDesc: a.ApiDesc,
    Path: (a.RequestConfig as Obj).Path,
    Method: (a.RequestConfig as Obj).Method,
    CreatedTime: a.CreatedTime,
    ModifiedTime: a.ModifiedTime,
    ApiName: a.ApiName,
    UniqVpcId: (a.ServiceConfig as Obj | undefined)?.UniqVpcId ?? '',
    ApiType: a.ApiType,
    Protocol: a.Protocol,
    IsDebugAfterCharge: a.IsDebugAfterCharge ?? false,
    AuthType: a.AuthType,
    ApiBusinessType: a.ApiBusinessType ?? '',
    AuthRelationApiId: a.AuthRelationApiId ?? '',
    OauthConfig: a.OauthConfig ?? null,
    RelationBuniessApiIds: [],
    TokenLocation: '',
  })
  const apisOf = (serviceId: string) => [...apis.values()].map((a) => a.info).filter((a) => a.ServiceId === serviceId)
  const serviceView = (s: Service): Obj => {
    const list = apisOf(s.info.ServiceId as string)
    const planIds = [...new Set(bindings.filter((b) => b.ServiceId === s.info.ServiceId).map((b) => b.UsagePlanId))]
    // the service's exclusive set is shown by the listing only
    const { ExclusiveSetName: _x, ...info } = clone(s.info)
    return {
      ...info,
      AvailableEnvironments: ENVS.filter((e) => s.released.has(e)),
      ApiTotalCount: list.length,
      ApiIdStatusSet: list.map(apiStatus),
      UsagePlanTotalCount: planIds.length,
      UsagePlanList: planIds
        .map((id) => plans.get(id))
        .filter(Boolean)
        .map((p) => ({ UsagePlanId: p!.UsagePlanId, UsagePlanName: p!.UsagePlanName })),
      Tags: [],
      ...SHARED_CLUSTER,
      InstanceName: null,
    }
  }

  const CreateService = (p: Params): Obj => {
    const name = reqStr(p, 'ServiceName')
    const protocol = oneOf(p, 'Protocol', ['http', 'https', 'http&https'])
    const nets = netTypes(p)
    const ipVersion = optStr(p, 'IpVersion') ?? 'IPv4'
    if (ipVersion !== 'IPv4') fail('InvalidParameterValue', `The IP version ${ipVersion} is not supported (only IPv4).`)
    const id = o.ids.id('service-')
    const t = now()
    const info: Obj = {
      ServiceId: id,
      ServiceName: name,
      ServiceDesc: optStr(p, 'ServiceDesc') ?? '',
      Protocol: protocol,
      NetTypes: nets,
      IpVersion: ipVersion,
      InstanceId: optStr(p, 'InstanceId') ?? '',
      UniqVpcId: optStr(p, 'UniqVpcId') ?? '',
      ExclusiveSetName: '',
      InternalSubDomain: nets.includes('INNER') ? `${id}-${o.appId}.gz.apigw.tencentcs.internal` : '',
      OuterSubDomain: nets.includes('OUTER') ? `${id}-${o.appId}.gz.apigw.tencentcs.com` : '',
      InnerHttpPort: nets.includes('INNER') ? 80 : 0,
      InnerHttpsPort: nets.includes('INNER') ? 443 : 0,
      UserType: '',
      SetId: 1,
      CreatedTime: t,
      ModifiedTime: t,
    }
    services.set(id, {
      info,
      strategy: { test: -1, prepub: -1, release: -1 },
      released: new Set(),
      history: { test: [], prepub: [], release: [] },
    })
    made(id)
    return {
      ServiceId: id,
      ServiceName: name,
      ServiceDesc: info.ServiceDesc,
      OuterSubDomain: info.OuterSubDomain,
      InnerSubDomain: info.InternalSubDomain,
      CreatedTime: t,
      NetTypes: nets,
      IpVersion: ipVersion,
    }
  }

  const DescribeService = (p: Params): Obj => serviceView(service(reqStr(p, 'ServiceId'), true))

  const DescribeServicesStatus = (p: Params): Obj => {
    const f = filtersOf(p, ['ServiceId', 'ServiceName', 'NotUsagePlanId', 'Environment', 'IpVersion', 'InstanceId'])
    const all = [...services.values()]
      .filter(
        (s) =>
          passes(f, 'ServiceId', s.info.ServiceId as string) &&
          passes(f, 'ServiceName', s.info.ServiceName as string, true),
      )
      .filter((s) => !isPending(s.info.ServiceId as string))
      // a listed service (the Service model) names its inner domain InnerSubDomain
      .map((s) => ({
        ServiceId: s.info.ServiceId,
        ServiceName: s.info.ServiceName,
        ServiceDesc: s.info.ServiceDesc,
        Protocol: s.info.Protocol,
        CreatedTime: s.info.CreatedTime,
        ModifiedTime: s.info.ModifiedTime,
        NetTypes: clone(s.info.NetTypes),
        ExclusiveSetName: s.info.ExclusiveSetName,
        IpVersion: s.info.IpVersion,
        AvailableEnvironments: ENVS.filter((e) => s.released.has(e)),
        OuterSubDomain: s.info.OuterSubDomain,
        InnerSubDomain: s.info.InternalSubDomain,
        InnerHttpPort: s.info.InnerHttpPort,
        InnerHttpsPort: s.info.InnerHttpsPort,
        TradeIsolateStatus: 0,
        Tags: [],
        InstanceId: s.info.InstanceId,
        DeploymentType: SHARED_CLUSTER.DeploymentType,
        SetType: SHARED_CLUSTER.SetType,
      }))
    return listed(all, p, 'ServiceSet')
  }

  const ModifyService = (p: Params): Obj => {
    const s = service(reqStr(p, 'ServiceId'))
    if (p.ServiceName !== undefined) s.info.ServiceName = reqStr(p, 'ServiceName')
    if (p.Protocol !== undefined) s.info.Protocol = oneOf(p, 'Protocol', ['http', 'https', 'http&https'])
    if (p.ServiceDesc !== undefined) s.info.ServiceDesc = optStr(p, 'ServiceDesc') ?? ''
    if (p.NetTypes !== undefined) {
      const nets = netTypes(p)
      const id = s.info.ServiceId as string
      s.info.NetTypes = nets
      // a network type added on update gets its domain (and ports) as on create; a removed one loses them
      s.info.OuterSubDomain = nets.includes('OUTER')
        ? s.info.OuterSubDomain || `${id}-${o.appId}.gz.apigw.tencentcs.com`
        : ''
      s.info.InternalSubDomain = nets.includes('INNER')
        ? s.info.InternalSubDomain || `${id}-${o.appId}.gz.apigw.tencentcs.internal`
        : ''
      s.info.InnerHttpPort = nets.includes('INNER') ? 80 : 0
      s.info.InnerHttpsPort = nets.includes('INNER') ? 443 : 0
    }
    s.info.ModifiedTime = now()
    return {}
  }

  const DeleteService = (p: Params): Obj => {
    const id = reqStr(p, 'ServiceId')
    const s = service(id)
    if (apisOf(id).length > 0)
      fail('UnsupportedOperation.ExistingApis', `The service ${id} still has APIs; delete them first.`)
    if (s.released.size > 0)
      fail(
        'UnsupportedOperation.ServiceReleased',
        `The service ${id} is still released in ${[...s.released].join(', ')}.`,
      )
    if (bindings.some((b) => b.ServiceId === id))
      fail('UnsupportedOperation.UsagePlanBound', `The service ${id} is still bound to usage plans.`)
    services.delete(id)
    for (const [k, d] of domains) if (d.ServiceId === id) domains.delete(k)
    return { Result: true }
  }

  const ReleaseService = (p: Params): Obj => {
    const id = reqStr(p, 'ServiceId')
    const s = service(id)
    const env = envOf(p, 'EnvironmentName')
    const desc = reqStr(p, 'ReleaseDesc')
    if (apisOf(id).length === 0) fail('FailedOperation.ServiceError', `The service ${id} has no API to release.`)
    const stamp = o.now().toISOString().replace(/[-:T]/g, '').slice(0, 14)
    const version = `${stamp}${o.ids.uuid()}`
    s.released.add(env)
    s.history[env].unshift({ VersionName: version, VersionDesc: desc, ReleaseTime: now() })
    return { Result: { ReleaseDesc: desc, ReleaseVersion: version } }
  }

  const UnReleaseService = (p: Params): Obj => {
    const s = service(reqStr(p, 'ServiceId'))
    s.released.delete(envOf(p, 'EnvironmentName'))
    return { Result: true }
  }

  const DescribeServiceEnvironmentReleaseHistory = (p: Params): Obj => {
    const s = service(reqStr(p, 'ServiceId'))
    return listed(s.history[envOf(p, 'EnvironmentName')], p, 'VersionList')
  }

  const DescribeServiceEnvironmentStrategy = (p: Params): Obj => {
    const s = service(reqStr(p, 'ServiceId'))
    const list = ENVS.map((e) => ({
      EnvironmentName: e,
      Url: `http://${scalarText(s.info.OuterSubDomain || s.info.InternalSubDomain)}/${e}`,
      Status: s.released.has(e) ? 1 : 0,
      VersionName: s.released.has(e) ? (s.history[e][0]?.VersionName ?? '') : '',
      Strategy: s.strategy[e],
      MaxStrategy: 5000,
    }))
    return listed(list, p, 'EnvironmentList')
  }

  const limitOf = (p: Params): number => {
    const v = reqNum(p, 'Strategy')
    if (v !== -1 && (v < 1 || v > 5000 || !Number.isInteger(v)))
      fail('InvalidParameterValue', `The limit ${v} is not -1 or an integer from 1 to 5000.`)
    return v
  }

  const ModifyServiceEnvironmentStrategy = (p: Params): Obj => {
    const s = service(reqStr(p, 'ServiceId'))
    const v = limitOf(p)
    const envs =
      strList(p, 'EnvironmentNames') ??
      fail('MissingParameter', 'The request is missing a required parameter `EnvironmentNames`.')
    for (const e of envs)
      if (!ENVS.includes(e as Env))
        fail('InvalidParameterValue', `The environment ${e} is not one of test, prepub, release.`)
    for (const e of envs) s.strategy[e as Env] = v
    return { Result: true }
  }

  // ── APIs ──────────────────────────────────────────────────────────────────
  const API_DEFAULTS = {
    ApiDesc: '',
    ApiType: 'NORMAL',
    AuthType: 'NONE',
    Protocol: 'HTTP',
    EnableCORS: false,
    ServiceType: 'HTTP',
    ServiceTimeout: 15,
    ResponseType: '',
    // the rest of what the API model documents: plain values where the platform has one, and null
    // (the model's "may return null") for back ends and options this API does not use
    ApiBusinessType: 'NORMAL',
    AuthRelationApiId: '',
    IsDebugAfterCharge: false,
    IsBase64Encoded: false,
    IsBase64Trigger: false,
    Base64EncodedTriggerRules: [],
    InternalDomain: '',
    MicroServices: [],
    MicroServicesInfo: [],
    OauthConfig: null,
    ResponseSuccessExample: '',
    ResponseFailExample: '',
    ServiceConfig: null,
    ServiceParameters: [],
    ServiceScfEventIsAsyncCall: null,
    ServiceScfFunctionName: null,
    ServiceScfFunctionNamespace: null,
    ServiceScfFunctionQualifier: null,
    ServiceScfIsIntegratedResponse: null,
    ServiceTsfHealthCheckConf: null,
    ServiceTsfLoadBalanceConf: null,
    ServiceWebsocketCleanupFunctionName: null,
    ServiceWebsocketCleanupFunctionNamespace: null,
    ServiceWebsocketCleanupFunctionQualifier: null,
    ServiceWebsocketRegisterFunctionName: null,
    ServiceWebsocketRegisterFunctionNamespace: null,
    ServiceWebsocketRegisterFunctionQualifier: null,
    ServiceWebsocketTransportFunctionName: null,
    ServiceWebsocketTransportFunctionNamespace: null,
    ServiceWebsocketTransportFunctionQualifier: null,
    Tags: [],
  }
  const fillItems = (u: unknown, defaults: Obj): unknown =>
    Array.isArray(u) ? u.map((x) => ({ ...defaults, ...(x as Obj) })) : []
  const apiBody = (p: Params, prior?: Obj): Obj => {
    const info: Obj = { ...API_DEFAULTS, ...(prior ?? {}) }
    for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== null) info[k] = clone(v)
    reqStr(info, 'ApiName')
    const rc = info.RequestConfig as Obj | undefined
    if (!rc || typeof rc.Path !== 'string' || rc.Path === '')
      fail('MissingParameter', 'The request is missing a required parameter `RequestConfig.Path`.')
    if (!String(rc!.Path).startsWith('/')) fail('InvalidParameterValue', 'The request path must start with "/".')
    info.RequestConfig = { Path: rc!.Path, Method: rc!.Method ?? 'GET' }
    oneOf(info, 'AuthType', ['NONE', 'APP', 'SECRET', 'OAUTH'])
    oneOf(info, 'Protocol', ['HTTP', 'WEBSOCKET'])
    const type = oneOf(info, 'ServiceType', ['HTTP', 'WEBSOCKET', 'SCF', 'TSF', 'MOCK', 'TARGET', 'COS'])
    if (type === 'HTTP' || type === 'WEBSOCKET') {
      const sc = (info.ServiceConfig ?? {}) as Obj
      for (const k of ['Url', 'Path', 'Method'])
        if (typeof sc[k] !== 'string' || sc[k] === '')
          fail('InvalidParameterValue', `ServiceConfig.${k} is required for ${type} back ends.`)
      info.ServiceConfig = { Product: '', UniqVpcId: '', UpstreamId: '', ...sc }
    }
    if (type === 'MOCK' && !info.ServiceMockReturnMessage)
      fail('InvalidParameterValue', 'ServiceMockReturnMessage is required for MOCK back ends.')
    if (info.ResponseType !== '' && !['HTML', 'JSON', 'TEXT', 'BINARY', 'XML'].includes(String(info.ResponseType)))
      fail('InvalidParameterValue', `The response type ${scalarText(info.ResponseType)} is not supported.`)
    info.RequestParameters = fillItems(info.RequestParameters, { Desc: '', DefaultValue: '', Required: false })
    info.ResponseErrorCodes = fillItems(info.ResponseErrorCodes, { Desc: '', NeedConvert: false, ConvertedCode: 0 })
    for (const c of info.ResponseErrorCodes as Obj[])
      if (c.NeedConvert === true && !c.ConvertedCode)
        fail('InvalidParameterValue', 'A converted code is required when NeedConvert is true.')
    info.ConstantParameters = fillItems(info.ConstantParameters, {})
    delete info.ApiId
    return info
  }

  const CreateApi = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const info = apiBody(p)
    const id = o.ids.id('api-')
    const t = now()
    info.ApiId = id
    info.CreatedTime = t
    info.ModifiedTime = t
    info.ServiceName = services.get(serviceId)!.info.ServiceName
    apis.set(id, { info, quota: { test: -1, prepub: -1, release: -1 } })
    return {
      Result: {
        ApiId: id,
        Path: (info.RequestConfig as Obj).Path,
        Method: (info.RequestConfig as Obj).Method,
        CreatedTime: t,
      },
    }
  }

  /** an API as described: with its service's description, published where its service is released */
  const apiView = (serviceId: string, apiId: string): Obj => ({
    ...clone(api(serviceId, apiId).info),
    ServiceDesc: services.get(serviceId)!.info.ServiceDesc,
    Environments: ENVS.filter((e) => services.get(serviceId)!.released.has(e)),
  })
  const DescribeApi = (p: Params): Obj => ({ Result: apiView(reqStr(p, 'ServiceId'), reqStr(p, 'ApiId')) })

  const ModifyApi = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    const a = api(serviceId, reqStr(p, 'ApiId'))
    if (p.Protocol !== undefined && p.Protocol !== a.info.Protocol)
      fail('UnsupportedOperation.ModifyProtocol', 'The protocol of an API cannot be changed.')
    const keep = { ApiId: a.info.ApiId, CreatedTime: a.info.CreatedTime, ServiceName: a.info.ServiceName }
    const fresh: Obj = { ...API_DEFAULTS }
    for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== null) fresh[k] = clone(v)
    a.info = { ...apiBody(fresh), ...keep, ModifiedTime: now() }
    return {}
  }

  const DeleteApi = (p: Params): Obj => {
    const a = api(reqStr(p, 'ServiceId'), reqStr(p, 'ApiId'))
    const id = a.info.ApiId as string
    if (bindings.some((b) => b.ApiId === id))
      fail('UnsupportedOperation.UsagePlanBound', `The API ${id} is still bound to usage plans.`)
    apis.delete(id)
    for (let i = attachments.length - 1; i >= 0; i--) if (attachments[i].ApiId === id) attachments.splice(i, 1)
    return { Result: true }
  }

  const DescribeApisStatus = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const f = filtersOf(p, [
      'ApiId',
      'ApiName',
      'ApiPath',
      'ApiType',
      'AuthType',
      'ApiBusinessType',
      'AuthRelationApi',
      'KeyWord',
    ])
    const all = apisOf(serviceId)
      .filter(
        (a) =>
          passes(f, 'ApiId', a.ApiId as string) &&
          passes(f, 'ApiName', a.ApiName as string, true) &&
          passes(f, 'AuthType', a.AuthType as string),
      )
      .map((a) => {
        const { TokenLocation: _t, ...st } = apiStatus(a)
        return { ...st, VpcId: 0, Tags: [] }
      })
    return listed(all, p, 'ApiIdStatusSet')
  }

  // the action takes ServiceId, EnvironmentNames?, ApiId?, Limit?, Offset? and refuses anything else
  const DescribeApiEnvironmentStrategy = (p: Params): Obj => {
    for (const k of Object.keys(p))
      if (!['ServiceId', 'EnvironmentNames', 'ApiId', 'Limit', 'Offset'].includes(k))
        fail('UnknownParameter', `The parameter \`${k}\` is not recognized.`)
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const id = optStr(p, 'ApiId')
    const envs = strList(p, 'EnvironmentNames')
    const all = apisOf(serviceId)
      .filter((a) => id === undefined || a.ApiId === id)
      .map((a) => ({
        ApiId: a.ApiId,
        ApiName: a.ApiName,
        Path: (a.RequestConfig as Obj).Path,
        Method: (a.RequestConfig as Obj).Method,
        EnvironmentStrategySet: ENVS.filter((e) => !envs || envs.includes(e)).map((e) => ({
          EnvironmentName: e,
          Quota: apis.get(a.ApiId as string)!.quota[e],
        })),
      }))
    return listed(all, p, 'ApiEnvironmentStrategySet')
  }

  const ModifyApiEnvironmentStrategy = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    const v = limitOf(p)
    const env = envOf(p, 'EnvironmentName')
    const ids =
      strList(p, 'ApiIds') ?? fail('MissingParameter', 'The request is missing a required parameter `ApiIds`.')
    for (const id of ids) api(serviceId, id).quota[env] = v
    return { Result: true }
  }

  // ── API keys ──────────────────────────────────────────────────────────────
  const CreateApiKey = (p: Params): Obj => {
    const name = reqStr(p, 'SecretName')
    const type = oneOf(p, 'AccessKeyType', ['auto', 'manual'], false) ?? 'auto'
    let id: string
    let secret: string
    if (type === 'manual') {
      id = reqStr(p, 'AccessKeyId')
      secret = reqStr(p, 'AccessKeySecret')
      if (id.length < 5 || id.length > 50) fail('InvalidParameterValue', 'AccessKeyId must have 5 to 50 characters.')
      if (secret.length < 10 || secret.length > 50)
        fail('InvalidParameterValue', 'AccessKeySecret must have 10 to 50 characters.')
      if (keys.has(id)) fail('InvalidParameterValue.DuplicateAccessKeyId', `The key ${id} already exists.`)
    } else {
      id = o.ids.id('AKID', 28)
      secret = o.ids.tail(40)
    }
    const t = now()
    const k = {
      AccessKeyId: id,
      AccessKeySecret: secret,
      AccessKeyType: type,
      SecretName: name,
      ModifiedTime: t,
      Status: 1,
      CreatedTime: t,
      Tags: [],
    }
    keys.set(id, k)
    return { Result: clone(k) }
  }

  const DescribeApiKeysStatus = (p: Params): Obj => {
    const f = filtersOf(p, ['AccessKeyId', 'SecretName', 'KeyWord'])
    const all = [...keys.values()].filter(
      (k) =>
        passes(f, 'AccessKeyId', k.AccessKeyId as string) &&
        passes(f, 'SecretName', k.SecretName as string) &&
        passes(f, 'KeyWord', `${scalarText(k.SecretName)} ${scalarText(k.AccessKeyId)}`, true),
    )
    return listed(all, p, 'ApiKeySet')
  }

  const DescribeApiKey = (p: Params): Obj => ({ Result: clone(key(reqStr(p, 'AccessKeyId'))) })

  const UpdateApiKey = (p: Params): Obj => {
    const k = key(reqStr(p, 'AccessKeyId'))
    const secret = optStr(p, 'AccessKeySecret')
    if (secret !== undefined) {
      if (k.AccessKeyType !== 'manual')
        fail('UnsupportedOperation.UnsupportedUpdateApiKey', 'Only a manual key can be given a secret.')
      if (secret.length < 10 || secret.length > 50)
        fail('InvalidParameterValue', 'AccessKeySecret must have 10 to 50 characters.')
      k.AccessKeySecret = secret
    } else k.AccessKeySecret = o.ids.tail(40)
    k.ModifiedTime = now()
    return { Result: clone(k) }
  }

  const setKeyStatus =
    (status: number) =>
    (p: Params): Obj => {
      const k = key(reqStr(p, 'AccessKeyId'))
      k.Status = status
      k.ModifiedTime = now()
      return { Result: true }
    }

  const DeleteApiKey = (p: Params): Obj => {
    const k = key(reqStr(p, 'AccessKeyId'))
    if (k.Status === 1)
      fail(
        'UnsupportedOperation.InvalidStatus',
        `The key ${scalarText(k.AccessKeyId)} is enabled; disable it before deleting it.`,
      )
    keys.delete(k.AccessKeyId as string)
    for (const [id, list] of planKeys)
      planKeys.set(
        id,
        list.filter((x) => x !== k.AccessKeyId),
      )
    return { Result: true }
  }

  // ── usage plans ───────────────────────────────────────────────────────────
  const planLimits = (p: Params, prior?: Obj): { MaxRequestNum: number; MaxRequestNumPreSec: number } => {
    const n = optNum(p, 'MaxRequestNum') ?? (prior?.MaxRequestNum as number | undefined) ?? -1
    const s = optNum(p, 'MaxRequestNumPreSec') ?? (prior?.MaxRequestNumPreSec as number | undefined) ?? -1
    if (n !== -1 && (n < 1 || n > 99999999))
      fail('InvalidParameterValue', `MaxRequestNum ${n} is not -1 or from 1 to 99999999.`)
    if (s !== -1 && (s < 1 || s > 2000))
      fail('InvalidParameterValue', `MaxRequestNumPreSec ${s} is not -1 or from 1 to 2000.`)
    return { MaxRequestNum: n, MaxRequestNumPreSec: s }
  }
  const planView = (pl: Obj): Obj => {
    const ks = planKeys.get(pl.UsagePlanId as string) ?? []
    const envs = bindings.filter((b) => b.UsagePlanId === pl.UsagePlanId)
    return {
      ...clone(pl),
      BindSecretIdTotalCount: ks.length,
      BindSecretIds: [...ks],
      BindEnvironmentTotalCount: envs.length,
      // the SDK's UsagePlanBindEnvironment: the environment and the service, nothing saying whether the
      // whole service or one of its APIs is bound (DescribeUsagePlanEnvironments says that)
      BindEnvironments: envs.map((b) => ({ EnvironmentName: b.Environment, ServiceId: b.ServiceId })),
      Tags: [],
    }
  }

  const CreateUsagePlan = (p: Params): Obj => {
    const name = reqStr(p, 'UsagePlanName')
    const id = o.ids.id('usagePlan-')
    const t = now()
    const pl = {
      UsagePlanId: id,
      UsagePlanName: name,
      UsagePlanDesc: optStr(p, 'UsagePlanDesc') ?? '',
      ...planLimits(p),
      CreatedTime: t,
      ModifiedTime: t,
    }
    plans.set(id, pl)
    planKeys.set(id, [])
    made(id)
    return { Result: planView(pl) }
  }

  const DescribeUsagePlan = (p: Params): Obj => ({ Result: planView(plan(reqStr(p, 'UsagePlanId'), true)) })

  const DescribeUsagePlansStatus = (p: Params): Obj => {
    const f = filtersOf(p, ['UsagePlanId', 'UsagePlanName', 'NotServiceId', 'NotApiId', 'Environment'])
    const all = [...plans.values()]
      .filter(
        (pl) =>
          passes(f, 'UsagePlanId', pl.UsagePlanId as string) &&
          passes(f, 'UsagePlanName', pl.UsagePlanName as string, true),
      )
      .filter((pl) => !isPending(pl.UsagePlanId as string))
      .map((pl) => ({
        UsagePlanId: pl.UsagePlanId,
        UsagePlanName: pl.UsagePlanName,
        UsagePlanDesc: pl.UsagePlanDesc,
        MaxRequestNumPreSec: pl.MaxRequestNumPreSec,
        MaxRequestNum: pl.MaxRequestNum,
        CreatedTime: pl.CreatedTime,
        ModifiedTime: pl.ModifiedTime,
        Tags: [],
      }))
    return listed(all, p, 'UsagePlanStatusSet')
  }

  const ModifyUsagePlan = (p: Params): Obj => {
    const pl = plan(reqStr(p, 'UsagePlanId'))
    if (p.UsagePlanName !== undefined) pl.UsagePlanName = reqStr(p, 'UsagePlanName')
    if (p.UsagePlanDesc !== undefined) pl.UsagePlanDesc = optStr(p, 'UsagePlanDesc') ?? ''
    Object.assign(pl, planLimits(p, pl), { ModifiedTime: now() })
    return { Result: planView(pl) }
  }

  const DeleteUsagePlan = (p: Params): Obj => {
    const pl = plan(reqStr(p, 'UsagePlanId'))
    if (bindings.some((b) => b.UsagePlanId === pl.UsagePlanId))
      fail(
        'UnsupportedOperation.UsagePlanInUse',
        `The usage plan ${scalarText(pl.UsagePlanId)} is still bound to environments.`,
      )
    plans.delete(pl.UsagePlanId as string)
    planKeys.delete(pl.UsagePlanId as string)
    return { Result: true }
  }

  const bindingArgs = (p: Params) => {
    const ids =
      strList(p, 'UsagePlanIds') ??
      fail('MissingParameter', 'The request is missing a required parameter `UsagePlanIds`.')
    const type = oneOf(p, 'BindType', ['SERVICE', 'API']) as 'SERVICE' | 'API'
    const env = envOf(p, 'Environment')
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const apiIds = strList(p, 'ApiIds') ?? []
    if (type === 'API' && apiIds.length === 0) fail('MissingParameter', 'ApiIds is required when BindType is API.')
    for (const a of apiIds) api(serviceId, a)
    for (const id of ids) plan(id)
    return { ids, type, env, serviceId, apiIds: type === 'API' ? apiIds : [''] }
  }

  const BindEnvironment = (p: Params): Obj => {
    const b = bindingArgs(p)
    for (const id of b.ids)
      for (const apiId of b.apiIds)
        if (
          !bindings.some(
            (x) =>
              x.UsagePlanId === id &&
              x.ServiceId === b.serviceId &&
              x.Environment === b.env &&
              x.BindType === b.type &&
              x.ApiId === apiId,
          )
        )
          bindings.push({
            UsagePlanId: id,
            ServiceId: b.serviceId,
            Environment: b.env,
            BindType: b.type,
            ApiId: apiId,
            at: now(),
          })
    return { Result: true }
  }

  const UnBindEnvironment = (p: Params): Obj => {
    const b = bindingArgs(p)
    for (let i = bindings.length - 1; i >= 0; i--) {
      const x = bindings[i]
      if (
        b.ids.includes(x.UsagePlanId) &&
        x.ServiceId === b.serviceId &&
        x.Environment === b.env &&
        x.BindType === b.type &&
        b.apiIds.includes(x.ApiId)
      )
        bindings.splice(i, 1)
    }
    return { Result: true }
  }

  const BindSecretIds = (p: Params): Obj => {
    const pl = plan(reqStr(p, 'UsagePlanId'))
    const ids =
      strList(p, 'AccessKeyIds') ??
      fail('MissingParameter', 'The request is missing a required parameter `AccessKeyIds`.')
    for (const id of ids) key(id)
    const list = planKeys.get(pl.UsagePlanId as string)!
    for (const id of ids) if (!list.includes(id)) list.push(id)
    return { Result: true }
  }

  const UnBindSecretIds = (p: Params): Obj => {
    const pl = plan(reqStr(p, 'UsagePlanId'))
    const ids = strList(p, 'AccessKeyIds') ?? []
    planKeys.set(
      pl.UsagePlanId as string,
      (planKeys.get(pl.UsagePlanId as string) ?? []).filter((x) => !ids.includes(x)),
    )
    return { Result: true }
  }

  const DescribeUsagePlanSecretIds = (p: Params): Obj => {
    const pl = plan(reqStr(p, 'UsagePlanId'))
    const all = (planKeys.get(pl.UsagePlanId as string) ?? [])
      .map((id) => keys.get(id))
      .filter(Boolean)
      .map((k) => ({ AccessKeyId: k!.AccessKeyId, SecretName: k!.SecretName, Status: k!.Status }))
    return listed(all, p, 'AccessKeyList')
  }

  const envRow = (b: Binding): Obj => {
    const s = services.get(b.ServiceId)
    const a = b.ApiId ? apis.get(b.ApiId)?.info : undefined
    const pl = plans.get(b.UsagePlanId)!
    return {
      ServiceId: b.ServiceId,
      ServiceName: s?.info.ServiceName ?? '',
      ApiId: b.ApiId,
      ApiName: a?.ApiName ?? '',
      Path: a ? (a.RequestConfig as Obj).Path : '',
      Method: a ? (a.RequestConfig as Obj).Method : '',
      Environment: b.Environment,
      InUseRequestNum: 0,
      MaxRequestNum: pl.MaxRequestNum,
      MaxRequestNumPreSec: pl.MaxRequestNumPreSec,
      UsagePlanId: pl.UsagePlanId,
      UsagePlanName: pl.UsagePlanName,
      UsagePlanDesc: pl.UsagePlanDesc,
      CreatedTime: b.at,
      ModifiedTime: b.at,
    }
  }

  const DescribeUsagePlanEnvironments = (p: Params): Obj => {
    const id = reqStr(p, 'UsagePlanId')
    plan(id)
    const type = oneOf(p, 'BindType', ['SERVICE', 'API'], false) ?? 'SERVICE'
    // an environment of a usage plan (UsagePlanEnvironment) does not repeat the plan
    const row = (b: Binding): Obj => {
      const { UsagePlanId: _i, UsagePlanName: _n, UsagePlanDesc: _d, ...r } = envRow(b)
      return r
    }
    return listed(bindings.filter((b) => b.UsagePlanId === id && b.BindType === type).map(row), p, 'EnvironmentList')
  }

  const DescribeServiceUsagePlan = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    return listed(
      bindings
        .filter((b) => b.ServiceId === serviceId && b.BindType === 'SERVICE')
        .map((b) => ({ ...envRow(b), Tags: [] })),
      p,
      'ServiceUsagePlanList',
    )
  }

  const DescribeApiUsagePlan = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const ids = strList(p, 'ApiIds')
    return listed(
      bindings
        .filter((b) => b.ServiceId === serviceId && b.BindType === 'API' && (!ids || ids.includes(b.ApiId)))
        .map(envRow),
      p,
      'ApiUsagePlanList',
    )
  }

  // ── plugins ───────────────────────────────────────────────────────────────
  const PLUGIN_TYPES = [
    'IPControl',
    'TrafficControl',
    'Cors',
    'CustomReq',
    'CustomAuth',
    'Routing',
    'TrafficControlByParameter',
    'CircuitBreaker',
    'ProxyCache',
  ]
  const sortKeys = (u: unknown): unknown =>
    Array.isArray(u)
      ? u.map(sortKeys)
      : typeof u === 'object' && u !== null
        ? Object.fromEntries(
            Object.keys(u)
              .sort()
              .map((k) => [k, sortKeys((u as Obj)[k])]),
          )
        : u
  /** the platform stores plugin data re-serialised: compact, keys sorted */
  const pluginData = (p: Params): string => {
    const d = reqStr(p, 'PluginData')
    try {
      return JSON.stringify(sortKeys(JSON.parse(d)))
    } catch {
      return fail('InvalidParameterValue.InvalidPluginData', 'PluginData is not a JSON document.')
    }
  }
  const pluginName = (p: Params): string => {
    const n = reqStr(p, 'PluginName')
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,48}[A-Za-z0-9]$/.test(n))
      fail(
        'InvalidParameterValue',
        'PluginName must have 2 to 50 characters, start with a letter and end with a letter or digit.',
      )
    return n
  }

  const CreatePlugin = (p: Params): Obj => {
    const name = pluginName(p)
    const type = reqStr(p, 'PluginType')
    if (!PLUGIN_TYPES.includes(type)) fail('InvalidParameterValue', `The plugin type ${type} is not supported.`)
    const desc = optStr(p, 'Description') ?? ''
    if (desc.length > 200) fail('InvalidParameterValue', 'Description must have at most 200 characters.')
    const id = o.ids.id('plugin-')
    const t = now()
    const pl = {
      PluginId: id,
      PluginName: name,
      PluginType: type,
      PluginData: pluginData(p),
      Description: desc,
      CreatedTime: t,
      ModifiedTime: t,
      AttachedApiTotalCount: 0,
      AttachedApis: [],
    }
    plugins.set(id, pl)
    return { Result: clone(pl) }
  }

  const DescribePlugins = (p: Params): Obj => {
    const ids = strList(p, 'PluginIds')
    const name = optStr(p, 'PluginName')
    const type = optStr(p, 'PluginType')
    const all = [...plugins.values()]
      .filter(
        (x) =>
          (!ids || ids.includes(x.PluginId as string)) &&
          (!name || x.PluginName === name) &&
          (!type || x.PluginType === type),
      )
      .map((x) => ({ ...x, AttachedApiTotalCount: attachments.filter((a) => a.PluginId === x.PluginId).length }))
    return listed(all, p, 'PluginSet')
  }

  const DescribePlugin = (p: Params): Obj => {
    const pl = plugin(reqStr(p, 'PluginId'))
    return {
      Result: { ...clone(pl), AttachedApiTotalCount: attachments.filter((a) => a.PluginId === pl.PluginId).length },
    }
  }

  const ModifyPlugin = (p: Params): Obj => {
    const pl = plugin(reqStr(p, 'PluginId'))
    if (p.PluginName !== undefined) pl.PluginName = pluginName(p)
    if (p.PluginData !== undefined) pl.PluginData = pluginData(p)
    if (p.Description !== undefined) pl.Description = optStr(p, 'Description') ?? ''
    if (p.PluginType !== undefined && p.PluginType !== pl.PluginType)
      fail('UnsupportedOperation.ModifyPluginType', 'The type of a plugin cannot be changed.')
    pl.ModifiedTime = now()
    return { Result: true }
  }

  const DeletePlugin = (p: Params): Obj => {
    const pl = plugin(reqStr(p, 'PluginId'))
    if (attachments.some((a) => a.PluginId === pl.PluginId))
      fail('UnsupportedOperation.AttachPlugin', `The plugin ${scalarText(pl.PluginId)} is still attached to APIs.`)
    plugins.delete(pl.PluginId as string)
    return { Result: true }
  }

  const AttachPlugin = (p: Params): Obj => {
    const pl = plugin(reqStr(p, 'PluginId'))
    const serviceId = reqStr(p, 'ServiceId')
    const env = envOf(p, 'EnvironmentName')
    for (const id of strList(p, 'ApiIds') ?? []) {
      api(serviceId, id)
      if (!attachments.some((a) => a.PluginId === pl.PluginId && a.ApiId === id && a.Environment === env))
        attachments.push({
          PluginId: pl.PluginId as string,
          ServiceId: serviceId,
          ApiId: id,
          Environment: env,
          AttachedTime: now(),
        })
    }
    return { Result: true }
  }

  const DetachPlugin = (p: Params): Obj => {
    const id = reqStr(p, 'PluginId')
    const apiId = reqStr(p, 'ApiId')
    const env = envOf(p, 'EnvironmentName')
    for (let i = attachments.length - 1; i >= 0; i--)
      if (attachments[i].PluginId === id && attachments[i].ApiId === apiId && attachments[i].Environment === env)
        attachments.splice(i, 1)
    return { Result: true }
  }

  const DescribePluginsByApi = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    const apiId = reqStr(p, 'ApiId')
    api(serviceId, apiId)
    const env = optStr(p, 'EnvironmentName')
    const all = attachments
      .filter((a) => a.ApiId === apiId && (!env || a.Environment === env))
      .map((a) => {
        const pl = plugins.get(a.PluginId)!
        return {
          PluginId: a.PluginId,
          Environment: a.Environment,
          AttachedTime: a.AttachedTime,
          PluginName: pl.PluginName,
          PluginType: pl.PluginType,
          Description: pl.Description,
          PluginData: pl.PluginData,
        }
      })
    return listed(all, p, 'PluginSummary')
  }

  // ── custom domains ────────────────────────────────────────────────────────
  const mappings = (p: Params): Obj[] => {
    const m = p.PathMappingSet
    if (m === undefined || m === null) return []
    if (!Array.isArray(m)) return fail('InvalidParameter', 'PathMappingSet must be a list.')
    const envs = new Set<string>()
    const out = m.map((x) => {
      const path = (x as Obj).Path
      const env = (x as Obj).Environment
      if (typeof path !== 'string' || !path.startsWith('/'))
        fail('InvalidParameterValue', 'Every path mapping needs a Path starting with "/".')
      if (!ENVS.includes(env as Env))
        fail('InvalidParameterValue', `The environment ${String(env)} is not one of test, prepub, release.`)
      envs.add(env as string)
      return { Path: path, Environment: env }
    })
    if (out.length > 3) fail('LimitExceeded.ExceededDefineMappingLimit', 'At most three path mappings are allowed.')
    return out
  }
  const domainKey = (serviceId: string, d: string) => `${serviceId}#${d}`
  const certified = (protocol: string | undefined, cert: string | undefined) => {
    if (protocol !== undefined && protocol !== 'http' && !cert)
      fail('FailedOperation.CertificateIdError', `A certificate is required for the ${protocol} protocol.`)
  }

  const BindSubDomain = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const sub = reqStr(p, 'SubDomain')
    const protocol = oneOf(p, 'Protocol', ['http', 'https', 'http&https'])
    const netType = oneOf(p, 'NetType', ['INNER', 'OUTER'])
    const isDefault = optBool(p, 'IsDefaultMapping') ?? true
    reqStr(p, 'NetSubDomain')
    const cert = optStr(p, 'CertificateId')
    certified(protocol, cert)
    const maps = mappings(p)
    if (!isDefault && maps.length === 0)
      fail('InvalidParameterValue', 'PathMappingSet is required when IsDefaultMapping is false.')
    for (const d of domains.values())
      if (d.DomainName === sub)
        fail('FailedOperation.DomainAlreadyBindService', `The domain ${sub} is already bound to a service.`)
    domains.set(domainKey(serviceId, sub), {
      ServiceId: serviceId,
      DomainName: sub,
      Status: 1,
      CertificateId: cert ?? '',
      IsDefaultMapping: isDefault,
      Protocol: protocol,
      NetType: netType,
      IsForcedHttps: optBool(p, 'IsForcedHttps') ?? false,
      RegistrationStatus: true,
      PathMappingSet: isDefault ? [] : maps,
    })
    return {}
  }

  const domain = (serviceId: string, sub: string): Obj =>
    domains.get(domainKey(serviceId, sub)) ??
    fail('ResourceNotFound.InvalidSubDomain', `The domain ${sub} is not bound to service ${serviceId}.`)

  const DescribeServiceSubDomains = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const all = [...domains.values()]
      .filter((d) => d.ServiceId === serviceId)
      .map((d) => {
        const { ServiceId: _s, PathMappingSet: _m, ...rest } = d
        return rest
      })
    return listed(all, p, 'DomainSet')
  }

  const DescribeServiceSubDomainMappings = (p: Params): Obj => {
    const d = domain(reqStr(p, 'ServiceId'), reqStr(p, 'SubDomain'))
    return { Result: { IsDefaultMapping: d.IsDefaultMapping, PathMappingSet: clone(d.PathMappingSet) } }
  }

  const ModifySubDomain = (p: Params): Obj => {
    const d = domain(reqStr(p, 'ServiceId'), reqStr(p, 'SubDomain'))
    const isDefault = optBool(p, 'IsDefaultMapping') ?? (d.IsDefaultMapping as boolean)
    const protocol = oneOf(p, 'Protocol', ['http', 'https', 'http&https'], false) ?? (d.Protocol as string)
    const cert = optStr(p, 'CertificateId') ?? (d.CertificateId as string)
    certified(protocol, cert)
    const maps = p.PathMappingSet !== undefined ? mappings(p) : (d.PathMappingSet as Obj[])
    if (!isDefault && maps.length === 0)
      fail('InvalidParameterValue', 'PathMappingSet is required when IsDefaultMapping is false.')
    Object.assign(d, {
      IsDefaultMapping: isDefault,
      Protocol: protocol,
      CertificateId: cert,
      NetType: oneOf(p, 'NetType', ['INNER', 'OUTER'], false) ?? d.NetType,
      IsForcedHttps: optBool(p, 'IsForcedHttps') ?? d.IsForcedHttps,
      PathMappingSet: isDefault ? [] : maps,
    })
    return { Result: true }
  }

  const UnBindSubDomain = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    const sub = reqStr(p, 'SubDomain')
    domain(serviceId, sub)
    domains.delete(domainKey(serviceId, sub))
    return { Result: true }
  }

  // ── IP strategies ─────────────────────────────────────────────────────────
  const strategyView = (s: { info: Obj; bound: Record<Env, string[]> }, env?: Env, p?: Params): Obj => {
    const ids = env ? s.bound[env] : [...new Set(ENVS.flatMap((e) => s.bound[e]))]
    const bound = ids
      .map((id) => apis.get(id)?.info)
      .filter(Boolean)
      .map((a) => ({ ...apiStatus(a!), VpcId: 0, Tags: [] }))
    return { ...clone(s.info), BindApiTotalCount: bound.length, BindApis: p ? page(p, bound, o.pageSize) : bound }
  }

  const CreateIPStrategy = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const name = reqStr(p, 'StrategyName')
    const type = oneOf(p, 'StrategyType', ['WHITE', 'BLACK'])
    const data = reqStr(p, 'StrategyData')
    const id = o.ids.id('IPStrategy-')
    const t = now()
    const s = {
      info: {
        StrategyId: id,
        StrategyName: name,
        StrategyType: type,
        StrategyData: data,
        CreatedTime: t,
        ModifiedTime: t,
        ServiceId: serviceId,
      },
      bound: { test: [], prepub: [], release: [] },
    }
    strategies.set(id, s)
    made(id)
    return { Result: strategyView(s) }
  }

  const DescribeIPStrategy = (p: Params): Obj => {
    const s = strategy(reqStr(p, 'ServiceId'), reqStr(p, 'StrategyId'), true)
    return { Result: strategyView(s, envOf(p, 'EnvironmentName'), p) }
  }

  const DescribeIPStrategysStatus = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    service(serviceId)
    const f = filtersOf(p, ['StrategyName'])
    const all = [...strategies.values()]
      .filter(
        (s) =>
          s.info.ServiceId === serviceId &&
          passes(f, 'StrategyName', s.info.StrategyName as string) &&
          !isPending(s.info.StrategyId as string),
      )
      .map((s) => strategyView(s))
    // no paging on this action
    return { Result: { TotalCount: all.length, StrategySet: clone(all) } }
  }

  const ModifyIPStrategy = (p: Params): Obj => {
    const s = strategy(reqStr(p, 'ServiceId'), reqStr(p, 'StrategyId'))
    s.info.StrategyData = reqStr(p, 'StrategyData')
    s.info.ModifiedTime = now()
    return { Result: true }
  }

  const DeleteIPStrategy = (p: Params): Obj => {
    const s = strategy(reqStr(p, 'ServiceId'), reqStr(p, 'StrategyId'))
    strategies.delete(s.info.StrategyId as string)
    pending.delete(s.info.StrategyId as string)
    return { Result: true }
  }

  const BindIPStrategy = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    const s = strategy(serviceId, reqStr(p, 'StrategyId'))
    const env = envOf(p, 'EnvironmentName')
    for (const id of strList(p, 'BindApiIds') ?? []) {
      api(serviceId, id)
      if (!s.bound[env].includes(id)) s.bound[env].push(id)
    }
    return { Result: true }
  }

  // ── API apps and docs ─────────────────────────────────────────────────────
  const DescribeApiAppsStatus = (p: Params): Obj => {
    const f = filtersOf(p, ['ApiAppId', 'ApiAppName', 'KeyWord'])
    const all = apps.filter(
      (a) =>
        passes(f, 'ApiAppId', a.ApiAppId as string) &&
        passes(f, 'ApiAppName', a.ApiAppName as string) &&
        passes(f, 'KeyWord', `${scalarText(a.ApiAppName)} ${scalarText(a.ApiAppId)}`, true),
    )
    return listed(all, p, 'ApiAppSet')
  }

  const DescribeAPIDocs = (p: Params): Obj =>
    listed(
      docs.map((d) => ({ ...d, Tags: [] })),
      p,
      'APIDocSet',
    )

  const DescribeApiBindApiAppsStatus = (p: Params): Obj => {
    const serviceId = reqStr(p, 'ServiceId')
    const apiIds =
      strList(p, 'ApiIds') ?? fail('MissingParameter', 'The request is missing a required parameter `ApiIds`.')
    const f = filtersOf(p, ['ApiAppId', 'Environment', 'KeyWord'])
    const all = appBindings
      .filter((b) => b.ServiceId === serviceId && apiIds.includes(b.ApiId))
      .map((b) => {
        const app = apps.find((a) => a.ApiAppId === b.ApiAppId)
        const a = apis.get(b.ApiId)?.info
        return {
          ApiAppName: app?.ApiAppName ?? '',
          ApiAppId: b.ApiAppId,
          ApiId: b.ApiId,
          ApiName: a?.ApiName ?? '',
          ServiceId: b.ServiceId,
          AuthorizedTime: now(),
          ApiRegion: 'ap-guangzhou',
          EnvironmentName: b.EnvironmentName,
        }
      })
      .filter(
        (r) =>
          passes(f, 'ApiAppId', r.ApiAppId) &&
          passes(f, 'Environment', r.EnvironmentName) &&
          passes(f, 'KeyWord', `${scalarText(r.ApiAppName)} ${scalarText(r.ApiAppId)}`, true),
      )
    return listed(all, p, 'ApiAppApiSet')
  }

  const DescribeApiForApiApp = (p: Params): Obj => {
    reqStr(p, 'ApiRegion')
    return { Result: apiView(reqStr(p, 'ServiceId'), reqStr(p, 'ApiId')) }
  }

  const DescribeServiceForApiApp = (p: Params): Obj => {
    reqStr(p, 'ApiRegion')
    const s = service(reqStr(p, 'ServiceId'))
    // the model for API apps has neither the instance nor the cluster fields
    const {
      InstanceId: _i,
      UniqVpcId: _v,
      DeploymentType: _d,
      SetType: _t,
      SpecialUse: _u,
      InstanceName: _n,
      ...v
    } = serviceView(s)
    return v
  }

  // ── persistence and seeding ───────────────────────────────────────────────
  const holdings: Holdings = {
    services,
    apis,
    keys,
    plans,
    planKeys,
    bindings,
    plugins,
    attachments,
    domains,
    strategies,
    pending,
    apps,
    docs,
    appBindings,
  }
  /** An object seeded in the platform's shape: made through its create action, then given its own id. */
  const seedOne = (
    kind: string,
    i: number,
    run: () => string,
    id: unknown,
    rekey: (from: string, to: string) => void,
  ) => {
    let made: string
    try {
      made = run()
    } catch (e) {
      throw new Error(`seed cloud.${kind}[${i}]: ${e instanceof ApiError ? `${e.code}: ${e.message}` : String(e)}`, {
        cause: e,
      })
    }
    // seeded objects were made long ago: visible at once
    pending.delete(made)
    if (typeof id === 'string' && id !== '' && id !== made) {
      rekey(made, id)
      o.ids.taken.add(id)
    }
  }
  const rekeyed =
    <V extends { info?: Obj } | Obj>(m: Map<string, V>, field: string) =>
    (from: string, to: string) => {
      const v = m.get(from)!
      m.delete(from)
      const target = ('info' in v && v.info ? v.info : v) as Obj
      target[field] = to
      m.set(to, v)
    }
  const SEEDS = ['services', 'apiKeys', 'usagePlans', 'apiApps', 'apiDocs', 'apiAppBindings']
  const seed = (objects: SeedObjects): void => {
    for (const [i, x] of (objects.services ?? []).entries())
      seedOne(
        'services',
        i,
        () => {
          const made = CreateService({ Protocol: 'http', NetTypes: ['OUTER'], ...x })
          const s = services.get(made.ServiceId as string)!
          for (const [k, v] of Object.entries(x)) if (k in s.info && k !== 'ServiceId') s.info[k] = clone(v)
          return made.ServiceId as string
        },
        x.ServiceId,
        rekeyed(services, 'ServiceId'),
      )
    for (const [i, x] of (objects.apiKeys ?? []).entries())
      seedOne(
        'apiKeys',
        i,
        () => {
          const manual = typeof x.AccessKeyId === 'string'
          const r = CreateApiKey({ AccessKeyType: manual ? 'manual' : 'auto', ...x }).Result as Obj
          const k = keys.get(r.AccessKeyId as string)!
          if (typeof x.Status === 'number') k.Status = x.Status
          return r.AccessKeyId as string
        },
        undefined,
        () => undefined,
      )
    for (const [i, x] of (objects.usagePlans ?? []).entries())
      seedOne(
        'usagePlans',
        i,
        () => (CreateUsagePlan(x).Result as Obj).UsagePlanId as string,
        x.UsagePlanId,
        (from, to) => {
          rekeyed(plans, 'UsagePlanId')(from, to)
          planKeys.set(to, planKeys.get(from) ?? [])
          planKeys.delete(from)
        },
      )
    for (const [i, x] of (objects.apiApps ?? []).entries())
      apps.push(
        appOf({
          ApiAppId: seedField('cloud', 'apiApps', i, x, 'ApiAppId'),
          ApiAppName: seedField('cloud', 'apiApps', i, x, 'ApiAppName'),
          ...(typeof x.ApiAppDesc === 'string' ? { ApiAppDesc: x.ApiAppDesc } : {}),
        }),
      )
    for (const [i, x] of (objects.apiDocs ?? []).entries())
      docs.push({
        ApiDocId: seedField('cloud', 'apiDocs', i, x, 'ApiDocId'),
        ApiDocName: seedField('cloud', 'apiDocs', i, x, 'ApiDocName'),
        ApiDocStatus: (x.ApiDocStatus as ApiDocFixture['ApiDocStatus'] | undefined) ?? 'COMPLETED',
      })
    for (const [i, x] of (objects.apiAppBindings ?? []).entries())
      appBindings.push({
        ApiAppId: seedField('cloud', 'apiAppBindings', i, x, 'ApiAppId'),
        ServiceId: seedField('cloud', 'apiAppBindings', i, x, 'ServiceId'),
        ApiId: seedField('cloud', 'apiAppBindings', i, x, 'ApiId'),
        EnvironmentName: oneOf(x, 'EnvironmentName', ENVS) as Env,
      })
  }

  return {
    holdings,
    seed,
    seeds: SEEDS,
    actions: {
      CreateService,
      DescribeService,
      DescribeServicesStatus,
      ModifyService,
      DeleteService,
      ReleaseService,
      UnReleaseService,
      DescribeServiceEnvironmentReleaseHistory,
      DescribeServiceEnvironmentStrategy,
      ModifyServiceEnvironmentStrategy,
      CreateApi,
      DescribeApi,
      ModifyApi,
      DeleteApi,
      DescribeApisStatus,
      DescribeApiEnvironmentStrategy,
      ModifyApiEnvironmentStrategy,
      CreateApiKey,
      DescribeApiKeysStatus,
      DescribeApiKey,
      UpdateApiKey,
      EnableApiKey: setKeyStatus(1),
      DisableApiKey: setKeyStatus(0),
      DeleteApiKey,
      CreateUsagePlan,
      DescribeUsagePlan,
      DescribeUsagePlansStatus,
      ModifyUsagePlan,
      DeleteUsagePlan,
      BindEnvironment,
      UnBindEnvironment,
      BindSecretIds,
      UnBindSecretIds,
      DescribeUsagePlanSecretIds,
      DescribeUsagePlanEnvironments,
      DescribeServiceUsagePlan,
      DescribeApiUsagePlan,
      CreatePlugin,
      DescribePlugins,
      DescribePlugin,
      ModifyPlugin,
      DeletePlugin,
      AttachPlugin,
      DetachPlugin,
      DescribePluginsByApi,
      BindSubDomain,
      DescribeServiceSubDomains,
      DescribeServiceSubDomainMappings,
      ModifySubDomain,
      UnBindSubDomain,
      CreateIPStrategy,
      DescribeIPStrategy,
      DescribeIPStrategysStatus,
      ModifyIPStrategy,
      DeleteIPStrategy,
      BindIPStrategy,
      DescribeApiAppsStatus,
      DescribeAPIDocs,
      DescribeApiBindApiAppsStatus,
      DescribeApiForApiApp,
      DescribeServiceForApiApp,
    } as Record<string, (p: Params) => Obj>,
    objects: () => [
      ...[...services.values()].map((s) => ({
        kind: 'apigateway:Service',
        id: s.info.ServiceId as string,
        body: serviceView(s),
      })),
      ...[...apis.values()].map((a) => ({ kind: 'apigateway:Api', id: a.info.ApiId as string, body: clone(a.info) })),
      ...[...keys.values()].map((k) => ({ kind: 'apigateway:ApiKey', id: k.AccessKeyId as string, body: clone(k) })),
      ...[...plans.values()].map((pl) => ({
        kind: 'apigateway:UsagePlan',
        id: pl.UsagePlanId as string,
        body: planView(pl),
      })),
      ...bindings.map((b) => ({
        kind: 'apigateway:UsagePlanBinding',
        id: `${b.UsagePlanId}#${b.ServiceId}#${b.Environment}#${b.BindType}#${b.ApiId}`,
        body: { ...b },
      })),
      ...[...plugins.values()].map((x) => ({ kind: 'apigateway:Plugin', id: x.PluginId as string, body: clone(x) })),
      ...[...domains.values()].map((d) => ({
        kind: 'apigateway:SubDomain',
        id: `${scalarText(d.ServiceId)}#${scalarText(d.DomainName)}`,
        body: clone(d),
      })),
      ...[...strategies.values()].map((s) => ({
        kind: 'apigateway:IPStrategy',
        id: s.info.StrategyId as string,
        body: strategyView(s),
      })),
      ...[...services.values()].flatMap((s) =>
        [...s.released].map((e) => ({
          kind: 'apigateway:Release',
          id: `${scalarText(s.info.ServiceId)}#${e}`,
          body: { ...s.history[e][0] },
        })),
      ),
    ],
  }
}

export { ApiError }
