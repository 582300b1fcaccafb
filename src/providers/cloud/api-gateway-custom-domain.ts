/**
 * cloud:ApiGatewayCustomDomain — binds the user's own domain to a gateway service. From
 * docs/wire/cloud.md §4.8: defaultDomain (the service sub-domain it points at), certificateId,
 * isForcedHttps and the output status; pathMappings travel as `{Path, Environment}` objects and
 * are written `<path>#<environment>` (a path cannot contain `#`, G6). The id is
 * `<serviceId>#<subDomain>`. Unlike the engine it bridges, the read looks for this sub-domain
 * among the service's domains (G12), and changing subDomain or defaultDomain rebinds the domain
 * (replacement) instead of sending a modification for a domain that is not bound.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '../../core/spec'
import { compositeId, observe } from '../../core/observe'
import { literals, pattern } from '../../core/codecs'
import {
  apigw,
  bool,
  isGone,
  isObj,
  joinId,
  known,
  listOf,
  num,
  pages,
  responseOf,
  resultOf,
  sameSet,
  sequence,
  sequenceWith,
  sharedOf,
  sharedRequests,
  stepsOf,
  str,
  type Step,
  type Steps,
} from './shared/wire'

export const PathMapping = pattern(
  'a path mapping "<path>#<environment>" (a path starting with "/" and without "#"; environment test, prepub or release)',
  (s) => /^\/[^#]*#(test|prepub|release)$/.test(s),
)

export const ApiGatewayCustomDomainInputs = t.exact(
  t.intersection([
    t.type({
      /** Id of the service the domain is bound to. Changing it replaces the resource. Non-empty. */
      serviceId: pattern('a service id', (s) => s !== ''),

      /** The custom domain name to bind, e.g. `api.example.com`. */
      subDomain: pattern('a domain name', (s) => s !== ''),

      /** Protocol the domain serves: `http`, `https` or `http&https`. Non-empty. */
      protocol: literals(['http', 'https', 'http&https']),

      /** Network the domain is reached from: `INNER` or `OUTER`. Non-empty. */
      netType: literals(['INNER', 'OUTER']),

      /** The service's default domain the custom domain points to (its CNAME target). Non-empty. */
      defaultDomain: pattern('a service sub-domain', (s) => s !== ''),
    }),
    t.partial({
      /** Values seen in the spec: Boolean. Default true. */
      isDefaultMapping: t.boolean,

      /** Id of the SSL certificate for HTTPS. */
      certificateId: t.string,

      /** Values seen in the spec: List of strings of the form `<path>#<environment>`. */
      pathMappings: t.array(PathMapping),

      /** Default false. Not in the spec; from docs/wire/cloud.md. */
      isForcedHttps: t.boolean,
    }),
  ]),
  'ApiGatewayCustomDomainInputs',
)
export type ApiGatewayCustomDomainInputs = t.TypeOf<typeof ApiGatewayCustomDomainInputs>

export const ApiGatewayCustomDomainOutputs = t.exact(
  t.partial({
    /** The binding's status, a number as the platform reports it. */
    status: t.number,
  }),
  'ApiGatewayCustomDomainOutputs',
)
export type ApiGatewayCustomDomainOutputs = t.TypeOf<typeof ApiGatewayCustomDomainOutputs>

type I = ApiGatewayCustomDomainInputs

const mappingSet = (m: ReadonlyArray<string> | undefined) =>
  (m ?? []).map((s) => {
    const at = s.lastIndexOf('#')
    return { Path: s.slice(0, at), Environment: s.slice(at + 1) }
  })

/**
 * The platform never returns the NetSubDomain a domain was bound with (docs/wire/cloud.md §4.8). A read
 * that does not know it (an import) takes it from the service: its outer or inner sub-domain, by
 * the domain's netType — what a binding must point at.
 */
