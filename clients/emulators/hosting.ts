/**
 * hostingEmulator: an in-memory fake of the web-hosting platform's REST API v1 (wire/hosting.md),
 * as an HttpClient. It keeps the platform's real paths, bodies and quirks so the hosting specs'
 * normalisation is really exercised: fully-qualified DNS hostnames and targets without trailing
 * dots, `post_processing` scopes, write-only secret env values, `log_types` as a JSON string,
 * `{policy_id}`/202 WAF replies, the 10-minute site-analytics rule (on an injectable clock),
 * page/per_page paging with an RFC 5988 `Link` header, `X-RateLimit-*` headers with 429s,
 * `{code, message}` errors and a text/plain `Not Found` for unknown routes.
 *
 * The API is a route table (hosting/router.ts) assembled from one module per resource family under
 * hosting/, over one explicit state record (hosting/state.ts); this file adds what every request
 * goes through: the rate limit, the bearer token, the JSON body and the error replies.
 */
import * as TE from 'fp-ts/TaskEither'
import type { HttpClient, HttpRequest, HttpResponse } from '../http'
import { persisted, type Emulator, type StoredObject } from './emulator'
import type { SecretField } from './secret-fields'
import { ApiError, clone, type Json, type Reply } from './hosting/reply'
import { routeTable } from './hosting/router'
import { DEFAULT_HOSTING_FIXTURES, type HostingFixtures } from './hosting/fixtures'
import { contextOf, emptyState, holdingsOf, type HostingState } from './hosting/state'
import { siteRoutes, teamSiteRoutes } from './hosting/sites'
import { envVarRoutes, envView } from './hosting/env-vars'
import { firewallRoutes } from './hosting/firewall'
import { wafRoutes } from './hosting/waf'
import { dnsRoutes } from './hosting/dns'
import { deployKeyRoutes } from './hosting/deploy-keys'
import { logDrainRoutes } from './hosting/log-drains'
import { applyFixtures, HOSTING_SEEDS, seedHosting } from './hosting/seed'

export {
  DEFAULT_HOSTING_FIXTURES,
  type HostingAccountFixture,
  type HostingFixtures,
  type HostingSiteFixture,
  type ManagedRuleSetFixture,
} from './hosting/fixtures'
export { ANALYTICS_HOLD_MS } from './hosting/sites'

export interface HostingEmulatorOptions {
  /** varies the generated ids */
  readonly seed?: number
  /** the server's clock (created_at, the 10-minute analytics rule, rate-limit windows) */
  readonly now?: () => Date
  /** default: 500 requests per minute */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number }
  /** the largest page the server gives (the real cap is 100) */
  readonly pageSize?: number
  /** the bearer token it accepts (default `emulator-token`) */
  readonly token?: string
  /** default: one team `acme` with one site `acme-www` and the `crs-basic` managed rule set */
  readonly fixtures?: HostingFixtures
}

export const HOSTING_EMULATOR_TOKEN = 'emulator-token'

/** What a data file keeps only sealed: secret env values, a log drain's URL and authorization header. */
export const HOSTING_SECRET_FIELDS: ReadonlyArray<SecretField> = [
  { path: 'envVars.*.values.*.value', when: (v) => (v as { is_secret?: unknown }).is_secret === true },
  { path: 'logDrains.*.service_config.url' },
  { path: 'logDrains.*.service_config.authorization_header' },
]

const SERVES = [
  '/api/v1/accounts',
  '/api/v1/accounts/{account_id}/env',
  '/api/v1/accounts/{account_id}/firewall_rule_set',
  '/api/v1/accounts/{account_id}/waf/managed',
  '/api/v1/accounts/{account_id}/waf/policies',
  '/api/v1/{account_slug}/sites',
  '/api/v1/sites',
  '/api/v1/sites/{site_id}/analytics',
  '/api/v1/sites/{site_id}/firewall_rule_set',
  '/api/v1/sites/{site_id}/log_drains',
  '/api/v1/dns_zones',
  '/api/v1/dns_zones/{zone_id}/dns_records',
  '/api/v1/deploy_keys',
]

/**
 * A rate limit in fixed windows aligned to the clock, so the reset header (whole seconds) says
 * exactly when the window ends; a window started at the first request's millisecond made it up to
 * a second late.
 */
const rateLimiter = (now: () => Date, limit: { readonly limit: number; readonly windowMs: number }) => {
  const windowOf = (t: number): number => Math.floor(t / limit.windowMs) * limit.windowMs
  let windowStart = windowOf(now().getTime())
  let used = 0
  return {
    /** counts a request; false when the window's budget is spent */
    take: (): boolean => {
      const t = now().getTime()
      if (windowOf(t) !== windowStart) {
        windowStart = windowOf(t)
        used = 0
      }
      if (used >= limit.limit) return false
      used++
      return true
    },
    headers: (): Record<string, string> => ({
      'x-ratelimit-limit': String(limit.limit),
      'x-ratelimit-remaining': String(Math.max(0, limit.limit - used)),
      // an absolute Unix time in seconds, as the platform sends it
      'x-ratelimit-reset': String(Math.ceil((windowStart + limit.windowMs) / 1000)),
    }),
  }
}

