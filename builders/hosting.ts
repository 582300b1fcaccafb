/**
 * The hosting provider's builders, generated from its registry by builders/generate.ts — do not edit.
 *
 * @module trellis/hosting
 */
import { hostingProvider } from '../src/providers/hosting'
import {
  buildersFor,
  type LArgs,
  type LookupBuilderFn,
  type LRes,
  type ResourceBuilderFn,
  type SpecI,
  type SpecO,
} from './builder'

type Spec = typeof hostingProvider
type R<K extends keyof Spec['resources']> = SpecI<Spec['resources'][K]>
type O<K extends keyof Spec['resources']> = SpecO<Spec['resources'][K]>
type A<K extends keyof Spec['lookups']> = LArgs<Spec['lookups'][K]>
type L<K extends keyof Spec['lookups']> = LRes<Spec['lookups'][K]>
/**
 * The inputs of `hosting:DeployKey`: each has a setter of its name, and may be given in the initial
 * object.
 */
export type DeployKeyInputs = Record<never, never>
/** The outputs of `hosting:DeployKey`, as refs under `.out` (with every input and `id`). */
export interface DeployKeyOutputs {
  /** The public key to add to the repository host (the private key stays with the platform). */
  readonly publicKey: O<'DeployKey'>['publicKey']
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'DeployKey'>['lastUpdated']
}
/**
 * The inputs of `hosting:DnsZone`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface DnsZoneInputs {
  /** Zone name. */
  readonly name?: R<'DnsZone'>['name']
  /** Required when no default team is configured. */
  readonly teamSlug?: R<'DnsZone'>['teamSlug']
}
/** The outputs of `hosting:DnsZone`, as refs under `.out` (with every input and `id`). */
export interface DnsZoneOutputs {
  /** Name servers to delegate the zone to at its registrar. */
  readonly dnsServers: O<'DnsZone'>['dnsServers']
  /** Id of the team that owns the zone. */
  readonly teamId: O<'DnsZone'>['teamId']
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'DnsZone'>['lastUpdated']
  /**
   * Fields: autoRenew (boolean), autoRenewAt, expiresAt, id, name, registeredAt, renewalPrice (all
   * strings). Set by the platform.
   */
  readonly domain?: O<'DnsZone'>['domain']
}
/**
 * The inputs of `hosting:DnsRecord`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface DnsRecordInputs {
  /** Id of the DNS zone the record belongs to. */
  readonly zoneId: R<'DnsRecord'>['zoneId']
  /** Record hostname. */
  readonly hostname: R<'DnsRecord'>['hostname']
  /** One of `A`, `AAAA`, `ALIAS`, `CAA`, `CNAME`, `MX`, `NS`, `SPF`, `TXT`. */
  readonly type: R<'DnsRecord'>['type']
  /** Record value: an address, a host name or text, as the type needs. */
  readonly value: R<'DnsRecord'>['value']
  /** Time to live, in seconds (3600 when left out). */
  readonly ttl?: R<'DnsRecord'>['ttl']
  /** Used by MX records. */
  readonly priority?: R<'DnsRecord'>['priority']
  /** CAA record flag (0 or 128). */
  readonly flag?: R<'DnsRecord'>['flag']
  /** CAA record tag: `issue`, `issuewild` or `iodef`. */
  readonly tag?: R<'DnsRecord'>['tag']
}
/** The outputs of `hosting:DnsRecord`, as refs under `.out` (with every input and `id`). */
export interface DnsRecordOutputs {
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'DnsRecord'>['lastUpdated']
}
/**
 * The inputs of `hosting:EnvironmentVariable`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface EnvironmentVariableInputs {
  /** Name of the variable (e.g. `API_URL`). */
  readonly key: R<'EnvironmentVariable'>['key']
  /**
   * One or more of `builds`, `functions`, `runtime`, `post-processing`. Optional; the platform fills
   * it when left out.
   */
  readonly scopes?: R<'EnvironmentVariable'>['scopes']
  /** Items hold context (string, required), value (string, required), contextParameter (string). */
  readonly values?: R<'EnvironmentVariable'>['values']
  /** Same item shape as values; value is a secret. */
  readonly secretValues?: R<'EnvironmentVariable'>['secretValues']
  /** When set, the variable is site-level; otherwise team-level. */
  readonly siteId?: R<'EnvironmentVariable'>['siteId']
  /** Required when no default team is configured. Optional; the platform fills it when left out. */
  readonly teamId?: R<'EnvironmentVariable'>['teamId']
}
/** The outputs of `hosting:EnvironmentVariable`, as refs under `.out` (with every input and `id`). */
export interface EnvironmentVariableOutputs {
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'EnvironmentVariable'>['lastUpdated']
  /** Required when no default team is configured. Optional; the platform fills it when left out. */
  readonly teamId?: O<'EnvironmentVariable'>['teamId']
  /**
   * One or more of `builds`, `functions`, `runtime`, `post-processing`. Optional; the platform fills
   * it when left out.
   */
  readonly scopes?: O<'EnvironmentVariable'>['scopes']
}
/**
 * The inputs of `hosting:LogDrain`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface LogDrainInputs {
  /** Id of the site whose logs are sent. */
  readonly siteId?: R<'LogDrain'>['siteId']
  /**
   * One of eight destination kinds. The literal values are the lowercase names of third-party
   * logging and analytics services and one generic value `http`; the third-party names are omitted
   * here.
   */
  readonly destination?: R<'LogDrain'>['destination']
  /** `json` or `ndjson`. */
  readonly format?: R<'LogDrain'>['format']
  /** Any of `user_traffic`, `functions`, `edge_functions`, `waf_logs`, `deploys`. */
  readonly logTypes?: R<'LogDrain'>['logTypes']
  /** Leave personally identifiable information (such as client IPs) out of the logs sent. */
  readonly excludePii?: R<'LogDrain'>['excludePii']
  /** See below. */
  readonly serviceConfig?: R<'LogDrain'>['serviceConfig']
}
/** The outputs of `hosting:LogDrain`, as refs under `.out` (with every input and `id`). */
export interface LogDrainOutputs {
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'LogDrain'>['lastUpdated']
}
/**
 * The inputs of `hosting:SiteFirewallTrafficRules`: each has a setter of its name, and may be given in
 * the initial object.
 */
