/**
 * cloud:getApiGatewayApis — the APIs of a service, optionally filtered by id or name. From the
 * docs/wire/cloud.md §3.15: DescribeApisStatus is paged (100 a page) and each listed api is then read
 * with DescribeApi; the item fields are docs/wire/cloud.md's (plus apiId, which the listing
 * carries). Absent front-/back-end configs read as empty strings, as the engine reports them.
 * The result id is `<apiName>#<apiId>`.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import {
  apigw,
  bool,
  eachStep,
  filters,
  isObj,
  itemsOf,
  joinId,
  listOf,
  num,
  pagedStep,
  repliesOf,
  resultOf,
  sequence,
  stepsOf,
  str,
} from './shared/wire'

export const GetApiGatewayApisArgs = t.exact(
  t.intersection([
    t.type({
      /** Id of the API gateway service, e.g. `service-abc123`. */
      serviceId: t.string,
    }),
    t.partial({
      /** Id of the API to find. */
      apiId: t.string,
      /** Name of the API to find. */
      apiName: t.string,
      /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
      resultOutputFile: t.string,
      /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
      id: t.string,
    }),
  ]),
  'GetApiGatewayApisArgs',
)
export type GetApiGatewayApisArgs = t.TypeOf<typeof GetApiGatewayApisArgs>

const Parameter = t.exact(
  t.partial({
    name: t.string,
    position: t.string,
    type: t.string,
    desc: t.string,
    defaultValue: t.string,
    required: t.boolean,
  }),
  'ApiParameter',
)
const ErrorCode = t.exact(
  t.partial({ code: t.number, msg: t.string, desc: t.string, convertedCode: t.number, needConvert: t.boolean }),
  'ApiErrorCodeItem',
)

export const ApiListItem = t.exact(
  t.partial({
    serviceId: t.string,
    apiId: t.string,
    apiName: t.string,
    apiDesc: t.string,
    authType: t.string,
    protocol: t.string,
    enableCors: t.boolean,
    requestConfigPath: t.string,
    requestConfigMethod: t.string,
    requestParameters: t.array(Parameter),
    serviceConfigType: t.string,
    serviceConfigTimeout: t.number,
    serviceConfigProduct: t.string,
    serviceConfigVpcId: t.string,
    serviceConfigUrl: t.string,
    serviceConfigPath: t.string,
    serviceConfigMethod: t.string,
    serviceConfigScfFunctionName: t.string,
    serviceConfigScfFunctionNamespace: t.string,
    serviceConfigScfFunctionQualifier: t.string,
    serviceConfigMockReturnMessage: t.string,
    responseType: t.string,
    responseSuccessExample: t.string,
    responseFailExample: t.string,
    responseErrorCodes: t.array(ErrorCode),
    modifyTime: t.string,
    createTime: t.string,
  }),
  'ApiListItem',
)

export const GetApiGatewayApisResult = t.exact(
  t.intersection([
    t.type({
      /** The APIs found, each the full API description. */
      lists: t.array(ApiListItem),
      /** Id of the API gateway service, e.g. `service-abc123`. */
      serviceId: t.string,
    }),
    t.partial({
      /** Id of the API to find. */
      apiId: t.string,
      /** Name of the API to find. */
      apiName: t.string,
      /** The lookup's id, computed from what it found or from its arguments. */
      id: t.string,
    }),
  ]),
  'GetApiGatewayApisResult',
)
export type GetApiGatewayApisResult = t.TypeOf<typeof GetApiGatewayApisResult>

const s = (u: unknown): string => str(u) ?? ''

