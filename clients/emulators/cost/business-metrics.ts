/**
 * Business metrics: values and forecasts (kept, never shown on the object: they live at separate
 * endpoints), the cost reports they are drawn over, and a CloudWatch or Datadog import.
 */
import * as VOCAB from './vocabulary'
import { allowOnly, oneOf, requireKeys } from './checks'
import type { Collections } from './collection'
import { fail, type Obj } from './reply'
import type { CostContext } from './state'

const checkValues = (b: Obj): void => {
  for (const k of ['values', 'forecasted_values'] as const) {
    if (b[k] === undefined || b[k] === null) continue
    if (!Array.isArray(b[k])) fail(400, `${k} must be an array`)
    ;(b[k] as Obj[]).forEach((v, i) => {
      allowOnly(v, ['date', 'amount', 'label'])
      if (typeof v.date !== 'string' || Number.isNaN(Date.parse(v.date)))
        fail(400, `${k}[${i}].date must be a date-time`)
      if (typeof v.amount !== 'number') fail(400, `${k}[${i}].amount must be a number`)
    })
  }
}

const reportLink = (ctx: CostContext, m: Obj, i: number): Obj => {
  allowOnly(m, ['cost_report_token', 'unit_scale', 'label_filter', 'calculation_type', 'label'])
  requireKeys(m, 'cost_report_token')
  oneOf(m, 'unit_scale', VOCAB.UNIT_SCALES)
  oneOf(m, 'calculation_type', VOCAB.CALCULATION_TYPES)
  if (!ctx.exists('cost_reports', m.cost_report_token))
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
}

const CLOUDWATCH_FIELDS = [
  'integration_token',
  'stat',
  'region',
  'namespace',
  'metric_name',
  'label_dimension',
  'dimensions',
]

/** the import a metric's body names, written onto `o` */
const importOf = (b: Obj, o: Obj): void => {
  const cw = b.cloudwatch_fields as Obj | undefined
  if (cw) {
    allowOnly(cw, CLOUDWATCH_FIELDS)
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
}

const metricFields = (ctx: CostContext, b: Obj, prior?: Obj): Obj => {
  const o: Obj = { ...(prior ?? {}), ...b }
  checkValues(b)
  const links = b.cost_report_tokens_with_metadata
  if (links !== undefined && links !== null) {
    if (!Array.isArray(links)) fail(400, 'cost_report_tokens_with_metadata must be an array')
    o.cost_report_tokens_with_metadata = (links as Obj[]).map((m, i) => reportLink(ctx, m, i))
  }
  importOf(b, o)
  return o
}

export const businessMetricCollections = (ctx: CostContext): Collections => ({
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
        ...metricFields(ctx, b),
        created_by_token: 'usr_emulator',
      }
    },
    update: (o, b) => metricFields(ctx, b, o),
    // values live at separate endpoints: the object never carries them
    view: (o) => {
      const { values: _v, forecasted_values: _f, ...rest } = o
      return rest
    },
  },
})