/** Every stored object, for tests that check for orphans and duplicates. */
const objectsOf = (st: HostingState): ReadonlyArray<StoredObject> => {
  const out: StoredObject[] = []
  const add = (kind: string, m: Map<string, Json>) => {
    for (const [id, b] of m) out.push({ kind, id, body: clone(b) })
  }
  add('accounts', st.accounts)
  add('sites', st.sites)
  add('dns_zones', st.zones)
  add('dns_records', st.records)
  add('deploy_keys', st.deployKeys)
  // env vars are listed as the API shows them: secret values stay hidden even here
  for (const [id, v] of st.envVars) out.push({ kind: 'env', id, body: envView(v) })
  add('log_drains', st.logDrains)
  add('firewall_rule_sets', st.firewalls)
  add('waf_policies', st.wafPolicies)
  return out
}

/** An in-memory emulator of the hosting platform's REST API, as an HttpClient. */
export const hostingEmulator = (opts: HostingEmulatorOptions = {}): Emulator => {
  const now = opts.now ?? (() => new Date())
  const token = opts.token ?? HOSTING_EMULATOR_TOKEN
  const fixtures = opts.fixtures ?? DEFAULT_HOSTING_FIXTURES
  // the managed rule sets are the platform's, not the user's: keep them unless replaced
  const state = emptyState(fixtures.managedWafRules ?? DEFAULT_HOSTING_FIXTURES.managedWafRules ?? {})
  const ctx = contextOf(state, now, opts.seed ?? 0, Math.max(1, Math.min(opts.pageSize ?? 100, 100)))
  applyFixtures(ctx, fixtures)
  // literal paths before a `:param` in the same place; the team-slug listing last
  const route = routeTable('/api/v1', {
    ...siteRoutes(ctx),
    ...envVarRoutes(ctx),
    ...firewallRoutes(ctx),
    ...wafRoutes(ctx),
    ...dnsRoutes(ctx),
    ...deployKeyRoutes(ctx),
    ...logDrainRoutes(ctx),
    ...teamSiteRoutes(ctx),
  })
  const rate = rateLimiter(now, opts.rateLimit ?? { limit: 500, windowMs: 60_000 })
  const served: Record<string, number> = {}

  const respond = (r: Reply): HttpResponse => {
    const headers: Record<string, string> = { ...rate.headers(), ...(r.headers ?? {}) }
    if (r.text !== undefined)
      return { status: r.status, headers: { ...headers, 'content-type': 'text/plain' }, body: r.text }
    if (r.body === undefined) return { status: r.status, headers, body: '' }
    return {
      status: r.status,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(r.body),
    }
  }
  const error = (status: number, message: string): HttpResponse => respond({ status, body: { code: status, message } })
  const jsonBody = (text: string | undefined): { body: unknown } | undefined => {
    if (text === undefined || text === '') return { body: undefined }
    try {
      return { body: JSON.parse(text) as unknown }
    } catch {
      return undefined
    }
  }

  const handle = (req: HttpRequest): HttpResponse => {
    let url: URL
    try {
      url = new URL(req.url)
    } catch {
      return respond({ status: 400, text: 'Bad Request' })
    }
    const key = `${req.method} ${url.pathname}`
    served[key] = (served[key] ?? 0) + 1
    if (!rate.take()) return error(429, 'Rate limit exceeded, please try again later')
    if (req.headers.authorization !== `Bearer ${token}`) return error(401, 'Access Denied')
    const parsed = jsonBody(req.body)
    if (!parsed) return error(400, 'Invalid JSON body')
    try {
      return respond(route(req.method, url, parsed.body))
    } catch (e) {
      if (e instanceof ApiError) return error(e.status, e.message)
      return error(500, 'Internal Server Error')
    }
  }

  const client: HttpClient = (req) => TE.right(handle(req))
  return {
    platform: 'hosting',
    client,
    objects: () => objectsOf(state),
    requests: () => ({ ...served }),
    // secret values are kept sealed in a data file (HOSTING_SECRET_FIELDS)
    ...persisted('hosting', holdingsOf(state), (objects) => seedHosting(ctx, objects)),
    about: {
      platform: 'hosting',
      name: 'trellis emulator of the web-hosting REST API (v1, bearer token)',
      serves: SERVES,
      seeds: HOSTING_SEEDS,
    },
  }
}
