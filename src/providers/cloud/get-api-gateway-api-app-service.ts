/**
 * cloud:getApiGatewayApiAppService — a service as an API app sees it. From docs/wire/cloud.md
 * §3.10: apigateway DescribeServiceForApiApp, one call, a flat reply (no `Result`); the API and
 * usage-plan lists and the scalar fields are docs/wire/cloud.md's. The result id is the serviceId.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import {
  apigw,
  asList,
  camelObject,
  isObj,
  listOf,
  lookupArgs,
  lookupResult,
  num,
  responseOf,
  str,
} from './shared/wire'

export const GetApiGatewayApiAppServiceArgs = lookupArgs(
  'GetApiGatewayApiAppServiceArgs',
  {
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
    /** Region of the service, e.g. `ap-guangzhou`. */
    apiRegion: t.string,
  },
  {},
)
export type GetApiGatewayApiAppServiceArgs = t.TypeOf<typeof GetApiGatewayApiAppServiceArgs>

export const ApiIdStatus = t.exact(
  t.partial({
    serviceId: t.string,
    apiId: t.string,
    apiDesc: t.string,
    path: t.string,
    method: t.string,
    createdTime: t.string,
    modifiedTime: t.string,
    apiName: t.string,
    uniqVpcId: t.string,
    apiType: t.string,
    protocol: t.string,
    isDebugAfterCharge: t.boolean,
    authType: t.string,
    apiBusinessType: t.string,
    authRelationApiId: t.string,
    oauthConfigs: t.array(t.UnknownRecord),
    tokenLocation: t.string,
  }),
  'ApiIdStatus',
)
export const AppUsagePlan = t.exact(
  t.partial({
    environment: t.string,
    usagePlanId: t.string,
    usagePlanName: t.string,
    usagePlanDesc: t.string,
    maxRequestNumPreSec: t.number,
    createdTime: t.string,
    modifiedTime: t.string,
  }),
  'AppUsagePlan',
)

export const GetApiGatewayApiAppServiceResult = lookupResult(
  'GetApiGatewayApiAppServiceResult',
  {
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
    /** Region of the service, e.g. `ap-guangzhou`. */
    apiRegion: t.string,
    /** The service's APIs, with their status, method, path and auth type. */
    apiIdStatusSets: t.array(ApiIdStatus),
    /** Usage plans bound to the service. */
    usagePlanLists: t.array(AppUsagePlan),
    /** Environments the service is released to: `test`, `prepub`, `release`. */
    availableEnvironments: t.array(t.string),
    /** Networks the service is reached from: `INNER`, `OUTER`. */
    netTypes: t.array(t.string),
  },
  {
    /** The number of APIs of the service. */
    apiTotalCount: t.number,
    /** When the service was created. */
    createdTime: t.string,
    /** HTTP port on the private network. */
    innerHttpPort: t.number,
    /** HTTPS port on the private network. */
    innerHttpsPort: t.number,
    /** Domain of the service on the private network. */
    internalSubDomain: t.string,
    /** IP version the service is reached over, e.g. `IPv4`. */
    ipVersion: t.string,
    /** When the service was last changed. */
    modifiedTime: t.string,
    /** Domain of the service on the public network. */
    outerSubDomain: t.string,
    /** Protocols the service accepts: `http`, `https` or `http&https`. */
    protocol: t.string,
    /** Description of the service. */
    serviceDesc: t.string,
    /** Display name of the service. */
    serviceName: t.string,
    /** Id of the cluster (set) the service runs on, as the platform reports it. */
    setId: t.number,
    /** The number of usage plans bound to the service. */
    usagePlanTotalCount: t.number,
    /** User type of the account that owns the service, as the platform reports it. */
    userType: t.string,
  },
)
export type GetApiGatewayApiAppServiceResult = t.TypeOf<typeof GetApiGatewayApiAppServiceResult>

const strings = (u: unknown, key: string) => listOf(u, key).filter((x): x is string => typeof x === 'string')

export const getApiGatewayApiAppService = defineLookup({
  token: 'cloud:getApiGatewayApiAppService',
  doc: 'A gateway service as seen by API apps (DescribeServiceForApiApp): its APIs, usage plans, environments, domains and ports.',
  args: GetApiGatewayApiAppServiceArgs,
  result: GetApiGatewayApiAppServiceResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) => apigw('DescribeServiceForApiApp', { ServiceId: a.serviceId, ApiRegion: a.apiRegion }),
    decode: (reply, a) => {
      const r = responseOf(reply)
      if (typeof r.ServiceId !== 'string') return E.left('expected a DescribeServiceForApiApp reply with a ServiceId')
      const o: Record<string, unknown> = {
        serviceId: a.serviceId,
        apiRegion: a.apiRegion,
        apiIdStatusSets: listOf(r, 'ApiIdStatusSet')
          .filter(isObj)
          .map(({ OauthConfig, RelationBuniessApiIds: _rel, Tags: _tags, ...rest }) => ({
            ...camelObject(rest),
            oauthConfigs: asList(OauthConfig),
          })),
        usagePlanLists: listOf(r, 'UsagePlanList')
          .filter(isObj)
          .map((x) => camelObject(x)),
        availableEnvironments: strings(r, 'AvailableEnvironments'),
        netTypes: strings(r, 'NetTypes'),
        apiTotalCount: num(r.ApiTotalCount),
        createdTime: str(r.CreatedTime),
        innerHttpPort: num(r.InnerHttpPort),
        innerHttpsPort: num(r.InnerHttpsPort),
        internalSubDomain: str(r.InternalSubDomain),
        ipVersion: str(r.IpVersion),
        modifiedTime: str(r.ModifiedTime),
        outerSubDomain: str(r.OuterSubDomain),
        protocol: str(r.Protocol),
        serviceDesc: str(r.ServiceDesc),
        serviceName: str(r.ServiceName),
        setId: num(r.SetId),
        usagePlanTotalCount: num(r.UsagePlanTotalCount),
        userType: str(r.UserType),
        id: a.serviceId,
      }
      for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k]
      return E.right(o as GetApiGatewayApiAppServiceResult)
    },
  },
  examples: {
    valid: { serviceId: 'service-pg6ud8pa', apiRegion: 'ap-guangzhou' },
    invalid: [
      [{ apiRegion: 'ap-guangzhou' }, 'serviceId'],
      [{ serviceId: 's' }, 'apiRegion'],
    ],
    result: {
      serviceId: 'service-pg6ud8pa',
      apiRegion: 'ap-guangzhou',
      apiIdStatusSets: [],
      usagePlanLists: [],
      availableEnvironments: ['release'],
      netTypes: ['OUTER'],
      serviceName: 'orders',
      id: 'service-pg6ud8pa',
    },
    reply: {
      ServiceId: 'service-pg6ud8pa',
      ServiceName: 'orders',
      AvailableEnvironments: ['release'],
      NetTypes: ['OUTER'],
      ApiIdStatusSet: [],
      UsagePlanList: [],
      SetId: 1,
    },
  },
})