export interface SiteFirewallTrafficRulesInputs {
  /** Id of the site the rules apply to. */
  readonly siteId: R<'SiteFirewallTrafficRules'>['siteId']
  /** Rule set for the published state. */
  readonly published: R<'SiteFirewallTrafficRules'>['published']
  /** Rule set for the unpublished state. */
  readonly unpublished: R<'SiteFirewallTrafficRules'>['unpublished']
}
/** The outputs of `hosting:SiteFirewallTrafficRules`, as refs under `.out` (with every input and `id`). */
export interface SiteFirewallTrafficRulesOutputs {
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'SiteFirewallTrafficRules'>['lastUpdated']
  /** Id of the team that owns the site. */
  readonly teamId?: O<'SiteFirewallTrafficRules'>['teamId']
}
/**
 * The inputs of `hosting:TeamFirewallTrafficRules`: each has a setter of its name, and may be given in
 * the initial object.
 */
export interface TeamFirewallTrafficRulesInputs {
  /** Rule set for the published state. */
  readonly published: R<'TeamFirewallTrafficRules'>['published']
  /** Rule set for the unpublished state. */
  readonly unpublished: R<'TeamFirewallTrafficRules'>['unpublished']
  /** Id of the team the rules apply to; required when no default team is configured. */
  readonly teamId?: R<'TeamFirewallTrafficRules'>['teamId']
}
/** The outputs of `hosting:TeamFirewallTrafficRules`, as refs under `.out` (with every input and `id`). */
export interface TeamFirewallTrafficRulesOutputs {
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'TeamFirewallTrafficRules'>['lastUpdated']
  /** Id of the team's site the platform reports with the rules. */
  readonly siteId?: O<'TeamFirewallTrafficRules'>['siteId']
}
/**
 * The inputs of `hosting:SiteMetricsSettings`: each has a setter of its name, and may be given in the
 * initial object.
 */
