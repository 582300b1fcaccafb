/**
 * The cost provider's registry: configuration (apiToken, host, timeout with its environment
 * fallbacks), and every resource and lookup spec of the cost-management platform.
 */
import { configFromEnv, defineProvider } from '../../core/provider'
import { CostConfig, costBridge, costEnv } from './config'
import { AccessGrant } from './access-grant'
import { AnomalyNotification } from './anomaly-notification'
import { BillingRule } from './billing-rule'
import { Budget } from './budget'
import { BusinessMetric } from './business-metric'
import { CostAlert } from './cost-alert'
import { CostReport } from './cost-report'
import { CustomProvider } from './custom-provider'
import { FinancialCommitmentReport } from './financial-commitment-report'
import { Folder } from './folder'
import { Invoice } from './invoice'
import { KubernetesEfficiencyReport } from './kubernetes-efficiency-report'
import { ManagedAccount } from './managed-account'
import { NetworkFlowReport } from './network-flow-report'
import { RecommendationView } from './recommendation-view'
import { getWorkspaces } from './get-workspaces'

export const costProvider = defineProvider({
  name: 'cost',
  doc: 'A cloud cost-management platform (Vantage-like REST API v2, bearer token). Default host https://api.vantage.sh, timeout 30s.',
  config: CostConfig,
  secrets: ['apiToken'],
  env: costEnv,
  rules: [
    (c) =>
      /^https?:\/\/[^/\s]+/.test(c.host)
        ? []
        : [{ path: 'host', expected: 'an absolute URL such as https://api.vantage.sh (scheme and host; /v2 is appended)', given: c.host }],
  ],
  bridge: costBridge,
  resources: {
    AccessGrant, AnomalyNotification, BillingRule, Budget, BusinessMetric, CostAlert, CostReport, CustomProvider,
    FinancialCommitmentReport, Folder, Invoice, KubernetesEfficiencyReport, ManagedAccount, NetworkFlowReport, RecommendationView,
  },
  lookups: { getWorkspaces },
})

export { CostConfig }

/** Configuration with COST_API_TOKEN / COST_HOST / COST_TIMEOUT as fallbacks; explicit values win. */
export const fromEnv = (env: Readonly<Record<string, string | undefined>>, explicit?: Readonly<Record<string, unknown>>) => configFromEnv(costProvider, env, explicit)
