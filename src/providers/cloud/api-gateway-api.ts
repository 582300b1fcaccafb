/**
 * cloud:ApiGatewayApi — one API of a gateway service: its front end (path, method, parameters,
 * auth), its back end (HTTP, MOCK, SCF, TSF, COS, WEBSOCKET…) and its documented responses.
 * From docs/wire/cloud.md §4.2 (the spec lists only part of them): apiType, constantParameters,
 * microServices, the TSF and target-service settings, serviceConfigProduct/VpcId/UpstreamId/
 * CosConfig, the SCF, mock and websocket back-end fields, isDebugAfterCharge,
 * isDeleteResponseErrorCodes, authRelationApiId, serviceParameters, oauthConfig,
 * targetNamespaceId, userType, isBase64Encoded, eventBusId, the EIAM fields, tokenTimeout, owner,
 * the per-environment limits and the outputs updateTime/createTime. The platform's id is the api
 * id alone; serviceId travels with it (import as `<serviceId>#<apiId>`). Unlike the engine it
 * bridges, limits are sent per environment (G10), serviceParameters/targetServices are sent as
 * lists (G9) and COS back ends carry their CosConfig.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '../../core/spec'
import { compositeId, observe } from '../../core/observe'
import { literals } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { isRef } from '../../core/ref'
import {
  apigw,
  fromWire,
  isObj,
  known,
  listOf,
  num,
  pages,
  responseOf,
  resultOf,
  sameSet,
  sequence,
  sequenceWith,
  sharedRequests,
  stepsOf,
  str,
  toWire,
  type FieldTable,
  type Step,
  type Steps,
} from './shared/wire'
import { QUOTA_MAX } from './api-gateway-service'

// ── codecs ───────────────────────────────────────────────────────────────────
export const ApiRequestParameter = t.exact(
  t.intersection([
    t.type({ name: t.string, position: literals(['PATH', 'QUERY', 'HEADER', 'BODY']), type: t.string }),
    t.partial({ desc: t.string, defaultValue: t.string, required: t.boolean }),
  ]),
  'ApiRequestParameter',
)
export const ApiConstantParameter = t.exact(
  t.partial({ name: t.string, desc: t.string, position: t.string, defaultValue: t.string }),
  'ApiConstantParameter',
)
export const ApiMicroService = t.exact(
  t.type({ clusterId: t.string, namespaceId: t.string, microServiceName: t.string }),
  'ApiMicroService',
)
export const ApiTsfLoadBalanceConf = t.exact(
  t.partial({
    isLoadBalance: t.boolean,
    method: t.string,
    sessionStickRequired: t.boolean,
    sessionStickTimeout: t.number,
  }),
  'ApiTsfLoadBalanceConf',
)
export const ApiHealthCheckConf = t.exact(
  t.partial({
    isHealthCheck: t.boolean,
    requestVolumeThreshold: t.number,
    sleepWindowInMilliseconds: t.number,
    errorThresholdPercentage: t.number,
  }),
  'ApiHealthCheckConf',
)
export const ApiTargetService = t.exact(
  t.intersection([
    t.type({ vmIp: t.string, vpcId: t.string, vmPort: t.number, hostIp: t.string }),
    t.partial({ dockerIp: t.string }),
  ]),
  'ApiTargetService',
)
export const ApiCosConfig = t.exact(
  t.intersection([
    t.type({ action: t.string, bucketName: t.string }),
    t.partial({ authorization: t.boolean, pathMatchMode: t.string }),
  ]),
  'ApiCosConfig',
)
export const ApiErrorCode = t.exact(
  t.intersection([
    t.type({ code: t.number, msg: t.string }),
    t.partial({ desc: t.string, convertedCode: t.number, needConvert: t.boolean }),
  ]),
  'ApiErrorCode',
)
export const ApiServiceParameter = t.exact(
  t.partial({
    name: t.string,
    position: t.string,
    relevantRequestParameterPosition: t.string,
    relevantRequestParameterName: t.string,
    defaultValue: t.string,
    relevantRequestParameterDesc: t.string,
    relevantRequestParameterType: t.string,
  }),
  'ApiServiceParameter',
)
export const ApiOauthConfig = t.exact(
  t.intersection([t.type({ publicKey: t.string, tokenLocation: t.string }), t.partial({ loginRedirectUrl: t.string })]),
  'ApiOauthConfig',
)

export const ApiGatewayApiInputs = t.exact(
  t.intersection([
    t.type({
      /** Id of the gateway service the API belongs to. Changing it replaces the resource. */
      serviceId: t.string,
      /** Display name of the API. */
      apiName: t.string,
      /** Path the gateway matches requests on, e.g. `/users/{id}`. */
      requestConfigPath: t.string,
    }),
    t.partial({
      /** Description of the API. */
      apiDesc: t.string,

      /** Default "NORMAL"; one of `NORMAL`,`TSF`. Not in the spec; from docs/wire/cloud.md. */
      apiType: literals(['NORMAL', 'TSF']),

      /** Values seen in the spec: `NONE`, `APP`, `SECRET`. Default "NONE"; one of `SECRET`,`NONE`,`OAUTH`,`APP`. */
      authType: literals(['NONE', 'APP', 'SECRET', 'OAUTH']),

      /** Values seen in the spec: `HTTP`. Changing it replaces the resource. Default "HTTP"; one of `HTTP`,`WEBSOCKET`. */
      protocol: literals(['HTTP', 'WEBSOCKET']),

      /** Values seen in the spec: Boolean. Default true. */
      enableCors: t.boolean,

      /** Default "GET"; one of `GET`,`POST`,`PUT`,`DELETE`,`HEAD`,`ANY`. */
      requestConfigMethod: literals(['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'ANY']),

      /** Parameters with fixed values added to every back-end request: name, desc, position, defaultValue. */
      constantParameters: t.array(ApiConstantParameter),

      /** Values seen in the spec: Items: name, position such as `QUERY`, type, desc, defaultValue, required. */
      requestParameters: t.array(ApiRequestParameter),

      /** TSF microservices the API routes to: clusterId, namespaceId, microServiceName. */
      microServices: t.array(ApiMicroService),

      /** Load balancing across TSF microservice instances: method, session stickiness. */
      serviceTsfLoadBalanceConf: ApiTsfLoadBalanceConf,

      /** Health checks of the TSF microservice instances. */
      serviceTsfHealthCheckConf: ApiHealthCheckConf,

      /** Back-end targets (VPC hosts) the API forwards to. */
      targetServices: t.array(ApiTargetService),

      /** Load-balancing method across the target services. */
      targetServicesLoadBalanceConf: t.number,

      /** Health checks of the target services. */
      targetServicesHealthCheckConf: ApiHealthCheckConf,

      /** Kind of API when OAuth is used: `NORMAL` (a business API) or `OAUTH` (the authorization API). */
      apiBusinessType: t.string,

      /** Default "HTTP"; one of `WEBSOCKET`,`HTTP`,`SCF`,`TSF`,`MOCK`,`TARGET`,`COS`. */
      serviceConfigType: literals(['WEBSOCKET', 'HTTP', 'SCF', 'TSF', 'MOCK', 'TARGET', 'COS']),

      /** Values seen in the spec: Number. Default 5. */
      serviceConfigTimeout: t.number,

      /** Back-end product of a VPC back end, e.g. `clb`. */
      serviceConfigProduct: t.string,

      /** VPC of the back end. */
      serviceConfigVpcId: t.string,

      /** Back-end address the gateway forwards to (HTTP back ends), e.g. `http://example.com`. */
      serviceConfigUrl: t.string,

      /** Back-end path the gateway forwards to. */
      serviceConfigPath: t.string,

      /** HTTP method of the back-end request. */
      serviceConfigMethod: t.string,

      /** Id of the upstream (back-end channel) the API forwards to. */
      serviceConfigUpstreamId: t.string,

      /** Object storage (COS) back end: action, bucket and path matching. */
      serviceConfigCosConfig: ApiCosConfig,

      /** Name of the serverless (SCF) function the API calls. */
      serviceConfigScfFunctionName: t.string,

      /** Namespace of the serverless function the API calls. */
      serviceConfigScfFunctionNamespace: t.string,

      /** Version or alias of the serverless function the API calls. */
      serviceConfigScfFunctionQualifier: t.string,

      /** Kind of serverless function: `HTTP` or `EVENT`. */
      serviceConfigScfFunctionType: t.string,

      /** Whether the function's return value is the whole HTTP response (integrated response). */
      serviceConfigScfIsIntegratedResponse: t.boolean,

      /** Body a MOCK back end answers with. */
      serviceConfigMockReturnMessage: t.string,

      /** WebSocket back end: the function called when a client connects (name). */
      serviceConfigWebsocketRegisterFunctionName: t.string,

      /** WebSocket back end: namespace of the function called when a client connects. */
      serviceConfigWebsocketRegisterFunctionNamespace: t.string,

      /** WebSocket back end: version of the function called when a client connects. */
      serviceConfigWebsocketRegisterFunctionQualifier: t.string,

      /** WebSocket back end: the function called when a client disconnects (name). */
      serviceConfigWebsocketCleanupFunctionName: t.string,

      /** WebSocket back end: namespace of the function called when a client disconnects. */
      serviceConfigWebsocketCleanupFunctionNamespace: t.string,

      /** WebSocket back end: version of the function called when a client disconnects. */
      serviceConfigWebsocketCleanupFunctionQualifier: t.string,

      /** WebSocket back end: the function called for each message (name). */
      serviceConfigWebsocketTransportFunctionName: t.string,

      /** WebSocket back end: namespace of the function called for each message. */
      serviceConfigWebsocketTransportFunctionNamespace: t.string,

      /** WebSocket back end: version of the function called for each message. */
      serviceConfigWebsocketTransportFunctionQualifier: t.string,

      /** Whether the API may be debugged only after purchase (API marketplace). */
      isDebugAfterCharge: t.boolean,

      /** Whether an update removes the custom error codes not listed. */
      isDeleteResponseErrorCodes: t.boolean,

      /** Values seen in the spec: `XML`, `HTML`. One of `HTML`,`JSON`,`TEXT`,`BINARY`,`XML`,`""`. */
      responseType: literals(['HTML', 'JSON', 'TEXT', 'BINARY', 'XML', '']),

      /** Example body of a successful response, for the API documentation. */
      responseSuccessExample: t.string,

      /** Example body of a failed response, for the API documentation. */
      responseFailExample: t.string,

      /** Custom error codes the API documents: code, msg, desc, convertedCode, needConvert. */
      responseErrorCodes: t.array(ApiErrorCode),

      /** Id of the OAuth authorization API this business API is tied to. */
      authRelationApiId: t.string,

      /** Back-end parameters and the request parameters they take their values from. */
      serviceParameters: t.array(ApiServiceParameter),

      /** OAuth settings of an OAUTH API: public key, token location, login redirect URL. */
      oauthConfig: ApiOauthConfig,

      /** TSF namespace of the target services. */
      targetNamespaceId: t.string,

      /** User type: a field the platform reserves for its API marketplace. */
      userType: t.string,

      /** Whether Base64 encoding is on (it takes effect with serverless-function back ends only). */
      isBase64Encoded: t.boolean,

      /** Id of the event bus an event back end delivers to. */
      eventBusId: t.string,

      /** EIAM (enterprise identity) application type, for EIAM authentication. */
      eiamAppType: t.string,

      /** EIAM authentication kind. */
      eiamAuthType: t.string,

      /** Id of the EIAM application that authenticates callers. */
      eiamAppId: t.string,

      /** Lifetime of EIAM tokens, in seconds. */
      tokenTimeout: t.number,

      /** Owner of the API: a field the platform reserves for its API marketplace. */
      owner: t.string,

      /** Request rate limit of the API in `release`, in requests per second. */
      releaseLimit: t.number,

      /** Request rate limit of the API in `prepub`, in requests per second. */
      preLimit: t.number,

      /** Request rate limit of the API in `test`, in requests per second. */
      testLimit: t.number,
    }),
  ]),
  'ApiGatewayApiInputs',
)
export type ApiGatewayApiInputs = t.TypeOf<typeof ApiGatewayApiInputs>

