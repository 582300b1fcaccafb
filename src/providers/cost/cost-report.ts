/**
 * cost:CostReport — a saved cost report. From docs/wire/cost.md (the spec leaves them "not
 * shown"): the chartType, dateBin and dateInterval values, the chartSettings fields
 * (xAxisDimensions, yAxisDimension), the settings' aggregateBy values, and the output createdAt.
 *
 * Wire quirks handled here (§6): the update is a full-state PUT (a partial PUT resets chart type
 * and date bin), so every desired field is sent; arrays go out as arrays; removing groupings sends
 * `""`; the server fills dates, interval, chart type, date bin and settings with defaults, which
 * decode drops unless the user set them or they differ from the default, so a re-plan is clean
 * (an import, knowing nothing sent, reports the settings objects whole; they compare with the
 * defaults filled in, so either form matches the stack). The dates the platform computes for a
 * relative interval are the outputs startDate and endDate.
 * Upstream attributes not carried yet (newer API, not in the upstream provider v0.3.8):
 * businessMetricTokensWithMetadata (business metrics attached to the report) and defaultForecast
 * ({kind, reportForecastToken}).
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { workspaceWhenSeveral } from './shared/workspaces-seen'
import { defineResource, type ResourceWire, type Rule } from '../../core/spec'
import { byToken } from '../../core/observe'
import { IsoDate, literals } from '../../core/codecs'
import { copyFields } from '../../core/copy'
import type { Finding } from '../../core/issue'
import {
  costCrud,
  filterEquals,
  keepIfSetOrNotDefault,
  dropEmptyUnlessSent,
  dropServerChosen,
  hasFields,
  known,
} from './shared/wire'

// ── enums (docs/wire/cost.md §2.7) ──────────────────────────────────────────────
/** the field naming a report's folder: with it, the report is made in the folder's workspace */
export const COST_REPORT_PARENT = 'folderToken'

export const CHART_TYPES = ['area', 'line', 'pie', 'bar', 'multi_bar'] as const
export const DATE_BINS = ['cumulative', 'day', 'week', 'month', 'quarter', 'hour'] as const
export const DATE_INTERVALS = [
  'this_month',
  'last_7_days',
  'last_30_days',
  'last_month',
  'last_3_months',
  'last_6_months',
  'custom',
  'last_12_months',
  'last_24_months',
  'last_36_months',
  'next_month',
  'next_3_months',
  'next_6_months',
  'next_12_months',
  'year_to_date',
  'last_3_days',
  'last_14_days',
] as const

export const ChartType = literals(CHART_TYPES)
export const DateBin = literals(DATE_BINS)
export const DateInterval = literals(DATE_INTERVALS)
export const AggregateBy = literals(['cost', 'usage', 'count'])

/** Server defaults of a cost report's settings (docs/wire/cost.md §2.7). */
export const SETTINGS_DEFAULTS = {
  includeCredits: false,
  includeRefunds: false,
  includeDiscounts: true,
  includeTax: true,
  amortize: true,
  unallocated: false,
  aggregateBy: 'cost',
  showPreviousPeriod: true,
} as const

export const CostReportSettings = t.exact(
  t.partial({
    includeCredits: t.boolean,
    includeRefunds: t.boolean,
    includeDiscounts: t.boolean,
    includeTax: t.boolean,
    amortize: t.boolean,
    unallocated: t.boolean,
    aggregateBy: AggregateBy,
    showPreviousPeriod: t.boolean,
  }),
  'CostReportSettings',
)

export const ChartSettings = t.exact(
  t.partial({
    /** the dimension along the x-axis; the platform allows one element (default `['date']`) */
    xAxisDimensions: t.array(t.string),
    yAxisDimension: AggregateBy,
  }),
  'ChartSettings',
)

