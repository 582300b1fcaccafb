/**
 * costEmulator: an in-memory fake of the cost-management platform's REST API (v2, and the one v1
 * endpoint of the provider-A info), as an HttpClient. It keeps the real API's shapes and quirks
 * (wire reference §1–§6) so the cost specs' normalisations are really exercised: snake_case bodies,
 * prefixed tokens, `links.next` paging with `page`/`limit`, `{errors: [...]}` bodies, rate-limit
 * headers and 429s, bearer-token checks (401 `{}`), comma-joined groupings, amounts as decimal
 * strings, server-filled report dates and budget periods, the full-state PUT of cost reports, and
 * the refusal to leave a custom provider without a workspace. Unknown body keys are refused (400),
 * so a wire table that sends a wrong name or a create-only field on update is caught.
 */
import * as TE from 'fp-ts/TaskEither'
import type { HttpClient, HttpRequest, HttpResponse } from '../http'
import { checkSeedKinds, persisted, type Emulator, type StoredObject } from './emulator'
import { cell, type Holdings } from './holdings'
import type { SecretField } from './secret-fields'
import * as VOCAB from './cost-vocabulary'
import { scalarText } from '../../src/core/scalar-text'

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

type Obj = Record<string, unknown>

class HttpFail {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
const fail = (status: number, ...errors: string[]): never => {
  throw new HttpFail(status, { errors })
}

// ── small helpers ────────────────────────────────────────────────────────────
const UNDERSCORE = 0x5f
/** `/v2/cost_reports/rprt_1` → `['v2', 'cost_reports', 'rprt_1']`, each segment percent-decoded (only one holding a `%` needs it) */
const segmentsOf = (path: string): string[] => {
  const out: string[] = []
  for (let at = 0; at < path.length;) {
    let end = path.indexOf('/', at)
    if (end < 0) end = path.length
    if (end > at) {
      const seg = path.slice(at, end)
      out.push(seg.includes('%') ? decodeURIComponent(seg) : seg)
    }
    at = end + 1
  }
  return out
}
const ymd = (d: Date): string => d.toISOString().slice(0, 10)
const monthStart = (d: Date, add = 0): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1))
const monthEnd = (d: Date, add = 0): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add + 1, 0))
const daysBefore = (d: Date, n: number): Date =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - n))
const isYmd = (s: unknown): s is string =>
  typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))
/** `300` → `"300.0"`, as the platform renders decimals */
const decimal = (n: unknown): string | null =>
  typeof n === 'number'
    ? Number.isInteger(n)
      ? n.toFixed(1)
      : String(n)
    : typeof n === 'string' && n !== ''
      ? decimal(Number(n))
      : null

/** The concrete dates of a relative interval, as the server fills them in. */
const intervalDates = (interval: string, now: Date): [string, string] => {
  const m = /^(last|next)_(\d+)_(days|months)$/.exec(interval)
  if (interval === 'this_month') return [ymd(monthStart(now)), ymd(monthEnd(now))]
  if (interval === 'last_month') return [ymd(monthStart(now, -1)), ymd(monthEnd(now, -1))]
  if (interval === 'next_month') return [ymd(monthStart(now, 1)), ymd(monthEnd(now, 1))]
  if (interval === 'year_to_date') return [`${now.getUTCFullYear()}-01-01`, ymd(now)]
  if (m && m[3] === 'days') return [ymd(daysBefore(now, +m[2])), ymd(now)]
  if (m && m[1] === 'last') return [ymd(monthStart(now, -+m[2])), ymd(monthEnd(now, -1))]
  if (m) return [ymd(monthStart(now, 1)), ymd(monthEnd(now, +m[2]))]
  return [ymd(monthStart(now)), ymd(monthEnd(now))]
}

// the platform's vocabularies and defaults, as its official SDK states them (never as the specs do)
const REPORT_INTERVALS: ReadonlyArray<string> = VOCAB.REPORT_INTERVALS
const SETTINGS_DEFAULTS: Obj = VOCAB.SETTINGS_DEFAULTS
const CHART_DEFAULTS: Obj = VOCAB.CHART_DEFAULTS
const k8sGrouping = (g: string) => VOCAB.K8S_GROUPINGS.includes(g) || /^label:.+$/.test(g)
const NFR_GROUPINGS: ReadonlySet<string> = new Set(VOCAB.NFR_GROUPINGS)
const fcrGrouping = (g: string) => VOCAB.FCR_GROUPINGS.includes(g) || /^tag:.+$/.test(g)
/** what a billing rule's update accepts (its create, the type too) */
const BILLING_RULE_FIELDS = [
  'title',
  'amount',
  'apply_to_all',
  'category',
  'sub_category',
  'service',
  'charge_type',
  'percentage',
  'sql_query',
  'start_date',
  'end_date',
  'start_period',
]
const INTEGRATION_STATUSES: ReadonlyArray<string> = VOCAB.INTEGRATION_STATUSES

// ── field checks ─────────────────────────────────────────────────────────────
const allowOnly = (body: Obj, keys: ReadonlyArray<string> | ReadonlySet<string>): void => {
  const known = Array.isArray(keys)
    ? (k: string) => keys.includes(k)
    : (k: string) => (keys as ReadonlySet<string>).has(k)
  const extra = Object.keys(body).filter((k) => !known(k))
  if (extra.length) fail(400, ...extra.map((k) => `Unknown parameter: ${k}`))
}
const requireKeys = (body: Obj, ...keys: string[]): void => {
  const missing = keys.filter((k) => body[k] === undefined || body[k] === null || body[k] === '')
  if (missing.length) fail(400, ...missing.map((k) => `${k} is required`))
}
const oneOf = (
  body: Obj,
  key: string,
  values: ReadonlyArray<string>,
  opts: { caseInsensitive?: boolean } = {},
): void => {
  const v = body[key]
  if (v === undefined || v === null) return
  const ok = typeof v === 'string' && (opts.caseInsensitive ? values.includes(v.toLowerCase()) : values.includes(v))
  if (!ok) fail(400, `${key} must be one of: ${values.join(', ')}`)
}
const arrayOf = (body: Obj, ...keys: string[]): void => {
  for (const k of keys)
    if (
      body[k] !== undefined &&
      body[k] !== null &&
      (!Array.isArray(body[k]) || (body[k] as unknown[]).some((x) => typeof x !== 'string'))
    )
      fail(400, `${k} must be an array of strings`)
}
const numberAt = (body: Obj, ...keys: string[]): void => {
  for (const k of keys)
    if (body[k] !== undefined && body[k] !== null && typeof body[k] !== 'number') fail(400, `${k} must be a number`)
}
const dateAt = (body: Obj, ...keys: string[]): void => {
  for (const k of keys)
    if (body[k] !== undefined && body[k] !== null && !isYmd(scalarText(body[k]).slice(0, 10)))
      fail(400, `${k} must be a date (YYYY-MM-DD)`)
}