export interface SiteMetricsSettingsInputs {
  /** Id of the site whose metrics settings these are. */
  readonly siteId: R<'SiteMetricsSettings'>['siteId']
  /** Enables site analytics. May incur cost on some plans. */
  readonly siteAnalytics?: R<'SiteMetricsSettings'>['siteAnalytics']
  /** Enables real user metrics. May incur cost on some plans. */
  readonly realUserMetrics?: R<'SiteMetricsSettings'>['realUserMetrics']
}
/** The outputs of `hosting:SiteMetricsSettings`, as refs under `.out` (with every input and `id`). */
export interface SiteMetricsSettingsOutputs {
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'SiteMetricsSettings'>['lastUpdated']
}
/**
 * The inputs of `hosting:WafPolicy`: each has a setter of its name, and may be given in the initial
 * object.
 */
export interface WafPolicyInputs {
  /** Id of the team that owns the policy. */
  readonly teamId: R<'WafPolicy'>['teamId']
  /** What the policy is for. */
  readonly description: R<'WafPolicy'>['description']
  /** See below. */
  readonly ruleSets: R<'WafPolicy'>['ruleSets']
  /** Display name of the policy. */
  readonly name?: R<'WafPolicy'>['name']
}
/** The outputs of `hosting:WafPolicy`, as refs under `.out` (with every input and `id`). */
export interface WafPolicyOutputs {
  /**
   * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis
   * read its reply.
   */
  readonly lastUpdated: O<'WafPolicy'>['lastUpdated']
  /**
   * Per rule set, in `ruleSets` order: every category's threshold in force, the platform's defaults
   * (the rule set's overall threshold) included. Computed.
   */
  readonly categoryThresholds?: O<'WafPolicy'>['categoryThresholds']
}
/** The arguments of the lookup `hosting:getDnsZone`. */
export interface GetDnsZoneArgs {
  /** Id of the zone to read (or give name). */
  readonly id?: A<'getDnsZone'>['id']
  /** Name of the zone to read, e.g. `example.com` (or give id). */
  readonly name?: A<'getDnsZone'>['name']
}
/** The result of the lookup `hosting:getDnsZone`, as refs under `.out`. */
export interface GetDnsZoneResult {
  /** Name of the zone to read, e.g. `example.com` (or give id). */
  readonly name: L<'getDnsZone'>['name']
  /** Id of the team that owns the zone. */
  readonly teamId: L<'getDnsZone'>['teamId']
  /** Slug of the team that owns the zone. */
  readonly teamSlug: L<'getDnsZone'>['teamSlug']
  /** The zone's name servers. */
  readonly dnsServers: L<'getDnsZone'>['dnsServers']
  /** The zone's DNS records: flag, hostname, id, priority, tag, ttl, type, value. */
  readonly records: L<'getDnsZone'>['records']
  /** Optional. */
  readonly id?: L<'getDnsZone'>['id']
  /** Object as in DnsZone. */
  readonly domain?: L<'getDnsZone'>['domain']
}
/** The arguments of the lookup `hosting:getManagedWafRules`. */
export interface GetManagedWafRulesArgs {
  /** Id of the team whose managed WAF rule sets are read. */
  readonly teamId: A<'getManagedWafRules'>['teamId']
}
/** The result of the lookup `hosting:getManagedWafRules`, as refs under `.out`. */
export interface GetManagedWafRulesResult {
  /** Id of the team whose managed WAF rule sets are read. */
  readonly teamId: L<'getManagedWafRules'>['teamId']
  /** Map string to rule set. */
  readonly ruleSets: L<'getManagedWafRules'>['ruleSets']
  /** A field of the result (spec). */
  readonly id?: L<'getManagedWafRules'>['id']
}
/** The arguments of the lookup `hosting:getSite`. */
export interface GetSiteArgs {
  /** Id of the site to read (or give name). */
  readonly id?: A<'getSite'>['id']
  /** Name of the site to read (or give id). */
  readonly name?: A<'getSite'>['name']
  /** Optional. needed with name when no default team. */
  readonly teamSlug?: A<'getSite'>['teamSlug']
}
/** The result of the lookup `hosting:getSite`, as refs under `.out`. */
export interface GetSiteResult {
  /** Name of the site to read (or give id). */
  readonly name: L<'getSite'>['name']
  /** Optional. needed with name when no default team. */
  readonly teamSlug: L<'getSite'>['teamSlug']
  /** The site's custom domain, if any. */
  readonly customDomain: L<'getSite'>['customDomain']
  /** Further domains that serve the site. */
  readonly domainAliases: L<'getSite'>['domainAliases']
  /** Optional. */
  readonly id?: L<'getSite'>['id']
  /** Public key of the deploy key the site reads its repository with, if it has one. */
  readonly gitDeployKey?: L<'getSite'>['gitDeployKey']
  /** The site's platform address (`https://<name>.netlify.app`). */
  readonly url?: L<'getSite'>['url']
  /** The site's https address. */
  readonly sslUrl?: L<'getSite'>['sslUrl']
  /** The site's page in the platform's web console. */
  readonly adminUrl?: L<'getSite'>['adminUrl']
  /** The address of the site's latest deploy. */
  readonly deployUrl?: L<'getSite'>['deployUrl']
  /** The site's state (`current` once deployed). */
  readonly state?: L<'getSite'>['state']
  /** The site's billing plan. */
  readonly plan?: L<'getSite'>['plan']
  /** Id of the user who made the site. */
  readonly userId?: L<'getSite'>['userId']
  /** Whether the site is served over https. */
  readonly ssl?: L<'getSite'>['ssl']
  /** Whether the platform's DNS serves the site's custom domain. */
  readonly managedDns?: L<'getSite'>['managedDns']
  /** The git host the site is linked to. */
  readonly gitProvider?: L<'getSite'>['gitProvider']
  /** The site's address under its id. */
  readonly idDomain?: L<'getSite'>['idDomain']
  /** The build image its builds run on. */
  readonly buildImage?: L<'getSite'>['buildImage']
  /** The region its functions run in. */
  readonly functionsRegion?: L<'getSite'>['functionsRegion']
  /** Whether production deploys from outside git are refused. */
  readonly preventNonGitProdDeploys?: L<'getSite'>['preventNonGitProdDeploys']
  /** Whether real-user monitoring is on. */
  readonly rumEnabled?: L<'getSite'>['rumEnabled']
  /** Whether pretty URLs are on (the platform's processing settings, html). */
  readonly prettyUrls?: L<'getSite'>['prettyUrls']
  /** When the site was made (ISO 8601). */
  readonly createdAt?: L<'getSite'>['createdAt']
  /** When the site last changed (ISO 8601). */
  readonly updatedAt?: L<'getSite'>['updatedAt']
  /** Id of the team the site belongs to. */
  readonly accountId?: L<'getSite'>['accountId']
  /** Display name of the team the site belongs to. */
  readonly accountName?: L<'getSite'>['accountName']
  /** The site's build settings as the platform holds them. */
  readonly buildSettings?: L<'getSite'>['buildSettings']
}
/** The arguments of the lookup `hosting:getSites`. */
export interface GetSitesArgs {
  /** Optional. needed when no default team. */
  readonly teamSlug?: A<'getSites'>['teamSlug']
}
/** The result of the lookup `hosting:getSites`, as refs under `.out`. */
export interface GetSitesResult {
  /** Optional. needed when no default team. */
  readonly teamSlug: L<'getSites'>['teamSlug']
  /** The team's sites: customDomain, domainAliases, id, name, teamSlug. */
  readonly sites: L<'getSites'>['sites']
  /** A field of the result (spec). */
  readonly id?: L<'getSites'>['id']
}
/** The arguments of the lookup `hosting:getTeam`. */
export interface GetTeamArgs {
  /** Id of the team to read (or give slug; neither reads the default team). */
  readonly id?: A<'getTeam'>['id']
  /** The team's slug, as in its URLs (or give id). */
  readonly slug?: A<'getTeam'>['slug']
}
/** The result of the lookup `hosting:getTeam`, as refs under `.out`. */
export interface GetTeamResult {
  /** The team's display name. */
  readonly name: L<'getTeam'>['name']
  /** The team's slug, as in its URLs (or give id). */
  readonly slug: L<'getTeam'>['slug']
  /** Optional. */
  readonly id?: L<'getTeam'>['id']
  /** The team's plan as shown (`Pro`). */
  readonly typeName?: L<'getTeam'>['typeName']
  /** The team's plan (`pro`). */
  readonly type?: L<'getTeam'>['type']
  /** Id of the team's plan. */
  readonly typeId?: L<'getTeam'>['typeId']
  /** How often the team is billed (`monthly`). */
  readonly billingPeriod?: L<'getTeam'>['billingPeriod']
  /** Ids of the team's owners. */
  readonly ownerIds?: L<'getTeam'>['ownerIds']
  /** The roles members of the team may have. */
  readonly rolesAllowed?: L<'getTeam'>['rolesAllowed']
  /** What the plan includes and how much of it is used, per capability (`sites`, `collaborators`). */
  readonly capabilities?: L<'getTeam'>['capabilities']
  /** When the team was made (ISO 8601). */
  readonly createdAt?: L<'getTeam'>['createdAt']
  /** When the team last changed (ISO 8601). */
  readonly updatedAt?: L<'getTeam'>['updatedAt']
}

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
export const deployKey: ResourceBuilderFn<DeployKeyInputs, DeployKeyOutputs> = hosting.deployKey
/**
 * `hosting:DnsZone`: A DNS zone on the hosting platform. `teamSlug` defaults to the provider's default
 * team. Outputs: dnsServers, domain (registrar details when the platform registered the domain),
 * teamId. IPv6 is enabled right after creation. Any change replaces the zone (the platform has no zone
 * update). Import by zone id. Call it with a node name and, optionally, initial inputs.
 */
