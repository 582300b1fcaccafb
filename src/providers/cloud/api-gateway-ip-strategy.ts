/**
 * cloud:ApiGatewayIpStrategy — an IP allow list (WHITE) or block list (BLACK) of a service. From
 * docs/wire/cloud.md §4.9: strategyType is WHITE or BLACK, strategyData holds the addresses one
 * per line, the outputs are strategyId and createTime, and only strategyData can change in place.
 * The id is `<serviceId>#<strategyId>`. Create waits until DescribeIPStrategy sees the strategy
 * (G1). Unlike the engine it bridges (G13), several addresses (or CIDR ranges) are accepted, and
 * a strategy deleted elsewhere reads as gone rather than as an error.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '../../core/spec'
import { compositeId, observe } from '../../core/observe'
import { Cidr, literals, pattern } from '../../core/codecs'
import {
  apigw,
  isGone,
  isObj,
  joinId,
  listOf,
  lookAgain,
  responseOf,
  resultOf,
  sequence,
  stepsOf,
  str,
  visible,
  type Steps,
  WAIT_VISIBLE_MS,
  WAIT_LOOK_MS,
} from './shared/wire'
import { scalarText } from '../../core/scalar-text'

const lines = (s: string): string[] =>
  s
    .split(/[\n,]/)
    .map((x) => x.trim())
    .filter((x) => x !== '')

export const StrategyData = pattern('IP addresses or CIDR ranges, one per line', (s) => {
  // split once (this runs at compile, plan and apply)
  const l = lines(s)
  return l.length > 0 && l.every((x) => Cidr.is(x))
})

export const ApiGatewayIpStrategyInputs = t.exact(
  t.type({
    /** Id of the service the strategy belongs to. Changing it replaces the resource. Non-empty. */
    serviceId: pattern('a service id', (s) => s !== ''),

    /** Display name of the IP strategy. Changing it replaces the resource. Non-empty. */
    strategyName: pattern('a strategy name', (s) => s !== ''),

    /** Values seen in the spec: `BLACK`. Required. Changing it replaces the resource. Non-empty. */
    strategyType: literals(['WHITE', 'BLACK']),

    /** Required. Must parse as ONE IP address. */
    strategyData: StrategyData,
  }),
  'ApiGatewayIpStrategyInputs',
)
export type ApiGatewayIpStrategyInputs = t.TypeOf<typeof ApiGatewayIpStrategyInputs>

export const ApiGatewayIpStrategyOutputs = t.exact(
  t.intersection([
    t.type({
      /** The IP strategy's id, assigned by the platform. */
      strategyId: t.string,
    }),
    t.partial({
      /** When it was created, as the platform reports it. */
      createTime: t.string,
    }),
  ]),
  'ApiGatewayIpStrategyOutputs',
)
export type ApiGatewayIpStrategyOutputs = t.TypeOf<typeof ApiGatewayIpStrategyOutputs>

type I = ApiGatewayIpStrategyInputs

const describe = (serviceId: string, strategyId: string, extra = {}) =>
  apigw(
    'DescribeIPStrategy',
    { ServiceId: serviceId, StrategyId: strategyId, EnvironmentName: 'test', Offset: 0, Limit: 100 },
    extra,
  )

const strategyIdOf = (id: string): string => id.slice(id.indexOf('#') + 1)

/** The strategies of a DescribeIPStrategysStatus reply named `name`, newest first. */
const named = (reply: unknown, name: string): ReadonlyArray<Record<string, unknown>> =>
  listOf(resultOf(reply), 'StrategySet')
    .filter(isObj)
    .filter((s) => s.StrategyName === name)
    .sort((a, b) => scalarText(b.CreatedTime).localeCompare(scalarText(a.CreatedTime)))

/**
 * Where a lost create's strategy would be: the service's strategies by name (looked at a few
 * times, since a new strategy is listed late, G1), then the newest of that name read in full. The
 * listing has no paging and its reply is one object, so the newest is picked here; none named so
 * ends the look as "gone" (nothing was made).
 */
const findSteps = (i: I) =>
  sequence([
    {
      name: 'list',
      request: () =>
        apigw(
          'DescribeIPStrategysStatus',
          { ServiceId: i.serviceId, Filters: [{ Name: 'StrategyName', Values: [i.strategyName] }] },
          { poll: lookAgain(`IP strategy ${i.strategyName} to be listed`, (r) => named(r, i.strategyName).length > 0) },
        ),
      absent: (acc) =>
        named(acc.list, i.strategyName).length > 0
          ? undefined
          : `no IP strategy named ${i.strategyName} in service ${i.serviceId}`,
    },
    {
      name: 'strategy',
      request: (acc) => describe(i.serviceId, str(named(acc.list, i.strategyName)[0]?.StrategyId) ?? ''),
    },
  ])
/** the service part of `<serviceId>#<strategyId>` (the inputs' when the id has none) */
const serviceIdOf = (id: string, inputs: Partial<I>): string =>
  id.indexOf('#') > 0 ? id.slice(0, id.indexOf('#')) : (inputs.serviceId ?? '')

