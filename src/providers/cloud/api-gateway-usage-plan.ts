/**
 * cloud:ApiGatewayUsagePlan — a quota (total requests and requests per second) that API keys
 * and environments are bound to. From docs/wire/cloud.md §4.4: the bounds (-1 = unlimited, the
 * default; otherwise 1..99999999 total and 1..2000 per second), the outputs modifyTime,
 * createTime, attachApiKeys and attachLists; create waits until DescribeUsagePlan sees the plan.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '../../core/spec'
import { observe } from '../../core/observe'
import {
  apigw,
  isGone,
  isObj,
  itemsOf,
  known,
  listOf,
  lookAgain,
  num,
  pagedStep,
  prefixedId,
  responseOf,
  resultOf,
  sequence,
  stepsOf,
  str,
  visible,
  type Step,
  type Steps,
  WAIT_VISIBLE_MS,
  WAIT_LOOK_MS,
} from './shared/wire'

export const ApiGatewayUsagePlanInputs = t.exact(
  t.intersection([
    t.type({
      /** Display name of the usage plan. */
      usagePlanName: t.string,
    }),
    t.partial({
      /** Description of the usage plan. */
      usagePlanDesc: t.string,
      /** Default -1; `-1` or 1..99999999. */
      maxRequestNum: t.number,
      /** Default -1; `-1` or 1..2000. Not in the spec; from docs/wire/cloud.md. */
      maxRequestNumPreSec: t.number,
    }),
  ]),
  'ApiGatewayUsagePlanInputs',
)
export type ApiGatewayUsagePlanInputs = t.TypeOf<typeof ApiGatewayUsagePlanInputs>

export const UsagePlanAttachItem = t.exact(
  t.partial({
    serviceId: t.string,
    serviceName: t.string,
    apiId: t.string,
    apiName: t.string,
    path: t.string,
    method: t.string,
    environment: t.string,
    modifyTime: t.string,
    createTime: t.string,
  }),
  'UsagePlanAttachItem',
)

export const ApiGatewayUsagePlanOutputs = t.exact(
  t.intersection([
    t.type({
      /** The usage plan's id, assigned by the platform. */
      apiGatewayUsagePlanId: t.string,
    }),
    t.partial({
      /** When it was last changed, as the platform reports it. */
      modifyTime: t.string,

      /** When it was created, as the platform reports it. */
      createTime: t.string,

      /** Ids of the API keys bound to the plan. */
      attachApiKeys: t.array(t.string),

      /** Services and APIs the plan is bound to. */
      attachLists: t.array(UsagePlanAttachItem),
    }),
  ]),
  'ApiGatewayUsagePlanOutputs',
)
export type ApiGatewayUsagePlanOutputs = t.TypeOf<typeof ApiGatewayUsagePlanOutputs>

type I = ApiGatewayUsagePlanInputs

const readSteps = (id: (acc: Steps) => string): Step[] => [
  { name: 'plan', request: (acc) => apigw('DescribeUsagePlan', { UsagePlanId: id(acc) }) },
  pagedStep(
    'services',
    (Offset, Limit, acc) =>
      apigw('DescribeUsagePlanEnvironments', { UsagePlanId: id(acc), BindType: 'SERVICE', Offset, Limit }),
    'Result.EnvironmentList',
  ),
  pagedStep(
    'apis',
    (Offset, Limit, acc) =>
      apigw('DescribeUsagePlanEnvironments', { UsagePlanId: id(acc), BindType: 'API', Offset, Limit }),
    'Result.EnvironmentList',
  ),
]

const params = (i: I) => ({
  UsagePlanName: i.usagePlanName,
  UsagePlanDesc: i.usagePlanDesc,
  // both numbers are always sent: -1 is the platform's "unlimited"
  MaxRequestNum: i.maxRequestNum ?? -1,
  MaxRequestNumPreSec: i.maxRequestNumPreSec ?? -1,
})

const bounded = (field: 'maxRequestNum' | 'maxRequestNumPreSec', hi: number) => ({
  name: `${field} bounds`,
  check: (i: I) => {
    const v = i[field]
    return known(v) && typeof v === 'number' && v !== -1 && (v < 1 || v > hi || !Number.isInteger(v))
      ? [{ path: field, expected: `-1 (unlimited) or a whole number from 1 to ${hi}`, given: v }]
      : []
  },
})

