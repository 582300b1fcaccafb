/**
 * cloud:ApiGatewayUsagePlanAttachment — binds a usage plan to a service environment (or to one
 * API of it) and, optionally, API keys to the plan. From docs/wire/cloud.md §4.5: accessKeyIds;
 * every input forces replacement (no update); the id has six `#`-separated parts, empty parts
 * kept: `<usagePlanId>#<serviceId>#<environment>#<bindType>#<apiId>#<accessKeyId,…>`.
 * BindEnvironment/UnBindEnvironment may answer `Result: false` without an error and are repeated
 * until acknowledged (G2). Unlike the engine it bridges (G15), a binding that disappeared reads
 * as gone, and the bound keys are always refreshed.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource, type Identity } from '../../core/spec'
import { observe } from '../../core/observe'
import { literals } from '../../core/codecs'
import {
  apigw,
  isGone,
  isObj,
  joinId,
  known,
  pages,
  resultOf,
  sequence,
  sequenceWith,
  sharedOf,
  sharedRequests,
  splitId,
  stepsOf,
  str,
  untilAcknowledged,
  type Step,
  type Steps,
  WAIT_ACKNOWLEDGED_MS,
} from './shared/wire'

export const ApiGatewayUsagePlanAttachmentInputs = t.exact(
  t.intersection([
    t.type({
      /** Id of the usage plan to bind. Changing it replaces the resource. */
      usagePlanId: t.string,
      /** Id of the service the plan is bound to (or whose API it is). Changing it replaces the resource. */
      serviceId: t.string,
      /** Required. Changing it replaces the resource. One of `test`,`release`,`prepub`. */
      environment: literals(['test', 'release', 'prepub']),
    }),
    t.partial({
      /** Values seen in the spec: `API`. Changing it replaces the resource. Default "SERVICE"; one of `SERVICE`,`API`. */
      bindType: literals(['SERVICE', 'API']),
      /** Id of the API the plan is bound to, when bindType is `API`. Changing it replaces the resource. */
      apiId: t.string,
      /** Ids of the API keys bound to the usage plan. Changing it replaces the resource. */
      accessKeyIds: t.array(t.string),
    }),
  ]),
  'ApiGatewayUsagePlanAttachmentInputs',
)
export type ApiGatewayUsagePlanAttachmentInputs = t.TypeOf<typeof ApiGatewayUsagePlanAttachmentInputs>

export const ApiGatewayUsagePlanAttachmentOutputs = t.exact(t.type({}), 'ApiGatewayUsagePlanAttachmentOutputs')
export type ApiGatewayUsagePlanAttachmentOutputs = t.TypeOf<typeof ApiGatewayUsagePlanAttachmentOutputs>

type I = ApiGatewayUsagePlanAttachmentInputs

const LABELS = ['usagePlanId', 'serviceId', 'environment', 'bindType', 'apiId', 'accessKeyIds'] as const
const ENVS = ['test', 'release', 'prepub']

export const attachmentId = (i: Partial<I>): string =>
  joinId(
    i.usagePlanId,
    i.serviceId,
    i.environment,
    i.bindType ?? 'SERVICE',
    i.bindType === 'API' ? i.apiId : '',
    (i.accessKeyIds ?? []).join(','),
  )

const identity: Identity<I> = {
  importFormat: LABELS.map((l) => `<${l}>`).join('#'),
  parseImportId: (s) => {
    const r = splitId(s, LABELS)
    if (E.isLeft(r)) return r
    const [usagePlanId, serviceId, environment, bindType, apiId, keys] = r.right
    if (!usagePlanId || !serviceId) return E.left(`has an empty <${!usagePlanId ? 'usagePlanId' : 'serviceId'}>`)
    if (!ENVS.includes(environment))
      return E.left(`names the environment ${JSON.stringify(environment)}, not test, release or prepub`)
    if (bindType !== 'SERVICE' && bindType !== 'API')
      return E.left(`names the bindType ${JSON.stringify(bindType)}, not SERVICE or API`)
    if (bindType === 'API' && !apiId) return E.left('has an empty <apiId> for bindType API')
    const accessKeyIds = keys === '' ? [] : keys.split(',')
    return E.right({
      id: s,
      inputs: {
        usagePlanId,
        serviceId,
        environment: environment as I['environment'],
        bindType,
        ...(apiId ? { apiId } : {}),
        ...(accessKeyIds.length ? { accessKeyIds } : {}),
      },
    })
  },
  printImportId: (id) => id,
}

const bindParams = (i: I) => ({
  ServiceId: i.serviceId,
  UsagePlanIds: [i.usagePlanId],
  Environment: i.environment,
  BindType: i.bindType ?? 'SERVICE',
  ...(i.bindType === 'API' ? { ApiIds: [i.apiId] } : {}),
})

const listKey = (i: Partial<I>) => (i.bindType === 'API' ? 'Result.ApiUsagePlanList' : 'Result.ServiceUsagePlanList')

const matching = (i: Partial<I>, rows: ReadonlyArray<unknown>) =>
  rows
    .filter(isObj)
    .find(
      (r) =>
        r.UsagePlanId === i.usagePlanId &&
        r.Environment === i.environment &&
        (i.bindType !== 'API' || r.ApiId === i.apiId),
    )

