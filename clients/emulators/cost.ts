/**
 * costEmulator: an in-memory fake of the cost-management platform's REST API (v2, and the one v1
 * endpoint of the provider-A info), as an HttpClient. It keeps the real API's shapes and quirks
 * (docs/wire/cost.md §1–§6) so the cost specs' normalisations are really exercised: snake_case bodies,
 * prefixed tokens, `links.next` paging with `page`/`limit`, `{errors: [...]}` bodies, rate-limit
 * headers and 429s, bearer-token checks (401 `{}`), comma-joined groupings, amounts as decimal
 * strings, server-filled report dates and budget periods, the full-state PUT of cost reports, and
 * the refusal to leave a custom provider without a workspace. Unknown body keys are refused (400),
 * so a wire table that sends a wrong name or a create-only field on update is caught.
 *
 * The API is a route table (route-table.ts): the generic collection routes (cost/collections.ts)
 * over one entry per collection from one module per resource family under cost/, and the few
 * literal routes; the state is one explicit record (cost/state.ts). This file adds what every
 * request goes through: the bearer token, the rate limit, the JSON body and the error replies.
 */
import * as TE from 'fp-ts/TaskEither'
import type { HttpClient, HttpRequest, HttpResponse } from '../http'
import { persisted, type Emulator, type StoredObject } from './emulator'
import type { SecretField } from './secret-fields'
import { INTEGRATION_STATUSES } from './cost/vocabulary'
import { routeTable } from './route-table'
import { fail, HttpFail, json, publicView, type Obj } from './cost/reply'
import { contextOf, emptyState, holdingsOf, type CostState } from './cost/state'
import type { Collections } from './cost/collection'
import { collectionRoutes } from './cost/collections'
import { reportCollections } from './cost/reports'
import { costReportCollections } from './cost/cost-reports'
import { budgetCollections } from './cost/budgets'
import { businessMetricCollections } from './cost/business-metrics'
import { billingCollections } from './cost/billing'
import { alertCollections } from './cost/alerts'
import { recommendationViewCollections } from './cost/recommendation-views'
import { integrationCollections, integrationRoutes } from './cost/integrations'
import { plainCollections } from './cost/plain'
import { costRate } from './cost/rate'
import { applyFixtures, seedCost } from './cost/seed'

// ── options ──────────────────────────────────────────────────────────────────
export type CostCollection =
  | 'access_grants'
  | 'anomaly_notifications'
  | 'billing_profiles'
  | 'billing_rules'
  | 'budgets'
  | 'business_metrics'
  | 'cost_alerts'
  | 'cost_reports'
  | 'dashboards'
  | 'financial_commitment_reports'
  | 'folders'
  | 'integrations'
  | 'invoices'
  | 'kubernetes_efficiency_reports'
  | 'managed_accounts'
  | 'network_flow_reports'
  | 'recommendation_views'
  | 'report_notifications'
  | 'resource_reports'
  | 'saved_filters'
  | 'segments'
  | 'teams'
  | 'users'
  | 'virtual_tag_configs'
  | 'workspaces'

export interface CostEmulatorOptions {
  /** varies the generated tokens (deterministic for a given seed) */
  readonly seed?: number
  readonly now?: () => Date
  /** enforce a request budget: beyond `limit` requests per `windowMs`, 429 */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number }
  /** page size when a list request gives no `limit` (default 100) */
  readonly pageSize?: number
  /** the largest `limit` honoured (default 1000, as documented) */
  readonly maxLimit?: number
  /** when set, only this bearer token is accepted */
  readonly token?: string
  /** objects (wire format) to seed collections with; a default workspace `wrkspc_default` always exists */
  readonly fixtures?: Partial<Record<CostCollection, ReadonlyArray<Record<string, unknown>>>>
  /** the provider-A (v1) integration info */
  readonly awsInfo?: Record<string, unknown>
  /** resource types of the resource-report columns endpoint and their columns */
  readonly resourceColumns?: Readonly<Record<string, ReadonlyArray<string>>>
}

