/**
 * The cloud provider's builders, generated from its registry by builders/generate.ts — do not edit.
 *
 * @module trellis/cloud
 */
import { cloudProvider } from '../src/providers/cloud'
import {
  buildersFor,
  type LArgs,
  type LookupBuilderFn,
  type LRes,
  type ResourceBuilderFn,
  type SpecI,
  type SpecO,
} from './builder'

type Spec = typeof cloudProvider
type R<K extends keyof Spec['resources']> = SpecI<Spec['resources'][K]>
type O<K extends keyof Spec['resources']> = SpecO<Spec['resources'][K]>
type A<K extends keyof Spec['lookups']> = LArgs<Spec['lookups'][K]>
type L<K extends keyof Spec['lookups']> = LRes<Spec['lookups'][K]>
/**
 * The inputs of `cloud:ApiGatewayService`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface ApiGatewayServiceInputs {
  /** Display name of the service. */
  readonly serviceName: R<'ApiGatewayService'>['serviceName']
  /**
   * Values seen in the spec: `http`, `https` or `http&https`. Required. One of
   * `http`,`https`,`http&https`.
   */
  readonly protocol: R<'ApiGatewayService'>['protocol']
  /**
   * Values seen in the spec: List of `INNER`/`OUTER`. Required. One of `INNER`,`OUTER`; min 1
   * item(s).
   */
  readonly netTypes: R<'ApiGatewayService'>['netTypes']
  /** Description of the service. */
  readonly serviceDesc?: R<'ApiGatewayService'>['serviceDesc']
  /** deprecated by the platform; accepted and never sent */
  readonly exclusiveSetName?: R<'ApiGatewayService'>['exclusiveSetName']
  /**
   * the spec lists IPv4 only, and CreateService refuses anything else (the upstream schema also
   * names IPv6)
   */
  readonly ipVersion?: R<'ApiGatewayService'>['ipVersion']
  /** Values seen in the spec: String map. */
  readonly tags?: R<'ApiGatewayService'>['tags']
  /**
   * Id of the dedicated gateway instance the service runs on (the shared one when left out).
   * Changing it replaces the resource.
   */
  readonly instanceId?: R<'ApiGatewayService'>['instanceId']
  /** VPC the service is reached from on the private network (set at creation). */
  readonly uniqVpcId?: R<'ApiGatewayService'>['uniqVpcId']
  /** Request rate limit of the `release` environment, in requests per second. */
  readonly releaseLimit?: R<'ApiGatewayService'>['releaseLimit']
  /** Request rate limit of the `prepub` environment, in requests per second. */
  readonly preLimit?: R<'ApiGatewayService'>['preLimit']
  /** Request rate limit of the `test` environment, in requests per second. */
  readonly testLimit?: R<'ApiGatewayService'>['testLimit']
}
/** The outputs of `cloud:ApiGatewayService`, as refs under `.out` (with every input and `id`). */
export interface ApiGatewayServiceOutputs {
  /** The service's id, assigned by the platform. */
  readonly apiGatewayServiceId: O<'ApiGatewayService'>['apiGatewayServiceId']
  /** Domain of the service on the private network. */
  readonly internalSubDomain?: O<'ApiGatewayService'>['internalSubDomain']
  /** Domain of the service on the public network. */
  readonly outerSubDomain?: O<'ApiGatewayService'>['outerSubDomain']
  /** HTTP port on the private network. */
  readonly innerHttpPort?: O<'ApiGatewayService'>['innerHttpPort']
  /** HTTPS port on the private network. */
  readonly innerHttpsPort?: O<'ApiGatewayService'>['innerHttpsPort']
  /** When it was last changed, as the platform reports it. */
  readonly modifyTime?: O<'ApiGatewayService'>['modifyTime']
  /** When it was created, as the platform reports it. */
  readonly createTime?: O<'ApiGatewayService'>['createTime']
  /** Usage plans bound to the service. */
  readonly usagePlanLists?: O<'ApiGatewayService'>['usagePlanLists']
  /** APIs of the service. */
  readonly apiLists?: O<'ApiGatewayService'>['apiLists']
}
/**
 * The inputs of `cloud:ApiGatewayApi`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface ApiGatewayApiInputs {
  /** Id of the gateway service the API belongs to. Changing it replaces the resource. */
  readonly serviceId: R<'ApiGatewayApi'>['serviceId']
  /** Display name of the API. */
  readonly apiName: R<'ApiGatewayApi'>['apiName']
  /** Path the gateway matches requests on, e.g. `/users/{id}`. */
  readonly requestConfigPath: R<'ApiGatewayApi'>['requestConfigPath']
  /** Description of the API. */
  readonly apiDesc?: R<'ApiGatewayApi'>['apiDesc']
  /** Default "NORMAL"; one of `NORMAL`,`TSF`. Not in the spec; from docs/wire/cloud.md. */
  readonly apiType?: R<'ApiGatewayApi'>['apiType']
  /**
   * Values seen in the spec: `NONE`, `APP`, `SECRET`. Default "NONE"; one of
   * `SECRET`,`NONE`,`OAUTH`,`APP`.
   */
  readonly authType?: R<'ApiGatewayApi'>['authType']
  /**
   * Values seen in the spec: `HTTP`. Changing it replaces the resource. Default "HTTP"; one of
   * `HTTP`,`WEBSOCKET`.
   */
  readonly protocol?: R<'ApiGatewayApi'>['protocol']
  /** Values seen in the spec: Boolean. Default true. */
  readonly enableCors?: R<'ApiGatewayApi'>['enableCors']
  /** Default "GET"; one of `GET`,`POST`,`PUT`,`DELETE`,`HEAD`,`ANY`. */
  readonly requestConfigMethod?: R<'ApiGatewayApi'>['requestConfigMethod']
  /**
   * Parameters with fixed values added to every back-end request: name, desc, position,
   * defaultValue.
   */
  readonly constantParameters?: R<'ApiGatewayApi'>['constantParameters']
  /**
   * Values seen in the spec: Items: name, position such as `QUERY`, type, desc, defaultValue,
   * required.
   */
  readonly requestParameters?: R<'ApiGatewayApi'>['requestParameters']
  /** TSF microservices the API routes to: clusterId, namespaceId, microServiceName. */
  readonly microServices?: R<'ApiGatewayApi'>['microServices']
  /** Load balancing across TSF microservice instances: method, session stickiness. */
  readonly serviceTsfLoadBalanceConf?: R<'ApiGatewayApi'>['serviceTsfLoadBalanceConf']
  /** Health checks of the TSF microservice instances. */
  readonly serviceTsfHealthCheckConf?: R<'ApiGatewayApi'>['serviceTsfHealthCheckConf']
  /** Back-end targets (VPC hosts) the API forwards to. */
  readonly targetServices?: R<'ApiGatewayApi'>['targetServices']
  /** Load-balancing method across the target services. */
  readonly targetServicesLoadBalanceConf?: R<'ApiGatewayApi'>['targetServicesLoadBalanceConf']
  /** Health checks of the target services. */
  readonly targetServicesHealthCheckConf?: R<'ApiGatewayApi'>['targetServicesHealthCheckConf']
  /** Kind of API when OAuth is used: `NORMAL` (a business API) or `OAUTH` (the authorization API). */
  readonly apiBusinessType?: R<'ApiGatewayApi'>['apiBusinessType']
  /** Default "HTTP"; one of `WEBSOCKET`,`HTTP`,`SCF`,`TSF`,`MOCK`,`TARGET`,`COS`. */
  readonly serviceConfigType?: R<'ApiGatewayApi'>['serviceConfigType']
  /** Values seen in the spec: Number. Default 5. */
  readonly serviceConfigTimeout?: R<'ApiGatewayApi'>['serviceConfigTimeout']
  /** Back-end product of a VPC back end, e.g. `clb`. */
  readonly serviceConfigProduct?: R<'ApiGatewayApi'>['serviceConfigProduct']
  /** VPC of the back end. */
  readonly serviceConfigVpcId?: R<'ApiGatewayApi'>['serviceConfigVpcId']
  /** Back-end address the gateway forwards to (HTTP back ends), e.g. `http://example.com`. */
  readonly serviceConfigUrl?: R<'ApiGatewayApi'>['serviceConfigUrl']
  /** Back-end path the gateway forwards to. */
  readonly serviceConfigPath?: R<'ApiGatewayApi'>['serviceConfigPath']
  /** HTTP method of the back-end request. */
  readonly serviceConfigMethod?: R<'ApiGatewayApi'>['serviceConfigMethod']
  /** Id of the upstream (back-end channel) the API forwards to. */
  readonly serviceConfigUpstreamId?: R<'ApiGatewayApi'>['serviceConfigUpstreamId']
  /** Object storage (COS) back end: action, bucket and path matching. */
  readonly serviceConfigCosConfig?: R<'ApiGatewayApi'>['serviceConfigCosConfig']
  /** Name of the serverless (SCF) function the API calls. */
  readonly serviceConfigScfFunctionName?: R<'ApiGatewayApi'>['serviceConfigScfFunctionName']
  /** Namespace of the serverless function the API calls. */
  readonly serviceConfigScfFunctionNamespace?: R<'ApiGatewayApi'>['serviceConfigScfFunctionNamespace']
  /** Version or alias of the serverless function the API calls. */
  readonly serviceConfigScfFunctionQualifier?: R<'ApiGatewayApi'>['serviceConfigScfFunctionQualifier']
  /** Kind of serverless function: `HTTP` or `EVENT`. */
  readonly serviceConfigScfFunctionType?: R<'ApiGatewayApi'>['serviceConfigScfFunctionType']
  /** Whether the function's return value is the whole HTTP response (integrated response). */
  readonly serviceConfigScfIsIntegratedResponse?: R<'ApiGatewayApi'>['serviceConfigScfIsIntegratedResponse']
  /** Body a MOCK back end answers with. */
  readonly serviceConfigMockReturnMessage?: R<'ApiGatewayApi'>['serviceConfigMockReturnMessage']
  /** WebSocket back end: the function called when a client connects (name). */
  readonly serviceConfigWebsocketRegisterFunctionName?: R<'ApiGatewayApi'>['serviceConfigWebsocketRegisterFunctionName']
  /** WebSocket back end: namespace of the function called when a client connects. */
  readonly serviceConfigWebsocketRegisterFunctionNamespace?: R<'ApiGatewayApi'>['serviceConfigWebsocketRegisterFunctionNamespace']
  /** WebSocket back end: version of the function called when a client connects. */
  readonly serviceConfigWebsocketRegisterFunctionQualifier?: R<'ApiGatewayApi'>['serviceConfigWebsocketRegisterFunctionQualifier']
  /** WebSocket back end: the function called when a client disconnects (name). */
  readonly serviceConfigWebsocketCleanupFunctionName?: R<'ApiGatewayApi'>['serviceConfigWebsocketCleanupFunctionName']
  /** WebSocket back end: namespace of the function called when a client disconnects. */
  readonly serviceConfigWebsocketCleanupFunctionNamespace?: R<'ApiGatewayApi'>['serviceConfigWebsocketCleanupFunctionNamespace']
  /** WebSocket back end: version of the function called when a client disconnects. */
  readonly serviceConfigWebsocketCleanupFunctionQualifier?: R<'ApiGatewayApi'>['serviceConfigWebsocketCleanupFunctionQualifier']
  /** WebSocket back end: the function called for each message (name). */
  readonly serviceConfigWebsocketTransportFunctionName?: R<'ApiGatewayApi'>['serviceConfigWebsocketTransportFunctionName']
  /** WebSocket back end: namespace of the function called for each message. */
  readonly serviceConfigWebsocketTransportFunctionNamespace?: R<'ApiGatewayApi'>['serviceConfigWebsocketTransportFunctionNamespace']
  /** WebSocket back end: version of the function called for each message. */
  readonly serviceConfigWebsocketTransportFunctionQualifier?: R<'ApiGatewayApi'>['serviceConfigWebsocketTransportFunctionQualifier']
  /** Whether the API may be debugged only after purchase (API marketplace). */
  readonly isDebugAfterCharge?: R<'ApiGatewayApi'>['isDebugAfterCharge']
  /** Whether an update removes the custom error codes not listed. */
  readonly isDeleteResponseErrorCodes?: R<'ApiGatewayApi'>['isDeleteResponseErrorCodes']
  /** Values seen in the spec: `XML`, `HTML`. One of `HTML`,`JSON`,`TEXT`,`BINARY`,`XML`,`""`. */
  readonly responseType?: R<'ApiGatewayApi'>['responseType']
  /** Example body of a successful response, for the API documentation. */
  readonly responseSuccessExample?: R<'ApiGatewayApi'>['responseSuccessExample']
  /** Example body of a failed response, for the API documentation. */
  readonly responseFailExample?: R<'ApiGatewayApi'>['responseFailExample']
  /** Custom error codes the API documents: code, msg, desc, convertedCode, needConvert. */
  readonly responseErrorCodes?: R<'ApiGatewayApi'>['responseErrorCodes']
  /** Id of the OAuth authorization API this business API is tied to. */
  readonly authRelationApiId?: R<'ApiGatewayApi'>['authRelationApiId']
  /** Back-end parameters and the request parameters they take their values from. */
  readonly serviceParameters?: R<'ApiGatewayApi'>['serviceParameters']
  /** OAuth settings of an OAUTH API: public key, token location, login redirect URL. */
  readonly oauthConfig?: R<'ApiGatewayApi'>['oauthConfig']
  /** TSF namespace of the target services. */
  readonly targetNamespaceId?: R<'ApiGatewayApi'>['targetNamespaceId']
  /** User type: a field the platform reserves for its API marketplace. */
  readonly userType?: R<'ApiGatewayApi'>['userType']
  /** Whether Base64 encoding is on (it takes effect with serverless-function back ends only). */
  readonly isBase64Encoded?: R<'ApiGatewayApi'>['isBase64Encoded']
  /** Id of the event bus an event back end delivers to. */
  readonly eventBusId?: R<'ApiGatewayApi'>['eventBusId']
  /** EIAM (enterprise identity) application type, for EIAM authentication. */
  readonly eiamAppType?: R<'ApiGatewayApi'>['eiamAppType']
  /** EIAM authentication kind. */
  readonly eiamAuthType?: R<'ApiGatewayApi'>['eiamAuthType']
  /** Id of the EIAM application that authenticates callers. */
  readonly eiamAppId?: R<'ApiGatewayApi'>['eiamAppId']
  /** Lifetime of EIAM tokens, in seconds. */
  readonly tokenTimeout?: R<'ApiGatewayApi'>['tokenTimeout']
  /** Owner of the API: a field the platform reserves for its API marketplace. */
  readonly owner?: R<'ApiGatewayApi'>['owner']
  /** Request rate limit of the API in `release`, in requests per second. */
  readonly releaseLimit?: R<'ApiGatewayApi'>['releaseLimit']
  /** Request rate limit of the API in `prepub`, in requests per second. */
  readonly preLimit?: R<'ApiGatewayApi'>['preLimit']
  /** Request rate limit of the API in `test`, in requests per second. */
  readonly testLimit?: R<'ApiGatewayApi'>['testLimit']
}
/** The outputs of `cloud:ApiGatewayApi`, as refs under `.out` (with every input and `id`). */
export interface ApiGatewayApiOutputs {
  /** The API's id, assigned by the platform. */
  readonly apiGatewayApiId: O<'ApiGatewayApi'>['apiGatewayApiId']
  /** When it was last changed, as the platform reports it. */
  readonly updateTime?: O<'ApiGatewayApi'>['updateTime']
  /** When it was created, as the platform reports it. */
  readonly createTime?: O<'ApiGatewayApi'>['createTime']
}
/**
 * The inputs of `cloud:ApiGatewayApiKey`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface ApiGatewayApiKeyInputs {
  /** Display name of the API key. Changing it replaces the resource. */
  readonly secretName: R<'ApiGatewayApiKey'>['secretName']
  /** Default "on"; one of `on`,`off`. Not in the spec; from docs/wire/cloud.md. */
  readonly status?: R<'ApiGatewayApiKey'>['status']
  /** Default "auto"; one of `auto`,`manual`. Not in the spec; from docs/wire/cloud.md. */
  readonly accessKeyType?: R<'ApiGatewayApiKey'>['accessKeyType']
  /** Length 5..50 chars. Not in the spec; from docs/wire/cloud.md. */
  readonly accessKeyId?: R<'ApiGatewayApiKey'>['accessKeyId']
  /** Length 10..50 chars. Not in the spec; from docs/wire/cloud.md. */
  readonly accessKeySecret?: R<'ApiGatewayApiKey'>['accessKeySecret']
}
/** The outputs of `cloud:ApiGatewayApiKey`, as refs under `.out` (with every input and `id`). */
export interface ApiGatewayApiKeyOutputs {
  /** The key's id (its access key id), assigned by the platform. */
  readonly apiGatewayApiKeyId: O<'ApiGatewayApiKey'>['apiGatewayApiKeyId']
  /** The key's access key id, assigned by the platform. */
  readonly accessKeyId?: O<'ApiGatewayApiKey'>['accessKeyId']
  /** The key's secret, generated by the platform (a secret: never shown or stored in plain text). */
  readonly accessKeySecret?: O<'ApiGatewayApiKey'>['accessKeySecret']
  /**
   * auto (generated by the platform) or manual, as the platform reports it: `auto` when none was
   * given
   */
  readonly accessKeyType?: O<'ApiGatewayApiKey'>['accessKeyType']
  /** When it was last changed, as the platform reports it. */
  readonly modifyTime?: O<'ApiGatewayApiKey'>['modifyTime']
  /** When it was created, as the platform reports it. */
  readonly createTime?: O<'ApiGatewayApiKey'>['createTime']
}
/**
 * The inputs of `cloud:ApiGatewayUsagePlan`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface ApiGatewayUsagePlanInputs {
  /** Display name of the usage plan. */
  readonly usagePlanName: R<'ApiGatewayUsagePlan'>['usagePlanName']
  /** Description of the usage plan. */
  readonly usagePlanDesc?: R<'ApiGatewayUsagePlan'>['usagePlanDesc']
  /** Default -1; `-1` or 1..99999999. */
  readonly maxRequestNum?: R<'ApiGatewayUsagePlan'>['maxRequestNum']
  /** Default -1; `-1` or 1..2000. Not in the spec; from docs/wire/cloud.md. */
  readonly maxRequestNumPreSec?: R<'ApiGatewayUsagePlan'>['maxRequestNumPreSec']
}
/** The outputs of `cloud:ApiGatewayUsagePlan`, as refs under `.out` (with every input and `id`). */
export interface ApiGatewayUsagePlanOutputs {
  /** The usage plan's id, assigned by the platform. */
  readonly apiGatewayUsagePlanId: O<'ApiGatewayUsagePlan'>['apiGatewayUsagePlanId']
  /** When it was last changed, as the platform reports it. */
  readonly modifyTime?: O<'ApiGatewayUsagePlan'>['modifyTime']
  /** When it was created, as the platform reports it. */
  readonly createTime?: O<'ApiGatewayUsagePlan'>['createTime']
  /** Ids of the API keys bound to the plan. */
  readonly attachApiKeys?: O<'ApiGatewayUsagePlan'>['attachApiKeys']
  /** Services and APIs the plan is bound to. */
  readonly attachLists?: O<'ApiGatewayUsagePlan'>['attachLists']
}
/**
 * The inputs of `cloud:ApiGatewayUsagePlanAttachment`: each has a setter of its name, and may be given
 * in the initial object.
 */