// ── codecs ───────────────────────────────────────────────────────────────────
export const CostReportInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the cost report. */
      title: t.string,
    }),
    t.partial({
      /** Workspace the report belongs to. */
      workspaceToken: t.string,

      /** Folder the report is filed in. */
      folderToken: t.string,

      /** Filter query in the platform's query language. */
      filter: t.string,

      /** Saved filters applied to the report, besides its own filter. */
      savedFilterTokens: t.array(t.string),

      /** Grouping aggregations applied to the filtered data. */
      groupings: t.string,

      /** Chart shown: `area`, `line` (default), `pie`, `bar` or `multi_bar`. */
      chartType: ChartType,

      /** How costs are bucketed over time: `cumulative` (default), `hour`, `day`, `week`, `month` or `quarter`. */
      dateBin: DateBin,

      /**
       * A relative period such as `this_month` (the default without dates) or `last_30_days`; `custom` with
       * startDate/endDate.
       */
      dateInterval: DateInterval,

      /** First day of a custom period (`YYYY-MM-DD`); with dates, dateInterval is `custom`. */
      startDate: IsoDate,

      /** Last day of a custom period (`YYYY-MM-DD`). */
      endDate: IsoDate,

      /** First day of the period the report compares with (`YYYY-MM-DD`). */
      previousPeriodStartDate: IsoDate,

      /** Last day of the period the report compares with (`YYYY-MM-DD`). */
      previousPeriodEndDate: IsoDate,

      /** Fields: includeCredits, includeRefunds, includeDiscounts, includeTax, amortize, unallocated (all boolean); aggregateBy (string); showPreviousPeriod (boolean). */
      settings: CostReportSettings,

      /** The chart's axes: x-axis dimensions and the y-axis dimension. */
      chartSettings: ChartSettings,
    }),
  ]),
  'CostReportInputs',
)
export type CostReportInputs = t.TypeOf<typeof CostReportInputs>

export const CostReportOutputs = t.exact(
  t.intersection([
    t.type({
      /** The cost report's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When it was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,
      /** the first day the report covers now, as the platform computes it for a relative dateInterval */
      startDate: t.string,
      /** the last day the report covers now, as the platform computes it for a relative dateInterval */
      endDate: t.string,
    }),
  ]),
  'CostReportOutputs',
)
export type CostReportOutputs = t.TypeOf<typeof CostReportOutputs>

// ── rules ────────────────────────────────────────────────────────────────────
const pairRule = (
  start: 'startDate' | 'previousPeriodStartDate',
  end: 'endDate' | 'previousPeriodEndDate',
): Rule<CostReportInputs> => ({
  name: `${start} and ${end} go together`,
  check: (i) => {
    const s = i[start]
    const e = i[end]
    const out: Finding[] = []
    if (s !== undefined && e === undefined)
      out.push({ path: end, expected: `an end date when ${start} is given`, given: e })
    if (e !== undefined && s === undefined)
      out.push({ path: start, expected: `a start date when ${end} is given`, given: s })
    if (known(s) && known(e) && typeof s === 'string' && typeof e === 'string' && s.slice(0, 10) > e.slice(0, 10))
      out.push({ path: end, expected: `a date not before ${start} (${s})`, given: e })
    return out
  },
})

const rules: ReadonlyArray<Rule<CostReportInputs>> = [
  pairRule('startDate', 'endDate'),
  pairRule('previousPeriodStartDate', 'previousPeriodEndDate'),
  {
    name: 'dates need the custom interval',
    check: (i) =>
      known(i.dateInterval) && i.dateInterval !== 'custom' && (i.startDate !== undefined || i.endDate !== undefined)
        ? [
            {
              path: 'dateInterval',
              expected: '`custom` (or no dateInterval) when startDate/endDate are given',
              given: i.dateInterval,
            },
          ]
        : [],
  },
  // neither folderToken nor workspaceToken: refused only when the token sees several workspaces
  // (see shared/workspaces-seen.ts for why not always, as the upstream provider does)
  { name: 'a workspace when the token sees several', when: 'plan', check: workspaceWhenSeveral(COST_REPORT_PARENT) },
  {
    name: 'one x-axis dimension',
    check: (i) => {
      const x = i.chartSettings?.xAxisDimensions
      return known(x) && Array.isArray(x) && x.length !== 1
        ? [{ path: 'chartSettings.xAxisDimensions', expected: 'exactly one dimension (e.g. ["date"])', given: x }]
        : []
    },
  },
]

