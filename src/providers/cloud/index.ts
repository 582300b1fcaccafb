/**
 * The cloud provider's registry: configuration (credentials, region, role assumption and account
 * guards, with their `CLOUD_` environment fallbacks) and every resource and lookup spec of the
 * signed-action cloud API (address templates, anti-DDoS, API gateway).
 */
import { defineProvider } from '../../core/provider'
import { CloudConfig, cloudBridge, cloudConfigFromEnv, cloudConfigRules, cloudEnv } from './config'
import { ApiGatewayService } from './api-gateway-service'
import { ApiGatewayApi } from './api-gateway-api'
import { ApiGatewayApiKey } from './api-gateway-api-key'
import { ApiGatewayUsagePlan } from './api-gateway-usage-plan'
import { ApiGatewayUsagePlanAttachment } from './api-gateway-usage-plan-attachment'
import { ApiGatewayServiceRelease } from './api-gateway-service-release'
import { ApiGatewayPlugin } from './api-gateway-plugin'
import { ApiGatewayCustomDomain } from './api-gateway-custom-domain'
import { ApiGatewayIpStrategy } from './api-gateway-ip-strategy'
import { getApiGatewayApis } from './get-api-gateway-apis'

export const cloudProvider = defineProvider({
  name: 'cloud',
  doc:
    'A public cloud\'s signed action API (API 3.0, TC3-HMAC-SHA256). Region defaults to ap-guangzhou, protocol to HTTPS, the API root domain to tencentcloudapi.com. ' +
    'Credentials: secretId/secretKey/securityToken, else the shared credentials of the command-line tool (profile, sharedCredentialsDir), else the instance role (camRoleName); ' +
    'assumeRole, assumeRoleWithSaml, assumeRoleWithWebIdentity and mfaCertification exchange them for temporary ones; allowedAccountIds/forbiddenAccountIds guard the account.',
  config: CloudConfig,
  secrets: ['secretKey', 'securityToken'],
  env: cloudEnv,
  rules: cloudConfigRules,
  bridge: cloudBridge,
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
  lookups: { getApiGatewayApis },
})

export { CloudConfig }

/** Configuration with the `CLOUD_` variables as fallbacks (role and MFA blocks too); explicit values win. */
export const fromEnv = (env: Readonly<Record<string, string | undefined>>, explicit?: Readonly<Record<string, unknown>>) => cloudConfigFromEnv(env, explicit)