export const ApiGatewayApiOutputs = t.exact(
  t.intersection([
    t.type({
      /** The API's id, assigned by the platform. */
      apiGatewayApiId: t.string,
    }),
    t.partial({
      /** When it was last changed, as the platform reports it. */
      updateTime: t.string,
      /** When it was created, as the platform reports it. */
      createTime: t.string,
    }),
  ]),
  'ApiGatewayApiOutputs',
)
export type ApiGatewayApiOutputs = t.TypeOf<typeof ApiGatewayApiOutputs>

type I = ApiGatewayApiInputs

// ── wire table ───────────────────────────────────────────────────────────────
export const API_FIELDS: FieldTable = {
  serviceId: 'ServiceId',
  apiName: 'ApiName',
  apiDesc: 'ApiDesc',
  apiType: 'ApiType',
  authType: 'AuthType',
  protocol: 'Protocol',
  enableCors: 'EnableCORS',
  requestConfigPath: 'RequestConfig.Path',
  requestConfigMethod: 'RequestConfig.Method',
  constantParameters: 'ConstantParameters',
  requestParameters: 'RequestParameters',
  microServices: 'MicroServices',
  serviceTsfLoadBalanceConf: 'ServiceTsfLoadBalanceConf',
  serviceTsfHealthCheckConf: 'ServiceTsfHealthCheckConf',
  targetServices: 'TargetServices',
  targetServicesLoadBalanceConf: 'TargetServicesLoadBalanceConf',
  targetServicesHealthCheckConf: 'TargetServicesHealthCheckConf',
  apiBusinessType: 'ApiBusinessType',
  serviceConfigType: 'ServiceType',
  serviceConfigTimeout: 'ServiceTimeout',
  serviceConfigProduct: 'ServiceConfig.Product',
  serviceConfigVpcId: 'ServiceConfig.UniqVpcId',
  serviceConfigUrl: 'ServiceConfig.Url',
  serviceConfigPath: 'ServiceConfig.Path',
  serviceConfigMethod: 'ServiceConfig.Method',
  serviceConfigUpstreamId: 'ServiceConfig.UpstreamId',
  serviceConfigCosConfig: 'ServiceConfig.CosConfig',
  serviceConfigScfFunctionName: 'ServiceScfFunctionName',
  serviceConfigScfFunctionNamespace: 'ServiceScfFunctionNamespace',
  serviceConfigScfFunctionQualifier: 'ServiceScfFunctionQualifier',
  serviceConfigScfFunctionType: 'ServiceScfFunctionType',
  serviceConfigScfIsIntegratedResponse: 'ServiceScfIsIntegratedResponse',
  serviceConfigMockReturnMessage: 'ServiceMockReturnMessage',
  serviceConfigWebsocketRegisterFunctionName: 'ServiceWebsocketRegisterFunctionName',
  serviceConfigWebsocketRegisterFunctionNamespace: 'ServiceWebsocketRegisterFunctionNamespace',
  serviceConfigWebsocketRegisterFunctionQualifier: 'ServiceWebsocketRegisterFunctionQualifier',
  serviceConfigWebsocketCleanupFunctionName: 'ServiceWebsocketCleanupFunctionName',
  serviceConfigWebsocketCleanupFunctionNamespace: 'ServiceWebsocketCleanupFunctionNamespace',
  serviceConfigWebsocketCleanupFunctionQualifier: 'ServiceWebsocketCleanupFunctionQualifier',
  serviceConfigWebsocketTransportFunctionName: 'ServiceWebsocketTransportFunctionName',
  serviceConfigWebsocketTransportFunctionNamespace: 'ServiceWebsocketTransportFunctionNamespace',
  serviceConfigWebsocketTransportFunctionQualifier: 'ServiceWebsocketTransportFunctionQualifier',
  isDebugAfterCharge: 'IsDebugAfterCharge',
  isDeleteResponseErrorCodes: 'IsDeleteResponseErrorCodes',
  responseType: 'ResponseType',
  responseSuccessExample: 'ResponseSuccessExample',
  responseFailExample: 'ResponseFailExample',
  responseErrorCodes: 'ResponseErrorCodes',
  authRelationApiId: 'AuthRelationApiId',
  serviceParameters: 'ServiceParameters',
  oauthConfig: 'OauthConfig',
  targetNamespaceId: 'TargetNamespaceId',
  userType: 'UserType',
  isBase64Encoded: 'IsBase64Encoded',
  eventBusId: 'EventBusId',
  eiamAppType: 'EIAMAppType',
  eiamAuthType: 'EIAMAuthType',
  eiamAppId: 'EIAMAppId',
  tokenTimeout: 'TokenTimeout',
  owner: 'Owner',
}