// ── wire ─────────────────────────────────────────────────────────────────────
const RENAMES = { xAxisDimensions: 'x_axis_dimension' }

/** Every desired field, as the platform's full-state PUT needs it (dates only with `custom`). */
const fullBody = (i: CostReportInputs, prior?: CostReportInputs): Record<string, unknown> => {
  const dated = i.startDate !== undefined
  return {
    title: i.title,
    folderToken: i.folderToken,
    filter: i.filter ?? (prior?.filter !== undefined ? '' : undefined),
    // computed: left out, the engine sends back what the platform has; a create leaves it to the platform
    savedFilterTokens: i.savedFilterTokens,
    // `""` removes groupings; omitting keeps the old ones
    groupings: i.groupings ?? (prior?.groupings !== undefined ? '' : undefined),
    chartType: i.chartType,
    dateBin: i.dateBin,
    dateInterval: dated ? 'custom' : i.dateInterval,
    startDate: dated ? i.startDate : undefined,
    endDate: dated ? i.endDate : undefined,
    previousPeriodStartDate: i.previousPeriodStartDate,
    previousPeriodEndDate: i.previousPeriodEndDate,
    // an empty object puts the platform's defaults back
    settings: i.settings ?? (prior?.settings !== undefined ? {} : undefined),
    chartSettings: i.chartSettings ?? (prior?.chartSettings !== undefined ? {} : undefined),
  }
}

const CHART_DEFAULTS: Readonly<Record<string, unknown>> = { xAxisDimensions: ['date'], yAxisDimension: 'cost' }

/**
 * Settings objects are the same when they are the same once the platform's defaults fill the keys
 * left out: `{ amortize: true }` is what the platform holds for `{}`.
 */
const sameWithDefaults =
  (defaults: Readonly<Record<string, unknown>>) =>
  (a: unknown, b: unknown): boolean => {
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false
    const fill = (o: object): Record<string, unknown> => {
      const out: Record<string, unknown> = { ...defaults }
      for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) out[k] = v
      return out
    }
    return JSON.stringify(Object.entries(fill(a)).sort()) === JSON.stringify(Object.entries(fill(b)).sort())
  }

