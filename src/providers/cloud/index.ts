/**
 * The cloud provider's registry: configuration (credentials, region, role assumption and account
 * guards, with their `CLOUD_` environment fallbacks) and every resource and lookup spec of the
 * signed-action cloud API (address templates, anti-DDoS, API gateway).
 */
import { cloudClient } from './client/cloud-client'
import { defineProvider } from '../../core/provider'
import { verifyCredentials } from './shared/verify-credentials'
import {
  CloudConfig,
  cloudBridge,
  cloudConfigFromEnv,
  cloudConfigRules,
  cloudEndpointOf,
  cloudEnv,
  cloudStepBudgetMs,
} from './config'
import { ApiGatewayService } from './api-gateway-service'
import { ApiGatewayApi } from './api-gateway-api'
import { ApiGatewayApiKey } from './api-gateway-api-key'
import { ApiGatewayUsagePlan } from './api-gateway-usage-plan'
import { ApiGatewayUsagePlanAttachment } from './api-gateway-usage-plan-attachment'
import { ApiGatewayServiceRelease } from './api-gateway-service-release'
import { ApiGatewayPlugin } from './api-gateway-plugin'
import { ApiGatewayCustomDomain } from './api-gateway-custom-domain'
import { ApiGatewayIpStrategy } from './api-gateway-ip-strategy'
import { getAddressTemplateGroups } from './get-address-template-groups'
import { getAddressTemplates } from './get-address-templates'
import { getAntiddosBasicDeviceStatus } from './get-antiddos-basic-device-status'
import { getAntiddosBgpBizTrend } from './get-antiddos-bgp-biz-trend'
import { getAntiddosBgpInstances } from './get-antiddos-bgp-instances'
import { getAntiddosListListener } from './get-antiddos-list-listener'
import { getAntiddosOverviewAttackTrend } from './get-antiddos-overview-attack-trend'
import { getAntiddosOverviewCcTrend } from './get-antiddos-overview-cc-trend'
import { getApiGatewayApiAppApi } from './get-api-gateway-api-app-api'
import { getApiGatewayApiAppService } from './get-api-gateway-api-app-service'
import { getApiGatewayApiApps } from './get-api-gateway-api-apps'
import { getApiGatewayApiDocs } from './get-api-gateway-api-docs'
import { getApiGatewayApiKeys } from './get-api-gateway-api-keys'
import { getApiGatewayApiPlugins } from './get-api-gateway-api-plugins'
import { getApiGatewayApis } from './get-api-gateway-apis'
import { getApiGatewayBindApiAppsStatus } from './get-api-gateway-bind-api-apps-status'
import { getApiGatewayCustomerDomains } from './get-api-gateway-customer-domains'
import { getApiGatewayIpStrategies } from './get-api-gateway-ip-strategies'

/** The `cloud` provider, the public cloud's API gateway and anti-DDoS: its configuration, resources and lookups (for a registry of your own: `makeRegistry([...])`). */
export const cloudProvider = defineProvider({
  name: 'cloud',
  client: cloudClient,
  doc:
    "A public cloud's signed action API (API 3.0, TC3-HMAC-SHA256). Region defaults to ap-guangzhou, protocol to HTTPS, the API root domain to tencentcloudapi.com. " +
    'Credentials: secretId/secretKey/securityToken, else the shared credentials of the command-line tool (profile, sharedCredentialsDir), else the instance role (camRoleName); ' +
    'assumeRole, assumeRoleWithSaml, assumeRoleWithWebIdentity and mfaCertification exchange them for temporary ones; allowedAccountIds/forbiddenAccountIds guard the account.',
  config: CloudConfig,
  secrets: ['secretKey', 'securityToken'],
  env: cloudEnv,
  fromEnv: (env, explicit) => cloudConfigFromEnv(env, explicit),
  rules: cloudConfigRules,
  stepBudgetMs: cloudStepBudgetMs,
  bridge: cloudBridge,
  verify: verifyCredentials,
  endpointOf: cloudEndpointOf,
  resources: {
    ApiGatewayService,
    ApiGatewayApi,
    ApiGatewayApiKey,
    ApiGatewayUsagePlan,
    ApiGatewayUsagePlanAttachment,
    ApiGatewayServiceRelease,
    ApiGatewayPlugin,
    ApiGatewayCustomDomain,
    ApiGatewayIpStrategy,
  },
  lookups: {
    getAddressTemplateGroups,
    getAddressTemplates,
    getAntiddosBasicDeviceStatus,
    getAntiddosBgpBizTrend,
    getAntiddosBgpInstances,
    getAntiddosListListener,
    getAntiddosOverviewAttackTrend,
    getAntiddosOverviewCcTrend,
    getApiGatewayApiAppApi,
    getApiGatewayApiAppService,
    getApiGatewayApiApps,
    getApiGatewayApiDocs,
    getApiGatewayApiKeys,
    getApiGatewayApiPlugins,
    getApiGatewayApis,
    getApiGatewayBindApiAppsStatus,
    getApiGatewayCustomerDomains,
    getApiGatewayIpStrategies,
  },
})

export { CloudConfig }

/** Configuration with the `CLOUD_` variables as fallbacks (role and MFA blocks too); explicit values win. */
export const fromEnv = (
  env: Readonly<Record<string, string | undefined>>,
  explicit?: Readonly<Record<string, unknown>>,
) => cloudConfigFromEnv(env, explicit)