/**
 * A binding is read from its service's bindings (DescribeServiceUsagePlan or DescribeApiUsagePlan)
 * and, when it binds keys, its plan's keys: two listings, each of a parent, which the attachments
 * of one service or one plan share in a refresh. A plan that is gone shows in either (no binding
 * names it; its keys are ResourceNotFound.InvalidUsagePlan), so it is not read on its own.
 * DescribeUsagePlan's BindSecretIds and BindEnvironments would answer both in one request, but a
 * bound environment there is a service and an environment only: it does not say which API, nor
 * whether the whole service or one API of it is bound, so it cannot tell that a binding is still there.
 */
const readSteps = (i: I): Step[] => [
  {
    name: 'bindings',
    shared: 'send',
    request: () =>
      apigw(
        i.bindType === 'API' ? 'DescribeApiUsagePlan' : 'DescribeServiceUsagePlan',
        { ServiceId: i.serviceId, Offset: 0, Limit: 100 },
        { paginate: pages(listKey(i)) },
      ),
    absent: (acc: Steps) =>
      matching(i, sharedOf(acc, 'bindings'))
        ? undefined
        : `usage plan ${i.usagePlanId} is no longer bound to ${i.serviceId} (${i.environment})`,
  },
  {
    name: 'keys',
    shared: 'send',
    request: () =>
      (i.accessKeyIds ?? []).length
        ? apigw(
            'DescribeUsagePlanSecretIds',
            { UsagePlanId: i.usagePlanId, Offset: 0, Limit: 100 },
            { paginate: pages('Result.AccessKeyList') },
          )
        : undefined,
  },
]