// ── the emulator ─────────────────────────────────────────────────────────────
interface Collection {
  /** token prefix */
  readonly prefix: string
  /** the body fields update accepts (and create, with createOnly); checked before create and update */
  readonly fields?: ReadonlyArray<string>
  /** fields create accepts besides `fields` */
  readonly createOnly?: ReadonlyArray<string>
  readonly create?: (body: Obj, token: string, now: Date) => Obj
  readonly update?: (obj: Obj, body: Obj, now: Date) => Obj
  readonly deletable?: boolean
  /** false: the list has no paging parameters and no `links` */
  readonly paged?: boolean
  /** the object as a GET returns it (e.g. performance only on request) */
  readonly view?: (obj: Obj, query: URLSearchParams) => Obj
  readonly filter?: (obj: Obj, query: URLSearchParams) => boolean
}

/** What a data file keeps only sealed: a billing profile's bank account number, routing number and IBAN. */
export const COST_SECRET_FIELDS: ReadonlyArray<SecretField> = ['account_number', 'routing_number', 'iban'].map((k) => ({
  path: `store.billing_profiles.*.banking_information_attributes.secure_data.${k}`,
}))

/** An in-memory emulator of the cost platform's REST API, as an HttpClient. */
export const costEmulator = (opts: CostEmulatorOptions = {}): Emulator => {
  const now = opts.now ?? (() => new Date('2024-07-15T12:00:00Z'))
  const seed = opts.seed ?? 0
  const pageSize = opts.pageSize ?? 100
  const maxLimit = opts.maxLimit ?? 1000
  const store = new Map<string, Map<string, Obj>>()
  const counts: Record<string, number> = {}
  let counter = 0
  // the rate-limit window: fixed windows aligned to the clock (see `rate`)
  const windowMs = opts.rateLimit?.windowMs ?? 3_600_000
  // a window's reset header is made once per window
  const windowFrom = (start: number) => ({ start, used: 0, reset: String(Math.ceil((start + windowMs) / 1000)) })
  let window = windowFrom(Math.floor(now().getTime() / windowMs) * windowMs)
  let invoiceNumber = 0

  const coll = (name: string): Map<string, Obj> => store.get(name) ?? store.set(name, new Map()).get(name)!
  const newToken = (prefix: string): string =>
    `${prefix}${((seed * 7919 + ++counter) >>> 0).toString(16).padStart(8, '0')}`
  // the last stamp made, by its millisecond: creates in the same millisecond share the text
  let stamped = { ms: NaN, text: '' }
  const stamp = (): string => {
    const d = now()
    const ms = d.getTime()
    if (ms !== stamped.ms) stamped = { ms, text: d.toISOString().replace(/\.\d{3}Z$/, 'Z') }
    return stamped.text
  }
  const exists = (name: string, token: unknown): boolean => typeof token === 'string' && coll(name).has(token)
  const needWorkspace = (body: Obj, required: boolean): void => {
    if (body.workspace_token === undefined || body.workspace_token === null) {
      if (required) fail(400, 'workspace_token is required')
      return
    }
    if (!exists('workspaces', body.workspace_token))
      fail(404, `Workspace ${scalarText(body.workspace_token)} not found`)
  }

  // seed
  coll('workspaces').set('wrkspc_default', {
    token: 'wrkspc_default',
    name: 'Default Workspace',
    created_at: '2024-01-01T00:00:00Z',
    enable_currency_conversion: false,
    currency: 'USD',
    exchange_rate_date: null,
  })
  for (const [name, items] of Object.entries(opts.fixtures ?? {}))
    for (const it of items ?? []) {
      const token = typeof it.token === 'string' ? it.token : newToken(`${name.slice(0, 4)}_`)
      coll(name).set(token, { ...it, token })
    }

  // ── report-like normalisations ────────────────────────────────────────────
  /** relative interval → concrete dates; dates → `custom` */
  const fillDates = (o: Obj, defaultInterval: string): Obj => {
    const dated = isYmd(o.start_date)
    const asked = (o.date_interval as string | null) ?? defaultInterval
    // custom without dates falls back to the default interval
    const interval = dated ? 'custom' : asked === 'custom' ? defaultInterval : asked
    const [s, e] = dated
      ? [o.start_date as string, (o.end_date as string) ?? ymd(now())]
      : intervalDates(interval === 'custom' ? defaultInterval : interval, now())
    return { ...o, date_interval: interval, start_date: s, end_date: e }
  }
  const joinGroupings = (v: unknown, fallback: string, valid: (g: string) => boolean): string | null => {
    if (v === undefined || v === null) return null
    if (!Array.isArray(v)) fail(400, 'groupings must be an array of strings')
    const bad = (v as unknown[]).filter((g) => typeof g !== 'string' || !valid(g))
    if (bad.length) fail(400, `groupings: invalid value(s) ${bad.map((b) => JSON.stringify(b)).join(', ')}`)
    return (v as string[]).length === 0 ? fallback : (v as string[]).join(',')
  }
  const reportDatesCheck = (b: Obj): void => {
    dateAt(b, 'start_date', 'end_date')
    if (b.start_date && b.date_interval && b.date_interval !== 'custom')
      fail(400, 'start_date and end_date can only be used with date_interval custom')
  }

  /**
   * Without dates in the body, the dates a relative interval was filled with are the server's, not
   * the user's: the interval asked for (or the one the report had, on an update that names none)
   * stays relative instead of freezing into a custom range.
   */
  const relativeStays = (merged: Obj, b: Obj, prior: Obj | undefined): void => {
    const interval = b.date_interval ?? prior?.date_interval
    if (!b.start_date && interval && interval !== 'custom') {
      delete merged.start_date
      delete merged.end_date
    }
  }
  const kubernetes = (b: Obj, prior?: Obj): Obj => {
    oneOf(b, 'aggregated_by', VOCAB.K8S_AGGREGATED_BY)
    oneOf(b, 'date_bucket', VOCAB.K8S_DATE_BUCKETS)
    oneOf(b, 'date_interval', VOCAB.K8S_INTERVALS)
    reportDatesCheck(b)
    const groupings =
      'groupings' in b ? joinGroupings(b.groupings, 'cluster_id', k8sGrouping) : (prior?.groupings ?? null)
    const merged: Obj = { ...(prior ?? {}), ...b, groupings }
    relativeStays(merged, b, prior)
    return fillDates(merged, VOCAB.K8S_DEFAULT_INTERVAL)
  }
  const networkFlow = (b: Obj, prior?: Obj): Obj => {
    oneOf(b, 'date_interval', VOCAB.NFR_INTERVALS)
    oneOf(b, 'flow_direction', VOCAB.NFR_DIRECTIONS)
    oneOf(b, 'flow_weight', VOCAB.NFR_WEIGHTS)
    reportDatesCheck(b)
    const groupings =
      'groupings' in b
        ? joinGroupings(b.groupings, 'resource_uuid,traffic_category,peer_resource_uuid', (g) => NFR_GROUPINGS.has(g))
        : (prior?.groupings ?? null)
    const { date_interval: interval, ...filled } = VOCAB.NFR_DEFAULTS
    const merged: Obj = { ...filled, ...(prior ?? {}), ...b, groupings }
    relativeStays(merged, b, prior)
    return fillDates(merged, interval)
  }
  const commitment = (b: Obj, prior?: Obj): Obj => {
    oneOf(b, 'date_interval', VOCAB.FCR_INTERVALS)
    oneOf(b, 'date_bucket', VOCAB.FCR_DATE_BUCKETS)
    oneOf(b, 'on_demand_costs_scope', VOCAB.FCR_SCOPES)
    reportDatesCheck(b)
    const groupings =
      'groupings' in b ? joinGroupings(b.groupings, 'cost_type', fcrGrouping) : (prior?.groupings ?? null)
    const merged: Obj = { ...(prior ?? {}), ...b, groupings }
    // the platform stores filters wrapped in parentheses
    if (typeof merged.filter === 'string' && merged.filter !== '' && !/^\(.*\)$/.test(merged.filter))
      merged.filter = `(${merged.filter})`
    relativeStays(merged, b, prior)
    return fillDates(merged, VOCAB.FCR_DEFAULT_INTERVAL)
  }

  const costReport = (body: Obj, prior: Obj | undefined): Obj => {
    let b = body
    oneOf(b, 'chart_type', VOCAB.CHART_TYPES)
    oneOf(b, 'date_bin', VOCAB.DATE_BINS)
    oneOf(b, 'date_interval', REPORT_INTERVALS)
    arrayOf(b, 'saved_filter_tokens')
    reportDatesCheck(b)
    if (b.start_date && !b.end_date) fail(400, 'end_date is required when start_date is given')
    if (b.previous_period_start_date && !b.previous_period_end_date)
      fail(400, 'previous_period_end_date is required when previous_period_start_date is given')
    if (b.folder_token !== undefined && b.folder_token !== null && !exists('folders', b.folder_token))
      fail(404, `Folder ${scalarText(b.folder_token)} not found`)
    if (b.settings === null) b = { ...b, settings: {} }
    if (b.chart_settings === null) b = { ...b, chart_settings: {} }
    if (b.settings !== undefined && (typeof b.settings !== 'object' || Array.isArray(b.settings)))
      fail(400, 'settings must be an object')
    const settings = b.settings as Obj | undefined
    if (settings) {
      allowOnly(settings, Object.keys(SETTINGS_DEFAULTS))
      oneOf(settings, 'aggregate_by', VOCAB.AGGREGATE_BY)
    }
    const chart = b.chart_settings as Obj | undefined
    if (chart) {
      allowOnly(chart, ['x_axis_dimension', 'y_axis_dimension'])
      arrayOf(chart, 'x_axis_dimension')
      if (Array.isArray(chart.x_axis_dimension) && chart.x_axis_dimension.length !== 1)
        fail(400, 'chart_settings.x_axis_dimension must have exactly one element')
      oneOf(chart, 'y_axis_dimension', VOCAB.Y_AXIS_DIMENSIONS)
    }
    const base = prior ?? {
      saved_filter_tokens: [],
      groupings: null,
      filter: null,
      previous_period_start_date: null,
      previous_period_end_date: null,
      settings: SETTINGS_DEFAULTS,
      chart_settings: CHART_DEFAULTS,
      // the forecast a report shows unless a report forecast is chosen
      default_forecast: { kind: 'baseline', report_forecast_token: null },
    }
    const o: Obj = {
      ...base,
      ...b,
      // a PUT that leaves these out resets them (wire reference §6.1)
      chart_type: b.chart_type ?? VOCAB.REPORT_DEFAULTS.chart_type,
      date_bin: b.date_bin ?? VOCAB.REPORT_DEFAULTS.date_bin,
      settings: settings ? { ...SETTINGS_DEFAULTS, ...settings } : base.settings,
      chart_settings: chart ? { ...CHART_DEFAULTS, ...chart } : base.chart_settings,
      groupings: b.groupings === '' ? null : (b.groupings ?? base.groupings),
      filter: b.filter === '' ? null : (b.filter ?? base.filter),
    }
    if (prior && !isYmd(b.start_date) && b.date_interval === undefined)
      o.date_interval = VOCAB.REPORT_DEFAULTS.date_interval
    if (prior && !isYmd(b.start_date)) delete o.start_date
    if (o.folder_token && exists('folders', o.folder_token))
      o.workspace_token = coll('folders').get(o.folder_token as string)!.workspace_token
    return fillDates(o, VOCAB.REPORT_DEFAULTS.date_interval)
  }

  // ── budgets ───────────────────────────────────────────────────────────────
  const periods = (v: unknown): Obj[] => {
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) {
      // default periods: the current month and the eleven after it, with no amount
      return Array.from({ length: 12 }, (_, i) => ({
        start_at: ymd(monthStart(now(), i)),
        end_at: ymd(monthEnd(now(), i)),
        amount: '0.0',
      }))
    }
    if (!Array.isArray(v)) fail(400, 'periods must be an array')
    return (v as Obj[]).map((p, i) => {
      if (typeof p !== 'object' || p === null) fail(400, `periods[${i}] must be an object`)
      allowOnly(p, ['start_at', 'end_at', 'amount'])
      if (!isYmd(p.start_at)) fail(400, `periods[${i}].start_at must be a date (YYYY-MM-DD)`)
      if (p.end_at !== undefined && p.end_at !== null && !isYmd(p.end_at))
        fail(400, `periods[${i}].end_at must be a date (YYYY-MM-DD)`)
      if (typeof p.amount !== 'number') fail(400, `periods[${i}].amount must be a number`)
      return {
        start_at: p.start_at,
        end_at: p.end_at ?? ymd(monthEnd(new Date(`${p.start_at as string}T00:00:00Z`))),
        amount: decimal(p.amount),
      }
    })
  }
  const budgetFields = (b: Obj, prior: Obj | undefined): Obj => {
    arrayOf(b, 'child_budget_tokens')
    const children = (b.child_budget_tokens ?? prior?.child_budget_tokens ?? []) as string[]
    for (const c of children) if (!exists('budgets', c)) fail(404, `Budget ${c} not found`)
    const hierarchical = children.length > 0
    if (b.cost_report_token && !exists('cost_reports', b.cost_report_token))
      fail(404, `Cost Report ${scalarText(b.cost_report_token)} not found`)
    const o: Obj = { ...(prior ?? {}), ...b, child_budget_tokens: children }
    if (hierarchical) {
      o.cost_report_token = null
      o.periods = []
    } else if ('periods' in b || !prior) o.periods = periods(b.periods)
    return o
  }
  const performance = (o: Obj): Obj[] =>
    ((o.periods as Obj[]) ?? []).slice(0, 1).map((p) => ({
      date: new Date(`${p.start_at as string}T00:00:00Z`).toLocaleString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
      actual: '0.0',
      amount: p.amount,
    }))

  // ── business metrics ──────────────────────────────────────────────────────
  const metricFields = (b: Obj, prior?: Obj): Obj => {
    const o: Obj = { ...(prior ?? {}), ...b }
    for (const k of ['values', 'forecasted_values'] as const)
      if (b[k] !== undefined && b[k] !== null) {
        if (!Array.isArray(b[k])) fail(400, `${k} must be an array`)
        ;(b[k] as Obj[]).forEach((v, i) => {
          allowOnly(v, ['date', 'amount', 'label'])
          if (typeof v.date !== 'string' || Number.isNaN(Date.parse(v.date)))
            fail(400, `${k}[${i}].date must be a date-time`)
          if (typeof v.amount !== 'number') fail(400, `${k}[${i}].amount must be a number`)
        })
      }
    if (b.cost_report_tokens_with_metadata !== undefined && b.cost_report_tokens_with_metadata !== null) {
      if (!Array.isArray(b.cost_report_tokens_with_metadata))
        fail(400, 'cost_report_tokens_with_metadata must be an array')
      o.cost_report_tokens_with_metadata = (b.cost_report_tokens_with_metadata as Obj[]).map((m, i) => {
        allowOnly(m, ['cost_report_token', 'unit_scale', 'label_filter', 'calculation_type', 'label'])
        requireKeys(m, 'cost_report_token')
        oneOf(m, 'unit_scale', VOCAB.UNIT_SCALES)
        oneOf(m, 'calculation_type', VOCAB.CALCULATION_TYPES)
        if (!exists('cost_reports', m.cost_report_token))
          fail(404, `cost_report_tokens_with_metadata[${i}]: Cost Report ${String(m.cost_report_token)} not found`)
        const lf = m.label_filter as unknown[] | undefined
        return {
          cost_report_token: m.cost_report_token,
          unit_scale: m.unit_scale ?? VOCAB.METRIC_LINK_DEFAULTS.unit_scale,
          // the upstream schema's attributes: a calculation type (default unit_cost) and a display label
          calculation_type: m.calculation_type ?? VOCAB.METRIC_LINK_DEFAULTS.calculation_type,
          label: typeof m.label === 'string' ? m.label : null,
          label_filter: lf && lf.length ? lf : null,
          label_filters: null,
        }
      })
    }
    const cw = b.cloudwatch_fields as Obj | undefined
    if (cw) {
      allowOnly(cw, [
        'integration_token',
        'stat',
        'region',
        'namespace',
        'metric_name',
        'label_dimension',
        'dimensions',
      ])
      oneOf(cw, 'stat', VOCAB.CLOUDWATCH_STATS)
      const { integration_token, ...rest } = cw
      o.cloudwatch_fields = { label_dimension: null, dimensions: [], ...rest }
      o.integration_token = integration_token ?? null
      o.import_type = 'cloudwatch'
    }
    const dd = b.datadog_metric_fields as Obj | undefined
    if (dd) {
      allowOnly(dd, ['integration_token', 'query'])
      o.datadog_metric_fields = { query: dd.query ?? null }
      o.integration_token = dd.integration_token ?? null
      o.import_type = 'datadog_metrics'
    }
    if (!o.import_type) o.import_type = 'csv'
    if (o.integration_token === undefined) o.integration_token = ''
    return o
  }

  // ── collections ───────────────────────────────────────────────────────────
  const CREATED = () => ({ created_at: stamp() })
  /**
   * The three report kinds made and changed alike: create takes the workspace besides the update's
   * fields and fills what the platform fills; both shape the body their kind's way.
   */
  const reportCollection = (r: {
    readonly prefix: string
    readonly fields: ReadonlyArray<string>
    readonly created: Obj
    readonly shape: (b: Obj, prior?: Obj) => Obj
    readonly creator: 'user_token' | 'created_by_token'
  }): Collection => ({
    prefix: r.prefix,
    fields: r.fields,
    createOnly: ['workspace_token'],
    create: (b, token) => {
      requireKeys(b, 'title', 'workspace_token')
      needWorkspace(b, true)
      return {
        token,
        filter: null,
        ...r.created,
        ...r.shape(b),
        ...CREATED(),
        default: false,
        [r.creator]: 'usr_emulator',
      }
    },
    update: (o, b) => r.shape(b, o),
  })
  /** the business metrics over a cost report, as the report shows them */
  const metricsOf = (report: unknown): Obj[] => {
    const metrics = coll('business_metrics')
    // none yet (most reports): no copy of the collection to scan
    if (metrics.size === 0) return []
    return [...metrics.values()].flatMap((m) =>
      ((m.cost_report_tokens_with_metadata ?? []) as Obj[])
        .filter((x) => x.cost_report_token === report)
        .map((x) => ({
          business_metric_token: m.token,
          unit_scale: x.unit_scale,
          calculation_type: x.calculation_type ?? 'unit_cost',
          label: x.label ?? null,
          label_filter: x.label_filter ?? null,
          label_filters: x.label_filters ?? null,
        })),
    )
  }
  const collections: Record<string, Collection> = {
    access_grants: {
      prefix: 'rsrc_accss_grnt_',
      fields: ['access'],
      createOnly: ['team_token', 'resource_token'],
      create: (b, token) => {
        requireKeys(b, 'team_token', 'resource_token')
        oneOf(b, 'access', VOCAB.ACCESS)
        if (!exists('teams', b.team_token)) fail(404, `Team ${String(b.team_token)} not found`)
        return {
          token,
          team_token: b.team_token,
          resource_token: b.resource_token,
          access: b.access ?? 'allowed',
          ...CREATED(),
          created_by: 'usr_emulator',
        }
      },
      update: (o, b) => {
        requireKeys(b, 'access')
        oneOf(b, 'access', VOCAB.ACCESS)
        return { ...o, access: b.access }
      },
    },
    anomaly_notifications: {
      prefix: 'rprt_alrt_',
      fields: ['threshold', 'recipient_channels', 'user_tokens'],
      createOnly: ['cost_report_token'],
      create: (b, token) => {
        requireKeys(b, 'cost_report_token')
        if (b.threshold !== undefined && b.threshold !== null && !Number.isInteger(b.threshold))
          fail(400, 'threshold must be an integer')
        arrayOf(b, 'recipient_channels', 'user_tokens')
        if (!exists('cost_reports', b.cost_report_token))
          fail(404, `Cost Report ${String(b.cost_report_token)} not found`)
        return {
          token,
          cost_report_token: b.cost_report_token,
          threshold: b.threshold ?? null,
          recipient_channels: b.recipient_channels ?? [],
          user_tokens: b.user_tokens ?? [],
          ...CREATED(),
          updated_at: stamp(),
        }
      },
      update: (o, b) => {
        if (b.threshold !== undefined && b.threshold !== null && !Number.isInteger(b.threshold))
          fail(400, 'threshold must be an integer')
        arrayOf(b, 'recipient_channels', 'user_tokens')
        return { ...o, ...b, updated_at: stamp() }
      },
    },
    billing_rules: {
      prefix: 'bllng_rule_',
      fields: BILLING_RULE_FIELDS,
      createOnly: ['type'],
      create: (b, token) => {
        requireKeys(b, 'title', 'type')
        oneOf(b, 'type', VOCAB.BILLING_RULE_TYPES, { caseInsensitive: true })
        numberAt(b, 'amount', 'percentage')
        const type = String(b.type).toLowerCase()
        if (type === 'charge' || type === 'credit') requireKeys(b, 'amount', 'category', 'sub_category', 'service')
        if (type === 'exclusion') requireKeys(b, 'charge_type')
        if (type === 'adjustment') requireKeys(b, 'percentage')
        if (type === 'custom') {
          requireKeys(b, 'sql_query')
          // any table: the upstream provider's acceptance test updates `aws`
          if (!/^\s*update\s+\S+\s+(as\s+\w+\s+|\w+\s+)?set\b/i.test(String(b.sql_query)))
            fail(400, 'sql_query must be an UPDATE statement')
        }
        const o: Obj = Object.fromEntries(['type', ...BILLING_RULE_FIELDS].map((k) => [k, b[k] ?? null]))
        // the platform echoes the kind capitalised and amounts as decimal strings
        return {
          ...o,
          token,
          type: type[0].toUpperCase() + type.slice(1),
          amount: decimal(b.amount),
          percentage: decimal(b.percentage),
          ...CREATED(),
          created_by_token: 'usr_emulator',
        }
      },
      update: (o, b) => {
        numberAt(b, 'amount', 'percentage')
        return {
          ...o,
          ...b,
          ...('amount' in b ? { amount: decimal(b.amount) } : {}),
          ...('percentage' in b ? { percentage: decimal(b.percentage) } : {}),
        }
      },
    },
    budgets: {
      prefix: 'bdgt_',
      fields: ['name', 'cost_report_token', 'periods', 'child_budget_tokens'],
      createOnly: ['workspace_token'],
      create: (b, token) => {
        requireKeys(b, 'name')
        needWorkspace(b, false)
        const o = budgetFields(b, undefined)
        return {
          token,
          workspace_token: 'wrkspc_default',
          cost_report_token: null,
          ...o,
          budget_alert_tokens: [],
          ...CREATED(),
          created_by_token: 'usr_emulator',
          user_token: 'usr_emulator',
        }
      },
      update: (o, b) => {
        return budgetFields(b, o)
      },
      view: (o, q) => (q.get('include_performance') === 'true' ? { ...o, performance: performance(o) } : o),
    },
    business_metrics: {
      prefix: 'bsnss_mtrc_',
      fields: [
        'title',
        'cloudwatch_fields',
        'datadog_metric_fields',
        'values',
        'forecasted_values',
        'cost_report_tokens_with_metadata',
      ],
      paged: true,
      create: (b, token) => {
        requireKeys(b, 'title')
        return {
          token,
          cost_report_tokens_with_metadata: [],
          // the import configurations a metric without that import reads as null
          cloudwatch_fields: null,
          datadog_metric_fields: null,
          snowflake_metric_fields: null,
          ...metricFields(b),
          created_by_token: 'usr_emulator',
        }
      },
      update: (o, b) => {
        return metricFields(b, o)
      },
      // values live at separate endpoints: the object never carries them
      view: (o) => {
        const { values: _v, forecasted_values: _f, ...rest } = o
        return rest
      },
    },
    cost_alerts: {
      prefix: 'cstm_alrt_rl_',
      fields: [
        'title',
        'interval',
        'unit_type',
        'threshold',
        'report_tokens',
        'minimum_threshold',
        'email_recipients',
        'slack_channels',
        'teams_channels',
      ],
      createOnly: ['workspace_token'],
      create: (b, token) => {
        requireKeys(b, 'title', 'interval', 'unit_type', 'threshold', 'report_tokens', 'workspace_token')
        oneOf(b, 'interval', VOCAB.ALERT_INTERVALS)
        oneOf(b, 'unit_type', VOCAB.ALERT_UNIT_TYPES)
        numberAt(b, 'threshold', 'minimum_threshold')
        arrayOf(b, 'report_tokens', 'email_recipients', 'slack_channels', 'teams_channels')
        needWorkspace(b, true)
        for (const r of b.report_tokens as string[])
          if (!exists('cost_reports', r)) fail(404, `Cost Report ${r} not found`)
        const at = now().toISOString()
        return {
          token,
          minimum_threshold: null,
          email_recipients: [],
          slack_channels: [],
          teams_channels: [],
          ...b,
          created_at: at,
          updated_at: at,
        }
      },
      update: (o, b) => {
        oneOf(b, 'interval', VOCAB.ALERT_INTERVALS)
        oneOf(b, 'unit_type', VOCAB.ALERT_UNIT_TYPES)
        numberAt(b, 'threshold', 'minimum_threshold')
        arrayOf(b, 'report_tokens', 'email_recipients', 'slack_channels', 'teams_channels')
        return { ...o, ...b, updated_at: now().toISOString() }
      },
    },
    cost_reports: {
      prefix: 'rprt_',
      fields: [
        'title',
        'folder_token',
        'filter',
        'saved_filter_tokens',
        'groupings',
        'chart_type',
        'date_bin',
        'date_interval',
        'start_date',
        'end_date',
        'previous_period_start_date',
        'previous_period_end_date',
        'settings',
        'chart_settings',
      ],
      createOnly: ['workspace_token'],
      create: (b, token) => {
        requireKeys(b, 'title')
        if (!b.folder_token) needWorkspace(b, false)
        return {
          token,
          workspace_token: 'wrkspc_default',
          folder_token: null,
          ...costReport(b, undefined),
          ...CREATED(),
        }
      },
      update: (o, b) => {
        return costReport(b, o)
      },
      view: (o) => ({
        ...o,
        default_forecast: o.default_forecast ?? { kind: 'baseline', report_forecast_token: null },
        business_metric_tokens_with_metadata: metricsOf(o.token),
      }),
    },
    folders: {
      prefix: 'fldr_',
      fields: ['title', 'parent_folder_token', 'saved_filter_tokens'],
      createOnly: ['workspace_token'],
      create: (b, token) => {
        requireKeys(b, 'title')
        arrayOf(b, 'saved_filter_tokens')
        if (b.parent_folder_token && !exists('folders', b.parent_folder_token))
          fail(404, `Folder ${scalarText(b.parent_folder_token)} not found`)
        if (!b.parent_folder_token) needWorkspace(b, false)
        const ws = b.parent_folder_token
          ? coll('folders').get(b.parent_folder_token as string)!.workspace_token
          : (b.workspace_token ?? 'wrkspc_default')
        return {
          token,
          title: b.title,
          parent_folder_token: b.parent_folder_token ?? null,
          saved_filter_tokens: b.saved_filter_tokens ?? [],
          workspace_token: ws,
          type: 'CostFolder',
          ...CREATED(),
          updated_at: stamp(),
        }
      },
      update: (o, b) => {
        arrayOf(b, 'saved_filter_tokens')
        return { ...o, ...b, updated_at: stamp() }
      },
    },
    invoices: {
      prefix: 'invc_',
      create: (b, token) => {
        allowOnly(b, ['account_token', 'billing_period_start', 'billing_period_end'])
        requireKeys(b, 'account_token', 'billing_period_start', 'billing_period_end')
        dateAt(b, 'billing_period_start', 'billing_period_end')
        const acct = coll('managed_accounts').get(b.account_token as string)
        if (!acct) fail(404, `Managed Account ${String(b.account_token)} not found`)
        const s = String(b.billing_period_start)
        const e = String(b.billing_period_end)
        if (!s.endsWith('-01') || ymd(monthEnd(new Date(`${e}T00:00:00Z`))) !== e || s > e)
          fail(400, 'Billing periods must be whole calendar months')
        const at = stamp()
        return {
          token,
          invoice_number: `INV-${String(++invoiceNumber).padStart(4, '0')}`,
          total: '0.0',
          status: 'draft',
          billing_period_start: s,
          billing_period_end: e,
          created_at: at,
          updated_at: at,
          account_token: b.account_token,
          account_name: acct!.name,
          msp_account_token: 'acct_msp_emulator',
        }
      },
      deletable: false,
      filter: (o, q) => !q.get('managed_account_token') || o.account_token === q.get('managed_account_token'),
    },
    kubernetes_efficiency_reports: reportCollection({
      prefix: 'kbnts_eff_rprt_',
      fields: [
        'title',
        'aggregated_by',
        'date_bucket',
        'date_interval',
        'start_date',
        'end_date',
        'filter',
        'groupings',
      ],
      created: { aggregated_by: 'idle_cost', date_bucket: 'day' },
      shape: kubernetes,
      creator: 'user_token',
    }),
    managed_accounts: {
      prefix: 'acct_',
      create: (b, token) => {
        allowOnly(b, ['name', 'contact_email', 'access_credential_tokens', 'billing_rule_tokens', 'email_domain'])
        requireKeys(b, 'name', 'contact_email')
        arrayOf(b, 'access_credential_tokens', 'billing_rule_tokens')
        for (const r of (b.billing_rule_tokens as string[] | undefined) ?? [])
          if (!exists('billing_rules', r)) fail(404, `Billing Rule ${r} not found`)
        return {
          token,
          access_credential_tokens: [],
          billing_rule_tokens: [],
          email_domain: null,
          ...b,
          parent_account_token: 'acct_msp_emulator',
          payment_terms_days: 10,
          include_managed_account_integrations: false,
          // MSP invoicing details a managed account has none of until they are set
          msp_billing_profile_token: null,
          billing_information_attributes: null,
          business_information_attributes: null,
        }
      },
      update: (o, b) => {
        allowOnly(b, [
          'name',
          'contact_email',
          'access_credential_tokens',
          'billing_rule_tokens',
          'email_domain',
          'payment_terms_days',
          'include_managed_account_integrations',
        ])
        arrayOf(b, 'access_credential_tokens', 'billing_rule_tokens')
        return { ...o, ...b }
      },
    },
    network_flow_reports: reportCollection({
      prefix: 'ntflw_lg_rprt_',
      fields: [
        'title',
        'date_interval',
        'start_date',
        'end_date',
        'filter',
        'flow_direction',
        'flow_weight',
        'groupings',
      ],
      created: { flow_direction: null },
      shape: networkFlow,
      creator: 'created_by_token',
    }),
    recommendation_views: {
      prefix: 'rec_vw_',
      fields: [
        'title',
        'provider_ids',
        'billing_account_ids',
        'account_ids',
        'regions',
        'start_date',
        'end_date',
        'tag_key',
        'tag_value',
      ],
      createOnly: ['workspace_token'],
      create: (b, token) => {
        requireKeys(b, 'title', 'workspace_token')
        needWorkspace(b, true)
        arrayOf(b, 'provider_ids', 'billing_account_ids', 'account_ids', 'regions')
        dateAt(b, 'start_date', 'end_date')
        if ((b.tag_key == null) !== (b.tag_value == null)) fail(400, 'tag_key and tag_value must be given together')
        return {
          token,
          provider_ids: [],
          billing_account_ids: [],
          account_ids: [],
          regions: [],
          start_date: null,
          end_date: null,
          tag_key: null,
          tag_value: null,
          // no savings floor and every recommendation type unless set
          min_savings: null,
          types: null,
          ...b,
          ...CREATED(),
          created_by: 'usr_emulator',
        }
      },
      update: (o, b) => {
        arrayOf(b, 'provider_ids', 'billing_account_ids', 'account_ids', 'regions')
        dateAt(b, 'start_date', 'end_date')
        return { ...o, ...b }
      },
    },
    financial_commitment_reports: reportCollection({
      prefix: 'fncl_cmnt_rprt_',
      fields: [
        'title',
        'filter',
        'start_date',
        'end_date',
        'date_interval',
        'date_bucket',
        'on_demand_costs_scope',
        'groupings',
      ],
      created: { date_bucket: 'month', on_demand_costs_scope: 'discountable' },
      shape: commitment,
      creator: 'user_token',
    }),
    integrations: {
      prefix: 'accss_crdntl_',
      update: (o, b) => {
        allowOnly(b, ['workspace_tokens'])
        arrayOf(b, 'workspace_tokens')
        const ws = b.workspace_tokens as string[] | undefined
        if (!ws || ws.length === 0) fail(400, 'At least one workspace token is required')
        for (const w of ws!) if (!exists('workspaces', w)) fail(404, `Workspace ${w} not found`)
        return { ...o, workspace_tokens: ws, last_updated: stamp() }
      },
      filter: (o, q) =>
        (!q.get('provider') || o.provider === q.get('provider')) &&
        (!q.get('account_identifier') || o.account_identifier === q.get('account_identifier')),
    },
    virtual_tag_configs: { prefix: 'vtag_', paged: false },
  }
  for (const name of [
    'billing_profiles',
    'dashboards',
    'report_notifications',
    'resource_reports',
    'saved_filters',
    'segments',
    'teams',
    'users',
    'workspaces',
  ])
    collections[name] = { prefix: `${name.slice(0, 4)}_` }

  // ── routing ───────────────────────────────────────────────────────────────
  /** what a create of the collection accepts: its createOnly fields and its fields */
  const createKeys = new Map<Collection, ReadonlySet<string>>()
  const createFields = (c: Collection): ReadonlySet<string> => {
    let keys = createKeys.get(c)
    if (!keys) createKeys.set(c, (keys = new Set([...(c.createOnly ?? []), ...(c.fields ?? [])])))
    return keys
  }
  // what a create or an update answers with (the view a GET with include_performance gives); views only read it
  const WITH_PERFORMANCE = new URLSearchParams('include_performance=true')
  const json = (status: number, body: unknown, extra: Record<string, string> = {}): HttpResponse => ({
    status,
    headers: { 'content-type': 'application/json', ...extra },
    body: body === undefined ? '' : JSON.stringify(body),
  })

  const listPage = (name: string, url: URL, c: Collection): unknown => {
    let items = [...coll(name).values()]
    if (c.filter) items = items.filter((o) => c.filter!(o, url.searchParams))
    items = items.map((o) => publicView(c.view ? c.view(o, url.searchParams) : o))
    if (c.paged === false) return { [name]: items }
    const rawLimit = url.searchParams.get('limit')
    const rawPage = url.searchParams.get('page')
    const limit = rawLimit === null ? pageSize : Number(rawLimit)
    const page = rawPage === null ? 1 : Number(rawPage)
    if (!Number.isInteger(limit) || limit < 1) fail(400, 'limit must be a positive integer')
    if (!Number.isInteger(page) || page < 1) fail(400, 'page must be a positive integer')
    const size = Math.min(limit, maxLimit)
    const last = Math.max(1, Math.ceil(items.length / size))
    const link = (p: number) => {
      const u = new URL(url.toString())
      u.searchParams.set('page', String(p))
      if (rawLimit !== null) u.searchParams.set('limit', String(limit))
      return u.toString()
    }
    // business metrics pages carry no links (wire reference §1.3)
    const links =
      name === 'business_metrics'
        ? {}
        : {
            links: {
              self: url.toString(),
              first: link(1),
              next: page < last ? link(page + 1) : null,
              last: link(last),
              prev: page > 1 ? link(page - 1) : null,
            },
          }
    return { ...links, [name]: items.slice((page - 1) * size, page * size) }
  }

  const columnsOf = (type: string | null): unknown => {
    const known = opts.resourceColumns ?? {
      // the platform names columns in camelCase
      aws_instance: ['token', 'provider', 'label', 'region', 'accountId', 'instanceType', 'accruedCosts'],
      aws_s3_bucket: ['token', 'provider', 'label', 'region', 'accountId', 'accruedCosts'],
      gcp_compute_instance: ['token', 'provider', 'label', 'region', 'projectId', 'machineType', 'accruedCosts'],
    }
    if (!type) fail(400, 'resource_type is required')
    const cols = known[type!]
    if (!cols) fail(400, `Unknown resource type: ${type}`)
    return { columns: cols }
  }

  const route = (req: HttpRequest, url: URL): HttpResponse => {
    const segs = segmentsOf(url.pathname)
    const [version, ...rest] = segs
    let body: Obj = {}
    if (req.body !== undefined && req.body !== '' && (req.method === 'POST' || req.method === 'PUT')) {
      try {
        body = JSON.parse(req.body) as Obj
      } catch {
        fail(400, 'Request body is not valid JSON')
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        fail(400, 'Request body must be a JSON object')
    }
    if (version === 'v1') {
      if (req.method === 'GET' && rest.join('/') === 'integrations/aws/info')
        return json(
          200,
          opts.awsInfo ?? {
            external_id: 'ext-emulator-4f1d',
            iam_role_arn: 'arn:aws:iam::630399649041:root',
            iam_role_id: 'AROA-emulator',
            vantage_id: 'vntg_emulator',
            policies: {
              root: '{"Version":"2012-10-17","Statement":[]}',
              autopilot: '{"Version":"2012-10-17","Statement":[]}',
              cloudwatch: '{"Version":"2012-10-17","Statement":[]}',
              resources: '{"Version":"2012-10-17","Statement":[]}',
              s3_request_metrics: '{}',
            },
          },
        )
      return fail(404, 'Not Found')
    }
    if (version !== 'v2') return fail(404, 'Not Found')
    const [name, token, extra] = rest
    // special routes
    if (name === 'resource_reports' && token === 'columns' && req.method === 'GET')
      return json(200, columnsOf(url.searchParams.get('resource_type')))
    if (name === 'integrations' && token === 'custom_provider' && req.method === 'POST') {
      allowOnly(body, ['name', 'description'])
      requireKeys(body, 'name')
      const t = newToken('accss_crdntl_')
      const o = {
        token: t,
        provider: 'custom_provider',
        account_identifier: body.name,
        status: 'imported',
        last_updated: null,
        workspace_tokens: [],
        created_at: stamp(),
        managed_account_tokens: [],
        _description: body.description ?? null,
      }
      coll('integrations').set(t, o)
      return json(201, publicView(o))
    }
    const c = collections[name ?? '']
    if (!c || extra !== undefined) return fail(404, 'Not Found')
    if (token === undefined) {
      if (req.method === 'GET') return json(200, listPage(name, url, c))
      if (req.method === 'POST' && c.create) {
        if (c.fields) allowOnly(body, createFields(c))
        const t = newToken(c.prefix)
        const o = c.create(body, t, now())
        coll(name).set(t, o)
        return json(201, publicView(c.view ? c.view(o, WITH_PERFORMANCE) : o))
      }
      return fail(404, 'Not Found')
    }
    const o = coll(name).get(token)
    if (req.method === 'GET') {
      if (!o) return fail(404, `${name} ${token} not found`)
      return json(200, publicView(c.view ? c.view(o, url.searchParams) : o))
    }
    if (req.method === 'PUT' && c.update) {
      if (!o) return fail(404, `${name} ${token} not found`)
      if (c.fields) allowOnly(body, c.fields)
      const u = c.update(o, body, now())
      coll(name).set(token, u)
      return json(200, publicView(c.view ? c.view(u, WITH_PERFORMANCE) : u))
    }
    if (req.method === 'DELETE' && c.deletable !== false && (c.create || name === 'integrations')) {
      if (!o) return fail(404, `${name} ${token} not found`)
      coll(name).delete(token)
      return json(204, undefined)
    }
    return fail(404, 'Not Found')
  }

  /** Fields kept by the emulator for itself start with `_` and are never returned. */
  const publicView = (o: Obj): Obj => {
    // a loop over the keys, not entries filtered into a new object: every answer passes here
    const out: Obj = {}
    for (const k in o) if (k.charCodeAt(0) !== UNDERSCORE) out[k] = o[k]
    return out
  }

  const rate = (): Record<string, string> | undefined => {
    const limit = opts.rateLimit?.limit ?? 1000
    const t = now().getTime()
    // fixed windows aligned to the clock, so the reset header (whole seconds) says exactly when
    // the window ends; a window started at the first request's millisecond made it up to a second late
    const start = Math.floor(t / windowMs) * windowMs
    if (start !== window.start) window = windowFrom(start)
    if (opts.rateLimit !== undefined && window.used >= limit) return undefined
    window.used++
    return {
      'x-rate-limit-limit': String(limit),
      'x-rate-limit-remaining': String(Math.max(0, limit - window.used)),
      'x-rate-limit-reset': window.reset,
    }
  }

  const handle = (req: HttpRequest): HttpResponse => {
    let url: URL
    try {
      url = new URL(req.url)
    } catch {
      return json(400, { errors: ['Invalid URL'] })
    }
    const key = `${req.method} ${url.pathname}`
    counts[key] = (counts[key] ?? 0) + 1
    const auth = req.headers.authorization ?? ''
    const m = /^Bearer (\S+)$/.exec(auth)
    if (!m || (opts.token !== undefined && m[1] !== opts.token)) return json(401, {})
    const headers = rate()
    if (!headers) {
      const limit = opts.rateLimit!.limit
      return json(
        429,
        { errors: ['Rate limit exceeded. Please retry after the reset time.'] },
        {
          'x-rate-limit-limit': String(limit),
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': String(Math.ceil((window.start + opts.rateLimit!.windowMs) / 1000)),
        },
      )
    }
    try {
      const r = route(req, url)
      // route's answers are its own fresh objects (json): the rate headers join their headers
      Object.assign(r.headers, headers)
      return r
    } catch (e) {
      if (e instanceof HttpFail) return json(e.status, e.body, headers)
      return json(500, { errors: [`emulator error: ${(e as Error).message}`] }, headers)
    }
  }

  const client: HttpClient = (req) => TE.fromTask(() => new Promise<HttpResponse>((ok) => ok(handle(req))))

  // ── persistence and seeding ───────────────────────────────────────────────
  const holdings: Holdings = {
    store,
    counter: cell(
      () => counter,
      (v) => (counter = v as number),
    ),
    invoiceNumber: cell(
      () => invoiceNumber,
      (v) => (invoiceNumber = v as number),
    ),
  }
  const kinds = Object.keys(collections).sort()

  return {
    platform: 'cost',
    client,
    ...persisted('cost', holdings, (objects) => {
      checkSeedKinds('cost', objects, kinds)
      for (const [name, items] of Object.entries(objects))
        for (const it of items) {
          const token = typeof it.token === 'string' && it.token !== '' ? it.token : newToken(collections[name].prefix)
          coll(name).set(token, { created_at: stamp(), ...(JSON.parse(JSON.stringify(it)) as Obj), token })
        }
    }),
    about: {
      platform: 'cost',
      name: 'trellis emulator of the cost-management REST API (v2, bearer token)',
      serves: [...kinds.map((k) => `/v2/${k}`), '/v2/resource_reports/columns', '/v1/integrations/aws/info'],
      seeds: kinds,
    },
    objects: (): ReadonlyArray<StoredObject> =>
      [...store.entries()].flatMap(([kind, m]) =>
        [...m.values()].map((o) => ({ kind, id: o.token as string, body: publicView(o) })),
      ),
    requests: () => ({ ...counts }),
  }
}

/** The integration statuses the platform reports (wire reference §2.8). */
export const COST_INTEGRATION_STATUSES = INTEGRATION_STATUSES
