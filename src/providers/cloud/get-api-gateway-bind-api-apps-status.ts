/**
 * cloud:getApiGatewayBindApiAppsStatus — the API apps bound to some APIs of a service. From the
 * docs/wire/cloud.md §3.16: apigateway DescribeApiBindApiAppsStatus, paged by 20; filters by ApiAppId,
 * Environment or KeyWord (name or id); the result is a list of exactly one element holding every
 * binding (none when nothing is bound), as the engine shows it. The result id is the CRC-32 of
 * the bound app ids.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { literals } from '../../core/codecs'
import { defineLookup } from '../../core/spec'
import { apigw, idsHash, isObj, itemsFrom, lookupArgs, lookupResult, pages, str } from './shared/wire'

export const BindFilter = t.exact(
  t.type({ name: literals(['ApiAppId', 'Environment', 'KeyWord']), values: t.array(t.string) }),
  'BindApiAppsFilter',
)

export const GetApiGatewayBindApiAppsStatusArgs = lookupArgs(
  'GetApiGatewayBindApiAppsStatusArgs',
  {
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
    /** Ids of the APIs whose bound apps are read. */
    apiIds: t.array(t.string),
  },
  {
    /** Filters (name, values): name is `ApiAppId`, `Environment` or `KeyWord`. */
    filters: t.array(BindFilter),
  },
)
export type GetApiGatewayBindApiAppsStatusArgs = t.TypeOf<typeof GetApiGatewayBindApiAppsStatusArgs>

export const ApiAppApi = t.exact(
  t.partial({
    apiAppName: t.string,
    apiAppId: t.string,
    apiId: t.string,
    apiName: t.string,
    serviceId: t.string,
    authorizedTime: t.string,
    apiRegion: t.string,
    environmentName: t.string,
  }),
  'ApiAppApi',
)

export const GetApiGatewayBindApiAppsStatusResult = lookupResult(
  'GetApiGatewayBindApiAppsStatusResult',
  {
    /** One element whose apiAppApiSets holds every app-to-API binding found. */
    results: t.array(t.exact(t.type({ apiAppApiSets: t.array(ApiAppApi) }))),
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
    /** Ids of the APIs whose bound apps are read. */
    apiIds: t.array(t.string),
  },
  {
    /** Filters (name, values): name is `ApiAppId`, `Environment` or `KeyWord`. */
    filters: t.array(BindFilter),
  },
)
export type GetApiGatewayBindApiAppsStatusResult = t.TypeOf<typeof GetApiGatewayBindApiAppsStatusResult>

export const getApiGatewayBindApiAppsStatus = defineLookup({
  token: 'cloud:getApiGatewayBindApiAppsStatus',
  doc: 'The API apps bound to some APIs of a service, filtered by app id, environment or keyword; results holds one element with every binding.',
  args: GetApiGatewayBindApiAppsStatusArgs,
  result: GetApiGatewayBindApiAppsStatusResult,
  secrets: [],
  rules: [
    {
      name: 'at least one api',
      check: (a) =>
        Array.isArray(a.apiIds) && a.apiIds.length === 0
          ? [{ path: 'apiIds', expected: 'at least one api id', given: a.apiIds }]
          : [],
    },
  ],
  wire: {
    request: (a) =>
      apigw(
        'DescribeApiBindApiAppsStatus',
        {
          ServiceId: a.serviceId,
          ApiIds: a.apiIds,
          Filters: a.filters?.map((f) => ({ Name: f.name, Values: f.values })),
          Offset: 0,
          Limit: 20,
        },
        { paginate: pages('Result.ApiAppApiSet', 20) },
      ),
    decode: (reply, a) => {
      if (!Array.isArray(reply) && !isObj(reply)) return E.left('expected the API app bindings')
      const set = itemsFrom(reply, 'Result.ApiAppApiSet')
        .filter(isObj)
        .map(
          (x) =>
            JSON.parse(
              JSON.stringify({
                apiAppName: str(x.ApiAppName),
                apiAppId: str(x.ApiAppId),
                apiId: str(x.ApiId),
                apiName: str(x.ApiName),
                serviceId: str(x.ServiceId),
                authorizedTime: str(x.AuthorizedTime),
                apiRegion: str(x.ApiRegion),
                environmentName: str(x.EnvironmentName),
              }),
            ) as t.TypeOf<typeof ApiAppApi>,
        )
      return E.right({
        results: set.length ? [{ apiAppApiSets: set }] : [],
        serviceId: a.serviceId,
        apiIds: a.apiIds,
        ...(a.filters ? { filters: a.filters } : {}),
        id: idsHash(set.map((x) => x.apiAppId ?? '')),
      })
    },
  },
  examples: {
    valid: {
      serviceId: 'service-pg6ud8pa',
      apiIds: ['api-p8gtanvy'],
      filters: [{ name: 'Environment', values: ['release'] }],
    },
    invalid: [
      [{ apiIds: ['api-1'] }, 'serviceId'],
      [{ serviceId: 's' }, 'apiIds'],
      [{ serviceId: 's', apiIds: ['api-1'], filters: [{ name: 'Region', values: ['x'] }] }, 'filters.0.name'],
      [{ serviceId: 's', apiIds: [] }, 'apiIds'],
    ],
    result: {
      results: [{ apiAppApiSets: [{ apiAppId: 'app-1', apiId: 'api-p8gtanvy', environmentName: 'release' }] }],
      serviceId: 'service-pg6ud8pa',
      apiIds: ['api-p8gtanvy'],
      id: '1',
    },
    reply: {
      Result: {
        TotalCount: 1,
        ApiAppApiSet: [
          {
            ApiAppId: 'app-1',
            ApiAppName: 'mobile',
            ApiId: 'api-p8gtanvy',
            ApiName: 'a',
            ServiceId: 'service-pg6ud8pa',
            AuthorizedTime: '2024-01-01T00:00:00Z',
            ApiRegion: 'ap-guangzhou',
            EnvironmentName: 'release',
          },
        ],
      },
    },
  },
})
