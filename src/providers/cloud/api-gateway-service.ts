/**
 * cloud:ApiGatewayService — an API gateway service. From docs/wire/cloud.md §4.1 (not in the spec):
 * the inputs exclusiveSetName (deprecated, never sent), instanceId, uniqVpcId, the outputs
 * internalSubDomain, outerSubDomain, innerHttpPort, innerHttpsPort, modifyTime, createTime,
 * usagePlanLists and apiLists; create waits until DescribeService sees the new service (G1);
 * limits are per-environment rate caps set through ModifyServiceEnvironmentStrategy, `-1`
 * (unlimited) is reported as 5000 and 0 is never sent (G4); tags go through the tag service.
 * Unlike the engine it bridges (G16), a change of uniqVpcId replaces the service instead of being
 * silently ignored, and an update calls ModifyService only when one of its fields changed.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource, type WireContext } from '../../core/spec'
import { observe } from '../../core/observe'
import { literals, record } from '../../core/codecs'
import type { WireRequest } from '../../core/wire'
import {
  apigw,
  isObj,
  itemsOf,
  known,
  listOf,
  lookAgain,
  num,
  pages,
  pagedStep,
  prefixedId,
  responseOf,
  sameSet,
  sequence,
  stepsOf,
  str,
  tag,
  visible,
  type Step,
  type Steps,
  WAIT_VISIBLE_MS,
  WAIT_LOOK_MS,
} from './shared/wire'

/** Every service, paged whole (a listing of the whole type, which releases share in a refresh). */
export const listServices = (): WireRequest =>
  apigw('DescribeServicesStatus', { Offset: 0, Limit: 100 }, { paginate: pages('Result.ServiceSet') })

export const ApiGatewayServiceInputs = t.exact(
  t.intersection([
    t.type({
      /** Display name of the service. */
      serviceName: t.string,

      /** Values seen in the spec: `http`, `https` or `http&https`. Required. One of `http`,`https`,`http&https`. */
      protocol: literals(['http', 'https', 'http&https']),

      /** Values seen in the spec: List of `INNER`/`OUTER`. Required. One of `INNER`,`OUTER`; min 1 item(s). */
      netTypes: t.array(literals(['INNER', 'OUTER'])),
    }),
    t.partial({
      /** Description of the service. */
      serviceDesc: t.string,
      /** deprecated by the platform; accepted and never sent */
      exclusiveSetName: t.string,
      /** the spec lists IPv4 only, and CreateService refuses anything else (the upstream schema also names IPv6) */
      ipVersion: literals(['IPv4'], '"IPv4" (the only IP version the platform supports)'),

      /** Values seen in the spec: String map. */
      tags: record(t.string),

      /**
       * Id of the dedicated gateway instance the service runs on (the shared one when left out). Changing it replaces
       * the resource.
       */
      instanceId: t.string,

      /** VPC the service is reached from on the private network (set at creation). */
      uniqVpcId: t.string,

      /** Request rate limit of the `release` environment, in requests per second. */
      releaseLimit: t.number,

      /** Request rate limit of the `prepub` environment, in requests per second. */
      preLimit: t.number,

      /** Request rate limit of the `test` environment, in requests per second. */
      testLimit: t.number,
    }),
  ]),
  'ApiGatewayServiceInputs',
)
export type ApiGatewayServiceInputs = t.TypeOf<typeof ApiGatewayServiceInputs>

export const ServiceUsagePlan = t.exact(
  t.partial({ usagePlanId: t.string, usagePlanName: t.string, bindType: t.string, apiId: t.string }),
  'ServiceUsagePlan',
)
export const ServiceApi = t.exact(
  t.partial({ apiId: t.string, apiName: t.string, apiDesc: t.string, path: t.string, method: t.string }),
  'ServiceApi',
)