const serviceStep = (serviceId: string): Step => ({
  name: 'service',
  request: () => apigw('DescribeService', { ServiceId: serviceId }),
})
const serviceSubDomain = (service: unknown, netType: string | undefined): string | undefined =>
  service === undefined
    ? undefined
    : str(responseOf(service)[netType === 'INNER' ? 'InnerSubDomain' : 'OuterSubDomain'])

/** the row of this sub-domain in its service's domains */
const domainIn = (steps: Steps, sub: string) =>
  sharedOf(steps, 'domains')
    .filter(isObj)
    .find((d) => d.DomainName === sub)

/**
 * The service's domains (a listing the domains of one service share in a refresh), then this
 * domain's path mappings, which only a domain that is not default-mapped has.
 */
const readSteps = (serviceId: string, sub: string): Step[] => [
  {
    name: 'domains',
    shared: 'send',
    request: () =>
      apigw(
        'DescribeServiceSubDomains',
        { ServiceId: serviceId, Offset: 0, Limit: 100 },
        { paginate: pages('Result.DomainSet') },
      ),
    absent: (acc: Steps) =>
      domainIn(acc, sub) ? undefined : `domain ${sub} is no longer bound to service ${serviceId}`,
  },
  {
    name: 'mappings',
    request: (acc) =>
      domainIn(acc, sub)?.IsDefaultMapping === false
        ? apigw('DescribeServiceSubDomainMappings', { ServiceId: serviceId, SubDomain: sub })
        : undefined,
  },
]

const modifyParams = (i: I) => ({
  ServiceId: i.serviceId,
  SubDomain: i.subDomain,
  IsDefaultMapping: i.isDefaultMapping ?? true,
  IsForcedHttps: i.isForcedHttps ?? false,
  CertificateId: i.certificateId || undefined,
  Protocol: i.protocol,
  NetType: i.netType,
  ...((i.isDefaultMapping ?? true) ? {} : { PathMappingSet: mappingSet(i.pathMappings) }),
})

/** A read's steps and the values decode needs: an import, knowing no defaultDomain, also reads the service. */
const refresh = (id: string, inputs: Partial<I>): [Step[], Record<string, unknown>] => {
  const at = id.indexOf('#')
  const serviceId = at > 0 ? id.slice(0, at) : (inputs.serviceId ?? '')
  const sub = at > 0 ? id.slice(at + 1) : (inputs.subDomain ?? '')
  return [
    [...readSteps(serviceId, sub), ...(inputs.defaultDomain === undefined ? [serviceStep(serviceId)] : [])],
    { serviceId, subDomain: sub },
  ]
}