const LIMITS = [
  ['preLimit', 'prepub'],
  ['releaseLimit', 'release'],
  ['testLimit', 'test'],
] as const

/** The CreateApi / ModifyApi body: the platform's defaults made explicit (they are also its echo). */
export const apiParams = (i: I): Record<string, unknown> => {
  const withDefaults: Record<string, unknown> = {
    apiType: 'NORMAL',
    authType: 'NONE',
    protocol: 'HTTP',
    enableCors: true,
    requestConfigMethod: 'GET',
    serviceConfigType: 'HTTP',
    serviceConfigTimeout: 5,
    responseType: '',
    ...i,
    requestParameters: i.requestParameters?.map((p) => ({ required: false, ...p })),
    responseErrorCodes: i.responseErrorCodes?.map((c) => ({ needConvert: false, ...c })),
  }
  // the business type means something only for OAuth apis (G17)
  if (withDefaults.authType !== 'OAUTH') delete withDefaults.apiBusinessType
  for (const k of ['releaseLimit', 'preLimit', 'testLimit']) delete withDefaults[k]
  return toWire(API_FIELDS, withDefaults)
}

const limitSteps = (serviceId: string, apiId: (acc: Steps) => string, i: I, prior?: I): Step[] =>
  LIMITS.map(([field, env]) => ({
    name: `limit-${env}`,
    request: (acc: Steps) => {
      const v = i[field]
      if (v === undefined || v === 0 || (prior && prior[field] === v)) return undefined
      return apigw('ModifyApiEnvironmentStrategy', {
        ServiceId: serviceId,
        Strategy: v,
        EnvironmentName: env,
        ApiIds: [apiId(acc)],
      })
    },
  }))

