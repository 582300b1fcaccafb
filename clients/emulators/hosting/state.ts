/**
 * What the hosting emulator holds, as one explicit record (each store keyed by id), and the context
 * every route module works in: the state, the clock and the id makers. The record's names are the
 * data file's (`.trellis/emulator.json`, format 1): renaming one needs a migration.
 */
import { cell, type Holdings } from '../holdings'
import { clone, fail, type Json } from './reply'
import type { ManagedRuleSetFixture } from './fixtures'

export interface HostingState {
  readonly accounts: Map<string, Json>
  readonly sites: Map<string, Json>
  readonly zones: Map<string, Json>
  readonly records: Map<string, Json>
  readonly deployKeys: Map<string, Json>
  /** `<account id>|<site id or ''>|<key>` → env var (values hold the secret plain text; never returned) */
  readonly envVars: Map<string, Json>
  readonly logDrains: Map<string, Json>
  /** `site:<id>` or `account:<id>` → rule set */
  readonly firewalls: Map<string, Json>
  readonly wafPolicies: Map<string, Json & { account_id: string }>
  /** site id → when its analytics were enabled (ms) */
  readonly analyticsEnabledAt: Map<string, number>
  /** the managed WAF rule sets: the platform's, not the user's */
  readonly managed: Record<string, ManagedRuleSetFixture>
  /** the last number an id was made from */
  readonly ids: { counter: number }
}

export const emptyState = (managed: Readonly<Record<string, ManagedRuleSetFixture>>): HostingState => ({
  accounts: new Map(),
  sites: new Map(),
  zones: new Map(),
  records: new Map(),
  deployKeys: new Map(),
  envVars: new Map(),
  logDrains: new Map(),
  firewalls: new Map(),
  wafPolicies: new Map(),
  analyticsEnabledAt: new Map(),
  managed: clone(managed),
  ids: { counter: 0 },
})

/** The state's containers under the data file's names. */
export const holdingsOf = (st: HostingState): Holdings => {
  const { ids, ...containers } = st
  return {
    ...containers,
    counter: cell(
      () => ids.counter,
      (v) => (ids.counter = v as number),
    ),
  }
}

export interface HostingContext {
  readonly state: HostingState
  readonly now: () => Date
  readonly iso: () => string
  /** 24 hex digits, like the platform's object ids */
  readonly hexId: () => string
  /** a UUID, like the platform's site and log-drain ids */
  readonly uuid: () => string
  /** the largest page the server gives */
  readonly cap: number
}

export const contextOf = (state: HostingState, now: () => Date, seed: number, cap: number): HostingContext => {
  const seedHex = (seed >>> 0).toString(16).padStart(8, '0')
  const uuid = () => {
    const h = `${seedHex}${(++state.ids.counter).toString(16).padStart(24, '0')}`
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
  }
  return {
    state,
    now,
    iso: () => now().toISOString(),
    hexId: () => `${seedHex}${(++state.ids.counter).toString(16).padStart(16, '0')}`,
    uuid,
    cap,
  }
}

export const accountBySlug = (st: HostingState, slug: string): Json | undefined =>
  [...st.accounts.values()].find((a) => a.slug === slug)
/** env and firewall paths take the team id; the CLI passes the slug and that works too */
export const accountOf = (st: HostingState, idOrSlug: string): Json =>
  st.accounts.get(idOrSlug) ?? accountBySlug(st, idOrSlug) ?? fail(404, 'Not Found')
export const siteOf = (st: HostingState, id: string): Json => st.sites.get(id) ?? fail(404, 'Not Found')
