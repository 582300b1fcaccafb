/**
 * The hosting provider: configuration, environment fallbacks, bridge keys, default-team
 * resolution and the registry of its resource and lookup specs.
 */
import { hostingClient } from './client/hosting-client'
import { configFromEnv, defineProvider } from '../../core/provider'
import { verifyCredentials } from './shared/verify-credentials'
import {
  HostingConfig,
  hostingBridge,
  hostingEndpointOf,
  hostingEnv,
  hostingStepBudgetMs,
  oneDefaultTeam,
} from './config'
import { resolveDefaultTeam } from './shared/resolve-team'
import { DeployKey } from './deploy-key'
import { DnsZone } from './dns-zone'
import { DnsRecord } from './dns-record'
import { EnvironmentVariable } from './environment-variable'
import { LogDrain } from './log-drain'
import { SiteFirewallTrafficRules } from './site-firewall-traffic-rules'
import { TeamFirewallTrafficRules } from './team-firewall-traffic-rules'
import { SiteMetricsSettings } from './site-metrics-settings'
import { WafPolicy } from './waf-policy'
import { getDnsZone } from './get-dns-zone'
import { getManagedWafRules } from './get-managed-waf-rules'
import { getSite } from './get-site'
import { getSites } from './get-sites'
import { getTeam } from './get-team'

/** The `hosting` provider, the web-hosting platform: its configuration, resources and lookups (for a registry of your own: `makeRegistry([...])`). */
export const hostingProvider = defineProvider({
  name: 'hosting',
  client: hostingClient,
  doc:
    'A web-hosting platform (REST API v1, bearer token): teams, sites, DNS, deploy keys, environment variables, log drains, ' +
    'firewall traffic rules, site metrics and WAF policies. The default team (defaultTeamId or defaultTeamSlug) is resolved ' +
    'and validated once before planning.',
  config: HostingConfig,
  secrets: ['token'],
  env: hostingEnv,
  rules: [oneDefaultTeam],
  bridge: hostingBridge,
  stepBudgetMs: hostingStepBudgetMs,
  resolve: resolveDefaultTeam,
  verify: verifyCredentials,
  endpointOf: hostingEndpointOf,
  resources: {
    DeployKey,
    DnsZone,
    DnsRecord,
    EnvironmentVariable,
    LogDrain,
    SiteFirewallTrafficRules,
    TeamFirewallTrafficRules,
    SiteMetricsSettings,
    WafPolicy,
  },
  lookups: { getDnsZone, getManagedWafRules, getSite, getSites, getTeam },
})

export { HostingConfig, hostingBridge }

export const fromEnv = (
  env: Readonly<Record<string, string | undefined>>,
  explicit?: Readonly<Record<string, unknown>>,
) => configFromEnv(hostingProvider, env, explicit)
