/** The cloud provider's builders, generated from its registry by builders/generate.ts — do not edit. */
import { cloudProvider } from '../src/providers/cloud'
import { buildersFor } from './builder'

export const cloud = buildersFor(cloudProvider)
export const {
  provider,
  fromEnv,
  bridgeConfig,
  apiGatewayService,
  apiGatewayApi,
  apiGatewayApiKey,
  apiGatewayUsagePlan,
  apiGatewayUsagePlanAttachment,
  apiGatewayServiceRelease,
  apiGatewayPlugin,
  apiGatewayCustomDomain,
  apiGatewayIpStrategy,
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
} = cloud
export default cloud