export const ApiGatewayUsagePlanAttachment = defineResource({
  token: 'cloud:ApiGatewayUsagePlanAttachment',
  doc:
    'Binds a usage plan to an environment (test, release or prepub) of a service, or of one API when bindType is API; accessKeyIds (from the wire reference) ' +
    'are bound to the plan too. Every change replaces the attachment, the old binding removed first. Waits: binding and unbinding ' +
    'are repeated until acknowledged, up to 5 minutes each; a service or plan that is gone ends a delete as done. ' +
    "Refresh reads each attachment alone: a binding is seen only through its service's bindings and its plan's keys together; " +
    'in one refresh, the attachments of one service share its bindings listing and those of one plan its keys listing.',
  inputs: ApiGatewayUsagePlanAttachmentInputs,
  outputs: ApiGatewayUsagePlanAttachmentOutputs,
  identity,
  replaceOn: ['usagePlanId', 'serviceId', 'environment', 'bindType', 'apiId', 'accessKeyIds'],
  // a binding is known by what it binds, so the new one and the old are one binding: unbinding the old
  // after binding the new would leave nothing bound. The old one goes first
  deleteBeforeReplace: true,
  // the platform binds the whole service when no bindType is given (and an import reads it back)
  defaults: () => ({ bindType: 'SERVICE' as const }),
  secrets: [],
  rules: [
    {
      name: 'api binding names an api',
      check: (i) => {
        if (i.bindType !== undefined && !known(i.bindType)) return []
        const api = i.bindType === 'API'
        if (api && i.apiId === undefined)
          return [{ path: 'apiId', expected: 'an api id when bindType is "API"', given: undefined }]
        if (!api && i.apiId !== undefined)
          return [{ path: 'apiId', expected: 'nothing unless bindType is "API"', given: i.apiId }]
        return []
      },
    },
  ],
  wire: {
    // the step's time budget covers its longest wait (see visible, untilAcknowledged, lookAgain)
    waitMs: WAIT_ACKNOWLEDGED_MS,
    create: (i) =>
      sequence([
        { name: 'plan', request: () => apigw('DescribeUsagePlan', { UsagePlanId: i.usagePlanId }) },
        { name: 'service', request: () => apigw('DescribeService', { ServiceId: i.serviceId }) },
        {
          name: 'api',
          request: () =>
            i.bindType === 'API' && (i.accessKeyIds ?? []).length > 0
              ? apigw('DescribeApi', { ServiceId: i.serviceId, ApiId: i.apiId })
              : undefined,
          refuse: (acc) => {
            const auth = str(resultOf(acc.api).AuthType)
            return acc.api !== undefined && auth !== 'SECRET'
              ? `api ${i.apiId} uses ${auth ?? 'no'} authentication; API keys need an api with authType SECRET`
              : undefined
          },
        },
        {
          name: 'bind',
          request: () =>
            apigw('BindEnvironment', bindParams(i), {
              poll: untilAcknowledged(`usage plan ${i.usagePlanId} to be bound to ${i.serviceId} (${i.environment})`),
            }),
        },
        {
          name: 'keys-bind',
          request: () =>
            (i.accessKeyIds ?? []).length
              ? apigw('BindSecretIds', { UsagePlanId: i.usagePlanId, AccessKeyIds: i.accessKeyIds })
              : undefined,
        },
        ...readSteps(i),
      ]),
    read: (_id, ctx) => sequence(readSteps(ctx.inputs)),
    shares: {
      requests: (_id, ctx) => sharedRequests(readSteps(ctx.inputs)),
      read: (_id, ctx, shared) => sequenceWith(readSteps(ctx.inputs), {}, shared),
    },
    // a binding is known by what it binds: a lost create is read back (not bound: nothing was made)
    find: (sent) => sequence(readSteps(sent)),
    delete: (_id, ctx) => {
      const i = ctx.inputs
      return sequence([
        {
          name: 'keys-unbind',
          request: () =>
            (i.accessKeyIds ?? []).length
              ? apigw('UnBindSecretIds', { UsagePlanId: i.usagePlanId, AccessKeyIds: i.accessKeyIds })
              : undefined,
        },
        {
          name: 'unbind',
          request: () =>
            apigw('UnBindEnvironment', bindParams(i), {
              // a service or plan that is gone leaves nothing bound: the delete is done
              poll: untilAcknowledged(
                `usage plan ${i.usagePlanId} to be unbound from ${i.serviceId} (${i.environment})`,
                'end',
              ),
            }),
        },
      ])
    },
    decode: (reply, ctx) => {
      const steps = stepsOf(reply)
      const sent = ctx.inputs
      const row = steps ? matching(sent, sharedOf(steps, 'bindings')) : isObj(reply) ? reply : undefined
      if (!row || typeof row.UsagePlanId !== 'string' || typeof row.ServiceId !== 'string')
        return E.left(
          `expected a usage plan binding with UsagePlanId and ServiceId, got ${JSON.stringify(reply).slice(0, 200)}`,
        )
      const bindType = steps ? (sent.bindType ?? 'SERVICE') : str(row.ApiId) ? 'API' : 'SERVICE'
      const bound = steps
        ? sharedOf(steps, 'keys')
            .filter(isObj)
            .map((k) => str(k.AccessKeyId))
        : []
      const accessKeyIds = steps ? (sent.accessKeyIds ?? []).filter((k) => bound.includes(k)) : sent.accessKeyIds
      const inputs: Partial<I> = {
        usagePlanId: row.UsagePlanId,
        serviceId: row.ServiceId,
        environment: str(row.Environment) as I['environment'],
        bindType,
        ...(bindType === 'API' ? { apiId: str(row.ApiId) } : {}),
        ...(accessKeyIds && (accessKeyIds.length || sent.accessKeyIds) ? { accessKeyIds } : {}),
      }
      return observe(
        ApiGatewayUsagePlanAttachmentInputs,
        ApiGatewayUsagePlanAttachmentOutputs,
        inputs,
        attachmentId({ ...inputs, accessKeyIds: sent.accessKeyIds ?? [] }),
        'apigateway:DescribeServiceUsagePlan',
      )
    },
    gone: (e) =>
      isGone(e) || e.code === 'ResourceNotFound.InvalidUsagePlan' || e.code === 'ResourceNotFound.InvalidService',
  },
  // discovery lists each service's bindings, whole-service and per-API (two listings: the platform
  // has no one listing of both), each row decoded as a read decodes it. Keys bound to a plan are
  // the plan's, not one binding's: a listed attachment binds none (bind them in the program)
  discover: {
    scope: {
      key: 'serviceId',
      parent: 'cloud:ApiGatewayService',
      request: (serviceId) =>
        (['SERVICE', 'API'] as const).map((bindType) =>
          apigw(
            bindType === 'API' ? 'DescribeApiUsagePlan' : 'DescribeServiceUsagePlan',
            { ServiceId: serviceId, Offset: 0, Limit: 100 },
            { paginate: pages(listKey({ bindType })) },
          ),
        ),
    },
  },
  examples: {
    valid: {
      usagePlanId: 'usagePlan-gyeafpab',
      serviceId: 'service-pg6ud8pa',
      environment: 'release',
      bindType: 'API',
      apiId: 'api-p8gtanvy',
      accessKeyIds: ['AKIDpu1ex7s5rx6rt6bpn3bzhv8unqwhqkhmyfjv2rz'],
    },
    invalid: [
      [{ serviceId: 's', environment: 'release' }, 'usagePlanId'],
      [{ usagePlanId: 'p', environment: 'release' }, 'serviceId'],
      [{ usagePlanId: 'p', serviceId: 's' }, 'environment'],
      [{ usagePlanId: 'p', serviceId: 's', environment: 'staging' }, 'environment'],
      [{ usagePlanId: 'p', serviceId: 's', environment: 'test', bindType: 'METHOD' }, 'bindType'],
      [{ usagePlanId: 'p', serviceId: 's', environment: 'test', bindType: 'API' }, 'apiId'],
    ],
    outputs: {},
    reply: {
      UsagePlanId: 'usagePlan-gyeafpab',
      UsagePlanName: 'partners',
      ServiceId: 'service-pg6ud8pa',
      ApiId: '',
      Environment: 'release',
      MaxRequestNum: -1,
      MaxRequestNumPreSec: -1,
      CreatedTime: '2024-01-01T00:00:00Z',
      ModifiedTime: '2024-01-01T00:00:00Z',
    },
  },
})
