/**
 * cloud:getApiGatewayIpStrategies — the IP strategies of a service. From docs/wire/cloud.md
 * §3.18: apigateway DescribeIPStrategysStatus (sic, no paging), then for every strategy and for
 * each environment in the order test, release, prepub DescribeIPStrategy paged by 100; attachLists
 * concatenates the APIs bound in the three environments; an attached API's oauthConfig becomes a
 * string map (absent parts are left out rather than crashing, as the engine would). The result id
 * is `<serviceId>#<strategyName>`.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import {
  apigw,
  eachPagedStep,
  filters,
  isObj,
  joinId,
  listOf,
  lookupArgs,
  lookupResult,
  num,
  repliesOf,
  resultOf,
  sequence,
  stepsOf,
  str,
} from './shared/wire'

export const GetApiGatewayIpStrategiesArgs = lookupArgs(
  'GetApiGatewayIpStrategiesArgs',
  {
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
  },
  {
    /** Name of the IP strategy to find. */
    strategyName: t.string,
  },
)
export type GetApiGatewayIpStrategiesArgs = t.TypeOf<typeof GetApiGatewayIpStrategiesArgs>

export const StrategyAttach = t.exact(
  t.partial({
    serviceId: t.string,
    apiId: t.string,
    apiDesc: t.string,
    apiName: t.string,
    vpcId: t.number,
    uniqVpcId: t.string,
    apiType: t.string,
    protocol: t.string,
    authType: t.string,
    apiBusinessType: t.string,
    authRelationApiId: t.string,
    tags: t.array(t.string),
    path: t.string,
    method: t.string,
    relationBusinessApiIds: t.array(t.string),
    oauthConfig: t.record(t.string, t.string),
    modifyTime: t.string,
    createTime: t.string,
  }),
  'StrategyAttach',
)

export const IpStrategyItem = t.exact(
  t.partial({
    strategyId: t.string,
    strategyName: t.string,
    strategyType: t.string,
    ipList: t.string,
    serviceId: t.string,
    bindApiTotalCount: t.number,
    modifyTime: t.string,
    createTime: t.string,
    attachLists: t.array(StrategyAttach),
  }),
  'IpStrategyItem',
)

export const GetApiGatewayIpStrategiesResult = lookupResult(
  'GetApiGatewayIpStrategiesResult',
  {
    /** The IP strategies: addresses and the APIs bound in each environment. */
    lists: t.array(IpStrategyItem),
    /** Id of the API gateway service, e.g. `service-abc123`. */
    serviceId: t.string,
  },
  {
    /** Name of the IP strategy to find. */
    strategyName: t.string,
  },
)
export type GetApiGatewayIpStrategiesResult = t.TypeOf<typeof GetApiGatewayIpStrategiesResult>

const ENVS = ['test', 'release', 'prepub'] as const

const strings = (u: unknown, key: string) => listOf(u, key).filter((x): x is string => typeof x === 'string')

const attach = (a: Record<string, unknown>) => {
  const o = isObj(a.OauthConfig) ? a.OauthConfig : undefined
  const oauth: Record<string, string> = {}
  if (o)
    for (const [k, w] of [
      ['login_redirect_url', 'LoginRedirectUrl'],
      ['public_key', 'PublicKey'],
      ['token_location', 'TokenLocation'],
    ] as const)
      if (typeof o[w] === 'string') oauth[k] = o[w]
  const item: Record<string, unknown> = {
    serviceId: str(a.ServiceId),
    apiId: str(a.ApiId),
    apiDesc: str(a.ApiDesc),
    apiName: str(a.ApiName),
    vpcId: num(a.VpcId),
    uniqVpcId: str(a.UniqVpcId),
    apiType: str(a.ApiType),
    protocol: str(a.Protocol),
    authType: str(a.AuthType),
    apiBusinessType: str(a.ApiBusinessType),
    authRelationApiId: str(a.AuthRelationApiId),
    tags: strings(a, 'Tags'),
    path: str(a.Path),
    method: str(a.Method),
    relationBusinessApiIds: strings(a, 'RelationBuniessApiIds'),
    oauthConfig: o ? oauth : undefined,
    modifyTime: str(a.ModifiedTime),
    createTime: str(a.CreatedTime),
  }
  for (const k of Object.keys(item)) if (item[k] === undefined) delete item[k]
  return item as t.TypeOf<typeof StrategyAttach>
}

