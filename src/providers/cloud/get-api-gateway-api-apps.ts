/**
 * cloud:getApiGatewayApiApps — API apps, filtered by id and/or name. From docs/wire/cloud.md
 * §3.11: apigateway DescribeApiAppsStatus, paged by 100 (stopping on a short page, not on
 * TotalCount < 100, G14); the item fields are docs/wire/cloud.md's; each app's secret is kept as
 * a secret. The result id is the CRC-32 of the app ids.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { SecretString } from '../../core/codecs'
import { secret } from '../../core/secret'
import { defineLookup } from '../../core/spec'
import { apigw, filters, idsHash, isObj, itemsFrom, lookupArgs, lookupResult, pages, str } from './shared/wire'
import { scalarText } from '../../core/scalar-text'

export const GetApiGatewayApiAppsArgs = lookupArgs(
  'GetApiGatewayApiAppsArgs',
  {},
  {
    /** Id of the API app to find. */
    apiAppId: t.string,
    /** Name of the API app to find. */
    apiAppName: t.string,
  },
)
export type GetApiGatewayApiAppsArgs = t.TypeOf<typeof GetApiGatewayApiAppsArgs>

export const ApiApp = t.exact(
  t.partial({
    apiAppId: t.string,
    apiAppName: t.string,
    apiAppKey: t.string,
    apiAppSecret: SecretString,
    createdTime: t.string,
    modifiedTime: t.string,
    apiAppDesc: t.string,
  }),
  'ApiApp',
)

export const GetApiGatewayApiAppsResult = lookupResult(
  'GetApiGatewayApiAppsResult',
  {
    /** The API apps found: id, name, key, secret (kept secret), description, times. */
    apiAppLists: t.array(ApiApp),
  },
  {
    /** Id of the API app to find. */
    apiAppId: t.string,
    /** Name of the API app to find. */
    apiAppName: t.string,
  },
)
export type GetApiGatewayApiAppsResult = t.TypeOf<typeof GetApiGatewayApiAppsResult>

export const getApiGatewayApiApps = defineLookup({
  token: 'cloud:getApiGatewayApiApps',
  doc: 'API apps, filtered by apiAppId and/or apiAppName; each with its key, secret (kept secret), description and times.',
  args: GetApiGatewayApiAppsArgs,
  result: GetApiGatewayApiAppsResult,
  secrets: ['apiAppLists.*.apiAppSecret'],
  rules: [],
  wire: {
    request: (a) =>
      apigw(
        'DescribeApiAppsStatus',
        {
          // always sent, empty when nothing is filtered
          Filters: filters([
            ['ApiAppId', a.apiAppId],
            ['ApiAppName', a.apiAppName],
          ]),
          Offset: 0,
          Limit: 100,
        },
        { paginate: pages('Result.ApiAppSet') },
      ),
    decode: (reply, a) => {
      if (!Array.isArray(reply) && !isObj(reply)) return E.left('expected the API apps')
      const apiAppLists = itemsFrom(reply, 'Result.ApiAppSet')
        .filter(isObj)
        .map((x) => {
          const s = str(x.ApiAppSecret)
          const item: Record<string, unknown> = {
            apiAppId: str(x.ApiAppId),
            apiAppName: str(x.ApiAppName),
            apiAppKey: str(x.ApiAppKey),
            apiAppSecret: s === undefined ? undefined : secret(s),
            createdTime: str(x.CreatedTime),
            modifiedTime: str(x.ModifiedTime),
            apiAppDesc: str(x.ApiAppDesc),
          }
          for (const k of Object.keys(item)) if (item[k] === undefined) delete item[k]
          return item
        })
      return E.right({
        apiAppLists,
        ...(a.apiAppId !== undefined ? { apiAppId: a.apiAppId } : {}),
        ...(a.apiAppName !== undefined ? { apiAppName: a.apiAppName } : {}),
        id: idsHash(apiAppLists.map((x) => scalarText(x.apiAppId))),
      })
    },
  },
  examples: {
    valid: { apiAppName: 'mobile' },
    invalid: [[{ apiAppId: 1 }, 'apiAppId']],
    result: { apiAppLists: [{ apiAppId: 'app-1', apiAppName: 'mobile' }], apiAppName: 'mobile', id: '1' },
    reply: {
      Result: {
        TotalCount: 1,
        ApiAppSet: [
          {
            ApiAppId: 'app-1',
            ApiAppName: 'mobile',
            ApiAppKey: 'APIDkey',
            ApiAppSecret: 'not-a-real-secret',
            CreatedTime: '2024-01-01T00:00:00Z',
            ModifiedTime: '2024-01-01T00:00:00Z',
            ApiAppDesc: '',
          },
        ],
      },
    },
  },
})