const readSteps = (serviceId: string, apiId: (acc: Steps) => string): Step[] => [
  { name: 'api', request: (acc) => apigw('DescribeApi', { ServiceId: serviceId, ApiId: apiId(acc) }) },
  {
    name: 'strategy',
    request: (acc) =>
      apigw('DescribeApiEnvironmentStrategy', { ServiceId: serviceId, ApiId: apiId(acc), Offset: 0, Limit: 100 }),
  },
]

/**
 * A read: the API, and (with `limits`) its limits from the service's listing of every API's limits
 * when one is handed over (shared by the service's APIs), else (or when that listing missed it) its own.
 */
const refreshSteps = (serviceId: string, apiId: string, limits: boolean): Step[] => [
  { name: 'api', request: () => apigw('DescribeApi', { ServiceId: serviceId, ApiId: apiId }) },
  ...(limits ? limitReads(serviceId, apiId) : []),
]

/**
 * A refresh compares only the inputs the program set (the engine's refreshState; this type declares
 * no computed inputs), so the limits of an API that sets none would be read to be dropped. A read
 * outside a refresh (an import, a read alone) reads them all.
 */
const setsLimits = (i: Partial<I>): boolean => LIMITS.some(([field]) => i[field] !== undefined)

const limitReads = (serviceId: string, apiId: string): Step[] => [
  {
    name: 'limits',
    shared: 'skip',
    request: () =>
      apigw(
        'DescribeApiEnvironmentStrategy',
        { ServiceId: serviceId, Offset: 0, Limit: 100 },
        { paginate: pages('Result.ApiEnvironmentStrategySet') },
      ),
  },
  {
    name: 'strategy',
    request: (acc) =>
      limitsOf(acc.limits, apiId)
        ? undefined
        : apigw('DescribeApiEnvironmentStrategy', { ServiceId: serviceId, ApiId: apiId, Offset: 0, Limit: 100 }),
  },
]