export const ApiGatewayServiceOutputs = t.exact(
  t.intersection([
    t.type({
      /** The service's id, assigned by the platform. */
      apiGatewayServiceId: t.string,
    }),
    t.partial({
      /** Domain of the service on the private network. */
      internalSubDomain: t.string,

      /** Domain of the service on the public network. */
      outerSubDomain: t.string,

      /** HTTP port on the private network. */
      innerHttpPort: t.number,

      /** HTTPS port on the private network. */
      innerHttpsPort: t.number,

      /** When it was last changed, as the platform reports it. */
      modifyTime: t.string,

      /** When it was created, as the platform reports it. */
      createTime: t.string,

      /** Usage plans bound to the service. */
      usagePlanLists: t.array(ServiceUsagePlan),

      /** APIs of the service. */
      apiLists: t.array(ServiceApi),
    }),
  ]),
  'ApiGatewayServiceOutputs',
)
export type ApiGatewayServiceOutputs = t.TypeOf<typeof ApiGatewayServiceOutputs>

type I = ApiGatewayServiceInputs

// ── wire ─────────────────────────────────────────────────────────────────────
/** the platform's "no limit" as the engine reports it (G4) */
export const QUOTA_MAX = 5000
export const ENVIRONMENTS = ['test', 'release', 'prepub'] as const
const LIMITS = [
  ['preLimit', 'prepub'],
  ['releaseLimit', 'release'],
  ['testLimit', 'test'],
] as const

/** The tag service's resource name of a service (six-part qcs name, account left empty). */
export const serviceResource = (region: string, serviceId: string): string =>
  `qcs::apigw:${region}:uin/:service/${serviceId}`

const regionOf = (ctx: WireContext): string =>
  typeof ctx.config.region === 'string' ? ctx.config.region : 'ap-guangzhou'

const serviceIdOf = (acc: Steps, fallback?: string): string => str(responseOf(acc.create).ServiceId) ?? fallback ?? ''

const limitSteps = (id: (acc: Steps) => string, inputs: I, prior?: I): Step[] =>
  LIMITS.map(([field, env]) => ({
    name: `limit-${env}`,
    request: (acc: Steps) => {
      const v = inputs[field]
      if (v === undefined || v === 0 || (prior && prior[field] === v)) return undefined
      return apigw('ModifyServiceEnvironmentStrategy', { ServiceId: id(acc), Strategy: v, EnvironmentNames: [env] })
    },
  }))

const tagSteps = (
  id: (acc: Steps) => string,
  region: string,
  tags: Readonly<Record<string, string>>,
  prior: Readonly<Record<string, string>>,
): Step[] => {
  const replace = Object.entries(tags).filter(([k, v]) => prior[k] !== v)
  const remove = Object.keys(prior).filter((k) => !(k in tags))
  return [
    {
      name: 'tags-modify',
      request: (acc) =>
        replace.length + remove.length === 0
          ? undefined
          : tag('ModifyResourceTags', {
              Resource: serviceResource(region, id(acc)),
              ...(replace.length ? { ReplaceTags: replace.map(([TagKey, TagValue]) => ({ TagKey, TagValue })) } : {}),
              ...(remove.length ? { DeleteTags: remove.map((TagKey) => ({ TagKey })) } : {}),
            }),
    },
  ]
}

/** DescribeService and its companions: limits, tags, usage plans. */
const readSteps = (id: (acc: Steps) => string, region: string): Step[] => [
  { name: 'service', request: (acc) => apigw('DescribeService', { ServiceId: id(acc) }) },
  pagedStep(
    'strategy',
    (Offset, Limit, acc) => apigw('DescribeServiceEnvironmentStrategy', { ServiceId: id(acc), Offset, Limit }),
    'Result.EnvironmentList',
  ),
  pagedStep(
    'tags',
    (Offset, Limit, acc) =>
      tag('DescribeResourceTagsByResourceIds', {
        ServiceType: 'apigw',
        ResourcePrefix: 'service',
        ResourceRegion: region,
        ResourceIds: [id(acc)],
        Offset,
        Limit,
      }),
    'Tags',
    20,
  ),
  pagedStep(
    'servicePlans',
    (Offset, Limit, acc) => apigw('DescribeServiceUsagePlan', { ServiceId: id(acc), Offset, Limit }),
    'Result.ServiceUsagePlanList',
  ),
  pagedStep(
    'apiPlans',
    (Offset, Limit, acc) => apigw('DescribeApiUsagePlan', { ServiceId: id(acc), Offset, Limit }),
    'Result.ApiUsagePlanList',
  ),
]