export const ApiGatewayUsagePlan = defineResource({
  token: 'cloud:ApiGatewayUsagePlan',
  doc:
    'A usage plan: maxRequestNum requests in total and maxRequestNumPreSec per second (-1, the default, is unlimited). ' +
    'From the wire reference: the outputs modifyTime, createTime, attachApiKeys (bound key ids) and attachLists (bound services and APIs). ' +
    'Waits: after a create, until the plan is visible, up to 3 minutes; a plan whose create reply was lost is looked for in the listing 5 times, up to 1 minute (the platform lists new objects late).',
  inputs: ApiGatewayUsagePlanInputs,
  outputs: ApiGatewayUsagePlanOutputs,
  identity: prefixedId<I>('usagePlan-', 'usage plan id'),
  replaceOn: [],
  // wire reference §4.4: -1, no limit, when left out (read back)
  platformDefaults: { maxRequestNum: -1, maxRequestNumPreSec: -1 },
  secrets: [],
  rules: [bounded('maxRequestNum', 99999999), bounded('maxRequestNumPreSec', 2000)],
  wire: {
    // the step's time budget covers its longest wait (see visible, untilAcknowledged, lookAgain)
    waitMs: WAIT_VISIBLE_MS + WAIT_LOOK_MS,
    create: (i) => {
      const id = (acc: Steps) => str(resultOf(acc.create).UsagePlanId) ?? ''
      return sequence([
        { name: 'create', request: () => apigw('CreateUsagePlan', params(i)) },
        {
          name: 'visible',
          request: (acc) =>
            apigw(
              'DescribeUsagePlan',
              { UsagePlanId: id(acc) },
              {
                poll: visible(
                  `usage plan ${id(acc)} to become visible`,
                  (r) => str(resultOf(r).UsagePlanId) !== undefined,
                ),
              },
            ),
        },
        ...readSteps(id),
      ])
    },
    read: (id) => sequence(readSteps(() => id)),
    update: (id, i) =>
      sequence([
        { name: 'modify', request: () => apigw('ModifyUsagePlan', { UsagePlanId: id, ...params(i) }) },
        ...readSteps(() => id),
      ]),
    delete: (id) => apigw('DeleteUsagePlan', { UsagePlanId: id }),
    decode: (reply) => {
      const steps = stepsOf(reply)
      const p = resultOf(steps ? steps.plan : reply)
      const id = str(p.UsagePlanId)
      if (!id)
        return E.left(
          `expected a usage plan with a UsagePlanId, got ${JSON.stringify(responseOf(reply)).slice(0, 200)}`,
        )
      const attach = (e: Record<string, unknown>) => ({
        serviceId: str(e.ServiceId),
        serviceName: str(e.ServiceName),
        apiId: str(e.ApiId),
        apiName: str(e.ApiName),
        path: str(e.Path),
        method: str(e.Method),
        environment: str(e.Environment),
        modifyTime: str(e.ModifiedTime),
        createTime: str(e.CreatedTime),
      })
      const obj = {
        usagePlanName: str(p.UsagePlanName),
        usagePlanDesc: str(p.UsagePlanDesc),
        maxRequestNum: num(p.MaxRequestNum),
        maxRequestNumPreSec: num(p.MaxRequestNumPreSec),
        apiGatewayUsagePlanId: id,
        modifyTime: str(p.ModifiedTime),
        createTime: str(p.CreatedTime),
        attachApiKeys: Array.isArray(p.BindSecretIds)
          ? listOf(p, 'BindSecretIds').filter((x): x is string => typeof x === 'string')
          : undefined,
        attachLists: steps
          ? [
              ...itemsOf(steps, 'services', 'Result.EnvironmentList'),
              ...itemsOf(steps, 'apis', 'Result.EnvironmentList'),
            ]
              .filter(isObj)
              .map((e) => JSON.parse(JSON.stringify(attach(e))) as unknown)
          : undefined,
      }
      return observe(ApiGatewayUsagePlanInputs, ApiGatewayUsagePlanOutputs, obj, id, 'apigateway:DescribeUsagePlan')
    },
    list: () =>
      apigw(
        'DescribeUsagePlansStatus',
        { Offset: 0, Limit: 100 },
        { paginate: { items: 'Result.UsagePlanStatusSet', pageSize: 100 } },
      ),
    // a lost create's plan may not be listed yet (G1): look by name a few times before believing
    // none was made
    find: (sent) =>
      apigw(
        'DescribeUsagePlansStatus',
        { Filters: [{ Name: 'UsagePlanName', Values: [sent.usagePlanName] }], Offset: 0, Limit: 100 },
        {
          paginate: { items: 'Result.UsagePlanStatusSet', pageSize: 100 },
          poll: lookAgain(
            `usage plan ${sent.usagePlanName} to be listed`,
            (items) => Array.isArray(items) && items.some((p) => isObj(p) && p.UsagePlanName === sent.usagePlanName),
          ),
        },
      ),
    matches: (sent, o) => o.inputs.usagePlanName === sent.usagePlanName,
    gone: (e) => isGone(e) || e.code === 'ResourceNotFound.InvalidUsagePlan',
  },
  examples: {
    valid: {
      usagePlanName: 'partners',
      usagePlanDesc: 'partner quota',
      maxRequestNum: 100000,
      maxRequestNumPreSec: 100,
    },
    invalid: [
      [{ usagePlanDesc: 'x' }, 'usagePlanName'],
      [{ usagePlanName: 'p', maxRequestNum: '100' }, 'maxRequestNum'],
      [{ usagePlanName: 'p', maxRequestNum: 0 }, 'maxRequestNum'],
      [{ usagePlanName: 'p', maxRequestNumPreSec: 5000 }, 'maxRequestNumPreSec'],
    ],
    outputs: { apiGatewayUsagePlanId: 'usagePlan-gyeafpab', attachApiKeys: [], attachLists: [] },
    reply: {
      Response: {
        Result: {
          UsagePlanId: 'usagePlan-gyeafpab',
          UsagePlanName: 'partners',
          UsagePlanDesc: 'partner quota',
          MaxRequestNum: 100000,
          MaxRequestNumPreSec: 100,
          CreatedTime: '2024-01-01T00:00:00Z',
          ModifiedTime: '2024-01-01T00:00:00Z',
          BindSecretIdTotalCount: 0,
          BindSecretIds: [],
          BindEnvironmentTotalCount: 0,
          BindEnvironments: [],
        },
        RequestId: '5e6f7a8b-0000-4000-8000-00000000000a',
      },
    },
  },
})