export const getApiGatewayIpStrategies = defineLookup({
  token: 'cloud:getApiGatewayIpStrategies',
  doc: 'The IP strategies of a service (optionally one by name), each with its addresses (ipList) and the APIs it is bound to in the test, release and prepub environments.',
  args: GetApiGatewayIpStrategiesArgs,
  result: GetApiGatewayIpStrategiesResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) => {
      const f = filters([['StrategyName', a.strategyName]])
      return sequence([
        {
          name: 'strategies',
          request: () =>
            apigw('DescribeIPStrategysStatus', { ServiceId: a.serviceId, ...(f.length ? { Filters: f } : {}) }),
        },
        eachPagedStep(
          'bound',
          (acc) =>
            listOf(resultOf(acc.strategies), 'StrategySet')
              .filter(isObj)
              .flatMap((s) =>
                ENVS.map(
                  (env) => (Offset: number, Limit: number) =>
                    apigw('DescribeIPStrategy', {
                      ServiceId: a.serviceId,
                      StrategyId: s.StrategyId,
                      EnvironmentName: env,
                      Offset,
                      Limit,
                    }),
                ),
              ),
          'Result.BindApis',
        ),
      ])
    },
    decode: (reply, a) => {
      const steps = stepsOf(reply)
      const set = listOf(resultOf(steps ? steps.strategies : reply), 'StrategySet').filter(isObj)
      if (!steps && !Array.isArray(resultOf(reply).StrategySet))
        return E.left('expected a DescribeIPStrategysStatus reply with a StrategySet')
      const bound = steps ? repliesOf(steps, 'bound').map((r) => resultOf(r)) : []
      const lists = set.map((s) => {
        const item: Record<string, unknown> = {
          strategyId: str(s.StrategyId),
          strategyName: str(s.StrategyName),
          strategyType: str(s.StrategyType),
          ipList: str(s.StrategyData),
          serviceId: str(s.ServiceId),
          bindApiTotalCount: num(s.BindApiTotalCount),
          modifyTime: str(s.ModifiedTime),
          createTime: str(s.CreatedTime),
          attachLists: bound
            .filter((b) => b.StrategyId === s.StrategyId)
            .flatMap((b) => listOf(b, 'BindApis').filter(isObj).map(attach)),
        }
        for (const k of Object.keys(item)) if (item[k] === undefined) delete item[k]
        return item
      })
      return E.right({
        lists,
        serviceId: a.serviceId,
        ...(a.strategyName !== undefined ? { strategyName: a.strategyName } : {}),
        id: joinId(a.serviceId, a.strategyName),
      })
    },
  },
  examples: {
    valid: { serviceId: 'service-ohxqslqe', strategyName: 'blocked' },
    invalid: [[{ strategyName: 'b' }, 'serviceId']],
    result: {
      lists: [
        {
          strategyId: 'IPStrategy-q1lk8ud2',
          strategyName: 'blocked',
          strategyType: 'BLACK',
          ipList: '192.0.2.10',
          attachLists: [],
        },
      ],
      serviceId: 'service-ohxqslqe',
      strategyName: 'blocked',
      id: 'service-ohxqslqe#blocked',
    },
    reply: {
      Result: {
        TotalCount: 1,
        StrategySet: [
          {
            StrategyId: 'IPStrategy-q1lk8ud2',
            StrategyName: 'blocked',
            StrategyType: 'BLACK',
            StrategyData: '192.0.2.10',
            ServiceId: 'service-ohxqslqe',
            BindApiTotalCount: 0,
          },
        ],
      },
    },
  },
})