/** What a data file keeps only sealed: a billing profile's bank account number, routing number and IBAN. */
export const COST_SECRET_FIELDS: ReadonlyArray<SecretField> = ['account_number', 'routing_number', 'iban'].map((k) => ({
  path: `store.billing_profiles.*.banking_information_attributes.secure_data.${k}`,
}))

/** The integration statuses the platform reports (docs/wire/cost.md §2.8). */
export const COST_INTEGRATION_STATUSES = INTEGRATION_STATUSES

/** Every stored object, for tests that check for orphans and duplicates. */
const objectsOf = (st: CostState): ReadonlyArray<StoredObject> =>
  [...st.store.entries()].flatMap(([kind, m]) =>
    [...m.values()].map((o) => ({ kind, id: o.token as string, body: publicView(o) })),
  )

/** The body of a POST or PUT, which must be a JSON object (other methods' bodies are not read). */
const bodyOf = (req: HttpRequest): Obj => {
  if (req.body === undefined || req.body === '' || (req.method !== 'POST' && req.method !== 'PUT')) return {}
  let body: unknown
  try {
    body = JSON.parse(req.body)
  } catch {
    return fail(400, 'Request body is not valid JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) fail(400, 'Request body must be a JSON object')
  return body as Obj
}

/** An in-memory emulator of the cost platform's REST API, as an HttpClient. */
export const costEmulator = (opts: CostEmulatorOptions = {}): Emulator => {
  const now = opts.now ?? (() => new Date('2024-07-15T12:00:00Z'))
  const state = emptyState()
  const ctx = contextOf(state, now, opts.seed ?? 0)
  const collections: Collections = {
    ...alertCollections(ctx),
    ...billingCollections(ctx),
    ...budgetCollections(ctx),
    ...businessMetricCollections(ctx),
    ...costReportCollections(ctx),
    ...integrationCollections(ctx),
    ...recommendationViewCollections(ctx),
    ...reportCollections(ctx),
    ...plainCollections(),
  }
  applyFixtures(ctx, opts.fixtures ?? {})
  const paging = { pageSize: opts.pageSize ?? 100, maxLimit: opts.maxLimit ?? 1000 }
  // the literal paths before the collections' `:collection`
  const route = routeTable(
    '',
    { ...integrationRoutes(ctx, opts), ...collectionRoutes(ctx, collections, paging) },
    (): HttpResponse => fail(404, 'Not Found'),
  )
  const rate = costRate(now, opts.rateLimit)
  const counts: Record<string, number> = {}

  const handle = (req: HttpRequest): HttpResponse => {
    let url: URL
    try {
      url = new URL(req.url)
    } catch {
      return json(400, { errors: ['Invalid URL'] })
    }
    const key = `${req.method} ${url.pathname}`
    counts[key] = (counts[key] ?? 0) + 1
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')
    if (!m || (opts.token !== undefined && m[1] !== opts.token)) return json(401, {})
    const headers = rate.take()
    if (!headers)
      return json(429, { errors: ['Rate limit exceeded. Please retry after the reset time.'] }, rate.spent())
    try {
      const r = route(req.method, url, bodyOf(req))
      // route's answers are its own fresh objects (json): the rate headers join their headers
      Object.assign(r.headers, headers)
      return r
    } catch (e) {
      if (e instanceof HttpFail) return json(e.status, e.body, headers)
      return json(500, { errors: [`emulator error: ${(e as Error).message}`] }, headers)
    }
  }

  const client: HttpClient = (req) => TE.fromTask(() => new Promise<HttpResponse>((ok) => ok(handle(req))))
  const kinds = Object.keys(collections).sort()
  return {
    platform: 'cost',
    client,
    ...persisted('cost', holdingsOf(state), (objects) => seedCost(ctx, collections, objects)),
    about: {
      platform: 'cost',
      name: 'trellis emulator of the cost-management REST API (v2, bearer token)',
      serves: [...kinds.map((k) => `/v2/${k}`), '/v2/resource_reports/columns', '/v1/integrations/aws/info'],
      seeds: kinds,
    },
    objects: () => objectsOf(state),
    requests: () => ({ ...counts }),
  }
}
