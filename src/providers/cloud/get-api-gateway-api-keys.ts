/**
 * cloud:getApiGatewayApiKeys — API keys, filtered by name and/or key id. From docs/wire/cloud.md
 * §3.13: apigateway DescribeApiKeysStatus, paged by 100; Filters only when one is given; the
 * status 1/0 reads on/off (G5); each key's secret is kept as a secret. The result id is
 * `<secretName>#<apiKeyId>` (empty parts kept).
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { SecretString } from '../../core/codecs'
import { secret } from '../../core/secret'
import { defineLookup } from '../../core/spec'
import { apigw, filters, isObj, itemsFrom, joinId, lookupArgs, lookupResult, pages, str } from './shared/wire'

export const GetApiGatewayApiKeysArgs = lookupArgs(
  'GetApiGatewayApiKeysArgs',
  {},
  {
    /** Id of the API key to find. */
    apiKeyId: t.string,
    /** Name of the API key to find. */
    secretName: t.string,
  },
)
export type GetApiGatewayApiKeysArgs = t.TypeOf<typeof GetApiGatewayApiKeysArgs>

export const ApiKeyItem = t.exact(
  t.partial({
    apiKeyId: t.string,
    status: t.string,
    accessKeySecret: SecretString,
    modifyTime: t.string,
    createTime: t.string,
  }),
  'ApiKeyItem',
)

export const GetApiGatewayApiKeysResult = lookupResult(
  'GetApiGatewayApiKeysResult',
  {
    /** The API keys found: status (`on` or `off`), secret (kept secret), times. */
    lists: t.array(ApiKeyItem),
  },
  {
    /** Id of the API key to find. */
    apiKeyId: t.string,
    /** Name of the API key to find. */
    secretName: t.string,
  },
)
export type GetApiGatewayApiKeysResult = t.TypeOf<typeof GetApiGatewayApiKeysResult>

export const getApiGatewayApiKeys = defineLookup({
  token: 'cloud:getApiGatewayApiKeys',
  doc: 'API keys, filtered by secretName and/or apiKeyId; each with its status (on or off), secret (kept secret) and times.',
  args: GetApiGatewayApiKeysArgs,
  result: GetApiGatewayApiKeysResult,
  secrets: ['lists.*.accessKeySecret'],
  rules: [],
  wire: {
    request: (a) => {
      const f = filters([
        ['SecretName', a.secretName],
        ['AccessKeyId', a.apiKeyId],
      ])
      return apigw(
        'DescribeApiKeysStatus',
        { ...(f.length ? { Filters: f } : {}), Offset: 0, Limit: 100 },
        { paginate: pages('Result.ApiKeySet') },
      )
    },
    decode: (reply, a) => {
      if (
        !Array.isArray(reply) &&
        !isObj((reply as { Result?: unknown })?.Result) &&
        !isObj((reply as { Response?: { Result?: unknown } })?.Response?.Result)
      )
        return E.left('expected a DescribeApiKeysStatus reply with a Result')
      const lists = itemsFrom(reply, 'Result.ApiKeySet')
        .filter(isObj)
        .map((k) => {
          const s = str(k.AccessKeySecret)
          const item: Record<string, unknown> = {
            apiKeyId: str(k.AccessKeyId),
            status: k.Status === 1 ? 'on' : k.Status === 0 ? 'off' : undefined,
            accessKeySecret: s === undefined ? undefined : secret(s),
            modifyTime: str(k.ModifiedTime),
            createTime: str(k.CreatedTime),
          }
          for (const x of Object.keys(item)) if (item[x] === undefined) delete item[x]
          return item
        })
      return E.right({
        lists,
        ...(a.apiKeyId !== undefined ? { apiKeyId: a.apiKeyId } : {}),
        ...(a.secretName !== undefined ? { secretName: a.secretName } : {}),
        id: joinId(a.secretName, a.apiKeyId),
      })
    },
  },
  examples: {
    valid: { secretName: 'partner-a' },
    invalid: [[{ secretName: ['a'] }, 'secretName']],
    result: { lists: [{ apiKeyId: 'AKID1', status: 'on' }], secretName: 'partner-a', id: 'partner-a#' },
    reply: {
      Result: {
        TotalCount: 1,
        ApiKeySet: [
          {
            AccessKeyId: 'AKID1',
            AccessKeySecret: 'not-a-real-secret',
            Status: 1,
            SecretName: 'partner-a',
            CreatedTime: '2024-01-01T00:00:00Z',
            ModifiedTime: '2024-01-01T00:00:00Z',
          },
        ],
      },
    },
  },
})