export interface ApiGatewayUsagePlanAttachmentInputs {
  /** Id of the usage plan to bind. Changing it replaces the resource. */
  readonly usagePlanId: R<'ApiGatewayUsagePlanAttachment'>['usagePlanId']
  /** Id of the service the plan is bound to (or whose API it is). Changing it replaces the resource. */
  readonly serviceId: R<'ApiGatewayUsagePlanAttachment'>['serviceId']
  /** Required. Changing it replaces the resource. One of `test`,`release`,`prepub`. */
  readonly environment: R<'ApiGatewayUsagePlanAttachment'>['environment']
  /**
   * Values seen in the spec: `API`. Changing it replaces the resource. Default "SERVICE"; one of
   * `SERVICE`,`API`.
   */
  readonly bindType?: R<'ApiGatewayUsagePlanAttachment'>['bindType']
  /** Id of the API the plan is bound to, when bindType is `API`. Changing it replaces the resource. */
  readonly apiId?: R<'ApiGatewayUsagePlanAttachment'>['apiId']
  /** Ids of the API keys bound to the usage plan. Changing it replaces the resource. */
  readonly accessKeyIds?: R<'ApiGatewayUsagePlanAttachment'>['accessKeyIds']
}
/**
 * The outputs of `cloud:ApiGatewayUsagePlanAttachment`, as refs under `.out` (with every input and
 * `id`).
 */
