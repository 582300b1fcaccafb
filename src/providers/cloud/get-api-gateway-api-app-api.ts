/**
 * cloud:getApiGatewayApiAppApi — one API as an API app sees it. From docs/wire/cloud.md §3.9:
 * apigateway DescribeApiForApiApp, one call; the single ApiInfo becomes a one-element `results`
 * list, and its single nested objects (oauthConfig, requestConfig, serviceConfig, the TSF
 * configurations) become lists of one element, as the engine shows them. The result id is
 * `<serviceId>#<apiId>#<apiRegion>`.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { apigw, asList, camelObject, isObj, joinId, listOf, lookupArgs, lookupResult, resultOf } from './shared/wire'

export const GetApiGatewayApiAppApiArgs = lookupArgs(
  'GetApiGatewayApiAppApiArgs',
  {
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
    /** Id of the API. */
    apiId: t.string,
    /** Region of the API, e.g. `ap-guangzhou`. */
    apiRegion: t.string,
  },
  {},
)
export type GetApiGatewayApiAppApiArgs = t.TypeOf<typeof GetApiGatewayApiAppApiArgs>

export const GetApiGatewayApiAppApiResult = lookupResult(
  'GetApiGatewayApiAppApiResult',
  {
    /** One element: the full description of the API. */
    results: t.array(t.UnknownRecord),
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
    /** Id of the API. */
    apiId: t.string,
    /** Region of the API, e.g. `ap-guangzhou`. */
    apiRegion: t.string,
  },
  {},
)
export type GetApiGatewayApiAppApiResult = t.TypeOf<typeof GetApiGatewayApiAppApiResult>

/** An ApiInfo in the engine's shape (see the module doc). */
export const apiInfoItem = (info: Record<string, unknown>): Record<string, unknown> => {
  const {
    OauthConfig,
    RequestConfig,
    ServiceConfig,
    ServiceTsfLoadBalanceConf,
    ServiceTsfHealthCheckConf,
    EnableCORS,
    Base64EncodedTriggerRules: _rules,
    MicroServicesInfo: _infos,
    Tags: _tags,
    ServiceScfEventIsAsyncCall: _async,
    ...rest
  } = info
  const sc = isObj(ServiceConfig) ? { ...ServiceConfig } : undefined
  if (sc) delete sc.CosConfig
  return {
    ...camelObject(rest),
    oauthConfigs: asList(OauthConfig),
    requestConfigs: asList(RequestConfig),
    serviceConfigs: asList(sc),
    serviceTsfLoadBalanceConfs: asList(ServiceTsfLoadBalanceConf),
    serviceTsfHealthCheckConfs: asList(ServiceTsfHealthCheckConf),
    microServicesInfos: listOf(info, 'MicroServicesInfo'),
    tags: listOf(info, 'Tags')
      .filter(isObj)
      .map((x) => camelObject(x)),
    base64EncodedTriggerRules: listOf(info, 'Base64EncodedTriggerRules')
      .filter(isObj)
      .map((r) => ({ name: r.Name, values: Array.isArray(r.Value) ? r.Value : [] })),
    ...(typeof EnableCORS === 'boolean' ? { enableCors: EnableCORS } : {}),
  }
}

export const getApiGatewayApiAppApi = defineLookup({
  token: 'cloud:getApiGatewayApiAppApi',
  doc: 'One API of a service as seen by API apps (DescribeApiForApiApp): a one-element results list with the full API description.',
  args: GetApiGatewayApiAppApiArgs,
  result: GetApiGatewayApiAppApiResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) => apigw('DescribeApiForApiApp', { ServiceId: a.serviceId, ApiId: a.apiId, ApiRegion: a.apiRegion }),
    decode: (reply, a) => {
      const info = resultOf(reply)
      if (typeof info.ApiId !== 'string') return E.left('expected a DescribeApiForApiApp reply with an ApiId')
      return E.right({
        results: [apiInfoItem(info)],
        serviceId: a.serviceId,
        apiId: a.apiId,
        apiRegion: a.apiRegion,
        id: joinId(a.serviceId, a.apiId, a.apiRegion),
      })
    },
  },
  examples: {
    valid: { serviceId: 'service-pg6ud8pa', apiId: 'api-p8gtanvy', apiRegion: 'ap-guangzhou' },
    invalid: [
      [{ apiId: 'api-1', apiRegion: 'ap-guangzhou' }, 'serviceId'],
      [{ serviceId: 's', apiRegion: 'ap-guangzhou' }, 'apiId'],
      [{ serviceId: 's', apiId: 'api-1' }, 'apiRegion'],
    ],
    result: {
      results: [{ apiId: 'api-p8gtanvy', requestConfigs: [{ path: '/orders', method: 'GET' }] }],
      serviceId: 'service-pg6ud8pa',
      apiId: 'api-p8gtanvy',
      apiRegion: 'ap-guangzhou',
      id: 'service-pg6ud8pa#api-p8gtanvy#ap-guangzhou',
    },
    reply: {
      Result: {
        ServiceId: 'service-pg6ud8pa',
        ApiId: 'api-p8gtanvy',
        ApiName: 'list-orders',
        RequestConfig: { Path: '/orders', Method: 'GET' },
        EnableCORS: true,
      },
    },
  },
})