export const dnsZone: ResourceBuilderFn<DnsZoneInputs, DnsZoneOutputs> = hosting.dnsZone
/**
 * `hosting:DnsRecord`: A DNS record in a zone. The platform cannot update records, so any change
 * replaces the record. ttl defaults to 3600 (wire reference); priority is for MX records, flag and tag
 * for CAA records. Hostnames and name-like values compare without trailing dots, and a relative
 * hostname equals its fully-qualified form. Import as <zone_id>:<record_id>. Call it with a node name
 * and, optionally, initial inputs.
 */
export const dnsRecord: ResourceBuilderFn<DnsRecordInputs, DnsRecordOutputs> = hosting.dnsRecord
/**
 * `hosting:EnvironmentVariable`: An environment variable with values per deploy context: site-level
 * when siteId is set, otherwise team-level (teamId, or the provider's default team). Scopes default to
 * all four. secretValues are write-only on the platform: they are never read back, never printed and
 * stored only protected; a secret without scopes gets all four too, but cannot name post-processing
 * among specific scopes. Import as <team_id>:<key> or <team_id>:<site_id>:<key>. Call it with a node
 * name and, optionally, initial inputs.
 */
export const environmentVariable: ResourceBuilderFn<EnvironmentVariableInputs, EnvironmentVariableOutputs> =
  hosting.environmentVariable
