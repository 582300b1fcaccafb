/** The cloud provider's builders, generated from its registry by builders/generate.ts — do not edit. */
import { cloudProvider } from '../src/providers/cloud'
import { buildersFor } from './builder'

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
export const apiGatewayService = cloud.apiGatewayService
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
export const apiGatewayApi = cloud.apiGatewayApi
/**
 * `cloud:ApiGatewayApiKey`: An API key (access key id and secret) for SECRET-authenticated APIs;
 * status `on` or `off`. From the wire reference: accessKeyType (auto or manual), accessKeyId and
 * accessKeySecret (given for manual keys, generated otherwise; the secret is kept as a secret),
 * modifyTime and createTime. Call it with a node name and, optionally, initial inputs.
 */
export const apiGatewayApiKey = cloud.apiGatewayApiKey
/**
 * `cloud:ApiGatewayUsagePlan`: A usage plan: maxRequestNum requests in total and maxRequestNumPreSec
 * per second (-1, the default, is unlimited). From the wire reference: the outputs modifyTime,
 * createTime, attachApiKeys (bound key ids) and attachLists (bound services and APIs). Waits: after a
 * create, until the plan is visible, up to 3 minutes; a plan whose create reply was lost is looked for
 * in the listing 5 times, up to 1 minute (the platform lists new objects late). Call it with a node
 * name and, optionally, initial inputs.
 */
export const apiGatewayUsagePlan = cloud.apiGatewayUsagePlan
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
export const apiGatewayUsagePlanAttachment = cloud.apiGatewayUsagePlanAttachment
/**
 * `cloud:ApiGatewayServiceRelease`: Releases (publishes) a service to an environment: test, release or
 * prepub. The service needs at least one API. From the wire reference: the output releaseVersion.
 * Every change replaces the release; deleting it un-releases the environment. Waits: until the service
 * is visible, up to 3 minutes. Refresh reads each release alone: it is one environment's release
 * history of one service, checked against the service's released environments (in one refresh, from
 * the listing of every service that the services' own refresh sends). Call it with a node name and,
 * optionally, initial inputs.
 */
export const apiGatewayServiceRelease = cloud.apiGatewayServiceRelease
/**
 * `cloud:ApiGatewayPlugin`: A gateway plugin: pluginType (IPControl, TrafficControl, Cors, CustomReq,
 * CustomAuth, Routing, TrafficControlByParameter, CircuitBreaker, ProxyCache) and pluginData, its
 * configuration as a JSON document (compared as JSON). Attach it to APIs separately. Call it with a
 * node name and, optionally, initial inputs.
 */
export const apiGatewayPlugin = cloud.apiGatewayPlugin
/**
 * `cloud:ApiGatewayCustomDomain`: A custom domain of a gateway service. With isDefaultMapping false,
 * pathMappings ("<path>#<environment>") route paths to environments. From the wire reference:
 * certificateId (needed for https), isForcedHttps and the output status. Refresh reads each domain
 * from its service's domains (DescribeServiceSubDomains, one listing the service's domains share), and
 * a domain that is not default-mapped also alone: its path mappings are listed per domain
 * (DescribeServiceSubDomainMappings). Call it with a node name and, optionally, initial inputs.
 */
export const apiGatewayCustomDomain = cloud.apiGatewayCustomDomain
/**
 * `cloud:ApiGatewayIpStrategy`: An IP strategy of a service: strategyType WHITE (allow only) or BLACK
 * (block), strategyData the addresses or CIDR ranges, one per line. From the wire reference: the
 * outputs strategyId and createTime; only strategyData changes in place. Waits: after a create, until
 * the strategy is visible, up to 3 minutes; a strategy whose create reply was lost is looked for in
 * the listing 5 times, up to 1 minute (the platform lists new objects late). Refresh reads each
 * strategy alone (DescribeIPStrategy): the service's listing is read only to find a lost create. Call
 * it with a node name and, optionally, initial inputs.
 */
export const apiGatewayIpStrategy = cloud.apiGatewayIpStrategy
/**
 * `cloud:getAddressTemplateGroups` (a lookup, read at plan time): Address template groups of the VPC
 * service, filtered by name and/or id; each with its id, name and the ids of its templates.
 */
export const getAddressTemplateGroups = cloud.getAddressTemplateGroups
/**
 * `cloud:getAddressTemplates` (a lookup, read at plan time): IP address templates of the VPC service,
 * filtered by name and/or id; each with its id, name and addresses.
 */
export const getAddressTemplates = cloud.getAddressTemplates
/**
 * `cloud:getAntiddosBasicDeviceStatus` (a lookup, read at plan time): Basic DDoS protection status of
 * IPs (ipLists) and load-balancer ids (idLists): each resource with a status code, 1 blocking, 2
 * normal, 3 under attack.
 */