/** One ApiInfo → a list item (flat config fields are "" when the config is absent). */
export const apiItem = (a: Record<string, unknown>): t.TypeOf<typeof ApiListItem> => {
  const rc = isObj(a.RequestConfig) ? a.RequestConfig : {}
  const sc = isObj(a.ServiceConfig) ? a.ServiceConfig : {}
  const item: Record<string, unknown> = {
    serviceId: str(a.ServiceId),
    apiId: str(a.ApiId),
    apiName: str(a.ApiName),
    apiDesc: str(a.ApiDesc),
    authType: str(a.AuthType),
    protocol: str(a.Protocol),
    enableCors: bool(a.EnableCORS),
    requestConfigPath: s(rc.Path ?? a.Path),
    requestConfigMethod: s(rc.Method ?? a.Method),
    requestParameters: listOf(a, 'RequestParameters')
      .filter(isObj)
      .map((p) => ({
        name: str(p.Name),
        position: str(p.Position),
        type: str(p.Type),
        desc: str(p.Desc),
        defaultValue: str(p.DefaultValue),
        required: bool(p.Required),
      })),
    serviceConfigType: str(a.ServiceType),
    serviceConfigTimeout: num(a.ServiceTimeout),
    serviceConfigProduct: s(sc.Product),
    serviceConfigVpcId: s(sc.UniqVpcId),
    serviceConfigUrl: s(sc.Url),
    serviceConfigPath: s(sc.Path),
    serviceConfigMethod: s(sc.Method),
    serviceConfigScfFunctionName: str(a.ServiceScfFunctionName),
    serviceConfigScfFunctionNamespace: str(a.ServiceScfFunctionNamespace),
    serviceConfigScfFunctionQualifier: str(a.ServiceScfFunctionQualifier),
    serviceConfigMockReturnMessage: str(a.ServiceMockReturnMessage),
    responseType: str(a.ResponseType),
    responseSuccessExample: str(a.ResponseSuccessExample),
    responseFailExample: str(a.ResponseFailExample),
    responseErrorCodes: listOf(a, 'ResponseErrorCodes')
      .filter(isObj)
      .map((c) => ({
        code: num(c.Code),
        msg: str(c.Msg),
        desc: str(c.Desc),
        convertedCode: num(c.ConvertedCode),
        needConvert: bool(c.NeedConvert),
      })),
    modifyTime: str(a.ModifiedTime),
    createTime: str(a.CreatedTime),
  }
  return JSON.parse(JSON.stringify(item)) as t.TypeOf<typeof ApiListItem>
}

export const getApiGatewayApis = defineLookup({
  token: 'cloud:getApiGatewayApis',
  doc: 'The APIs of an API gateway service, filtered by apiId and/or apiName; each item is the full API description (DescribeApi).',
  args: GetApiGatewayApisArgs,
  result: GetApiGatewayApisResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) =>
      sequence([
        pagedStep(
          'status',
          (Offset, Limit) =>
            apigw('DescribeApisStatus', {
              ServiceId: a.serviceId,
              // Filters only when one is given
              ...(a.apiId !== undefined || a.apiName !== undefined
                ? {
                    Filters: filters([
                      ['ApiId', a.apiId],
                      ['ApiName', a.apiName],
                    ]),
                  }
                : {}),
              Offset,
              Limit,
            }),
          'Result.ApiIdStatusSet',
        ),
        eachStep('apis', (acc) =>
          itemsOf(acc, 'status', 'Result.ApiIdStatusSet')
            .filter(isObj)
            .map((x) => apigw('DescribeApi', { ServiceId: a.serviceId, ApiId: x.ApiId })),
        ),
      ]),
    decode: (reply, a) => {
      const steps = stepsOf(reply)
      const infos = steps
        ? repliesOf(steps, 'apis').map((r) => resultOf(r))
        : listOf(resultOf(reply), 'ApiIdStatusSet').filter(isObj)
      if (!steps && !isObj(resultOf(reply))) return E.left('expected a DescribeApisStatus or DescribeApi reply')
      return E.right({
        lists: infos.filter((i) => typeof i.ApiId === 'string').map(apiItem),
        serviceId: a.serviceId,
        ...(a.apiId !== undefined ? { apiId: a.apiId } : {}),
        ...(a.apiName !== undefined ? { apiName: a.apiName } : {}),
        id: joinId(a.apiName, a.apiId),
      })
    },
  },
  examples: {
    valid: { serviceId: 'service-pg6ud8pa', apiName: 'list-orders' },
    invalid: [
      [{ apiName: 'list-orders' }, 'serviceId'],
      [{ serviceId: 'service-pg6ud8pa', apiId: 7 }, 'apiId'],
    ],
    result: {
      lists: [{ apiId: 'api-p8gtanvy', apiName: 'list-orders', requestConfigPath: '/orders' }],
      serviceId: 'service-pg6ud8pa',
      apiName: 'list-orders',
      id: 'list-orders#',
    },
    reply: {
      Response: {
        Result: {
          TotalCount: 1,
          ApiIdStatusSet: [
            {
              ServiceId: 'service-pg6ud8pa',
              ApiId: 'api-p8gtanvy',
              ApiName: 'list-orders',
              Path: '/orders',
              Method: 'GET',
              Protocol: 'HTTP',
              AuthType: 'NONE',
            },
          ],
        },
        RequestId: '1c2d3e4f-0000-4000-8000-000000000001',
      },
    },
  },
})