/**
 * `hosting:LogDrain`: A log drain of a site: destination (one of eight services or plain http), format
 * (json by default), logTypes, excludePii and serviceConfig (url and authorizationHeader are secrets).
 * Changing siteId or destination replaces the drain. Import as <site_id>:<log_drain_id>. Call it with
 * a node name and, optionally, initial inputs.
 */
export const logDrain: ResourceBuilderFn<LogDrainInputs, LogDrainOutputs> = hosting.logDrain
/**
 * `hosting:SiteFirewallTrafficRules`: Traffic rules of one site: a rule set for published and one for
 * unpublished deploys, each a default action with IP (CIDR) and geographic restrictions and
 * exceptions. Every change rewrites both rule sets; deleting removes them. Refresh reads it alone: a
 * site has one rule set and nothing lists the rule sets of several sites. Import by site id. Call it
 * with a node name and, optionally, initial inputs.
 */
export const siteFirewallTrafficRules: ResourceBuilderFn<
  SiteFirewallTrafficRulesInputs,
  SiteFirewallTrafficRulesOutputs
> = hosting.siteFirewallTrafficRules
/**
 * `hosting:TeamFirewallTrafficRules`: Traffic rules of a whole team (teamId or the default team): a
 * rule set for published and one for unpublished deploys, each a default action with IP (CIDR) and
 * geographic restrictions and exceptions. Every change rewrites both rule sets; deleting removes them.
 * Refresh reads it alone: a team has one rule set. Import by team id. Call it with a node name and,
 * optionally, initial inputs.
 */
