/**
 * What a usage plan is bound to: a service's environment (or some of its APIs), and API keys.
 */
import { fail, oneOf, reqStr, strList, type Params } from '../../cloud-kit'
import { bound, type Gw, type Obj, type Binding } from './state'
import { BIND_TYPES } from './vocabulary'
import { listed, service, api, plan, key, envOf } from './lookups'

export const bindingArgs = (g: Gw, p: Params) => {
  const ids =
    strList(p, 'UsagePlanIds') ??
    fail('MissingParameter', 'The request is missing a required parameter `UsagePlanIds`.')
  const type = oneOf(p, 'BindType', BIND_TYPES) as 'SERVICE' | 'API'
  const env = envOf(p, 'Environment')
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  const apiIds = strList(p, 'ApiIds') ?? []
  if (type === 'API' && apiIds.length === 0) fail('MissingParameter', 'ApiIds is required when BindType is API.')
  for (const a of apiIds) api(g, serviceId, a)
  for (const id of ids) plan(g, id)
  return { ids, type, env, serviceId, apiIds: type === 'API' ? apiIds : [''] }
}

const BindEnvironment = (g: Gw, p: Params): Obj => {
  const b = bindingArgs(g, p)
  for (const id of b.ids)
    for (const apiId of b.apiIds)
      if (
        !g.state.bindings.some(
          (x) =>
            x.UsagePlanId === id &&
            x.ServiceId === b.serviceId &&
            x.Environment === b.env &&
            x.BindType === b.type &&
            x.ApiId === apiId,
        )
      )
        g.state.bindings.push({
          UsagePlanId: id,
          ServiceId: b.serviceId,
          Environment: b.env,
          BindType: b.type,
          ApiId: apiId,
          at: g.now(),
        })
  return { Result: true }
}

const UnBindEnvironment = (g: Gw, p: Params): Obj => {
  const b = bindingArgs(g, p)
  for (let i = g.state.bindings.length - 1; i >= 0; i--) {
    const x = g.state.bindings[i]
    if (
      b.ids.includes(x.UsagePlanId) &&
      x.ServiceId === b.serviceId &&
      x.Environment === b.env &&
      x.BindType === b.type &&
      b.apiIds.includes(x.ApiId)
    )
      g.state.bindings.splice(i, 1)
  }
  return { Result: true }
}

const BindSecretIds = (g: Gw, p: Params): Obj => {
  const pl = plan(g, reqStr(p, 'UsagePlanId'))
  const ids =
    strList(p, 'AccessKeyIds') ??
    fail('MissingParameter', 'The request is missing a required parameter `AccessKeyIds`.')
  for (const id of ids) key(g, id)
  const list = g.state.planKeys.get(pl.UsagePlanId as string)!
  for (const id of ids) if (!list.includes(id)) list.push(id)
  return { Result: true }
}

const UnBindSecretIds = (g: Gw, p: Params): Obj => {
  const pl = plan(g, reqStr(p, 'UsagePlanId'))
  const ids = strList(p, 'AccessKeyIds') ?? []
  g.state.planKeys.set(
    pl.UsagePlanId as string,
    (g.state.planKeys.get(pl.UsagePlanId as string) ?? []).filter((x) => !ids.includes(x)),
  )
  return { Result: true }
}

const DescribeUsagePlanSecretIds = (g: Gw, p: Params): Obj => {
  const pl = plan(g, reqStr(p, 'UsagePlanId'))
  const all = (g.state.planKeys.get(pl.UsagePlanId as string) ?? [])
    .map((id) => g.state.keys.get(id))
    .filter(Boolean)
    .map((k) => ({ AccessKeyId: k!.AccessKeyId, SecretName: k!.SecretName, Status: k!.Status }))
  return listed(g, all, p, 'AccessKeyList')
}

export const envRow = (g: Gw, b: Binding): Obj => {
  const s = g.state.services.get(b.ServiceId)
  const a = b.ApiId ? g.state.apis.get(b.ApiId)?.info : undefined
  const pl = g.state.plans.get(b.UsagePlanId)!
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

const DescribeUsagePlanEnvironments = (g: Gw, p: Params): Obj => {
  const id = reqStr(p, 'UsagePlanId')
  plan(g, id)
  const type = oneOf(p, 'BindType', BIND_TYPES, false) ?? 'SERVICE'
  // an environment of a usage plan (UsagePlanEnvironment) does not repeat the plan
  const row = (b: Binding): Obj => {
    const { UsagePlanId: _i, UsagePlanName: _n, UsagePlanDesc: _d, ...r } = envRow(g, b)
    return r
  }
  return listed(
    g,
    g.state.bindings.filter((b) => b.UsagePlanId === id && b.BindType === type).map(row),
    p,
    'EnvironmentList',
  )
}

const DescribeServiceUsagePlan = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  return listed(
    g,
    g.state.bindings
      .filter((b) => b.ServiceId === serviceId && b.BindType === 'SERVICE')
      .map((b) => ({ ...envRow(g, b), Tags: [] })),
    p,
    'ServiceUsagePlanList',
  )
}

const DescribeApiUsagePlan = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  const ids = strList(p, 'ApiIds')
  return listed(
    g,
    g.state.bindings
      .filter((b) => b.ServiceId === serviceId && b.BindType === 'API' && (!ids || ids.includes(b.ApiId)))
      .map((b) => envRow(g, b)),
    p,
    'ApiUsagePlanList',
  )
}

export const planBindingsActions = (g: Gw) =>
  bound(g, {
    BindEnvironment,
    UnBindEnvironment,
    BindSecretIds,
    UnBindSecretIds,
    DescribeUsagePlanSecretIds,
    DescribeUsagePlanEnvironments,
    DescribeServiceUsagePlan,
    DescribeApiUsagePlan,
  })
