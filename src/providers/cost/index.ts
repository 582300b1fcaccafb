/**
 * The cost provider's registry: configuration (apiToken, host, timeout with its environment
 * fallbacks), and every resource and lookup spec of the cost-management platform.
 */
import { costClient } from './client/cost-client'
import { configFromEnv, defineProvider } from '../../core/provider'
import { verifyCredentials } from './shared/verify-credentials'
import { resolveWorkspaces } from './shared/workspaces-seen'
import { CostConfig, costBridge, costEndpointOf, costEnv, costStepBudgetMs } from './config'
import { AccessGrant } from './access-grant'
import { AnomalyNotification } from './anomaly-notification'
import { BillingRule } from './billing-rule'
import { Budget } from './budget'
import { BusinessMetric } from './business-metric'
import { CostAlert } from './cost-alert'
import { COST_REPORT_PARENT, CostReport } from './cost-report'
import { CustomProvider } from './custom-provider'
import { FinancialCommitmentReport } from './financial-commitment-report'
import { Folder, FOLDER_PARENT } from './folder'
import { Invoice } from './invoice'
import { KubernetesEfficiencyReport } from './kubernetes-efficiency-report'
import { ManagedAccount } from './managed-account'
import { NetworkFlowReport } from './network-flow-report'
import { RecommendationView } from './recommendation-view'
import { getAccessGrants } from './get-access-grants'
import { getAnomalyNotifications } from './get-anomaly-notifications'
import { getBillingProfiles } from './get-billing-profiles'
import { getBillingRules } from './get-billing-rules'
import { getBudgets } from './get-budgets'
import { getBusinessMetrics } from './get-business-metrics'
import { getCostAlerts } from './get-cost-alerts'
import { getCostReports } from './get-cost-reports'
import { getDashboards } from './get-dashboards'
import { getFinancialCommitmentReports } from './get-financial-commitment-reports'
import { getFolders } from './get-folders'
import { getKubernetesEfficiencyReports } from './get-kubernetes-efficiency-reports'
import { getManagedAccounts } from './get-managed-accounts'
import { getNetworkFlowReports } from './get-network-flow-reports'
import { getRecommendationViews } from './get-recommendation-views'
import { getReportNotifications } from './get-report-notifications'
import { getResourceReports } from './get-resource-reports'
import { getSavedFilters } from './get-saved-filters'
import { getSegments } from './get-segments'
import { getTeams } from './get-teams'
import { getUsers } from './get-users'
import { getVirtualTagConfigs } from './get-virtual-tag-configs'
import { getWorkspaces } from './get-workspaces'
import { getInvoices } from './get-invoices'
import { getIntegrations } from './get-integrations'
import { getIntegrationByName } from './get-integration-by-name'
import { getResourceReportColumns } from './get-resource-report-columns'
import { getCloudProviderAInfo } from './get-cloud-provider-a-info'

/** The `cost` provider, the cost-management platform: its configuration, resources and lookups (for a registry of your own: `makeRegistry([...])`). */
export const costProvider = defineProvider({
  name: 'cost',
  client: costClient,
  doc: 'A cloud cost-management platform (Vantage-like REST API v2, bearer token). Default host https://api.vantage.sh, timeout 30s.',
  config: CostConfig,
  secrets: ['apiToken'],
  env: costEnv,
  rules: [
    (c) =>
      /^https?:\/\/[^/\s]+/.test(c.host)
        ? []
        : [
            {
              path: 'host',
              expected: 'an absolute URL such as https://api.vantage.sh (scheme and host; /v2 is appended)',
              given: c.host,
            },
          ],
  ],
  bridge: costBridge,
  // the types made in a workspace, each with its parent field, as their spec files declare
  resolve: resolveWorkspaces([
    { token: CostReport.token, parent: COST_REPORT_PARENT },
    { token: Folder.token, parent: FOLDER_PARENT },
  ]),
  stepBudgetMs: costStepBudgetMs,
  verify: verifyCredentials,
  endpointOf: costEndpointOf,
  resources: {
    AccessGrant,
    AnomalyNotification,
    BillingRule,
    Budget,
    BusinessMetric,
    CostAlert,
    CostReport,
    CustomProvider,
    FinancialCommitmentReport,
    Folder,
    Invoice,
    KubernetesEfficiencyReport,
    ManagedAccount,
    NetworkFlowReport,
    RecommendationView,
  },
  lookups: {
    getAccessGrants,
    getAnomalyNotifications,
    getBillingProfiles,
    getBillingRules,
    getBudgets,
    getBusinessMetrics,
    getCostAlerts,
    getCostReports,
    getDashboards,
    getFinancialCommitmentReports,
    getFolders,
    getKubernetesEfficiencyReports,
    getManagedAccounts,
    getNetworkFlowReports,
    getRecommendationViews,
    getReportNotifications,
    getResourceReports,
    getSavedFilters,
    getSegments,
    getTeams,
    getUsers,
    getVirtualTagConfigs,
    getWorkspaces,
    getInvoices,
    getIntegrations,
    getIntegrationByName,
    getResourceReportColumns,
    getCloudProviderAInfo,
  },
})

export { CostConfig }

/** Configuration with COST_API_TOKEN / COST_HOST / COST_TIMEOUT as fallbacks; explicit values win. */
export const fromEnv = (
  env: Readonly<Record<string, string | undefined>>,
  explicit?: Readonly<Record<string, unknown>>,
) => configFromEnv(costProvider, env, explicit)
