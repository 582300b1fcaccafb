/** The hosting provider's builders, generated from its registry by builders/generate.ts — do not edit. */
import { hostingProvider } from '../src/providers/hosting'
import { buildersFor } from './builder'

/**
 * Every builder of the hosting provider (also this module's default export). A web-hosting platform
 * (REST API v1, bearer token): teams, sites, DNS, deploy keys, environment variables, log drains,
 * firewall traffic rules, site metrics and WAF policies. The default team (defaultTeamId or
 * defaultTeamSlug) is resolved and validated once before planning.
 */
export const hosting = buildersFor(hostingProvider)
/** A provider instance of hosting for `stack(name, { providers })`, from its configuration. */
export const provider = hosting.provider
/**
 * A provider instance of hosting whose unset configuration comes from environment variables (call it
 * at the edge with process.env); explicit values win.
 */
export const fromEnv = hosting.fromEnv
/** The configuration of a hosting provider instance under the underlying engine's key names. */
export const bridgeConfig = hosting.bridgeConfig
/**
 * `hosting:DeployKey`: A Git repository deploy key made by the platform; outputs its publicKey. It has
 * no inputs and no update. Import by key id. Call it with a node name and, optionally, initial inputs.
 */
export const deployKey = hosting.deployKey
/**
 * `hosting:DnsZone`: A DNS zone on the hosting platform. `teamSlug` defaults to the provider's default
 * team. Outputs: dnsServers, domain (registrar details when the platform registered the domain),
 * teamId. IPv6 is enabled right after creation. Any change replaces the zone (the platform has no zone
 * update). Import by zone id. Call it with a node name and, optionally, initial inputs.
 */
export const dnsZone = hosting.dnsZone
/**
 * `hosting:DnsRecord`: A DNS record in a zone. The platform cannot update records, so any change
 * replaces the record. ttl defaults to 3600 (wire reference); priority is for MX records, flag and tag
 * for CAA records. Hostnames and name-like values compare without trailing dots, and a relative
 * hostname equals its fully-qualified form. Import as <zone_id>:<record_id>. Call it with a node name
 * and, optionally, initial inputs.
 */
export const dnsRecord = hosting.dnsRecord
/**
 * `hosting:EnvironmentVariable`: An environment variable with values per deploy context: site-level
 * when siteId is set, otherwise team-level (teamId, or the provider's default team). Scopes default to
 * all four. secretValues are write-only on the platform: they are never read back, never printed and
 * stored only protected; a secret without scopes gets all four too, but cannot name post-processing
 * among specific scopes. Import as <team_id>:<key> or <team_id>:<site_id>:<key>. Call it with a node
 * name and, optionally, initial inputs.
 */
export const environmentVariable = hosting.environmentVariable
/**
 * `hosting:LogDrain`: A log drain of a site: destination (one of eight services or plain http), format
 * (json by default), logTypes, excludePii and serviceConfig (url and authorizationHeader are secrets).
 * Changing siteId or destination replaces the drain. Import as <site_id>:<log_drain_id>. Call it with
 * a node name and, optionally, initial inputs.
 */
export const logDrain = hosting.logDrain
/**
 * `hosting:SiteFirewallTrafficRules`: Traffic rules of one site: a rule set for published and one for
 * unpublished deploys, each a default action with IP (CIDR) and geographic restrictions and
 * exceptions. Every change rewrites both rule sets; deleting removes them. Refresh reads it alone: a
 * site has one rule set and nothing lists the rule sets of several sites. Import by site id. Call it
 * with a node name and, optionally, initial inputs.
 */
export const siteFirewallTrafficRules = hosting.siteFirewallTrafficRules
/**
 * `hosting:TeamFirewallTrafficRules`: Traffic rules of a whole team (teamId or the default team): a
 * rule set for published and one for unpublished deploys, each a default action with IP (CIDR) and
 * geographic restrictions and exceptions. Every change rewrites both rule sets; deleting removes them.
 * Refresh reads it alone: a team has one rule set. Import by team id. Call it with a node name and,
 * optionally, initial inputs.
 */
export const teamFirewallTrafficRules = hosting.teamFirewallTrafficRules
/**
 * `hosting:SiteMetricsSettings`: Site analytics and real user metrics of a site (either may cost money
 * on some plans). A setting left out is not managed. Analytics cannot be disabled within 10 minutes of
 * enabling it: the plan says when it will be allowed. Removing this resource leaves the site's
 * settings as they are. Refresh reads them from the listing of every site (`GET /sites`, paged).
 * Import by site id. Call it with a node name and, optionally, initial inputs.
 */
export const siteMetricsSettings = hosting.siteMetricsSettings
/**
 * `hosting:WafPolicy`: A web application firewall policy of a team: name, description and managed rule
 * sets (crs-basic) with an overall threshold (5 is recommended), passive mode, per-category
 * thresholds, excluded patterns and rule overrides. Only a teamId change replaces it. Refresh reads
 * each policy alone: no document lists a team's policies. Import as <team_id>:<policy_id>. Call it
 * with a node name and, optionally, initial inputs.
 */
export const wafPolicy = hosting.wafPolicy
/**
 * `hosting:getDnsZone` (a lookup, read at plan time): A DNS zone by id, or by exact name among every
 * zone the token can see; returns the zone (team, name servers, registrar domain) and its records.
 */
export const getDnsZone = hosting.getDnsZone
/**
 * `hosting:getManagedWafRules` (a lookup, read at plan time): The managed WAF rule sets of a team
 * (teamId is required), keyed by managed id, each with its definition (id, type, version) and rules
 * (id, description, phase, category, severity).
 */
export const getManagedWafRules = hosting.getManagedWafRules
/**
 * `hosting:getSite` (a lookup, read at plan time): A site by id, or by exact name within a team
 * (teamSlug or the provider's default team). Returns id, name, teamSlug, customDomain, domainAliases
 * and gitDeployKey (the public key of its deploy key, if any).
 */
export const getSite = hosting.getSite
/**
 * `hosting:getSites` (a lookup, read at plan time): Every site of a team (teamSlug or the provider's
 * default team), each with id, name, teamSlug, customDomain and domainAliases.
 */
export const getSites = hosting.getSites
/**
 * `hosting:getTeam` (a lookup, read at plan time): A team by id or slug (the slug wins when both are
 * given), or the provider's default team when neither is given. Returns id, name and slug.
 */
export const getTeam = hosting.getTeam
export default hosting
