/**
 * The API gateway's vocabulary (2018-08-08), as the official SDK (`tencentcloud-sdk-nodejs`) states
 * it: its models type these fields as plain strings and list the values in their descriptions, so
 * the lists are restated here, each naming the field whose description gives it (tsc checks the
 * field exists: `field`); where the SDK lists none, docs/wire/cloud.md does. Never the specs'.
 */
import type * as M from 'tencentcloud-sdk-nodejs/tencentcloud/services/apigateway/v20180808/apigateway_models'

/** the values an SDK model's field lists in its description (the field named, so a renamed one fails tsc) */
const statedBy = <T, V extends ReadonlyArray<string> = string[]>(_field: keyof T & string, values: V): V => values

export const ENVS = ['test', 'prepub', 'release'] as const
export type Env = (typeof ENVS)[number]
/** the description of `CreateServiceRequest.Protocol`: http, https, http&https */
export const SERVICE_PROTOCOLS = statedBy<M.CreateServiceRequest>('Protocol', ['http', 'https', 'http&https'])
/** `CreateServiceRequest.NetTypes`: INNER (private network), OUTER (internet) */
export const NET_TYPES = statedBy<M.CreateServiceRequest>('NetTypes', ['INNER', 'OUTER'])
/** `CreateApiRequest.AuthType`: SECRET, NONE, OAUTH, APP (default NONE) */
export const AUTH_TYPES = statedBy<M.CreateApiRequest>('AuthType', ['NONE', 'APP', 'SECRET', 'OAUTH'])
/** `CreateApiRequest.Protocol`: HTTP, WEBSOCKET */
export const API_PROTOCOLS = statedBy<M.CreateApiRequest>('Protocol', ['HTTP', 'WEBSOCKET'])
/**
 * back-end types the emulator serves: of `CreateApiRequest.ServiceType`'s list (HTTP, MOCK, TSF, SCF, EB,
 * TARGET, VPC, UPSTREAM, GRPC, COS, WEBSOCKET) all but EB, VPC, UPSTREAM and GRPC, which it refuses
 */
export const SERVICE_TYPES = statedBy<M.CreateApiRequest>('ServiceType', [
  'HTTP',
  'WEBSOCKET',
  'SCF',
  'TSF',
  'MOCK',
  'TARGET',
  'COS',
])
/** `CreateApiRequest.ResponseType` (the SDK lists none; docs/wire/cloud.md): HTML, JSON, TEXT, BINARY, XML */
export const RESPONSE_TYPES = statedBy<M.CreateApiRequest>('ResponseType', ['HTML', 'JSON', 'TEXT', 'BINARY', 'XML'])
/** `CreateApiKeyRequest.AccessKeyType`: auto, manual */
export const ACCESS_KEY_TYPES = statedBy<M.CreateApiKeyRequest>('AccessKeyType', ['auto', 'manual'])
/** `BindEnvironmentRequest.BindType`: SERVICE, API */
export const BIND_TYPES = statedBy<M.BindEnvironmentRequest, ReadonlyArray<'SERVICE' | 'API'>>('BindType', [
  'SERVICE',
  'API',
])
/** `CreateIPStrategyRequest.StrategyType`: WHITE, BLACK */
export const STRATEGY_TYPES = statedBy<M.CreateIPStrategyRequest>('StrategyType', ['WHITE', 'BLACK'])
/** `CreatePluginRequest.PluginType` */
export const PLUGIN_TYPES = statedBy<M.CreatePluginRequest>('PluginType', [
  'IPControl',
  'TrafficControl',
  'Cors',
  'CustomReq',
  'CustomAuth',
  'Routing',
  'TrafficControlByParameter',
  'CircuitBreaker',
  'ProxyCache',
])
/** a service on the shared cluster (no dedicated instance, no special use) */
export const SHARED_CLUSTER = { DeploymentType: 'SHARED', SetType: 'SHARED', SpecialUse: 'DEFAULT' } as const

/**
 * An API's fields as the platform fills them in: each a field of the SDK's `ApiInfo` model (checked by
 * tsc), its plain value where the platform has one, else null (the model's "may return null").
 */
export const API_DEFAULTS = {
  ApiDesc: '',
  ApiType: 'NORMAL',
  AuthType: 'NONE',
  Protocol: 'HTTP',
  EnableCORS: false,
  ServiceType: 'HTTP',
  ServiceTimeout: 15,
  ResponseType: '',
  // the rest of what the API model documents: plain values where the platform has one, and null
  // (the model's "may return null") for back ends and options this API does not use
  ApiBusinessType: 'NORMAL',
  AuthRelationApiId: '',
  IsDebugAfterCharge: false,
  IsBase64Encoded: false,
  IsBase64Trigger: false,
  Base64EncodedTriggerRules: [],
  InternalDomain: '',
  MicroServices: [],
  MicroServicesInfo: [],
  OauthConfig: null,
  ResponseSuccessExample: '',
  ResponseFailExample: '',
  ServiceConfig: null,
  ServiceParameters: [],
  ServiceScfEventIsAsyncCall: null,
  ServiceScfFunctionName: null,
  ServiceScfFunctionNamespace: null,
  ServiceScfFunctionQualifier: null,
  ServiceScfIsIntegratedResponse: null,
  ServiceTsfHealthCheckConf: null,
  ServiceTsfLoadBalanceConf: null,
  ServiceWebsocketCleanupFunctionName: null,
  ServiceWebsocketCleanupFunctionNamespace: null,
  ServiceWebsocketCleanupFunctionQualifier: null,
  ServiceWebsocketRegisterFunctionName: null,
  ServiceWebsocketRegisterFunctionNamespace: null,
  ServiceWebsocketRegisterFunctionQualifier: null,
  ServiceWebsocketTransportFunctionName: null,
  ServiceWebsocketTransportFunctionNamespace: null,
  ServiceWebsocketTransportFunctionQualifier: null,
  Tags: [],
} satisfies Partial<Record<keyof M.ApiInfo, unknown>>