/** The limits of one API in a listing of a service's APIs' limits (items), if it holds them. */
const limitsOf = (items: unknown, apiId: string): Record<string, unknown> | undefined =>
  Array.isArray(items) ? (items as unknown[]).filter(isObj).find((s) => s.ApiId === apiId) : undefined

/** Normalise list items the platform echoes with its defaults filled in ("" strings, false flags, 0 codes). */
const stripDefaults = (u: unknown): unknown =>
  Array.isArray(u)
    ? (u as unknown[]).map((x) =>
        isObj(x)
          ? Object.fromEntries(
              Object.entries(x).filter(([, v]) => v !== '' && v !== false && v !== 0 && v !== null && v !== undefined),
            )
          : x,
      )
    : u
const setOfItems = (a: unknown, b: unknown): boolean => sameSet(stripDefaults(a), stripDefaults(b))

export const decodeApiInfo = (info: Record<string, unknown>): Record<string, unknown> => {
  const o = fromWire(API_FIELDS, info)
  // an absent back-end config reads as empty strings, not as a change
  for (const k of Object.keys(o)) if (o[k] === '' && k !== 'responseType') delete o[k]
  return o
}

const uncheckedRules = (i: I): Finding[] => {
  const out: Finding[] = []
  const type = i.serviceConfigType ?? 'HTTP'
  const need = (fields: ReadonlyArray<Extract<keyof I, string>>, why: string) => {
    for (const f of fields)
      if (i[f] === undefined || i[f] === '') out.push({ path: f, expected: `a value (${why})`, given: i[f] })
  }
  if (!known(i.serviceConfigType) && i.serviceConfigType !== undefined) return out
  if (type === 'HTTP' || type === 'WEBSOCKET')
    need(['serviceConfigUrl', 'serviceConfigPath', 'serviceConfigMethod'], `required by serviceConfigType ${type}`)
  if (type === 'MOCK') need(['serviceConfigMockReturnMessage'], 'required by serviceConfigType MOCK')
  if (type === 'SCF')
    need(
      [
        'serviceConfigScfFunctionName',
        'serviceConfigScfFunctionNamespace',
        'serviceConfigScfFunctionQualifier',
        'serviceConfigScfFunctionType',
      ],
      'required by serviceConfigType SCF',
    )
  if (type === 'COS') need(['serviceConfigCosConfig'], 'required by serviceConfigType COS')
  if (
    known(i.serviceConfigProduct) &&
    i.serviceConfigProduct !== '' &&
    (i.serviceConfigVpcId === undefined || i.serviceConfigVpcId === '')
  )
    out.push({
      path: 'serviceConfigVpcId',
      expected: 'a VPC id when serviceConfigProduct is set',
      given: i.serviceConfigVpcId,
    })
  return out
}