// the reply's own copy, changed in place; fields dropped are left undefined (see CostCrud.normalise)
const normalise = (out: Record<string, unknown>, sent: Partial<CostReportInputs>): Record<string, unknown> => {
  const s = sent as Record<string, unknown>
  // nothing sent (an import, a listing): the settings objects are reported whole
  const importing = !hasFields(s)
  if (out.groupings === '' || out.groupings === null) out.groupings = undefined
  if (out.filter === '' || out.filter === null) out.filter = undefined
  // the workspace of a report in a folder is the folder's: only a workspace the user gave counts (an
  // import reports it, and keeps it only where the stack names it too)
  if (!importing && sent.workspaceToken === undefined && (sent.folderToken !== undefined || out.folderToken))
    out.workspaceToken = undefined
  dropServerChosen(out, s, 'workspaceToken')
  dropEmptyUnlessSent(out, s, 'savedFilterTokens')
  // relative intervals come back with concrete (moving) dates: not the user's unless they gave them
  const custom = out.dateInterval === 'custom'
  if (sent.startDate === undefined && sent.endDate === undefined && !custom) {
    out.startDate = undefined
    out.endDate = undefined
  }
  // `this_month` is the default; `custom` is implied by the dates
  if (sent.dateInterval === undefined && (out.dateInterval === 'this_month' || (custom && out.startDate !== undefined)))
    out.dateInterval = undefined
  keepIfSetOrNotDefault(out, s, 'chartType', (v) => v === 'line')
  keepIfSetOrNotDefault(out, s, 'dateBin', (v) => v === 'cumulative')
  const settings = out.settings as Record<string, unknown> | undefined
  if (settings && typeof settings === 'object') {
    const given = (sent.settings ?? {}) as Record<string, unknown>
    const kept: Record<string, unknown> = {}
    // for-in, not Object.entries: every reply of a report passes here
    for (const k in settings) {
      if (!Object.prototype.hasOwnProperty.call(settings, k)) continue
      const v = settings[k]
      if (!(k in SETTINGS_DEFAULTS)) continue
      if (
        given[k] !== undefined ||
        (v !== null && (importing || v !== (SETTINGS_DEFAULTS as Record<string, unknown>)[k]))
      )
        kept[k] = v
    }
    out.settings = hasFields(kept) || sent.settings !== undefined ? kept : undefined
  }
  const chart = out.chartSettings as Record<string, unknown> | undefined
  if (chart && typeof chart === 'object') {
    const given = (sent.chartSettings ?? {}) as Record<string, unknown>
    const kept: Record<string, unknown> = {}
    const x = chart.xAxisDimensions
    if (
      given.xAxisDimensions !== undefined ||
      (Array.isArray(x) && (importing || !(x.length === 1 && x[0] === 'date')))
    )
      kept.xAxisDimensions = x
    if (
      given.yAxisDimension !== undefined ||
      (chart.yAxisDimension != null && (importing || chart.yAxisDimension !== 'cost'))
    )
      kept.yAxisDimension = chart.yAxisDimension
    out.chartSettings = hasFields(kept) || sent.chartSettings !== undefined ? kept : undefined
  }
  return out
}

/**
 * The dates the report covers are computed by the platform for a relative dateInterval (they move
 * over time): decode drops them from the inputs unless they were set, and reports them as outputs.
 */
const dateOf = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v.slice(0, 10) : undefined)
const withComputedDates = <W extends ResourceWire<CostReportInputs, CostReportOutputs>>(w: W): W => ({
  ...w,
  // written out (no pipe, no spreads): every reply of a report passes here
  decode: (reply, ctx) => {
    const d = w.decode(reply, ctx)
    if (E.isLeft(d)) return d
    const o = d.right
    const r = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<string, unknown>
    const startDate = dateOf(r.start_date)
    const endDate = dateOf(r.end_date)
    if (!startDate && !endDate) return d
    const outputs: { -readonly [K in keyof CostReportOutputs]: CostReportOutputs[K] } = copyFields(o.outputs)
    if (startDate) outputs.startDate = startDate
    if (endDate) outputs.endDate = endDate
    return E.right({ id: o.id, inputs: o.inputs, outputs })
  },
})