export const ApiGatewayCustomDomain = defineResource({
  token: 'cloud:ApiGatewayCustomDomain',
  doc:
    'A custom domain of a gateway service. With isDefaultMapping false, pathMappings ("<path>#<environment>") route paths to environments. ' +
    'From the wire reference: certificateId (needed for https), isForcedHttps and the output status. ' +
    "Refresh reads each domain from its service's domains (DescribeServiceSubDomains, one listing the service's domains share), and a domain " +
    'that is not default-mapped also alone: its path mappings are listed per domain (DescribeServiceSubDomainMappings).',
  inputs: ApiGatewayCustomDomainInputs,
  outputs: ApiGatewayCustomDomainOutputs,
  // the platform refuses to bind one domain twice: a replacement unbinds the old binding first
  deleteBeforeReplace: true,
  identity: compositeId<I>(
    '#',
    [
      { label: 'serviceId', field: 'serviceId' },
      { label: 'subDomain', field: 'subDomain' },
    ],
    -1,
  ),
  replaceOn: ['serviceId', 'subDomain', 'defaultDomain'],
  // wire reference §4.8: the default mapping, and https not forced, when left out (read back)
  platformDefaults: { isDefaultMapping: true, isForcedHttps: false },
  secrets: [],
  rules: [
    {
      name: 'mappings when not default',
      check: (i) =>
        known(i.isDefaultMapping) &&
        i.isDefaultMapping === false &&
        (i.pathMappings === undefined || (Array.isArray(i.pathMappings) && i.pathMappings.length === 0))
          ? [
              {
                path: 'pathMappings',
                expected: 'at least one "<path>#<environment>" when isDefaultMapping is false',
                given: i.pathMappings,
              },
            ]
          : (i.isDefaultMapping === undefined || i.isDefaultMapping === true) &&
              Array.isArray(i.pathMappings) &&
              i.pathMappings.length > 0
            ? [
                {
                  path: 'pathMappings',
                  expected: 'nothing when isDefaultMapping is true (the default)',
                  given: i.pathMappings,
                  severity: 'warning' as const,
                  message: 'path mappings are ignored for a default mapping.',
                },
              ]
            : [],
    },
    {
      name: 'https needs a certificate',
      check: (i) =>
        known(i.protocol) && i.protocol !== 'http' && (i.certificateId === undefined || i.certificateId === '')
          ? [{ path: 'certificateId', expected: `a certificate id for protocol ${i.protocol}`, given: i.certificateId }]
          : [],
    },
    {
      name: 'at most three mappings',
      check: (i) =>
        Array.isArray(i.pathMappings) && i.pathMappings.length > 3
          ? [{ path: 'pathMappings', expected: 'at most three path mappings', given: i.pathMappings }]
          : [],
    },
  ],
  equals: { pathMappings: sameSet },
  wire: {
    create: (i) =>
      sequence(
        [
          {
            name: 'bind',
            request: () =>
              apigw('BindSubDomain', {
                ServiceId: i.serviceId,
                SubDomain: i.subDomain,
                Protocol: i.protocol,
                NetType: i.netType,
                NetSubDomain: i.defaultDomain,
                IsDefaultMapping: i.isDefaultMapping ?? true,
                IsForcedHttps: i.isForcedHttps ?? false,
                CertificateId: i.certificateId || undefined,
                ...((i.isDefaultMapping ?? true) ? {} : { PathMappingSet: mappingSet(i.pathMappings) }),
              }),
          },
          ...readSteps(i.serviceId, i.subDomain),
        ],
        { serviceId: i.serviceId, subDomain: i.subDomain },
      ),
    read: (id, ctx) => sequence(...refresh(id, ctx.inputs)),
    shares: {
      requests: (id, ctx) => sharedRequests(refresh(id, ctx.inputs)[0]),
      read: (id, ctx, shared) => sequenceWith(...refresh(id, ctx.inputs), shared),
    },
    update: (_id, i) =>
      sequence(
        [
          { name: 'modify', request: () => apigw('ModifySubDomain', modifyParams(i)) },
          ...readSteps(i.serviceId, i.subDomain),
        ],
        { serviceId: i.serviceId, subDomain: i.subDomain },
      ),
    delete: (_id, ctx) =>
      apigw('UnBindSubDomain', { ServiceId: ctx.inputs.serviceId, SubDomain: ctx.inputs.subDomain }),
    // a binding's id is its natural key: a lost create is read back by it (not bound: nothing was made)
    find: (sent) =>
      sequence(readSteps(sent.serviceId, sent.subDomain), { serviceId: sent.serviceId, subDomain: sent.subDomain }),
    decode: (reply, ctx) => {
      const steps = stepsOf(reply)
      const serviceId = str(steps?.serviceId) ?? ctx.inputs.serviceId
      const sub = str(steps?.subDomain) ?? ctx.inputs.subDomain ?? str((reply as Record<string, unknown>)?.DomainName)
      const d = steps ? (sub === undefined ? undefined : domainIn(steps, sub)) : isObj(reply) ? reply : undefined
      if (!serviceId || !sub || !d || d.DomainName !== sub)
        return E.left(
          sub && serviceId
            ? `expected the domain ${sub} of service ${serviceId}, got ${JSON.stringify(reply).slice(0, 200)}`
            : `expected a custom domain of a known service, got ${JSON.stringify(reply).slice(0, 200)}`,
        )
      const mappings = steps ? resultOf(steps.mappings) : undefined
      const obj = {
        serviceId,
        subDomain: sub,
        protocol: str(d.Protocol),
        netType: str(d.NetType),
        isDefaultMapping: bool(d.IsDefaultMapping),
        certificateId: str(d.CertificateId) || undefined,
        isForcedHttps: bool(d.IsForcedHttps),
        pathMappings: mappings
          ? listOf(mappings, 'PathMappingSet')
              .filter(isObj)
              .map((m) => `${String(m.Path)}#${String(m.Environment)}`)
          : undefined,
        status: num(d.Status),
        defaultDomain:
          ctx.inputs.defaultDomain ?? (steps ? serviceSubDomain(steps.service, str(d.NetType)) : undefined),
      }
      // default-mapped domains have no mappings to compare
      if (obj.isDefaultMapping !== false) delete obj.pathMappings
      return observe(
        ApiGatewayCustomDomainInputs,
        ApiGatewayCustomDomainOutputs,
        obj,
        joinId(serviceId, sub),
        'apigateway:DescribeServiceSubDomains',
      )
    },
    gone: (e) => isGone(e) || e.code === 'ResourceNotFound.InvalidService',
  },
  // discovery lists each service's domains, then reads each as an import does
  discover: {
    scope: {
      key: 'serviceId',
      parent: 'cloud:ApiGatewayService',
      request: (serviceId) =>
        apigw(
          'DescribeServiceSubDomains',
          { ServiceId: serviceId, Offset: 0, Limit: 100 },
          { paginate: pages('Result.DomainSet') },
        ),
      importIdOf: (item, serviceId) =>
        isObj(item) && str(item.DomainName) ? `${serviceId}#${str(item.DomainName)}` : undefined,
    },
  },
  examples: {
    valid: {
      serviceId: 'service-ohxqslqe',
      subDomain: 'api.example.com',
      protocol: 'https',
      netType: 'OUTER',
      isDefaultMapping: false,
      defaultDomain: 'service-ohxqslqe-1250000000.gz.apigw.tencentcs.com',
      certificateId: 'cert-a1b2c3d4',
      pathMappings: ['/v1#release', '/beta#test'],
    },
    invalid: [
      [{ subDomain: 'a.com', protocol: 'http', netType: 'OUTER', defaultDomain: 'd' }, 'serviceId'],
      [{ serviceId: 's', subDomain: 'a.com', protocol: 'ftp', netType: 'OUTER', defaultDomain: 'd' }, 'protocol'],
      [{ serviceId: 's', subDomain: 'a.com', protocol: 'http', netType: 'PUBLIC', defaultDomain: 'd' }, 'netType'],
      [{ serviceId: 's', subDomain: 'a.com', protocol: 'http', netType: 'OUTER' }, 'defaultDomain'],
      [
        {
          serviceId: 's',
          subDomain: 'a.com',
          protocol: 'http',
          netType: 'OUTER',
          defaultDomain: 'd',
          isDefaultMapping: false,
          pathMappings: ['/v1'],
        },
        'pathMappings.0',
      ],
      [
        {
          serviceId: 's',
          subDomain: 'a.com',
          protocol: 'http',
          netType: 'OUTER',
          defaultDomain: 'd',
          isDefaultMapping: false,
        },
        'pathMappings',
      ],
      [
        { serviceId: 's', subDomain: 'a.com', protocol: 'https', netType: 'OUTER', defaultDomain: 'd' },
        'certificateId',
      ],
    ],
    outputs: { status: 1 },
    reply: {
      DomainName: 'api.example.com',
      Status: 1,
      CertificateId: 'cert-a1b2c3d4',
      IsDefaultMapping: false,
      Protocol: 'https',
      NetType: 'OUTER',
      IsForcedHttps: false,
      RegistrationStatus: true,
    },
  },
})
