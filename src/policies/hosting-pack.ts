/**
 * The hosting starter pack, advisory where plans differ: a secret variable kept to the scopes that
 * need it (free plans refuse specific scopes, so only advised), DNS TTLs within a range, WAF
 * policies not left in passive mode. The range and the WAF rule's enforcement are options.
 */
import type { Enforcement } from '../policy/finding'
import { policyPack, resourcePolicy, type Policy, type PolicyPack } from '../policy/policy'

/** Options of the hosting pack. */
export interface HostingPackOptions {
  /** the TTLs (seconds) DNS records may have; default 60 to 86,400 (an absent TTL is the platform's 3,600) */
  readonly dnsTtl?: { readonly min: number; readonly max: number }
  /** how a WAF rule set in passive mode is treated (default mandatory; `off` leaves the policy out) */
  readonly wafPassive?: Enforcement | 'off'
}

const ALL_SCOPES = ['builds', 'functions', 'runtime', 'post-processing']
/** the platform's TTL when a record gives none (hosting:DnsRecord's DEFAULT_TTL) */
const PLATFORM_TTL = 3600

/** A secret environment variable is not in every scope (advisory: free plans refuse specific scopes). */
export const secretEnvScoped = resourcePolicy({
  name: 'hosting-secret-env-scoped',
  description: 'a secret environment variable is given only the scopes that need it, not all four',
  enforcement: 'advisory',
  token: 'hosting:EnvironmentVariable',
  check: (step) => {
    const i = step.inputs
    if (!('secretValues' in i)) return []
    const scopes = i.scopes ?? ALL_SCOPES
    return ALL_SCOPES.every((s) => scopes.includes(s as never))
      ? [{ path: 'scopes', message: 'a secret in every scope (builds, functions, runtime, post-processing)' }]
      : []
  },
})

/** DNS records' TTL within a range. */
export const dnsTtlInRange = (range: { readonly min: number; readonly max: number }): Policy =>
  // the token given as the type argument: the return type would otherwise widen it to any string
  resourcePolicy<'hosting:DnsRecord'>({
    name: 'hosting-dns-ttl-range',
    description: `a DNS record's TTL is between ${range.min} and ${range.max} seconds`,
    enforcement: 'mandatory',
    token: 'hosting:DnsRecord',
    check: (step) => {
      const ttl = step.inputs.ttl ?? PLATFORM_TTL
      return ttl >= range.min && ttl <= range.max
        ? []
        : [{ path: 'ttl', message: `is ${ttl}, outside ${range.min} to ${range.max} seconds` }]
    },
  })

/** WAF policies not in passive mode (a passive rule set only logs what it would block). */
export const wafNotPassive = (enforcement: Enforcement): Policy =>
  resourcePolicy<'hosting:WafPolicy'>({
    name: 'hosting-waf-not-passive',
    description: 'a WAF policy blocks: none of its rule sets is in passive mode (which only logs)',
    enforcement,
    token: 'hosting:WafPolicy',
    check: (step) =>
      step.inputs.ruleSets.flatMap((rs, n) =>
        rs.passiveMode ? [{ path: `ruleSets.${n}.passiveMode`, message: 'is on: the rule set only logs' }] : [],
      ),
  })

/** The hosting starter pack, with its options. */
export const hostingPack = (opts: HostingPackOptions = {}): PolicyPack => {
  const waf = opts.wafPassive ?? 'mandatory'
  return policyPack('trellis-hosting', [
    secretEnvScoped,
    dnsTtlInRange(opts.dnsTtl ?? { min: 60, max: 86_400 }),
    ...(waf === 'off' ? [] : [wafNotPassive(waf)]),
  ])
}