export const getAntiddosBasicDeviceStatus = cloud.getAntiddosBasicDeviceStatus
/**
 * `cloud:getAntiddosBgpBizTrend` (a lookup, read at plan time): The business trend (traffic or
 * packets, in or out) of an Anti-DDoS instance between two times on 5-minute boundaries; flag 0 fixed
 * time, 1 custom time.
 */
export const getAntiddosBgpBizTrend = cloud.getAntiddosBgpBizTrend
/**
 * `cloud:getAntiddosBgpInstances` (a lookup, read at plan time): Anti-DDoS (BGP) instances of a region
 * (filterRegion, e.g. ap-guangzhou), optionally only some instance ids or those with given tags.
 */
export const getAntiddosBgpInstances = cloud.getAntiddosBgpInstances
/**
 * `cloud:getAntiddosListListener` (a lookup, read at plan time): Every layer-4 and layer-7 listener of
 * the Anti-DDoS instances, with their real servers and instances.
 */
export const getAntiddosListListener = cloud.getAntiddosListListener
/**
 * `cloud:getAntiddosOverviewAttackTrend` (a lookup, read at plan time): Attack counts per day (period
 * 86400, dimension attackcount) of CC or DDoS attacks (type) between two times.
 */
export const getAntiddosOverviewAttackTrend = cloud.getAntiddosOverviewAttackTrend
/**
 * `cloud:getAntiddosOverviewCcTrend` (a lookup, read at plan time): The CC attack trend (metricName
 * inqps, dropqps, incount or dropcount) at a period of 300, 3600 or 86400 seconds, optionally for one
 * business and some IPs.
 */
export const getAntiddosOverviewCcTrend = cloud.getAntiddosOverviewCcTrend
/**
 * `cloud:getApiGatewayApiAppApi` (a lookup, read at plan time): One API of a service as seen by API
 * apps (DescribeApiForApiApp): a one-element results list with the full API description.
 */
export const getApiGatewayApiAppApi = cloud.getApiGatewayApiAppApi
/**
 * `cloud:getApiGatewayApiAppService` (a lookup, read at plan time): A gateway service as seen by API
 * apps (DescribeServiceForApiApp): its APIs, usage plans, environments, domains and ports.
 */
export const getApiGatewayApiAppService = cloud.getApiGatewayApiAppService
/**
 * `cloud:getApiGatewayApiApps` (a lookup, read at plan time): API apps, filtered by apiAppId and/or
 * apiAppName; each with its key, secret (kept secret), description and times.
 */
export const getApiGatewayApiApps = cloud.getApiGatewayApiApps
/**
 * `cloud:getApiGatewayApiDocs` (a lookup, read at plan time): Every API document of the account, with
 * its id, name and status (PROCESSING, COMPLETED or FAIL).
 */
export const getApiGatewayApiDocs = cloud.getApiGatewayApiDocs
/**
 * `cloud:getApiGatewayApiKeys` (a lookup, read at plan time): API keys, filtered by secretName and/or
 * apiKeyId; each with its status (on or off), secret (kept secret) and times.
 */
export const getApiGatewayApiKeys = cloud.getApiGatewayApiKeys
/**
 * `cloud:getApiGatewayApiPlugins` (a lookup, read at plan time): The plugins attached to an API,
 * optionally in one environment, with their type, data and attachment time.
 */
export const getApiGatewayApiPlugins = cloud.getApiGatewayApiPlugins
/**
 * `cloud:getApiGatewayApis` (a lookup, read at plan time): The APIs of an API gateway service,
 * filtered by apiId and/or apiName; each item is the full API description (DescribeApi).
 */
export const getApiGatewayApis = cloud.getApiGatewayApis
/**
 * `cloud:getApiGatewayBindApiAppsStatus` (a lookup, read at plan time): The API apps bound to some
 * APIs of a service, filtered by app id, environment or keyword; results holds one element with every
 * binding.
 */
export const getApiGatewayBindApiAppsStatus = cloud.getApiGatewayBindApiAppsStatus
/**
 * `cloud:getApiGatewayCustomerDomains` (a lookup, read at plan time): The custom domains of a service
 * with their protocol, network, certificate, status and (for non-default mappings) path mappings.
 */
export const getApiGatewayCustomerDomains = cloud.getApiGatewayCustomerDomains
/**
 * `cloud:getApiGatewayIpStrategies` (a lookup, read at plan time): The IP strategies of a service
 * (optionally one by name), each with its addresses (ipList) and the APIs it is bound to in the test,
 * release and prepub environments.
 */
export const getApiGatewayIpStrategies = cloud.getApiGatewayIpStrategies
export default cloud
