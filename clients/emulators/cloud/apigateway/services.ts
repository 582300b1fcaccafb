/**
 * Services: made with their domains and ports per network type, described with their APIs and usage
 * plans, listed, changed, and deleted only when nothing is left in them.
 */
import { clone, fail, filtersOf, oneOf, optStr, passes, reqStr, strList, type Params } from '../../cloud-kit'
import { bound, type Gw, type Obj, type Service } from './state'
import { ENVS, NET_TYPES, SHARED_CLUSTER, SERVICE_PROTOCOLS } from './vocabulary'
import { made, isPending, listed, service } from './lookups'

const netTypes = (p: Params): string[] => {
  const n = strList(p, 'NetTypes')
  if (!n || n.length === 0) return fail('MissingParameter', 'The request is missing a required parameter `NetTypes`.')
  for (const x of n)
    if (!NET_TYPES.includes(x))
      fail('InvalidParameterValue', `The network type ${x} is not one of ${NET_TYPES.join(', ')}.`)
  // the platform reports network types in its own order
  return [...new Set(n)].sort()
}
export const apiStatus = (a: Obj): Obj => ({
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
export const apisOf = (g: Gw, serviceId: string) =>
  [...g.state.apis.values()].map((a) => a.info).filter((a) => a.ServiceId === serviceId)
export const serviceView = (g: Gw, s: Service): Obj => {
  const list = apisOf(g, s.info.ServiceId as string)
  const planIds = [
    ...new Set(g.state.bindings.filter((b) => b.ServiceId === s.info.ServiceId).map((b) => b.UsagePlanId)),
  ]
  // the service's exclusive set is shown by the listing only
  const { ExclusiveSetName: _x, ...info } = clone(s.info)
  return {
    ...info,
    AvailableEnvironments: ENVS.filter((e) => s.released.has(e)),
    ApiTotalCount: list.length,
    ApiIdStatusSet: list.map(apiStatus),
    UsagePlanTotalCount: planIds.length,
    UsagePlanList: planIds
      .map((id) => g.state.plans.get(id))
      .filter(Boolean)
      .map((p) => ({ UsagePlanId: p!.UsagePlanId, UsagePlanName: p!.UsagePlanName })),
    Tags: [],
    ...SHARED_CLUSTER,
    InstanceName: null,
  }
}

export const CreateService = (g: Gw, p: Params): Obj => {
  const name = reqStr(p, 'ServiceName')
  const protocol = oneOf(p, 'Protocol', SERVICE_PROTOCOLS)
  const nets = netTypes(p)
  const ipVersion = optStr(p, 'IpVersion') ?? 'IPv4'
  if (ipVersion !== 'IPv4') fail('InvalidParameterValue', `The IP version ${ipVersion} is not supported (only IPv4).`)
  const id = g.ids.id('service-')
  const t = g.now()
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
    InternalSubDomain: nets.includes('INNER') ? `${id}-${g.appId}.gz.apigw.tencentcs.internal` : '',
    OuterSubDomain: nets.includes('OUTER') ? `${id}-${g.appId}.gz.apigw.tencentcs.com` : '',
    InnerHttpPort: nets.includes('INNER') ? 80 : 0,
    InnerHttpsPort: nets.includes('INNER') ? 443 : 0,
    UserType: '',
    SetId: 1,
    CreatedTime: t,
    ModifiedTime: t,
  }
  g.state.services.set(id, {
    info,
    strategy: { test: -1, prepub: -1, release: -1 },
    released: new Set(),
    history: { test: [], prepub: [], release: [] },
  })
  made(g, id)
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

const DescribeService = (g: Gw, p: Params): Obj => serviceView(g, service(g, reqStr(p, 'ServiceId'), true))

const DescribeServicesStatus = (g: Gw, p: Params): Obj => {
  const f = filtersOf(p, ['ServiceId', 'ServiceName', 'NotUsagePlanId', 'Environment', 'IpVersion', 'InstanceId'])
  const all = [...g.state.services.values()]
    .filter(
      (s) =>
        passes(f, 'ServiceId', s.info.ServiceId as string) &&
        passes(f, 'ServiceName', s.info.ServiceName as string, true),
    )
    .filter((s) => !isPending(g, s.info.ServiceId as string))
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
  return listed(g, all, p, 'ServiceSet')
}

const ModifyService = (g: Gw, p: Params): Obj => {
  const s = service(g, reqStr(p, 'ServiceId'))
  if (p.ServiceName !== undefined) s.info.ServiceName = reqStr(p, 'ServiceName')
  if (p.Protocol !== undefined) s.info.Protocol = oneOf(p, 'Protocol', SERVICE_PROTOCOLS)
  if (p.ServiceDesc !== undefined) s.info.ServiceDesc = optStr(p, 'ServiceDesc') ?? ''
  if (p.NetTypes !== undefined) {
    const nets = netTypes(p)
    const id = s.info.ServiceId as string
    s.info.NetTypes = nets
    // a network type added on update gets its domain (and ports) as on create; a removed one loses them
    s.info.OuterSubDomain = nets.includes('OUTER')
      ? s.info.OuterSubDomain || `${id}-${g.appId}.gz.apigw.tencentcs.com`
      : ''
    s.info.InternalSubDomain = nets.includes('INNER')
      ? s.info.InternalSubDomain || `${id}-${g.appId}.gz.apigw.tencentcs.internal`
      : ''
    s.info.InnerHttpPort = nets.includes('INNER') ? 80 : 0
    s.info.InnerHttpsPort = nets.includes('INNER') ? 443 : 0
  }
  s.info.ModifiedTime = g.now()
  return {}
}

const DeleteService = (g: Gw, p: Params): Obj => {
  const id = reqStr(p, 'ServiceId')
  const s = service(g, id)
  if (apisOf(g, id).length > 0)
    fail('UnsupportedOperation.ExistingApis', `The service ${id} still has APIs; delete them first.`)
  if (s.released.size > 0)
    fail(
      'UnsupportedOperation.ServiceReleased',
      `The service ${id} is still released in ${[...s.released].join(', ')}.`,
    )
  if (g.state.bindings.some((b) => b.ServiceId === id))
    fail('UnsupportedOperation.UsagePlanBound', `The service ${id} is still bound to usage plans.`)
  g.state.services.delete(id)
  for (const [k, d] of g.state.domains) if (d.ServiceId === id) g.state.domains.delete(k)
  return { Result: true }
}

export const servicesActions = (g: Gw) =>
  bound(g, {
    CreateService,
    DescribeService,
    DescribeServicesStatus,
    ModifyService,
    DeleteService,
  })
