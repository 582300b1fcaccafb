/**
 * APIs of a service: the body filled with the API model's defaults, the back end checked per service
 * type, the protocol fixed once made, and a request quota per environment.
 */
import { clone, fail, filtersOf, oneOf, optStr, passes, reqStr, strList, type Params } from '../../cloud-kit'
import { scalarText } from '../../../../src/core/scalar-text'
import { bound, type Gw, type Obj } from './state'
import { API_DEFAULTS, ENVS, AUTH_TYPES, API_PROTOCOLS, SERVICE_TYPES, RESPONSE_TYPES } from './vocabulary'
import { listed, service, api, envOf } from './lookups'
import { apiStatus, apisOf } from './services'
import { limitOf } from './releases'

const fillItems = (u: unknown, defaults: Obj): unknown =>
  Array.isArray(u) ? u.map((x) => ({ ...defaults, ...(x as Obj) })) : []
export const apiBody = (g: Gw, p: Params, prior?: Obj): Obj => {
  const info: Obj = { ...API_DEFAULTS, ...(prior ?? {}) }
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== null) info[k] = clone(v)
  reqStr(info, 'ApiName')
  const rc = info.RequestConfig as Obj | undefined
  if (!rc || typeof rc.Path !== 'string' || rc.Path === '')
    fail('MissingParameter', 'The request is missing a required parameter `RequestConfig.Path`.')
  if (!String(rc!.Path).startsWith('/')) fail('InvalidParameterValue', 'The request path must start with "/".')
  info.RequestConfig = { Path: rc!.Path, Method: rc!.Method ?? 'GET' }
  oneOf(info, 'AuthType', AUTH_TYPES)
  oneOf(info, 'Protocol', API_PROTOCOLS)
  const type = oneOf(info, 'ServiceType', SERVICE_TYPES)
  if (type === 'HTTP' || type === 'WEBSOCKET') {
    const sc = (info.ServiceConfig ?? {}) as Obj
    for (const k of ['Url', 'Path', 'Method'])
      if (typeof sc[k] !== 'string' || sc[k] === '')
        fail('InvalidParameterValue', `ServiceConfig.${k} is required for ${type} back ends.`)
    info.ServiceConfig = { Product: '', UniqVpcId: '', UpstreamId: '', ...sc }
  }
  if (type === 'MOCK' && !info.ServiceMockReturnMessage)
    fail('InvalidParameterValue', 'ServiceMockReturnMessage is required for MOCK back ends.')
  if (info.ResponseType !== '' && !RESPONSE_TYPES.includes(String(info.ResponseType)))
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

const CreateApi = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  const info = apiBody(g, p)
  const id = g.ids.id('api-')
  const t = g.now()
  info.ApiId = id
  info.CreatedTime = t
  info.ModifiedTime = t
  info.ServiceName = g.state.services.get(serviceId)!.info.ServiceName
  g.state.apis.set(id, { info, quota: { test: -1, prepub: -1, release: -1 } })
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
export const apiView = (g: Gw, serviceId: string, apiId: string): Obj => ({
  ...clone(api(g, serviceId, apiId).info),
  ServiceDesc: g.state.services.get(serviceId)!.info.ServiceDesc,
  Environments: ENVS.filter((e) => g.state.services.get(serviceId)!.released.has(e)),
})
const DescribeApi = (g: Gw, p: Params): Obj => ({ Result: apiView(g, reqStr(p, 'ServiceId'), reqStr(p, 'ApiId')) })

const ModifyApi = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  const a = api(g, serviceId, reqStr(p, 'ApiId'))
  if (p.Protocol !== undefined && p.Protocol !== a.info.Protocol)
    fail('UnsupportedOperation.ModifyProtocol', 'The protocol of an API cannot be changed.')
  const keep = { ApiId: a.info.ApiId, CreatedTime: a.info.CreatedTime, ServiceName: a.info.ServiceName }
  const fresh: Obj = { ...API_DEFAULTS }
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== null) fresh[k] = clone(v)
  a.info = { ...apiBody(g, fresh), ...keep, ModifiedTime: g.now() }
  return {}
}

const DeleteApi = (g: Gw, p: Params): Obj => {
  const a = api(g, reqStr(p, 'ServiceId'), reqStr(p, 'ApiId'))
  const id = a.info.ApiId as string
  if (g.state.bindings.some((b) => b.ApiId === id))
    fail('UnsupportedOperation.UsagePlanBound', `The API ${id} is still bound to usage plans.`)
  g.state.apis.delete(id)
  for (let i = g.state.attachments.length - 1; i >= 0; i--)
    if (g.state.attachments[i].ApiId === id) g.state.attachments.splice(i, 1)
  return { Result: true }
}

const DescribeApisStatus = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
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
  const all = apisOf(g, serviceId)
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
  return listed(g, all, p, 'ApiIdStatusSet')
}

// the action takes ServiceId, EnvironmentNames?, ApiId?, Limit?, Offset? and refuses anything else
const DescribeApiEnvironmentStrategy = (g: Gw, p: Params): Obj => {
  for (const k of Object.keys(p))
    if (!['ServiceId', 'EnvironmentNames', 'ApiId', 'Limit', 'Offset'].includes(k))
      fail('UnknownParameter', `The parameter \`${k}\` is not recognized.`)
  const serviceId = reqStr(p, 'ServiceId')
  service(g, serviceId)
  const id = optStr(p, 'ApiId')
  const envs = strList(p, 'EnvironmentNames')
  const all = apisOf(g, serviceId)
    .filter((a) => id === undefined || a.ApiId === id)
    .map((a) => ({
      ApiId: a.ApiId,
      ApiName: a.ApiName,
      Path: (a.RequestConfig as Obj).Path,
      Method: (a.RequestConfig as Obj).Method,
      EnvironmentStrategySet: ENVS.filter((e) => !envs || envs.includes(e)).map((e) => ({
        EnvironmentName: e,
        Quota: g.state.apis.get(a.ApiId as string)!.quota[e],
      })),
    }))
  return listed(g, all, p, 'ApiEnvironmentStrategySet')
}

const ModifyApiEnvironmentStrategy = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  const v = limitOf(p)
  const env = envOf(p, 'EnvironmentName')
  const ids = strList(p, 'ApiIds') ?? fail('MissingParameter', 'The request is missing a required parameter `ApiIds`.')
  for (const id of ids) api(g, serviceId, id).quota[env] = v
  return { Result: true }
}

export const apisActions = (g: Gw) =>
  bound(g, {
    CreateApi,
    DescribeApi,
    ModifyApi,
    DeleteApi,
    DescribeApisStatus,
    DescribeApiEnvironmentStrategy,
    ModifyApiEnvironmentStrategy,
  })
