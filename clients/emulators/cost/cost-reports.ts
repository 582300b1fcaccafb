/**
 * Cost reports and the folders that hold them. A cost report's PUT is a full state: what it leaves
 * out is reset to the server's default (docs/wire/cost.md §6.1); its view shows the business
 * metrics drawn over it.
 */
import { scalarText } from '../../../src/core/scalar-text'
import * as VOCAB from './vocabulary'
import { allowOnly, arrayOf, oneOf, requireKeys } from './checks'
import type { Collections } from './collection'
import { isYmd } from './dates'
import { fillDates, reportDatesCheck } from './report-dates'
import { fail, type Obj } from './reply'
import type { CostContext } from './state'

const SETTINGS_DEFAULTS: Obj = VOCAB.SETTINGS_DEFAULTS
const CHART_DEFAULTS: Obj = VOCAB.CHART_DEFAULTS
const DEFAULT_FORECAST = { kind: 'baseline', report_forecast_token: null }

const checkSettings = (settings: Obj | undefined, chart: Obj | undefined): void => {
  if (settings) {
    allowOnly(settings, Object.keys(SETTINGS_DEFAULTS))
    oneOf(settings, 'aggregate_by', VOCAB.AGGREGATE_BY)
  }
  if (chart) {
    allowOnly(chart, ['x_axis_dimension', 'y_axis_dimension'])
    arrayOf(chart, 'x_axis_dimension')
    if (Array.isArray(chart.x_axis_dimension) && chart.x_axis_dimension.length !== 1)
      fail(400, 'chart_settings.x_axis_dimension must have exactly one element')
    oneOf(chart, 'y_axis_dimension', VOCAB.Y_AXIS_DIMENSIONS)
  }
}

/** the body checked, with a null `settings` or `chart_settings` read as empty */
const checkedBody = (ctx: CostContext, body: Obj): Obj => {
  let b = body
  oneOf(b, 'chart_type', VOCAB.CHART_TYPES)
  oneOf(b, 'date_bin', VOCAB.DATE_BINS)
  oneOf(b, 'date_interval', VOCAB.REPORT_INTERVALS)
  arrayOf(b, 'saved_filter_tokens')
  reportDatesCheck(b)
  if (b.start_date && !b.end_date) fail(400, 'end_date is required when start_date is given')
  if (b.previous_period_start_date && !b.previous_period_end_date)
    fail(400, 'previous_period_end_date is required when previous_period_start_date is given')
  if (b.folder_token !== undefined && b.folder_token !== null && !ctx.exists('folders', b.folder_token))
    fail(404, `Folder ${scalarText(b.folder_token)} not found`)
  if (b.settings === null) b = { ...b, settings: {} }
  if (b.chart_settings === null) b = { ...b, chart_settings: {} }
  if (b.settings !== undefined && (typeof b.settings !== 'object' || Array.isArray(b.settings)))
    fail(400, 'settings must be an object')
  checkSettings(b.settings as Obj | undefined, b.chart_settings as Obj | undefined)
  return b
}

const newReport = (): Obj => ({
  saved_filter_tokens: [],
  groupings: null,
  filter: null,
  previous_period_start_date: null,
  previous_period_end_date: null,
  settings: SETTINGS_DEFAULTS,
  chart_settings: CHART_DEFAULTS,
  // the forecast a report shows unless a report forecast is chosen
  default_forecast: { ...DEFAULT_FORECAST },
})

const costReport = (ctx: CostContext, body: Obj, prior: Obj | undefined): Obj => {
  const b = checkedBody(ctx, body)
  const settings = b.settings as Obj | undefined
  const chart = b.chart_settings as Obj | undefined
  const base = prior ?? newReport()
  const o: Obj = {
    ...base,
    ...b,
    // a PUT that leaves these out resets them (docs/wire/cost.md §6.1)
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
  if (o.folder_token && ctx.exists('folders', o.folder_token))
    o.workspace_token = ctx.coll('folders').get(o.folder_token as string)!.workspace_token
  return fillDates(o, VOCAB.REPORT_DEFAULTS.date_interval, ctx.now())
}

/** the business metrics over a cost report, as the report shows them */
const metricsOf = (ctx: CostContext, report: unknown): Obj[] => {
  const metrics = ctx.coll('business_metrics')
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

const REPORT_FIELDS = [
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
]

/**
 * A report or folder with neither a parent folder nor a workspace goes to the token's only
 * workspace; when it sees several, the platform cannot tell which (docs/wire/cost.md: "needed if
 * the token sees several workspaces"), and refuses.
 */
const needWorkspaceIfSeveral = (ctx: CostContext, b: Obj): void => {
  const several = ctx.coll('workspaces').size > 1
  if (several && (b.workspace_token === undefined || b.workspace_token === null))
    fail(400, 'workspace_token is required: the API token can access more than one workspace')
  ctx.needWorkspace(b, false)
}

const createFolder = (ctx: CostContext, b: Obj, token: string): Obj => {
  requireKeys(b, 'title')
  arrayOf(b, 'saved_filter_tokens')
  if (b.parent_folder_token && !ctx.exists('folders', b.parent_folder_token))
    fail(404, `Folder ${scalarText(b.parent_folder_token)} not found`)
  if (!b.parent_folder_token) needWorkspaceIfSeveral(ctx, b)
  const ws = b.parent_folder_token
    ? ctx.coll('folders').get(b.parent_folder_token as string)!.workspace_token
    : (b.workspace_token ?? 'wrkspc_default')
  return {
    token,
    title: b.title,
    parent_folder_token: b.parent_folder_token ?? null,
    saved_filter_tokens: b.saved_filter_tokens ?? [],
    workspace_token: ws,
    type: 'CostFolder',
    created_at: ctx.stamp(),
    updated_at: ctx.stamp(),
  }
}

export const costReportCollections = (ctx: CostContext): Collections => ({
  cost_reports: {
    prefix: 'rprt_',
    fields: REPORT_FIELDS,
    createOnly: ['workspace_token'],
    create: (b, token) => {
      requireKeys(b, 'title')
      if (!b.folder_token) needWorkspaceIfSeveral(ctx, b)
      const report = costReport(ctx, b, undefined)
      return { token, workspace_token: 'wrkspc_default', folder_token: null, ...report, created_at: ctx.stamp() }
    },
    update: (o, b) => costReport(ctx, b, o),
    view: (o) => ({
      ...o,
      default_forecast: o.default_forecast ?? { ...DEFAULT_FORECAST },
      business_metric_tokens_with_metadata: metricsOf(ctx, o.token),
    }),
  },
  folders: {
    prefix: 'fldr_',
    fields: ['title', 'parent_folder_token', 'saved_filter_tokens'],
    createOnly: ['workspace_token'],
    create: (b, token) => createFolder(ctx, b, token),
    update: (o, b) => {
      arrayOf(b, 'saved_filter_tokens')
      return { ...o, ...b, updated_at: ctx.stamp() }
    },
  },
})
