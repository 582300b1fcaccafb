/** The hosting provider's builders, generated from its registry by builders/generate.ts — do not edit. */
import { hostingProvider } from '../src/providers/hosting'
import { buildersFor } from './builder'

export const hosting = buildersFor(hostingProvider)
export const {
  provider,
  fromEnv,
  bridgeConfig,
  deployKey,
  dnsZone,
  dnsRecord,
  environmentVariable,
  logDrain,
  siteFirewallTrafficRules,
  teamFirewallTrafficRules,
  siteMetricsSettings,
  wafPolicy,
  getDnsZone,
  getManagedWafRules,
  getSite,
  getSites,
  getTeam,
} = hosting
export default hosting