const createParams = (i: I) => ({
  ServiceName: i.serviceName,
  Protocol: i.protocol,
  ServiceDesc: i.serviceDesc || undefined,
  NetTypes: i.netTypes,
  IpVersion: i.ipVersion ?? 'IPv4',
  InstanceId: i.instanceId,
  UniqVpcId: i.uniqVpcId,
})

const limitOf = (u: unknown): number | undefined => {
  const n = num(u)
  return n === undefined ? undefined : n === -1 ? QUOTA_MAX : n
}

/** The merged view of a service: DescribeService (or a listed item) plus what the companions add. */
export const decodeService = (reply: unknown): E.Either<string, { id: string; obj: Record<string, unknown> }> => {
  const steps = stepsOf(reply)
  const s = responseOf(steps ? steps.service : reply)
  const id = str(s.ServiceId)
  if (!id) return E.left(`expected a service with a ServiceId, got ${JSON.stringify(s).slice(0, 200)}`)
  const obj: Record<string, unknown> = {
    serviceName: str(s.ServiceName),
    protocol: str(s.Protocol),
    serviceDesc: str(s.ServiceDesc),
    ipVersion: str(s.IpVersion),
    instanceId: str(s.InstanceId) || undefined,
    uniqVpcId: str(s.UniqVpcId) || undefined,
    netTypes: Array.isArray(s.NetTypes) ? s.NetTypes.filter((x): x is string => typeof x === 'string') : undefined,
    apiGatewayServiceId: id,
    internalSubDomain: str(s.InternalSubDomain),
    outerSubDomain: str(s.OuterSubDomain),
    innerHttpPort: num(s.InnerHttpPort),
    innerHttpsPort: num(s.InnerHttpsPort),
    modifyTime: str(s.ModifiedTime),
    createTime: str(s.CreatedTime),
    apiLists: listOf(s, 'ApiIdStatusSet')
      .filter(isObj)
      .map((a) => ({
        apiId: str(a.ApiId),
        apiName: str(a.ApiName),
        apiDesc: str(a.ApiDesc),
        path: str(a.Path),
        method: str(a.Method),
      })),
  }
  if (steps) {
    for (const e of itemsOf(steps, 'strategy', 'Result.EnvironmentList').filter(isObj)) {
      const field = LIMITS.find(([, env]) => env === e.EnvironmentName)?.[0]
      if (field) obj[field] = limitOf(e.Strategy)
    }
    const tags: Record<string, string> = {}
    // rows are {ResourceId, TagKey, TagValue}; keep only this service's (the engine's filter)
    for (const row of itemsOf(steps, 'tags', 'Tags').filter(isObj))
      if ((row.ResourceId === id || row.ResourceId === undefined) && typeof row.TagKey === 'string')
        tags[row.TagKey] = str(row.TagValue) ?? ''
    obj.tags = tags
    const seen = new Set<string>()
    const plans: Array<Record<string, string | undefined>> = []
    for (const p of itemsOf(steps, 'servicePlans', 'Result.ServiceUsagePlanList').filter(isObj)) {
      const pid = str(p.UsagePlanId)
      if (!pid || seen.has(pid)) continue
      seen.add(pid)
      plans.push({ usagePlanId: pid, usagePlanName: str(p.UsagePlanName), bindType: 'SERVICE', apiId: '' })
    }
    for (const p of itemsOf(steps, 'apiPlans', 'Result.ApiUsagePlanList').filter(isObj))
      plans.push({
        usagePlanId: str(p.UsagePlanId),
        usagePlanName: str(p.UsagePlanName),
        bindType: 'API',
        apiId: str(p.ApiId),
      })
    obj.usagePlanLists = plans
  }
  return E.right({ id, obj })
}