export const teamFirewallTrafficRules: ResourceBuilderFn<
  TeamFirewallTrafficRulesInputs,
  TeamFirewallTrafficRulesOutputs
> = hosting.teamFirewallTrafficRules
/**
 * `hosting:SiteMetricsSettings`: Site analytics and real user metrics of a site (either may cost money
 * on some plans). A setting left out is not managed. Analytics cannot be disabled within 10 minutes of
 * enabling it: the plan says when it will be allowed. Removing this resource leaves the site's
 * settings as they are. Refresh reads them from the listing of every site (`GET /sites`, paged).
 * Import by site id. Call it with a node name and, optionally, initial inputs.
 */
export const siteMetricsSettings: ResourceBuilderFn<SiteMetricsSettingsInputs, SiteMetricsSettingsOutputs> =
  hosting.siteMetricsSettings
/**
 * `hosting:WafPolicy`: A web application firewall policy of a team: name, description and managed rule
 * sets (crs-basic) with an overall threshold (5 is recommended), passive mode, per-category
 * thresholds, excluded patterns and rule overrides. Only a teamId change replaces it. Refresh reads
 * each policy alone: no document lists a team's policies. Import as <team_id>:<policy_id>. Call it
 * with a node name and, optionally, initial inputs.
 */
export const wafPolicy: ResourceBuilderFn<WafPolicyInputs, WafPolicyOutputs> = hosting.wafPolicy
/**
 * `hosting:getDnsZone` (a lookup, read at plan time): A DNS zone by id, or by exact name among every
 * zone the token can see; returns the zone (team, name servers, registrar domain) and its records.
 */
export const getDnsZone: LookupBuilderFn<GetDnsZoneArgs, GetDnsZoneResult> = hosting.getDnsZone
/**
 * `hosting:getManagedWafRules` (a lookup, read at plan time): The managed WAF rule sets of a team
 * (teamId is required), keyed by managed id, each with its definition (id, type, version) and rules
 * (id, description, phase, category, severity).
 */
export const getManagedWafRules: LookupBuilderFn<GetManagedWafRulesArgs, GetManagedWafRulesResult> =
  hosting.getManagedWafRules
/**
 * `hosting:getSite` (a lookup, read at plan time): A site by id, or by exact name within a team
 * (teamSlug or the provider's default team). Returns id, name, teamSlug, customDomain, domainAliases
 * and gitDeployKey (the public key of its deploy key, if any).
 */
export const getSite: LookupBuilderFn<GetSiteArgs, GetSiteResult> = hosting.getSite
/**
 * `hosting:getSites` (a lookup, read at plan time): Every site of a team (teamSlug or the provider's
 * default team), each with id, name, teamSlug, customDomain and domainAliases, and what the platform
 * fills in besides (addresses, state, plan, build settings, times).
 */
export const getSites: LookupBuilderFn<GetSitesArgs, GetSitesResult> = hosting.getSites
/**
 * `hosting:getTeam` (a lookup, read at plan time): A team by id or slug (the slug wins when both are
 * given), or the provider's default team when neither is given. Returns id, name and slug, and what
 * the platform fills in besides: the plan (type, typeName, typeId), billingPeriod, ownerIds,
 * rolesAllowed, capabilities, createdAt and updatedAt.
 */
export const getTeam: LookupBuilderFn<GetTeamArgs, GetTeamResult> = hosting.getTeam
export default hosting