export type ApiGatewayUsagePlanAttachmentOutputs = Record<never, never>
/**
 * The inputs of `cloud:ApiGatewayServiceRelease`: each has a setter of its name, and may be given in
 * the initial object.
 */
export interface ApiGatewayServiceReleaseInputs {
  /** Id of the service to release. Changing it replaces the resource. */
  readonly serviceId: R<'ApiGatewayServiceRelease'>['serviceId']
  /** Required. Changing it replaces the resource. One of `test`,`release`,`prepub`. */
  readonly environmentName: R<'ApiGatewayServiceRelease'>['environmentName']
  /** Description of this release. Changing it replaces the resource. */
  readonly releaseDesc: R<'ApiGatewayServiceRelease'>['releaseDesc']
}
/** The outputs of `cloud:ApiGatewayServiceRelease`, as refs under `.out` (with every input and `id`). */
export interface ApiGatewayServiceReleaseOutputs {
  /** Version of this release, assigned by the platform. */
  readonly releaseVersion: O<'ApiGatewayServiceRelease'>['releaseVersion']
}
/**
 * The inputs of `cloud:ApiGatewayPlugin`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface ApiGatewayPluginInputs {
  /** Display name of the plugin. */
  readonly pluginName: R<'ApiGatewayPlugin'>['pluginName']
  /** Values seen in the spec: `IPControl`. Required. */
  readonly pluginType: R<'ApiGatewayPlugin'>['pluginType']
  /** Values seen in the spec: JSON-encoded string. Required. */
  readonly pluginData: R<'ApiGatewayPlugin'>['pluginData']
  /** Description of the plugin (at most 200 characters). */
  readonly description?: R<'ApiGatewayPlugin'>['description']
}
/** The outputs of `cloud:ApiGatewayPlugin`, as refs under `.out` (with every input and `id`). */
export interface ApiGatewayPluginOutputs {
  /** The plugin's id, assigned by the platform. */
  readonly apiGatewayPluginId: O<'ApiGatewayPlugin'>['apiGatewayPluginId']
}
/**
 * The inputs of `cloud:ApiGatewayCustomDomain`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface ApiGatewayCustomDomainInputs {
  /** Id of the service the domain is bound to. Changing it replaces the resource. Non-empty. */
  readonly serviceId: R<'ApiGatewayCustomDomain'>['serviceId']
  /** The custom domain name to bind, e.g. `api.example.com`. */
  readonly subDomain: R<'ApiGatewayCustomDomain'>['subDomain']
  /** Protocol the domain serves: `http`, `https` or `http&https`. Non-empty. */
  readonly protocol: R<'ApiGatewayCustomDomain'>['protocol']
  /** Network the domain is reached from: `INNER` or `OUTER`. Non-empty. */
  readonly netType: R<'ApiGatewayCustomDomain'>['netType']
  /** The service's default domain the custom domain points to (its CNAME target). Non-empty. */
  readonly defaultDomain: R<'ApiGatewayCustomDomain'>['defaultDomain']
  /** Values seen in the spec: Boolean. Default true. */
  readonly isDefaultMapping?: R<'ApiGatewayCustomDomain'>['isDefaultMapping']
  /** Id of the SSL certificate for HTTPS. */
  readonly certificateId?: R<'ApiGatewayCustomDomain'>['certificateId']
  /** Values seen in the spec: List of strings of the form `<path>#<environment>`. */
  readonly pathMappings?: R<'ApiGatewayCustomDomain'>['pathMappings']
  /** Default false. Not in the spec; from docs/wire/cloud.md. */
  readonly isForcedHttps?: R<'ApiGatewayCustomDomain'>['isForcedHttps']
}
/** The outputs of `cloud:ApiGatewayCustomDomain`, as refs under `.out` (with every input and `id`). */
export interface ApiGatewayCustomDomainOutputs {
  /** The binding's status, a number as the platform reports it. */
  readonly status?: O<'ApiGatewayCustomDomain'>['status']
}
/**
 * The inputs of `cloud:ApiGatewayIpStrategy`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface ApiGatewayIpStrategyInputs {
  /** Id of the service the strategy belongs to. Changing it replaces the resource. Non-empty. */
  readonly serviceId: R<'ApiGatewayIpStrategy'>['serviceId']
  /** Display name of the IP strategy. Changing it replaces the resource. Non-empty. */
  readonly strategyName: R<'ApiGatewayIpStrategy'>['strategyName']
  /** Values seen in the spec: `BLACK`. Required. Changing it replaces the resource. Non-empty. */
  readonly strategyType: R<'ApiGatewayIpStrategy'>['strategyType']
  /** Required. Must parse as ONE IP address. */
  readonly strategyData: R<'ApiGatewayIpStrategy'>['strategyData']
}
/** The outputs of `cloud:ApiGatewayIpStrategy`, as refs under `.out` (with every input and `id`). */
export interface ApiGatewayIpStrategyOutputs {
  /** The IP strategy's id, assigned by the platform. */
  readonly strategyId: O<'ApiGatewayIpStrategy'>['strategyId']
  /** When it was created, as the platform reports it. */
  readonly createTime?: O<'ApiGatewayIpStrategy'>['createTime']
}
/** The arguments of the lookup `cloud:getAddressTemplateGroups`. */
export interface GetAddressTemplateGroupsArgs {
  /** Name of the address template group to find. */
  readonly name?: A<'getAddressTemplateGroups'>['name']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getAddressTemplateGroups'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getAddressTemplateGroups'>['id']
}
/** The result of the lookup `cloud:getAddressTemplateGroups`, as refs under `.out`. */
export interface GetAddressTemplateGroupsResult {
  /** The address template groups found: id, name and the ids of their templates. */
  readonly groupLists: L<'getAddressTemplateGroups'>['groupLists']
  /** Name of the address template group to find. */
  readonly name?: L<'getAddressTemplateGroups'>['name']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getAddressTemplateGroups'>['id']
}
/** The arguments of the lookup `cloud:getAddressTemplates`. */
export interface GetAddressTemplatesArgs {
  /** Name of the IP address template to find. */
  readonly name?: A<'getAddressTemplates'>['name']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getAddressTemplates'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getAddressTemplates'>['id']
}
/** The result of the lookup `cloud:getAddressTemplates`, as refs under `.out`. */
export interface GetAddressTemplatesResult {
  /** The address templates found: id, name and addresses. */
  readonly templateLists: L<'getAddressTemplates'>['templateLists']
  /** Name of the IP address template to find. */
  readonly name?: L<'getAddressTemplates'>['name']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getAddressTemplates'>['id']
}
/** The arguments of the lookup `cloud:getAntiddosBasicDeviceStatus`. */
export interface GetAntiddosBasicDeviceStatusArgs {
  /** Region id (a number) to look in. */
  readonly filterRegion?: A<'getAntiddosBasicDeviceStatus'>['filterRegion']
  /** Ids of the resources whose status is read. */
  readonly idLists?: A<'getAntiddosBasicDeviceStatus'>['idLists']
  /** IP addresses whose status is read. */
  readonly ipLists?: A<'getAntiddosBasicDeviceStatus'>['ipLists']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getAntiddosBasicDeviceStatus'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getAntiddosBasicDeviceStatus'>['id']
}
/** The result of the lookup `cloud:getAntiddosBasicDeviceStatus`, as refs under `.out`. */
export interface GetAntiddosBasicDeviceStatusResult {
  /** Resources and their status codes, as key/value pairs: `1` blocked, `2` normal, `3` under attack. */
  readonly datas: L<'getAntiddosBasicDeviceStatus'>['datas']
  /** Load balancer resources and their status codes, as key/value pairs. */
  readonly clbDatas: L<'getAntiddosBasicDeviceStatus'>['clbDatas']
  /** Region id (a number) to look in. */
  readonly filterRegion?: L<'getAntiddosBasicDeviceStatus'>['filterRegion']
  /** Ids of the resources whose status is read. */
  readonly idLists?: L<'getAntiddosBasicDeviceStatus'>['idLists']
  /** IP addresses whose status is read. */
  readonly ipLists?: L<'getAntiddosBasicDeviceStatus'>['ipLists']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getAntiddosBasicDeviceStatus'>['id']
}
/** The arguments of the lookup `cloud:getAntiddosBgpBizTrend`. */
export interface GetAntiddosBgpBizTrendArgs {
  /** The Anti-DDoS product, e.g. `bgp-multip` (the Anti-DDoS package). */
  readonly business: A<'getAntiddosBgpBizTrend'>['business']
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`, on a multiple of 5 minutes. */
  readonly startTime: A<'getAntiddosBgpBizTrend'>['startTime']
  /** End of the period, `YYYY-MM-DD HH:MM:SS`, on a multiple of 5 minutes. */
  readonly endTime: A<'getAntiddosBgpBizTrend'>['endTime']
  /** The metric: `intraffic`, `outtraffic`, `inpkg` or `outpkg`. */
  readonly metricName: A<'getAntiddosBgpBizTrend'>['metricName']
  /** Id of the Anti-DDoS instance. */
  readonly instanceId: A<'getAntiddosBgpBizTrend'>['instanceId']
  /** Kind of period: 0 fixed time, 1 custom time. */
  readonly flag: A<'getAntiddosBgpBizTrend'>['flag']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getAntiddosBgpBizTrend'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getAntiddosBgpBizTrend'>['id']
}
/** The result of the lookup `cloud:getAntiddosBgpBizTrend`, as refs under `.out`. */
export interface GetAntiddosBgpBizTrendResult {
  /** The metric: `intraffic`, `outtraffic`, `inpkg` or `outpkg`. */
  readonly metricName: L<'getAntiddosBgpBizTrend'>['metricName']
  /** The Anti-DDoS product, e.g. `bgp-multip` (the Anti-DDoS package). */
  readonly business: L<'getAntiddosBgpBizTrend'>['business']
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`, on a multiple of 5 minutes. */
  readonly startTime: L<'getAntiddosBgpBizTrend'>['startTime']
  /** End of the period, `YYYY-MM-DD HH:MM:SS`, on a multiple of 5 minutes. */
  readonly endTime: L<'getAntiddosBgpBizTrend'>['endTime']
  /** Id of the Anti-DDoS instance. */
  readonly instanceId: L<'getAntiddosBgpBizTrend'>['instanceId']
  /** Kind of period: 0 fixed time, 1 custom time. */
  readonly flag: L<'getAntiddosBgpBizTrend'>['flag']
  /** The metric's values over the period, one per point. */
  readonly dataLists: L<'getAntiddosBgpBizTrend'>['dataLists']
  /** The number of points in dataLists. */
  readonly total: L<'getAntiddosBgpBizTrend'>['total']
  /** The largest value over the period. */
  readonly maxData: L<'getAntiddosBgpBizTrend'>['maxData']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getAntiddosBgpBizTrend'>['id']
}
/** The arguments of the lookup `cloud:getAntiddosBgpInstances`. */
export interface GetAntiddosBgpInstancesArgs {
  /** Region name to look in, e.g. `ap-guangzhou`. */
  readonly filterRegion: A<'getAntiddosBgpInstances'>['filterRegion']
  /** Ids of the instances to read (all when left out). */
  readonly filterInstanceIdLists?: A<'getAntiddosBgpInstances'>['filterInstanceIdLists']
  /** Tags (tagKey, tagValue) the instances must carry. */
  readonly filterTags?: A<'getAntiddosBgpInstances'>['filterTags']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getAntiddosBgpInstances'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getAntiddosBgpInstances'>['id']
}
/** The result of the lookup `cloud:getAntiddosBgpInstances`, as refs under `.out`. */
export interface GetAntiddosBgpInstancesResult {
  /** The Anti-DDoS (BGP) instances found. */
  readonly bgpInstanceLists: L<'getAntiddosBgpInstances'>['bgpInstanceLists']
  /** Region name to look in, e.g. `ap-guangzhou`. */
  readonly filterRegion: L<'getAntiddosBgpInstances'>['filterRegion']
  /** Ids of the instances to read (all when left out). */
  readonly filterInstanceIdLists?: L<'getAntiddosBgpInstances'>['filterInstanceIdLists']
  /** Tags (tagKey, tagValue) the instances must carry. */
  readonly filterTags?: L<'getAntiddosBgpInstances'>['filterTags']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getAntiddosBgpInstances'>['id']
}
/** The arguments of the lookup `cloud:getAntiddosListListener`. */
export interface GetAntiddosListListenerArgs {
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getAntiddosListListener'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getAntiddosListListener'>['id']
}
/** The result of the lookup `cloud:getAntiddosListListener`, as refs under `.out`. */
export interface GetAntiddosListListenerResult {
  /** Layer-4 listeners: protocol, frontend and backend ports, real servers, instances. */
  readonly layer4Listeners: L<'getAntiddosListListener'>['layer4Listeners']
  /** Layer-7 listeners: domain, protocol, port, real servers, instances. */
  readonly layer7Listeners: L<'getAntiddosListListener'>['layer7Listeners']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getAntiddosListListener'>['id']
}
/** The arguments of the lookup `cloud:getAntiddosOverviewAttackTrend`. */
export interface GetAntiddosOverviewAttackTrendArgs {
  /** Kind of attack: `cc` or `ddos`. */
  readonly type: A<'getAntiddosOverviewAttackTrend'>['type']
  /** What is counted: only `attackcount`. */
  readonly dimension: A<'getAntiddosOverviewAttackTrend'>['dimension']
  /** Length of each point, in seconds: only 86400. */
  readonly period: A<'getAntiddosOverviewAttackTrend'>['period']
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`. */
  readonly startTime: A<'getAntiddosOverviewAttackTrend'>['startTime']
  /** End of the period, `YYYY-MM-DD HH:MM:SS`. */
  readonly endTime: A<'getAntiddosOverviewAttackTrend'>['endTime']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getAntiddosOverviewAttackTrend'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getAntiddosOverviewAttackTrend'>['id']
}
/** The result of the lookup `cloud:getAntiddosOverviewAttackTrend`, as refs under `.out`. */
export interface GetAntiddosOverviewAttackTrendResult {
  /** Attack counts, one per period point. */
  readonly datas: L<'getAntiddosOverviewAttackTrend'>['datas']
  /** The number of points in datas. */
  readonly periodPointCount: L<'getAntiddosOverviewAttackTrend'>['periodPointCount']
  /** Kind of attack: `cc` or `ddos`. */
  readonly type: L<'getAntiddosOverviewAttackTrend'>['type']
  /** What is counted: only `attackcount`. */
  readonly dimension: L<'getAntiddosOverviewAttackTrend'>['dimension']
  /** Length of each point, in seconds: only 86400. */
  readonly period: L<'getAntiddosOverviewAttackTrend'>['period']
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`. */
  readonly startTime: L<'getAntiddosOverviewAttackTrend'>['startTime']
  /** End of the period, `YYYY-MM-DD HH:MM:SS`. */
  readonly endTime: L<'getAntiddosOverviewAttackTrend'>['endTime']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getAntiddosOverviewAttackTrend'>['id']
}
/** The arguments of the lookup `cloud:getAntiddosOverviewCcTrend`. */
export interface GetAntiddosOverviewCcTrendArgs {
  /** Length of each point, in seconds: 300, 3600 or 86400. */
  readonly period: A<'getAntiddosOverviewCcTrend'>['period']
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`. */
  readonly startTime: A<'getAntiddosOverviewCcTrend'>['startTime']
  /** End of the period, `YYYY-MM-DD HH:MM:SS`. */
  readonly endTime: A<'getAntiddosOverviewCcTrend'>['endTime']
  /** The metric: `inqps`, `dropqps`, `incount` or `dropcount`. */
  readonly metricName: A<'getAntiddosOverviewCcTrend'>['metricName']
  /** The Anti-DDoS product: `bgpip`, `bgp-multip` or `basic`. */
  readonly business?: A<'getAntiddosOverviewCcTrend'>['business']
  /** IP addresses to read the trend of (all when left out). */
  readonly ipLists?: A<'getAntiddosOverviewCcTrend'>['ipLists']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getAntiddosOverviewCcTrend'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getAntiddosOverviewCcTrend'>['id']
}
/** The result of the lookup `cloud:getAntiddosOverviewCcTrend`, as refs under `.out`. */
export interface GetAntiddosOverviewCcTrendResult {
  /** The metric's values, one per period point. */
  readonly datas: L<'getAntiddosOverviewCcTrend'>['datas']
  /**
   * How many points the trend has (the platform's Count; the upstream data source's
   * period_point_count).
   */
  readonly periodPointCount: L<'getAntiddosOverviewCcTrend'>['periodPointCount']
  /** Length of each point, in seconds: 300, 3600 or 86400. */
  readonly period: L<'getAntiddosOverviewCcTrend'>['period']
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`. */
  readonly startTime: L<'getAntiddosOverviewCcTrend'>['startTime']
  /** End of the period, `YYYY-MM-DD HH:MM:SS`. */
  readonly endTime: L<'getAntiddosOverviewCcTrend'>['endTime']
  /** The metric: `inqps`, `dropqps`, `incount` or `dropcount`. */
  readonly metricName: L<'getAntiddosOverviewCcTrend'>['metricName']
  /** The Anti-DDoS product: `bgpip`, `bgp-multip` or `basic`. */
  readonly business?: L<'getAntiddosOverviewCcTrend'>['business']
  /** IP addresses to read the trend of (all when left out). */
  readonly ipLists?: L<'getAntiddosOverviewCcTrend'>['ipLists']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getAntiddosOverviewCcTrend'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayApiAppApi`. */
export interface GetApiGatewayApiAppApiArgs {
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: A<'getApiGatewayApiAppApi'>['serviceId']
  /** Id of the API. */
  readonly apiId: A<'getApiGatewayApiAppApi'>['apiId']
  /** Region of the API, e.g. `ap-guangzhou`. */
  readonly apiRegion: A<'getApiGatewayApiAppApi'>['apiRegion']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayApiAppApi'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayApiAppApi'>['id']
}
/** The result of the lookup `cloud:getApiGatewayApiAppApi`, as refs under `.out`. */
export interface GetApiGatewayApiAppApiResult {
  /** One element: the full description of the API. */
  readonly results: L<'getApiGatewayApiAppApi'>['results']
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: L<'getApiGatewayApiAppApi'>['serviceId']
  /** Id of the API. */
  readonly apiId: L<'getApiGatewayApiAppApi'>['apiId']
  /** Region of the API, e.g. `ap-guangzhou`. */
  readonly apiRegion: L<'getApiGatewayApiAppApi'>['apiRegion']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayApiAppApi'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayApiAppService`. */
export interface GetApiGatewayApiAppServiceArgs {
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: A<'getApiGatewayApiAppService'>['serviceId']
  /** Region of the service, e.g. `ap-guangzhou`. */
  readonly apiRegion: A<'getApiGatewayApiAppService'>['apiRegion']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayApiAppService'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayApiAppService'>['id']
}
/** The result of the lookup `cloud:getApiGatewayApiAppService`, as refs under `.out`. */
export interface GetApiGatewayApiAppServiceResult {
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: L<'getApiGatewayApiAppService'>['serviceId']
  /** Region of the service, e.g. `ap-guangzhou`. */
  readonly apiRegion: L<'getApiGatewayApiAppService'>['apiRegion']
  /** The service's APIs, with their status, method, path and auth type. */
  readonly apiIdStatusSets: L<'getApiGatewayApiAppService'>['apiIdStatusSets']
  /** Usage plans bound to the service. */
  readonly usagePlanLists: L<'getApiGatewayApiAppService'>['usagePlanLists']
  /** Environments the service is released to: `test`, `prepub`, `release`. */
  readonly availableEnvironments: L<'getApiGatewayApiAppService'>['availableEnvironments']
  /** Networks the service is reached from: `INNER`, `OUTER`. */
  readonly netTypes: L<'getApiGatewayApiAppService'>['netTypes']
  /** The number of APIs of the service. */
  readonly apiTotalCount?: L<'getApiGatewayApiAppService'>['apiTotalCount']
  /** When the service was created. */
  readonly createdTime?: L<'getApiGatewayApiAppService'>['createdTime']
  /** HTTP port on the private network. */
  readonly innerHttpPort?: L<'getApiGatewayApiAppService'>['innerHttpPort']
  /** HTTPS port on the private network. */
  readonly innerHttpsPort?: L<'getApiGatewayApiAppService'>['innerHttpsPort']
  /** Domain of the service on the private network. */
  readonly internalSubDomain?: L<'getApiGatewayApiAppService'>['internalSubDomain']
  /** IP version the service is reached over, e.g. `IPv4`. */
  readonly ipVersion?: L<'getApiGatewayApiAppService'>['ipVersion']
  /** When the service was last changed. */
  readonly modifiedTime?: L<'getApiGatewayApiAppService'>['modifiedTime']
  /** Domain of the service on the public network. */
  readonly outerSubDomain?: L<'getApiGatewayApiAppService'>['outerSubDomain']
  /** Protocols the service accepts: `http`, `https` or `http&https`. */
  readonly protocol?: L<'getApiGatewayApiAppService'>['protocol']
  /** Description of the service. */
  readonly serviceDesc?: L<'getApiGatewayApiAppService'>['serviceDesc']
  /** Display name of the service. */
  readonly serviceName?: L<'getApiGatewayApiAppService'>['serviceName']
  /** Id of the cluster (set) the service runs on, as the platform reports it. */
  readonly setId?: L<'getApiGatewayApiAppService'>['setId']
  /** The number of usage plans bound to the service. */
  readonly usagePlanTotalCount?: L<'getApiGatewayApiAppService'>['usagePlanTotalCount']
  /** User type of the account that owns the service, as the platform reports it. */
  readonly userType?: L<'getApiGatewayApiAppService'>['userType']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayApiAppService'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayApiApps`. */
export interface GetApiGatewayApiAppsArgs {
  /** Id of the API app to find. */
  readonly apiAppId?: A<'getApiGatewayApiApps'>['apiAppId']
  /** Name of the API app to find. */
  readonly apiAppName?: A<'getApiGatewayApiApps'>['apiAppName']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayApiApps'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayApiApps'>['id']
}
/** The result of the lookup `cloud:getApiGatewayApiApps`, as refs under `.out`. */
export interface GetApiGatewayApiAppsResult {
  /** The API apps found: id, name, key, secret (kept secret), description, times. */
  readonly apiAppLists: L<'getApiGatewayApiApps'>['apiAppLists']
  /** Id of the API app to find. */
  readonly apiAppId?: L<'getApiGatewayApiApps'>['apiAppId']
  /** Name of the API app to find. */
  readonly apiAppName?: L<'getApiGatewayApiApps'>['apiAppName']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayApiApps'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayApiDocs`. */
export interface GetApiGatewayApiDocsArgs {
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayApiDocs'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayApiDocs'>['id']
}
/** The result of the lookup `cloud:getApiGatewayApiDocs`, as refs under `.out`. */
export interface GetApiGatewayApiDocsResult {
  /** The API documents: id, name and status (`PROCESSING`, `COMPLETED` or `FAIL`). */
  readonly apiDocLists: L<'getApiGatewayApiDocs'>['apiDocLists']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayApiDocs'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayApiKeys`. */
export interface GetApiGatewayApiKeysArgs {
  /** Id of the API key to find. */
  readonly apiKeyId?: A<'getApiGatewayApiKeys'>['apiKeyId']
  /** Name of the API key to find. */
  readonly secretName?: A<'getApiGatewayApiKeys'>['secretName']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayApiKeys'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayApiKeys'>['id']
}
/** The result of the lookup `cloud:getApiGatewayApiKeys`, as refs under `.out`. */
export interface GetApiGatewayApiKeysResult {
  /** The API keys found: status (`on` or `off`), secret (kept secret), times. */
  readonly lists: L<'getApiGatewayApiKeys'>['lists']
  /** Id of the API key to find. */
  readonly apiKeyId?: L<'getApiGatewayApiKeys'>['apiKeyId']
  /** Name of the API key to find. */
  readonly secretName?: L<'getApiGatewayApiKeys'>['secretName']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayApiKeys'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayApiPlugins`. */
export interface GetApiGatewayApiPluginsArgs {
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: A<'getApiGatewayApiPlugins'>['serviceId']
  /** Id of the API whose plugins are read. */
  readonly apiId: A<'getApiGatewayApiPlugins'>['apiId']
  /** Environment to read the attachments of: `test`, `prepub` or `release`. */
  readonly environmentName?: A<'getApiGatewayApiPlugins'>['environmentName']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayApiPlugins'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayApiPlugins'>['id']
}
/** The result of the lookup `cloud:getApiGatewayApiPlugins`, as refs under `.out`. */
export interface GetApiGatewayApiPluginsResult {
  /** The plugins attached: id, name, type, data, environment, attachment time. */
  readonly results: L<'getApiGatewayApiPlugins'>['results']
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: L<'getApiGatewayApiPlugins'>['serviceId']
  /** Id of the API whose plugins are read. */
  readonly apiId: L<'getApiGatewayApiPlugins'>['apiId']
  /** Environment to read the attachments of: `test`, `prepub` or `release`. */
  readonly environmentName?: L<'getApiGatewayApiPlugins'>['environmentName']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayApiPlugins'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayApis`. */
export interface GetApiGatewayApisArgs {
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: A<'getApiGatewayApis'>['serviceId']
  /** Id of the API to find. */
  readonly apiId?: A<'getApiGatewayApis'>['apiId']
  /** Name of the API to find. */
  readonly apiName?: A<'getApiGatewayApis'>['apiName']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayApis'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayApis'>['id']
}
/** The result of the lookup `cloud:getApiGatewayApis`, as refs under `.out`. */
export interface GetApiGatewayApisResult {
  /** The APIs found, each the full API description. */
  readonly lists: L<'getApiGatewayApis'>['lists']
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: L<'getApiGatewayApis'>['serviceId']
  /** Id of the API to find. */
  readonly apiId?: L<'getApiGatewayApis'>['apiId']
  /** Name of the API to find. */
  readonly apiName?: L<'getApiGatewayApis'>['apiName']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayApis'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayBindApiAppsStatus`. */
export interface GetApiGatewayBindApiAppsStatusArgs {
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: A<'getApiGatewayBindApiAppsStatus'>['serviceId']
  /** Ids of the APIs whose bound apps are read. */
  readonly apiIds: A<'getApiGatewayBindApiAppsStatus'>['apiIds']
  /** Filters (name, values): name is `ApiAppId`, `Environment` or `KeyWord`. */
  readonly filters?: A<'getApiGatewayBindApiAppsStatus'>['filters']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayBindApiAppsStatus'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayBindApiAppsStatus'>['id']
}
/** The result of the lookup `cloud:getApiGatewayBindApiAppsStatus`, as refs under `.out`. */
export interface GetApiGatewayBindApiAppsStatusResult {
  /** One element whose apiAppApiSets holds every app-to-API binding found. */
  readonly results: L<'getApiGatewayBindApiAppsStatus'>['results']
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: L<'getApiGatewayBindApiAppsStatus'>['serviceId']
  /** Ids of the APIs whose bound apps are read. */
  readonly apiIds: L<'getApiGatewayBindApiAppsStatus'>['apiIds']
  /** Filters (name, values): name is `ApiAppId`, `Environment` or `KeyWord`. */
  readonly filters?: L<'getApiGatewayBindApiAppsStatus'>['filters']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayBindApiAppsStatus'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayCustomerDomains`. */
export interface GetApiGatewayCustomerDomainsArgs {
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: A<'getApiGatewayCustomerDomains'>['serviceId']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayCustomerDomains'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayCustomerDomains'>['id']
}
/** The result of the lookup `cloud:getApiGatewayCustomerDomains`, as refs under `.out`. */
export interface GetApiGatewayCustomerDomainsResult {
  /** The custom domains: name, protocol, network, certificate, status, path mappings. */
  readonly lists: L<'getApiGatewayCustomerDomains'>['lists']
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: L<'getApiGatewayCustomerDomains'>['serviceId']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayCustomerDomains'>['id']
}
/** The arguments of the lookup `cloud:getApiGatewayIpStrategies`. */
export interface GetApiGatewayIpStrategiesArgs {
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: A<'getApiGatewayIpStrategies'>['serviceId']
  /** Name of the IP strategy to find. */
  readonly strategyName?: A<'getApiGatewayIpStrategies'>['strategyName']
  /** A path where the result is also saved, as JSON (the engine writes it after the lookup). */
  readonly resultOutputFile?: A<'getApiGatewayIpStrategies'>['resultOutputFile']
  /** An id for the lookup (optional; the result's `id` is computed from what it finds). */
  readonly id?: A<'getApiGatewayIpStrategies'>['id']
}
/** The result of the lookup `cloud:getApiGatewayIpStrategies`, as refs under `.out`. */
export interface GetApiGatewayIpStrategiesResult {
  /** The IP strategies: addresses and the APIs bound in each environment. */
  readonly lists: L<'getApiGatewayIpStrategies'>['lists']
  /** Id of the API gateway service, e.g. `service-abc123`. */
  readonly serviceId: L<'getApiGatewayIpStrategies'>['serviceId']
  /** Name of the IP strategy to find. */
  readonly strategyName?: L<'getApiGatewayIpStrategies'>['strategyName']
  /** The lookup's id, computed from what it found or from its arguments. */
  readonly id?: L<'getApiGatewayIpStrategies'>['id']
}

/**
 * Every builder of the cloud provider (also this module's default export). A public cloud's signed
 * action API (API 3.0, TC3-HMAC-SHA256). Region defaults to ap-guangzhou, protocol to HTTPS, the API
 * root domain to tencentcloudapi.com. Credentials: secretId/secretKey/securityToken, else the shared
 * credentials of the command-line tool (profile, sharedCredentialsDir), else the instance role
 * (camRoleName); assumeRole, assumeRoleWithSaml, assumeRoleWithWebIdentity and mfaCertification
 * exchange them for temporary ones; allowedAccountIds/forbiddenAccountIds guard the account.
 */
export const cloud = buildersFor(cloudProvider)
/** A provider instance of cloud for `stack(name, { providers })`, from its configuration. */
export const provider = cloud.provider
/**
 * A provider instance of cloud whose unset configuration comes from environment variables (call it at
 * the edge with process.env); explicit values win.
 */
export const fromEnv = cloud.fromEnv
/** The configuration of a cloud provider instance under the underlying engine's key names. */
export const bridgeConfig = cloud.bridgeConfig
/**
 * `cloud:ApiGatewayService`: An API gateway service: name, protocol, network types and per-environment
 * rate limits (releaseLimit, preLimit, testLimit, in requests per second). From the wire reference:
 * exclusiveSetName (deprecated), instanceId, uniqVpcId, and the outputs internalSubDomain,
 * outerSubDomain, innerHttpPort, innerHttpsPort, modifyTime, createTime, usagePlanLists, apiLists.
 * Tags are kept through the tag service. Waits: after a create, until the service is visible, up to 3
 * minutes; a service whose create reply was lost is looked for in the listing 5 times, up to 1 minute
 * (the platform lists new objects late). Call it with a node name and, optionally, initial inputs.
 */
export const apiGatewayService: ResourceBuilderFn<ApiGatewayServiceInputs, ApiGatewayServiceOutputs> =
  cloud.apiGatewayService
/**
 * `cloud:ApiGatewayApi`: An API of a gateway service. The back end is chosen by serviceConfigType
 * (HTTP by default: serviceConfigUrl, serviceConfigPath and serviceConfigMethod are then required).
 * Most fields come from the wire reference (see the module doc); limits (releaseLimit, preLimit,
 * testLimit) are per-environment request-rate caps, 5000 meaning unlimited. Refresh reads each API
 * alone (DescribeApi): the service's listing (DescribeApisStatus) carries neither the back end nor the
 * limits; the limits of every API of a service come from one listing (DescribeApiEnvironmentStrategy
 * by service) that its APIs share. A refresh reads the limits only of APIs that set one: it compares
 * only the inputs the program set, so for the others that listing would be read for nothing; an import
 * reads them all. Call it with a node name and, optionally, initial inputs.
 */
export const apiGatewayApi: ResourceBuilderFn<ApiGatewayApiInputs, ApiGatewayApiOutputs> = cloud.apiGatewayApi
/**
 * `cloud:ApiGatewayApiKey`: An API key (access key id and secret) for SECRET-authenticated APIs;
 * status `on` or `off`. From the wire reference: accessKeyType (auto or manual), accessKeyId and
 * accessKeySecret (given for manual keys, generated otherwise; the secret is kept as a secret),
 * modifyTime and createTime. Call it with a node name and, optionally, initial inputs.
 */
export const apiGatewayApiKey: ResourceBuilderFn<ApiGatewayApiKeyInputs, ApiGatewayApiKeyOutputs> =
  cloud.apiGatewayApiKey
/**
 * `cloud:ApiGatewayUsagePlan`: A usage plan: maxRequestNum requests in total and maxRequestNumPreSec
 * per second (-1, the default, is unlimited). From the wire reference: the outputs modifyTime,
 * createTime, attachApiKeys (bound key ids) and attachLists (bound services and APIs). Waits: after a
 * create, until the plan is visible, up to 3 minutes; a plan whose create reply was lost is looked for
 * in the listing 5 times, up to 1 minute (the platform lists new objects late). Call it with a node
 * name and, optionally, initial inputs.
 */
export const apiGatewayUsagePlan: ResourceBuilderFn<ApiGatewayUsagePlanInputs, ApiGatewayUsagePlanOutputs> =
  cloud.apiGatewayUsagePlan
/**
 * `cloud:ApiGatewayUsagePlanAttachment`: Binds a usage plan to an environment (test, release or
 * prepub) of a service, or of one API when bindType is API; accessKeyIds (from the wire reference) are
 * bound to the plan too. Every change replaces the attachment, the old binding removed first. Waits:
 * binding and unbinding are repeated until acknowledged, up to 5 minutes each; a service or plan that
 * is gone ends a delete as done. Refresh reads each attachment alone: a binding is seen only through
 * its service's bindings and its plan's keys together; in one refresh, the attachments of one service
 * share its bindings listing and those of one plan its keys listing. Call it with a node name and,
 * optionally, initial inputs.
 */
export const apiGatewayUsagePlanAttachment: ResourceBuilderFn<
  ApiGatewayUsagePlanAttachmentInputs,
  ApiGatewayUsagePlanAttachmentOutputs
> = cloud.apiGatewayUsagePlanAttachment
/**
 * `cloud:ApiGatewayServiceRelease`: Releases (publishes) a service to an environment: test, release or
 * prepub. The service needs at least one API. From the wire reference: the output releaseVersion.
 * Every change replaces the release; deleting it un-releases the environment. Waits: until the service
 * is visible, up to 3 minutes. Refresh reads each release alone: it is one environment's release
 * history of one service, checked against the service's released environments (in one refresh, from
 * the listing of every service that the services' own refresh sends). Call it with a node name and,
 * optionally, initial inputs.
 */
export const apiGatewayServiceRelease: ResourceBuilderFn<
  ApiGatewayServiceReleaseInputs,
  ApiGatewayServiceReleaseOutputs
> = cloud.apiGatewayServiceRelease
/**
 * `cloud:ApiGatewayPlugin`: A gateway plugin: pluginType (IPControl, TrafficControl, Cors, CustomReq,
 * CustomAuth, Routing, TrafficControlByParameter, CircuitBreaker, ProxyCache) and pluginData, its
 * configuration as a JSON document (compared as JSON). Attach it to APIs separately. Call it with a
 * node name and, optionally, initial inputs.
 */
export const apiGatewayPlugin: ResourceBuilderFn<ApiGatewayPluginInputs, ApiGatewayPluginOutputs> =
  cloud.apiGatewayPlugin
/**
 * `cloud:ApiGatewayCustomDomain`: A custom domain of a gateway service. With isDefaultMapping false,
 * pathMappings ("<path>#<environment>") route paths to environments. From the wire reference:
 * certificateId (needed for https), isForcedHttps and the output status. Refresh reads each domain
 * from its service's domains (DescribeServiceSubDomains, one listing the service's domains share), and
 * a domain that is not default-mapped also alone: its path mappings are listed per domain
 * (DescribeServiceSubDomainMappings). Call it with a node name and, optionally, initial inputs.
 */
export const apiGatewayCustomDomain: ResourceBuilderFn<ApiGatewayCustomDomainInputs, ApiGatewayCustomDomainOutputs> =
  cloud.apiGatewayCustomDomain
/**
 * `cloud:ApiGatewayIpStrategy`: An IP strategy of a service: strategyType WHITE (allow only) or BLACK
 * (block), strategyData the addresses or CIDR ranges, one per line. From the wire reference: the
 * outputs strategyId and createTime; only strategyData changes in place. Waits: after a create, until
 * the strategy is visible, up to 3 minutes; a strategy whose create reply was lost is looked for in
 * the listing 5 times, up to 1 minute (the platform lists new objects late). Refresh reads each
 * strategy alone (DescribeIPStrategy): the service's listing is read only to find a lost create. Call
 * it with a node name and, optionally, initial inputs.
 */
export const apiGatewayIpStrategy: ResourceBuilderFn<ApiGatewayIpStrategyInputs, ApiGatewayIpStrategyOutputs> =
  cloud.apiGatewayIpStrategy
/**
 * `cloud:getAddressTemplateGroups` (a lookup, read at plan time): Address template groups of the VPC
 * service, filtered by name and/or id; each with its id, name and the ids of its templates.
 */
export const getAddressTemplateGroups: LookupBuilderFn<GetAddressTemplateGroupsArgs, GetAddressTemplateGroupsResult> =
  cloud.getAddressTemplateGroups
/**
 * `cloud:getAddressTemplates` (a lookup, read at plan time): IP address templates of the VPC service,
 * filtered by name and/or id; each with its id, name and addresses.
 */
export const getAddressTemplates: LookupBuilderFn<GetAddressTemplatesArgs, GetAddressTemplatesResult> =
  cloud.getAddressTemplates
/**
 * `cloud:getAntiddosBasicDeviceStatus` (a lookup, read at plan time): Basic DDoS protection status of
 * IPs (ipLists) and load-balancer ids (idLists): each resource with a status code, 1 blocking, 2
 * normal, 3 under attack.
 */
export const getAntiddosBasicDeviceStatus: LookupBuilderFn<
  GetAntiddosBasicDeviceStatusArgs,
  GetAntiddosBasicDeviceStatusResult
> = cloud.getAntiddosBasicDeviceStatus
/**
 * `cloud:getAntiddosBgpBizTrend` (a lookup, read at plan time): The business trend (traffic or
 * packets, in or out) of an Anti-DDoS instance between two times on 5-minute boundaries; flag 0 fixed
 * time, 1 custom time.
 */
export const getAntiddosBgpBizTrend: LookupBuilderFn<GetAntiddosBgpBizTrendArgs, GetAntiddosBgpBizTrendResult> =
  cloud.getAntiddosBgpBizTrend
/**
 * `cloud:getAntiddosBgpInstances` (a lookup, read at plan time): Anti-DDoS (BGP) instances of a region
 * (filterRegion, e.g. ap-guangzhou), optionally only some instance ids or those with given tags.
 */
export const getAntiddosBgpInstances: LookupBuilderFn<GetAntiddosBgpInstancesArgs, GetAntiddosBgpInstancesResult> =
  cloud.getAntiddosBgpInstances
/**
 * `cloud:getAntiddosListListener` (a lookup, read at plan time): Every layer-4 and layer-7 listener of
 * the Anti-DDoS instances, with their real servers and instances.
 */
export const getAntiddosListListener: LookupBuilderFn<GetAntiddosListListenerArgs, GetAntiddosListListenerResult> =
  cloud.getAntiddosListListener
/**
 * `cloud:getAntiddosOverviewAttackTrend` (a lookup, read at plan time): Attack counts per day (period
 * 86400, dimension attackcount) of CC or DDoS attacks (type) between two times.
 */
export const getAntiddosOverviewAttackTrend: LookupBuilderFn<
  GetAntiddosOverviewAttackTrendArgs,
  GetAntiddosOverviewAttackTrendResult
> = cloud.getAntiddosOverviewAttackTrend
/**
 * `cloud:getAntiddosOverviewCcTrend` (a lookup, read at plan time): The CC attack trend (metricName
 * inqps, dropqps, incount or dropcount) at a period of 300, 3600 or 86400 seconds, optionally for one
 * business and some IPs.
 */
export const getAntiddosOverviewCcTrend: LookupBuilderFn<
  GetAntiddosOverviewCcTrendArgs,
  GetAntiddosOverviewCcTrendResult
> = cloud.getAntiddosOverviewCcTrend
/**
 * `cloud:getApiGatewayApiAppApi` (a lookup, read at plan time): One API of a service as seen by API
 * apps (DescribeApiForApiApp): a one-element results list with the full API description.
 */
export const getApiGatewayApiAppApi: LookupBuilderFn<GetApiGatewayApiAppApiArgs, GetApiGatewayApiAppApiResult> =
  cloud.getApiGatewayApiAppApi
/**
 * `cloud:getApiGatewayApiAppService` (a lookup, read at plan time): A gateway service as seen by API
 * apps (DescribeServiceForApiApp): its APIs, usage plans, environments, domains and ports.
 */
export const getApiGatewayApiAppService: LookupBuilderFn<
  GetApiGatewayApiAppServiceArgs,
  GetApiGatewayApiAppServiceResult
> = cloud.getApiGatewayApiAppService
/**
 * `cloud:getApiGatewayApiApps` (a lookup, read at plan time): API apps, filtered by apiAppId and/or
 * apiAppName; each with its key, secret (kept secret), description and times.
 */
export const getApiGatewayApiApps: LookupBuilderFn<GetApiGatewayApiAppsArgs, GetApiGatewayApiAppsResult> =
  cloud.getApiGatewayApiApps
/**
 * `cloud:getApiGatewayApiDocs` (a lookup, read at plan time): Every API document of the account, with
 * its id, name and status (PROCESSING, COMPLETED or FAIL).
 */
export const getApiGatewayApiDocs: LookupBuilderFn<GetApiGatewayApiDocsArgs, GetApiGatewayApiDocsResult> =
  cloud.getApiGatewayApiDocs
/**
 * `cloud:getApiGatewayApiKeys` (a lookup, read at plan time): API keys, filtered by secretName and/or
 * apiKeyId; each with its status (on or off), secret (kept secret) and times.
 */
export const getApiGatewayApiKeys: LookupBuilderFn<GetApiGatewayApiKeysArgs, GetApiGatewayApiKeysResult> =
  cloud.getApiGatewayApiKeys
/**
 * `cloud:getApiGatewayApiPlugins` (a lookup, read at plan time): The plugins attached to an API,
 * optionally in one environment, with their type, data and attachment time.
 */
export const getApiGatewayApiPlugins: LookupBuilderFn<GetApiGatewayApiPluginsArgs, GetApiGatewayApiPluginsResult> =
  cloud.getApiGatewayApiPlugins
/**
 * `cloud:getApiGatewayApis` (a lookup, read at plan time): The APIs of an API gateway service,
 * filtered by apiId and/or apiName; each item is the full API description (DescribeApi).
 */
export const getApiGatewayApis: LookupBuilderFn<GetApiGatewayApisArgs, GetApiGatewayApisResult> =
  cloud.getApiGatewayApis
/**
 * `cloud:getApiGatewayBindApiAppsStatus` (a lookup, read at plan time): The API apps bound to some
 * APIs of a service, filtered by app id, environment or keyword; results holds one element with every
 * binding.
 */
export const getApiGatewayBindApiAppsStatus: LookupBuilderFn<
  GetApiGatewayBindApiAppsStatusArgs,
  GetApiGatewayBindApiAppsStatusResult
> = cloud.getApiGatewayBindApiAppsStatus
/**
 * `cloud:getApiGatewayCustomerDomains` (a lookup, read at plan time): The custom domains of a service
 * with their protocol, network, certificate, status and (for non-default mappings) path mappings.
 */
export const getApiGatewayCustomerDomains: LookupBuilderFn<
  GetApiGatewayCustomerDomainsArgs,
  GetApiGatewayCustomerDomainsResult
> = cloud.getApiGatewayCustomerDomains
/**
 * `cloud:getApiGatewayIpStrategies` (a lookup, read at plan time): The IP strategies of a service
 * (optionally one by name), each with its addresses (ipList) and the APIs it is bound to in the test,
 * release and prepub environments.
 */
export const getApiGatewayIpStrategies: LookupBuilderFn<
  GetApiGatewayIpStrategiesArgs,
  GetApiGatewayIpStrategiesResult
> = cloud.getApiGatewayIpStrategies
export default cloud