export const ApiGatewayService = defineResource({
  token: 'cloud:ApiGatewayService',
  doc:
    'An API gateway service: name, protocol, network types and per-environment rate limits (releaseLimit, preLimit, testLimit, in requests per second). ' +
    'From the wire reference: exclusiveSetName (deprecated), instanceId, uniqVpcId, and the outputs internalSubDomain, outerSubDomain, innerHttpPort, ' +
    'innerHttpsPort, modifyTime, createTime, usagePlanLists, apiLists. Tags are kept through the tag service. ' +
    'Waits: after a create, until the service is visible, up to 3 minutes; a service whose create reply was lost is looked for in the listing 5 times, up to 1 minute (the platform lists new objects late).',
  inputs: ApiGatewayServiceInputs,
  outputs: ApiGatewayServiceOutputs,
  identity: prefixedId<I>('service-', 'service id'),
  replaceOn: ['ipVersion', 'instanceId', 'exclusiveSetName', 'uniqVpcId'],
  // wire reference §4.1: what the platform gives a service left without it (read back as an output)
  platformDefaults: { ipVersion: 'IPv4' },
  secrets: [],
  rules: [
    {
      name: 'at least one network type',
      check: (i) =>
        known(i.netTypes) && Array.isArray(i.netTypes) && i.netTypes.length === 0
          ? [{ path: 'netTypes', expected: 'at least one of "INNER" | "OUTER"', given: i.netTypes }]
          : [],
    },
    {
      name: 'limits are positive',
      check: (i) =>
        (['releaseLimit', 'preLimit', 'testLimit'] as const).flatMap((f) =>
          known(i[f]) && typeof i[f] === 'number' && i[f] < 0
            ? [
                {
                  path: f,
                  expected: 'a positive number of requests per second (0 leaves the limit unset)',
                  given: i[f],
                },
              ]
            : [],
        ),
    },
  ],
  equals: { netTypes: sameSet },
  wire: {
    // the step's time budget covers its longest wait (see visible, untilAcknowledged, lookAgain)
    waitMs: WAIT_VISIBLE_MS + WAIT_LOOK_MS,
    create: (i, ctx) => {
      const id = (acc: Steps) => serviceIdOf(acc)
      return sequence([
        { name: 'create', request: () => apigw('CreateService', createParams(i)) },
        {
          name: 'visible',
          request: (acc) =>
            apigw(
              'DescribeService',
              { ServiceId: id(acc) },
              {
                poll: visible(
                  `service ${id(acc)} to become visible`,
                  (r) => str(responseOf(r).ServiceId) !== undefined,
                ),
              },
            ),
        },
        ...limitSteps(id, i),
        ...tagSteps(id, regionOf(ctx), i.tags ?? {}, {}),
        ...readSteps(id, regionOf(ctx)),
      ])
    },
    read: (serviceId, ctx) => sequence(readSteps(() => serviceId, regionOf(ctx))),
    update: (serviceId, i, ctx) => {
      const p = ctx.prior
      const id = () => serviceId
      const modify =
        p.serviceName !== i.serviceName ||
        p.protocol !== i.protocol ||
        (p.serviceDesc ?? '') !== (i.serviceDesc ?? '') ||
        !sameSet(p.netTypes, i.netTypes)
      return sequence([
        {
          name: 'modify',
          request: () =>
            modify
              ? apigw('ModifyService', {
                  ServiceId: serviceId,
                  ServiceName: i.serviceName,
                  Protocol: i.protocol,
                  ServiceDesc: i.serviceDesc ?? '',
                  NetTypes: i.netTypes,
                })
              : undefined,
        },
        ...limitSteps(id, i, p),
        ...tagSteps(id, regionOf(ctx), i.tags ?? {}, p.tags ?? {}),
        ...readSteps(id, regionOf(ctx)),
      ])
    },
    delete: (serviceId, ctx): WireRequest => {
      const tags = Object.keys(ctx.inputs.tags ?? {})
      return sequence([
        {
          name: 'untag',
          request: () =>
            tags.length
              ? tag('ModifyResourceTags', {
                  Resource: serviceResource(regionOf(ctx), serviceId),
                  DeleteTags: tags.map((TagKey) => ({ TagKey })),
                })
              : undefined,
        },
        ...ENVIRONMENTS.map((env) => ({
          name: `unrelease-${env}`,
          request: () => apigw('UnReleaseService', { ServiceId: serviceId, EnvironmentName: env }),
        })),
        { name: 'delete', request: () => apigw('DeleteService', { ServiceId: serviceId }) },
      ])
    },
    decode: (reply) => {
      const d = decodeService(reply)
      return E.isLeft(d)
        ? d
        : observe(
            ApiGatewayServiceInputs,
            ApiGatewayServiceOutputs,
            d.right.obj,
            d.right.id,
            'apigateway:DescribeService',
          )
    },
    list: () => listServices(),
    // a lost create's service may not be listed yet (G1): look by name a few times before
    // believing none was made
    find: (sent) =>
      apigw(
        'DescribeServicesStatus',
        { Filters: [{ Name: 'ServiceName', Values: [sent.serviceName] }], Offset: 0, Limit: 100 },
        {
          paginate: pages('Result.ServiceSet'),
          poll: lookAgain(
            `service ${sent.serviceName} to be listed`,
            (items) => Array.isArray(items) && items.some((s) => isObj(s) && s.ServiceName === sent.serviceName),
          ),
        },
      ),
    matches: (sent, o) => o.inputs.serviceName === sent.serviceName && o.inputs.protocol === sent.protocol,
    gone: (e) => e.kind === 'NotFound' || e.code === 'ResourceNotFound.InvalidService',
  },
  examples: {
    valid: {
      serviceName: 'orders',
      protocol: 'http&https',
      serviceDesc: 'order API',
      netTypes: ['INNER', 'OUTER'],
      ipVersion: 'IPv4',
      tags: { team: 'shop' },
      releaseLimit: 500,
    },
    invalid: [
      [{ protocol: 'http', netTypes: ['OUTER'] }, 'serviceName'],
      [{ serviceName: 'orders', netTypes: ['OUTER'] }, 'protocol'],
      [{ serviceName: 'orders', protocol: 'ftp', netTypes: ['OUTER'] }, 'protocol'],
      [{ serviceName: 'orders', protocol: 'http' }, 'netTypes'],
      [{ serviceName: 'orders', protocol: 'http', netTypes: ['PUBLIC'] }, 'netTypes.0'],
      [{ serviceName: 'orders', protocol: 'http', netTypes: [] }, 'netTypes'],
      [{ serviceName: 'orders', protocol: 'http', netTypes: ['OUTER'], ipVersion: 'v4' }, 'ipVersion'],
      [{ serviceName: 'orders', protocol: 'http', netTypes: ['OUTER'], ipVersion: 'IPv6' }, 'ipVersion'],
      [{ serviceName: 'orders', protocol: 'http', netTypes: ['OUTER'], releaseLimit: -5 }, 'releaseLimit'],
    ],
    outputs: {
      apiGatewayServiceId: 'service-pg6ud8pa',
      outerSubDomain: 'service-pg6ud8pa-1250000000.gz.apigw.tencentcs.com',
      innerHttpPort: 0,
      innerHttpsPort: 0,
      usagePlanLists: [],
      apiLists: [],
    },
    reply: {
      Response: {
        ServiceId: 'service-pg6ud8pa',
        ServiceName: 'orders',
        ServiceDesc: 'order API',
        Protocol: 'http&https',
        NetTypes: ['OUTER', 'INNER'],
        IpVersion: 'IPv4',
        InternalSubDomain: '',
        OuterSubDomain: 'service-pg6ud8pa-1250000000.gz.apigw.tencentcs.com',
        InnerHttpPort: 0,
        InnerHttpsPort: 0,
        ApiTotalCount: 0,
        ApiIdStatusSet: [],
        AvailableEnvironments: [],
        CreatedTime: '2024-01-01T00:00:00Z',
        ModifiedTime: '2024-01-01T00:00:00Z',
        RequestId: '6ba3a7cd-2a8a-4b3c-9a2e-6c7d8e9f0a1b',
      },
    },
  },
})