export const ApiGatewayApi = defineResource({
  token: 'cloud:ApiGatewayApi',
  doc:
    'An API of a gateway service. The back end is chosen by serviceConfigType (HTTP by default: serviceConfigUrl, serviceConfigPath and serviceConfigMethod are then required). ' +
    'Most fields come from the wire reference (see the module doc); limits (releaseLimit, preLimit, testLimit) are per-environment request-rate caps, 5000 meaning unlimited. ' +
    "Refresh reads each API alone (DescribeApi): the service's listing (DescribeApisStatus) carries neither the back end nor the limits; the limits of every API of a service come from one listing (DescribeApiEnvironmentStrategy by service) that its APIs share. " +
    'A refresh reads the limits only of APIs that set one: it compares only the inputs the program set, so for the others that listing would be read for nothing; an import reads them all.',
  inputs: ApiGatewayApiInputs,
  outputs: ApiGatewayApiOutputs,
  identity: compositeId<I>(
    '#',
    [
      { label: 'serviceId', field: 'serviceId' },
      { label: 'apiId', field: null },
    ],
    1,
  ),
  replaceOn: ['serviceId', 'protocol'],
  // wire reference §4.2's defaults: what the platform gives an API left without them (read back)
  platformDefaults: {
    apiType: 'NORMAL',
    authType: 'NONE',
    protocol: 'HTTP',
    enableCors: true,
    requestConfigMethod: 'GET',
    'requestParameters.*.required': false,
    serviceConfigType: 'HTTP',
    serviceConfigTimeout: 5,
    'responseErrorCodes.*.needConvert': false,
  },
  // the action takes ResponseType always, "" when none is chosen (docs/wire/cloud.md, CreateApi)
  sentEmpty: ['responseType'],
  secrets: [],
  rules: [
    { name: 'back-end fields', check: (i) => uncheckedRules(i) },
    {
      name: 'converted codes',
      check: (i) =>
        known(i.responseErrorCodes) && Array.isArray(i.responseErrorCodes)
          ? i.responseErrorCodes.flatMap((c, n) =>
              known(c) && c.needConvert === true && c.convertedCode === undefined
                ? [
                    {
                      path: `responseErrorCodes.${n}.convertedCode`,
                      expected: 'a converted code when needConvert is true',
                      given: undefined,
                    },
                  ]
                : [],
            )
          : [],
    },
    {
      name: 'business type only for OAuth',
      check: (i) =>
        known(i.apiBusinessType) && known(i.authType) && i.authType !== 'OAUTH'
          ? [
              {
                path: 'apiBusinessType',
                expected: 'authType OAUTH',
                given: i.apiBusinessType,
                severity: 'warning' as const,
                message: 'apiBusinessType is only sent for OAuth apis.',
              },
            ]
          : [],
    },
    {
      name: 'error codes cannot be emptied',
      when: 'plan',
      check: (i, ctx) => {
        const before = ctx.prior?.inputs.responseErrorCodes
        const now = i.responseErrorCodes
        return Array.isArray(before) &&
          before.length > 0 &&
          !isRef(now) &&
          (now === undefined || (Array.isArray(now) && now.length === 0))
          ? [
              {
                path: 'responseErrorCodes',
                expected: 'at least one error code (the platform cannot remove them all once set)',
                given: now,
              },
            ]
          : []
      },
    },
    {
      name: 'target services are fixed',
      when: 'plan',
      check: (i, ctx) => {
        const before = ctx.prior?.inputs.targetServices
        return ctx.prior && known(i.targetServices) && !sameSet(before ?? [], i.targetServices)
          ? [
              {
                path: 'targetServices',
                expected: 'the target services set at creation (the platform cannot change them)',
                given: i.targetServices,
              },
            ]
          : []
      },
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
  equals: {
    requestParameters: setOfItems,
    constantParameters: setOfItems,
    responseErrorCodes: setOfItems,
    microServices: setOfItems,
  },
  wire: {
    create: (i) => {
      const apiId = (acc: Steps) => str(resultOf(acc.create).ApiId) ?? ''
      return sequence([
        { name: 'service', request: () => apigw('DescribeService', { ServiceId: i.serviceId }) },
        { name: 'create', request: () => apigw('CreateApi', apiParams(i)) },
        ...limitSteps(i.serviceId, apiId, i),
        ...readSteps(i.serviceId, apiId),
      ])
    },
    read: (apiId, ctx) => sequence(refreshSteps(ctx.inputs.serviceId, apiId, true)),
    // the reads of a refresh (bulk-read.ts): the limits only where the program sets one
    shares: {
      requests: (apiId, ctx) => sharedRequests(refreshSteps(ctx.inputs.serviceId, apiId, setsLimits(ctx.inputs))),
      read: (apiId, ctx, shared) =>
        sequenceWith(refreshSteps(ctx.inputs.serviceId, apiId, setsLimits(ctx.inputs)), {}, shared),
    },
    update: (apiId, i, ctx) =>
      sequence([
        { name: 'modify', request: () => apigw('ModifyApi', { ...apiParams(i), ApiId: apiId }) },
        ...limitSteps(i.serviceId, () => apiId, i, ctx.prior),
        ...readSteps(i.serviceId, () => apiId),
      ]),
    delete: (apiId, ctx) =>
      sequence([
        ...(['test', 'release', 'prepub'] as const).map((env) => ({
          name: `reset-${env}`,
          request: () =>
            apigw('ModifyApiEnvironmentStrategy', {
              ServiceId: ctx.inputs.serviceId,
              Strategy: -1,
              EnvironmentName: env,
              ApiIds: [apiId],
            }),
        })),
        { name: 'delete', request: () => apigw('DeleteApi', { ServiceId: ctx.inputs.serviceId, ApiId: apiId }) },
      ]),
    decode: (reply) => {
      const steps = stepsOf(reply)
      const got = resultOf(steps ? steps.api : reply)
      // a listed api (DescribeApisStatus) carries its request path and method at the top
      const info =
        got.RequestConfig === undefined && typeof got.Path === 'string'
          ? { ...got, RequestConfig: { Path: got.Path, Method: got.Method } }
          : got
      const id = str(info.ApiId)
      if (!id) return E.left(`expected an api with an ApiId, got ${JSON.stringify(responseOf(reply)).slice(0, 200)}`)
      const obj: Record<string, unknown> = {
        ...decodeApiInfo(info),
        apiGatewayApiId: id,
        updateTime: str(info.ModifiedTime),
        createTime: str(info.CreatedTime),
      }
      if (steps) {
        const sets = listOf(resultOf(steps.strategy), 'ApiEnvironmentStrategySet').filter(isObj)
        const mine = limitsOf(steps.limits, id) ?? sets.find((s) => s.ApiId === id) ?? sets[0]
        for (const e of listOf(mine, 'EnvironmentStrategySet').filter(isObj)) {
          const field = LIMITS.find(([, env]) => env === e.EnvironmentName)?.[0]
          const q = num(e.Quota)
          if (field && q !== undefined) obj[field] = q === -1 ? QUOTA_MAX : q
        }
      }
      return observe(ApiGatewayApiInputs, ApiGatewayApiOutputs, obj, id, 'apigateway:DescribeApi')
    },
    // a lost create is looked for among the service's apis of that name (CreateApi has no wait, G1)
    find: (sent) =>
      apigw(
        'DescribeApisStatus',
        { ServiceId: sent.serviceId, Filters: [{ Name: 'ApiName', Values: [sent.apiName] }], Offset: 0, Limit: 100 },
        { paginate: pages('Result.ApiIdStatusSet') },
      ),
    matches: (sent, o) => o.inputs.apiName === sent.apiName && o.inputs.requestConfigPath === sent.requestConfigPath,
    gone: (e) =>
      e.kind === 'NotFound' || e.code === 'ResourceNotFound.InvalidApi' || e.code === 'ResourceNotFound.InvalidService',
  },
  // discovery lists each service's APIs (ids only), then reads each as an import does
  discover: {
    // the platform reports a business type for every API; a program states it for OAuth APIs only
    programInputs: (i) => {
      if (i.authType === 'OAUTH') return i
      const { apiBusinessType: _type, ...rest } = i
      return rest
    },
    scope: {
      key: 'serviceId',
      parent: 'cloud:ApiGatewayService',
      request: (serviceId) =>
        apigw(
          'DescribeApisStatus',
          { ServiceId: serviceId, Offset: 0, Limit: 100 },
          { paginate: pages('Result.ApiIdStatusSet') },
        ),
      importIdOf: (item, serviceId) => (isObj(item) && str(item.ApiId) ? `${serviceId}#${str(item.ApiId)}` : undefined),
    },
  },
  examples: {
    valid: {
      serviceId: 'service-pg6ud8pa',
      apiName: 'list-orders',
      apiDesc: 'lists orders',
      authType: 'NONE',
      protocol: 'HTTP',
      enableCors: true,
      requestConfigPath: '/orders',
      requestConfigMethod: 'GET',
      requestParameters: [
        { name: 'page', position: 'QUERY', type: 'int', desc: 'page number', defaultValue: '1', required: false },
      ],
      serviceConfigType: 'HTTP',
      serviceConfigTimeout: 15,
      serviceConfigUrl: 'http://orders.internal',
      serviceConfigPath: '/orders',
      serviceConfigMethod: 'GET',
      responseType: 'HTML',
      responseSuccessExample: 'success',
      responseFailExample: 'fail',
      responseErrorCodes: [
        { code: 500, msg: 'system error', desc: 'system error code', convertedCode: 5000, needConvert: true },
      ],
    },
    invalid: [
      [
        {
          apiName: 'a',
          requestConfigPath: '/a',
          serviceConfigUrl: 'http://x',
          serviceConfigPath: '/',
          serviceConfigMethod: 'GET',
        },
        'serviceId',
      ],
      [
        {
          serviceId: 'service-1',
          requestConfigPath: '/a',
          serviceConfigUrl: 'http://x',
          serviceConfigPath: '/',
          serviceConfigMethod: 'GET',
        },
        'apiName',
      ],
      [
        {
          serviceId: 'service-1',
          apiName: 'a',
          serviceConfigUrl: 'http://x',
          serviceConfigPath: '/',
          serviceConfigMethod: 'GET',
        },
        'requestConfigPath',
      ],
      [
        {
          serviceId: 'service-1',
          apiName: 'a',
          requestConfigPath: '/a',
          authType: 'TOKEN',
          serviceConfigUrl: 'http://x',
          serviceConfigPath: '/',
          serviceConfigMethod: 'GET',
        },
        'authType',
      ],
      [
        {
          serviceId: 'service-1',
          apiName: 'a',
          requestConfigPath: '/a',
          protocol: 'GRPC',
          serviceConfigUrl: 'http://x',
          serviceConfigPath: '/',
          serviceConfigMethod: 'GET',
        },
        'protocol',
      ],
      [
        {
          serviceId: 'service-1',
          apiName: 'a',
          requestConfigPath: '/a',
          responseType: 'YAML',
          serviceConfigUrl: 'http://x',
          serviceConfigPath: '/',
          serviceConfigMethod: 'GET',
        },
        'responseType',
      ],
      [{ serviceId: 'service-1', apiName: 'a', requestConfigPath: '/a' }, 'serviceConfigUrl'],
      [
        { serviceId: 'service-1', apiName: 'a', requestConfigPath: '/a', serviceConfigType: 'MOCK' },
        'serviceConfigMockReturnMessage',
      ],
      [
        {
          serviceId: 'service-1',
          apiName: 'a',
          requestConfigPath: '/a',
          requestParameters: [{ name: 'p', position: 'COOKIE', type: 'string' }],
          serviceConfigUrl: 'http://x',
          serviceConfigPath: '/',
          serviceConfigMethod: 'GET',
        },
        'requestParameters.0.position',
      ],
      [
        {
          serviceId: 'service-1',
          apiName: 'a',
          requestConfigPath: '/a',
          responseErrorCodes: [{ code: 1, msg: 'm', needConvert: true }],
          serviceConfigUrl: 'http://x',
          serviceConfigPath: '/',
          serviceConfigMethod: 'GET',
        },
        'responseErrorCodes.0.convertedCode',
      ],
    ],
    outputs: {
      apiGatewayApiId: 'api-p8gtanvy',
      createTime: '2024-01-01T00:00:00Z',
      updateTime: '2024-01-01T00:00:00Z',
    },
    reply: {
      Response: {
        Result: {
          ServiceId: 'service-pg6ud8pa',
          ApiId: 'api-p8gtanvy',
          ApiName: 'list-orders',
          ApiDesc: 'lists orders',
          ApiType: 'NORMAL',
          AuthType: 'NONE',
          Protocol: 'HTTP',
          EnableCORS: true,
          RequestConfig: { Path: '/orders', Method: 'GET' },
          RequestParameters: [
            { Name: 'page', Position: 'QUERY', Type: 'int', Desc: 'page number', DefaultValue: '1', Required: false },
          ],
          ServiceType: 'HTTP',
          ServiceTimeout: 15,
          ServiceConfig: { Product: '', UniqVpcId: '', Url: 'http://orders.internal', Path: '/orders', Method: 'GET' },
          ResponseType: 'HTML',
          ResponseSuccessExample: 'success',
          ResponseFailExample: 'fail',
          ResponseErrorCodes: [
            { Code: 500, Msg: 'system error', Desc: 'system error code', ConvertedCode: 5000, NeedConvert: true },
          ],
          CreatedTime: '2024-01-01T00:00:00Z',
          ModifiedTime: '2024-01-01T00:00:00Z',
        },
        RequestId: '0f3b2c1d-aaaa-4bbb-8ccc-1234567890ab',
      },
    },
  },
})