export const CostReport = defineResource({
  token: 'cost:CostReport',
  doc:
    'A saved cost report: a filter in the query language over cost data, grouped and charted. chartType, dateBin, ' +
    'dateInterval values and the chartSettings fields come from the wire reference. Relative intervals get concrete ' +
    "dates from the server; those are not compared unless you set them. settings and chartSettings compare with the platform's " +
    'defaults filled in for the keys left out. workspaceToken is fixed at creation. With neither folderToken nor ' +
    'workspaceToken the platform uses the only workspace the API token sees; when it sees several, plan refuses ' +
    'the report (the upstream provider refuses it always; trellis accepts what the platform accepts).',
  inputs: CostReportInputs,
  outputs: CostReportOutputs,
  identity: byToken('cost report token'),
  replaceOn: ['workspaceToken'],
  // wire reference §2.7 (chart_type, date_bin); @vantage-sh/vantage-client's createCostReport
  platformDefaults: {
    chartType: 'line',
    dateBin: 'cumulative',
    ...Object.fromEntries(Object.entries(CHART_DEFAULTS).map(([k, v]) => [`chartSettings.${k}`, v])),
    ...Object.fromEntries(Object.entries(SETTINGS_DEFAULTS).map(([k, v]) => [`settings.${k}`, v])),
  },
  secrets: [],
  rules,
  equals: {
    filter: filterEquals,
    settings: sameWithDefaults(SETTINGS_DEFAULTS),
    chartSettings: sameWithDefaults(CHART_DEFAULTS),
  },
  wire: withComputedDates(
    costCrud({
      path: '/v2/cost_reports',
      items: 'cost_reports',
      inputs: CostReportInputs,
      outputs: CostReportOutputs,
      renames: RENAMES,
      createOnly: ['workspaceToken'],
      createBody: (i) => {
        // fullBody's own object, completed in place (no second object per create)
        const b = fullBody(i)
        b.workspaceToken = i.workspaceToken
        b.filter = i.filter
        b.groupings = i.groupings
        return b
      },
      updateBody: (i, prior) => fullBody(i, prior),
      normalise,
    }),
  ),
  examples: {
    valid: {
      title: 'Monthly AWS',
      folderToken: 'fldr_1',
      filter: "costs.provider = 'aws'",
      groupings: 'service,provider',
      chartType: 'bar',
      dateBin: 'month',
      dateInterval: 'last_3_months',
      settings: { amortize: true, includeCredits: false, aggregateBy: 'cost' },
      chartSettings: { xAxisDimensions: ['date'], yAxisDimension: 'cost' },
    },
    invalid: [
      [{ folderToken: 'fldr_1' }, 'title'],
      [{ title: 'r', chartType: 'donut' }, 'chartType'],
      [{ title: 'r', dateBin: 'year' }, 'dateBin'],
      [{ title: 'r', dateInterval: 'last_2_days' }, 'dateInterval'],
      [{ title: 'r', startDate: '2024-13-01', endDate: '2024-12-31' }, 'startDate'],
      [{ title: 'r', settings: { amortize: 'yes' } }, 'settings.amortize'],
      [{ title: 'r', settings: { aggregateBy: 'euros' } }, 'settings.aggregateBy'],
      [{ title: 'r', chartSettings: { yAxisDimension: 'money' } }, 'chartSettings.yAxisDimension'],
      [{ title: 'r', startDate: '2024-01-01' }, 'endDate'],
      [{ title: 'r', previousPeriodEndDate: '2024-01-31' }, 'previousPeriodStartDate'],
      [{ title: 'r', dateInterval: 'last_month', startDate: '2024-01-01', endDate: '2024-01-31' }, 'dateInterval'],
      [{ title: 'r', chartSettings: { xAxisDimensions: ['date', 'service'] } }, 'chartSettings.xAxisDimensions'],
    ],
    outputs: { token: 'rprt_1a2b3c', createdAt: '2024-07-01T00:00:00Z' },
    reply: {
      token: 'rprt_1a2b3c',
      title: 'Monthly AWS',
      folder_token: 'fldr_1',
      workspace_token: 'wrkspc_1',
      filter: "costs.provider = 'aws'",
      saved_filter_tokens: [],
      groupings: 'service,provider',
      chart_type: 'bar',
      date_bin: 'month',
      date_interval: 'last_3_months',
      start_date: '2024-05-01',
      end_date: '2024-07-31',
      previous_period_start_date: null,
      previous_period_end_date: null,
      settings: {
        include_credits: false,
        include_refunds: false,
        include_discounts: true,
        include_tax: true,
        amortize: true,
        unallocated: false,
        aggregate_by: 'cost',
        show_previous_period: true,
      },
      chart_settings: { x_axis_dimension: ['date'], y_axis_dimension: 'cost' },
      created_at: '2024-07-01T00:00:00Z',
    },
  },
})
