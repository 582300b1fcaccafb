/**
 * cloud:getApiGatewayApiDocs — the API documents of the account. From docs/wire/cloud.md §3.12:
 * apigateway DescribeAPIDocs (upper-case API), paged by 100 until a short page (G14); items carry
 * apiDocId, apiDocName and apiDocStatus (PROCESSING, COMPLETED or FAIL). The result id is the
 * CRC-32 of the document ids.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { apigw, idsHash, isObj, itemsFrom, lookupArgs, lookupResult, pages, str } from './shared/wire'

export const GetApiGatewayApiDocsArgs = lookupArgs('GetApiGatewayApiDocsArgs', {}, {})
export type GetApiGatewayApiDocsArgs = t.TypeOf<typeof GetApiGatewayApiDocsArgs>

export const ApiDoc = t.exact(t.partial({ apiDocId: t.string, apiDocName: t.string, apiDocStatus: t.string }), 'ApiDoc')

export const GetApiGatewayApiDocsResult = lookupResult(
  'GetApiGatewayApiDocsResult',
  {
    /** The API documents: id, name and status (`PROCESSING`, `COMPLETED` or `FAIL`). */
    apiDocLists: t.array(ApiDoc),
  },
  {},
)
export type GetApiGatewayApiDocsResult = t.TypeOf<typeof GetApiGatewayApiDocsResult>

export const getApiGatewayApiDocs = defineLookup({
  token: 'cloud:getApiGatewayApiDocs',
  doc: 'Every API document of the account, with its id, name and status (PROCESSING, COMPLETED or FAIL).',
  args: GetApiGatewayApiDocsArgs,
  result: GetApiGatewayApiDocsResult,
  secrets: [],
  rules: [],
  wire: {
    request: () => apigw('DescribeAPIDocs', { Offset: 0, Limit: 100 }, { paginate: pages('Result.APIDocSet') }),
    decode: (reply) => {
      if (!Array.isArray(reply) && !isObj(reply)) return E.left('expected the API documents')
      const apiDocLists = itemsFrom(reply, 'Result.APIDocSet')
        .filter(isObj)
        .map(
          (d) =>
            JSON.parse(
              JSON.stringify({
                apiDocId: str(d.ApiDocId),
                apiDocName: str(d.ApiDocName),
                apiDocStatus: str(d.ApiDocStatus),
              }),
            ) as t.TypeOf<typeof ApiDoc>,
        )
      return E.right({ apiDocLists, id: idsHash(apiDocLists.map((d) => d.apiDocId ?? '')) })
    },
  },
  examples: {
    valid: {},
    invalid: [[{ resultOutputFile: false }, 'resultOutputFile']],
    result: { apiDocLists: [{ apiDocId: 'apidoc-1', apiDocName: 'orders', apiDocStatus: 'COMPLETED' }], id: '1' },
    reply: {
      Result: { TotalCount: 1, APIDocSet: [{ ApiDocId: 'apidoc-1', ApiDocName: 'orders', ApiDocStatus: 'COMPLETED' }] },
    },
  },
})
