/**
 * The traffic-rule set shared by SiteFirewallTrafficRules and TeamFirewallTrafficRules: its codec,
 * its checks, and its wire form. On the wire a rule set is `{default, rules[{type, action,
 * description, data}]}`; the spec's four groups map to ip/geo × deny/allow (wire §2.6). Reading
 * drops disabled rules and regroups the rest in order; empty groups read as absent.
 */
import * as t from 'io-ts'
import { Cidr, literals, pattern } from '../../../core/codecs'
import type { Finding } from '../../../core/issue'
import { isRef } from '../../../core/ref'
import { asObject, str, strings, type Json } from './wire'

// ── codec ────────────────────────────────────────────────────────────────────
/** ISO 3166-1 alpha-2, upper case */
export const CountryCode = pattern('a two-letter country code such as US', (s) => /^[A-Z]{2}$/.test(s))
/** ISO 3166-2 */
export const Subregion = pattern('a subregion code such as US-CA', (s) => /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(s))

export const IpRule = t.exact(t.type({ addresses: t.array(Cidr), description: t.string }), 'IpRule')
export type IpRule = t.TypeOf<typeof IpRule>

export const GeoRule = t.exact(
  t.intersection([
    t.type({ countries: t.array(CountryCode), description: t.string }),
    t.partial({ subregions: t.array(Subregion) }),
  ]),
  'GeoRule',
)
export type GeoRule = t.TypeOf<typeof GeoRule>

export const TrafficRuleSet = t.exact(
  t.intersection([
    t.type({ defaultAction: literals(['allow', 'deny']) }),
    t.partial({
      ipRestrictions: t.array(IpRule),
      ipExceptions: t.array(IpRule),
      geoRestrictions: t.array(GeoRule),
      geoExceptions: t.array(GeoRule),
    }),
  ]),
  'TrafficRuleSet',
)
export type TrafficRuleSet = t.TypeOf<typeof TrafficRuleSet>

// ── checks ───────────────────────────────────────────────────────────────────
/** With a deny default only exceptions make sense; every rule needs at least one address or country. */
// the lists and the field each item must fill; index loops below: this runs for every rule set at
// compile, plan and apply, and the tuples, iterators and callbacks made per call were megabytes
const DENIED_LISTS = ['ipRestrictions', 'geoRestrictions'] as const
const LISTS = [
  ['ipRestrictions', 'addresses'],
  ['ipExceptions', 'addresses'],
  ['geoRestrictions', 'countries'],
  ['geoExceptions', 'countries'],
] as const

export const ruleSetFindings = (rs: unknown, at: string): Finding[] => {
  if (isRef(rs) || typeof rs !== 'object' || rs === null) return []
  const r = rs as Partial<Record<string, unknown>>
  const out: Finding[] = []
  if (r.defaultAction === 'deny')
    for (let d = 0; d < DENIED_LISTS.length; d++) {
      const k = DENIED_LISTS[d]
      if (Array.isArray(r[k]) && (r[k] as unknown[]).length > 0)
        out.push({
          path: `${at}.${k}`,
          expected: `no ${k} when defaultAction is deny (everything is denied already; use exceptions)`,
          given: r[k],
        })
    }
  for (let l = 0; l < LISTS.length; l++) {
    // (not destructured: that takes an iterator per call)
    const k = LISTS[l][0]
    const field = LISTS[l][1]
    const list = r[k]
    if (!Array.isArray(list)) continue
    for (let i = 0; i < list.length; i++) {
      const item = list[i] as Record<string, unknown> | undefined
      if (!isRef(item) && Array.isArray(item?.[field]) && (item[field] as unknown[]).length === 0)
        out.push({
          path: `${at}.${k}.${i}.${field}`,
          expected: `at least one ${field === 'addresses' ? 'address' : 'country'}`,
          given: item[field],
        })
    }
  }
  return out
}

// ── wire ─────────────────────────────────────────────────────────────────────
const ipRule = (action: 'allow' | 'deny') => (r: IpRule) => ({
  type: 'ip',
  action,
  description: r.description,
  data: { addresses: r.addresses },
})
const geoRule = (action: 'allow' | 'deny') => (r: GeoRule) => ({
  type: 'geo',
  action,
  description: r.description,
  data: { countries: r.countries, ...(r.subregions && r.subregions.length > 0 ? { subregions: r.subregions } : {}) },
})

/** Rules in the platform provider's order: ip deny, geo deny, ip allow, geo allow. */
export const ruleSetToWire = (rs: TrafficRuleSet | undefined): Json => ({
  default: rs?.defaultAction ?? 'allow',
  rules: [
    ...(rs?.ipRestrictions ?? []).map(ipRule('deny')),
    ...(rs?.geoRestrictions ?? []).map(geoRule('deny')),
    ...(rs?.ipExceptions ?? []).map(ipRule('allow')),
    ...(rs?.geoExceptions ?? []).map(geoRule('allow')),
  ],
})

export const ruleSetFromWire = (u: unknown): TrafficRuleSet | undefined => {
  const w = asObject(u)
  if (!w) return undefined
  const groups: Record<'ipRestrictions' | 'ipExceptions' | 'geoRestrictions' | 'geoExceptions', Json[]> = {
    ipRestrictions: [],
    ipExceptions: [],
    geoRestrictions: [],
    geoExceptions: [],
  }
  for (const raw of Array.isArray(w.rules) ? w.rules : []) {
    const r = asObject(raw)
    if (!r || r.disabled === true) continue
    const data = asObject(r.data) ?? {}
    // anything but allow restricts
    const deny = r.action !== 'allow'
    if (r.type === 'ip')
      groups[deny ? 'ipRestrictions' : 'ipExceptions'].push({
        addresses: strings(data.addresses) ?? [],
        description: str(r.description) ?? '',
      })
    else if (r.type === 'geo') {
      const sub = strings(data.subregions)
      groups[deny ? 'geoRestrictions' : 'geoExceptions'].push({
        countries: strings(data.countries) ?? [],
        description: str(r.description) ?? '',
        ...(sub && sub.length > 0 ? { subregions: sub } : {}),
      })
    }
  }
  const out: Json = { defaultAction: w.default === 'deny' ? 'deny' : 'allow' }
  for (const [k, v] of Object.entries(groups)) if (v.length > 0) out[k] = v
  return out as TrafficRuleSet
}

/** Equal rule sets: empty groups and empty subregions count as absent. */
export const sameRuleSet = (a: unknown, b: unknown): boolean =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))

const canonical = (u: unknown): unknown => {
  const o = asObject(u)
  if (!o) return u
  const out: Json = { defaultAction: o.defaultAction }
  for (const k of ['geoExceptions', 'geoRestrictions', 'ipExceptions', 'ipRestrictions']) {
    const list = o[k]
    if (!Array.isArray(list) || list.length === 0) continue
    out[k] = list
      .map((x: Json) => {
        const { subregions, ...rest } = x
        return Array.isArray(subregions) && subregions.length > 0 ? { ...rest, subregions } : rest
      })
      .map((x) =>
        Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((kk) => [kk, x[kk]]),
        ),
      )
  }
  return out
}

/** Is a rule set (as read) the platform's default: allow everything, no rule? Absent counts as default. */
export const defaultRuleSet = (r: TrafficRuleSet | undefined): boolean =>
  r === undefined ||
  (r.defaultAction === 'allow' &&
    [r.ipRestrictions, r.ipExceptions, r.geoRestrictions, r.geoExceptions].every((l) => (l?.length ?? 0) === 0))