export const ApiGatewayIpStrategy = defineResource({
  token: 'cloud:ApiGatewayIpStrategy',
  doc:
    'An IP strategy of a service: strategyType WHITE (allow only) or BLACK (block), strategyData the addresses or CIDR ranges, one per line. ' +
    'From the wire reference: the outputs strategyId and createTime; only strategyData changes in place. ' +
    'Waits: after a create, until the strategy is visible, up to 3 minutes; a strategy whose create reply was lost is looked for in the listing 5 times, up to 1 minute (the platform lists new objects late). ' +
    "Refresh reads each strategy alone (DescribeIPStrategy): the service's listing is read only to find a lost create.",
  inputs: ApiGatewayIpStrategyInputs,
  outputs: ApiGatewayIpStrategyOutputs,
  identity: compositeId<I>(
    '#',
    [
      { label: 'serviceId', field: 'serviceId' },
      { label: 'strategyId', field: null },
    ],
    -1,
  ),
  replaceOn: ['serviceId', 'strategyName', 'strategyType'],
  secrets: [],
  rules: [],
  equals: {
    // the same addresses in any order and layout are no change
    strategyData: (a, b) =>
      typeof a === 'string' && typeof b === 'string' && lines(a).sort().join('\n') === lines(b).sort().join('\n'),
  },
  wire: {
    // the step's time budget covers its longest wait (see visible, untilAcknowledged, lookAgain)
    waitMs: WAIT_VISIBLE_MS + WAIT_LOOK_MS,
    create: (i) => {
      const sid = (acc: Steps) => str(resultOf(acc.create).StrategyId) ?? ''
      return sequence([
        {
          name: 'create',
          request: () =>
            apigw('CreateIPStrategy', {
              ServiceId: i.serviceId,
              StrategyName: i.strategyName,
              StrategyType: i.strategyType,
              StrategyData: i.strategyData,
            }),
        },
        {
          name: 'strategy',
          request: (acc) =>
            describe(i.serviceId, sid(acc), {
              poll: visible(
                `IP strategy ${sid(acc)} to become visible`,
                (r) => str(resultOf(r).StrategyId) !== undefined,
              ),
            }),
        },
      ])
    },
    read: (id, ctx) =>
      sequence([{ name: 'strategy', request: () => describe(serviceIdOf(id, ctx.inputs), strategyIdOf(id)) }]),
    update: (id, i) =>
      sequence([
        {
          name: 'modify',
          request: () =>
            apigw('ModifyIPStrategy', {
              ServiceId: i.serviceId,
              StrategyId: strategyIdOf(id),
              StrategyData: i.strategyData,
            }),
        },
        { name: 'strategy', request: () => describe(i.serviceId, strategyIdOf(id)) },
      ]),
    delete: (id, ctx) =>
      apigw('DeleteIPStrategy', { ServiceId: serviceIdOf(id, ctx.inputs), StrategyId: strategyIdOf(id) }),
    find: (sent) => findSteps(sent),
    decode: (reply, ctx) => {
      const steps = stepsOf(reply)
      const s = resultOf(steps ? steps.strategy : reply)
      const sid = str(s.StrategyId)
      const serviceId = str(s.ServiceId) ?? ctx.inputs.serviceId
      if (!sid || !serviceId)
        return E.left(
          `expected an IP strategy with a StrategyId and ServiceId, got ${JSON.stringify(responseOf(reply)).slice(0, 200)}`,
        )
      return observe(
        ApiGatewayIpStrategyInputs,
        ApiGatewayIpStrategyOutputs,
        {
          serviceId,
          strategyName: str(s.StrategyName),
          strategyType: str(s.StrategyType),
          strategyData: str(s.StrategyData),
          strategyId: sid,
          createTime: str(s.CreatedTime),
        },
        joinId(serviceId, sid),
        'apigateway:DescribeIPStrategy',
      )
    },
    matches: (sent, o) => o.inputs.serviceId === sent.serviceId && o.inputs.strategyName === sent.strategyName,
    gone: (e) =>
      isGone(e) || e.code === 'ResourceNotFound.InvalidIPStrategy' || e.code === 'ResourceNotFound.InvalidService',
  },
  // discovery lists each service's strategies (one unpaged reply), then reads each as an import does
  discover: {
    scope: {
      key: 'serviceId',
      parent: 'cloud:ApiGatewayService',
      request: (serviceId) => apigw('DescribeIPStrategysStatus', { ServiceId: serviceId }),
      importIdOf: (reply, serviceId) =>
        listOf(resultOf(reply), 'StrategySet')
          .filter(isObj)
          .flatMap((s) => (str(s.StrategyId) ? [`${serviceId}#${str(s.StrategyId)}`] : [])),
    },
  },
  examples: {
    valid: {
      serviceId: 'service-ohxqslqe',
      strategyName: 'blocked',
      strategyType: 'BLACK',
      strategyData: '192.0.2.10\n198.51.100.0/24',
    },
    invalid: [
      [{ strategyName: 'b', strategyType: 'BLACK', strategyData: '192.0.2.10' }, 'serviceId'],
      [{ serviceId: 's', strategyType: 'BLACK', strategyData: '192.0.2.10' }, 'strategyName'],
      [{ serviceId: 's', strategyName: 'b', strategyType: 'GREY', strategyData: '192.0.2.10' }, 'strategyType'],
      [{ serviceId: 's', strategyName: 'b', strategyType: 'BLACK', strategyData: 'not-an-ip' }, 'strategyData'],
      [{ serviceId: 's', strategyName: 'b', strategyType: 'BLACK' }, 'strategyData'],
    ],
    outputs: { strategyId: 'IPStrategy-q1lk8ud2', createTime: '2024-01-01T00:00:00Z' },
    reply: {
      Response: {
        Result: {
          StrategyId: 'IPStrategy-q1lk8ud2',
          StrategyName: 'blocked',
          StrategyType: 'BLACK',
          StrategyData: '192.0.2.10\n198.51.100.0/24',
          CreatedTime: '2024-01-01T00:00:00Z',
          ModifiedTime: '2024-01-01T00:00:00Z',
          ServiceId: 'service-ohxqslqe',
          BindApiTotalCount: 0,
          BindApis: [],
        },
        RequestId: '3c3c3c3c-0000-4000-8000-000000000005',
      },
    },
  },
})
