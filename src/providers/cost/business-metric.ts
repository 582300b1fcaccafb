/**
 * cost:BusinessMetric — a business metric (requests, users, revenue…) for unit costs. The spec
 * leaves the nested objects "not shown"; from docs/wire/cost.md: the item fields of values and
 * forecastedValues ({date, amount, label}), of costReportTokensWithMetadatas ({costReportToken,
 * unitScale, labelFilters, and the upstream schema's calculationType and label}), of
 * cloudMetricsFields and monitoringMetricFields, and the outputs.
 *
 * Wire quirks: values are not returned by the object's GET (they live at separate endpoints), so
 * decode keeps what was sent and an import cannot restore them; the integration token sent inside
 * the fields objects comes back at the top level; attached reports may come back in another order
 * and with `label_filter: null` for `[]`.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { DateYMD, literals } from '../../core/codecs'
import { costCrud, dropEmptyUnlessSent } from './shared/wire'

export const MetricValue = t.exact(
  t.intersection([t.type({ date: DateYMD, amount: t.number }), t.partial({ label: t.string })]),
  'MetricValue',
)
export const UNIT_SCALES = ['per_unit', 'per_hundred', 'per_thousand', 'per_million', 'per_billion'] as const
export const CALCULATION_TYPES = ['unit_cost', 'gross_margin', 'usage_unit_cost', 'raw_business_metric'] as const

export const CostReportTokenWithMetadata = t.exact(
  t.intersection([
    t.type({ costReportToken: t.string }),
    t.partial({
      /** how the metric scales the report's costs: per unit (the default) up to per billion */
      unitScale: literals(UNIT_SCALES),
      /** the metric's labels this report is filtered by */
      labelFilters: t.array(t.string),
      /** how the metric is used in the report (default unit_cost); an upstream attribute, not in the spec */
      calculationType: literals(CALCULATION_TYPES),
      /** the metric's display name on the report (the platform derives one from the calculation type when left out) */
      label: t.string,
    }),
  ]),
  'CostReportTokenWithMetadata',
)

export const CloudMetricsFields = t.exact(
  t.partial({
    integrationToken: t.string,
    stat: literals(['Sum', 'Average', 'Minimum', 'Maximum']),
    region: t.string,
    namespace: t.string,
    metricName: t.string,
    labelDimension: t.string,
    dimensions: t.array(t.exact(t.type({ name: t.string, value: t.string }), 'CloudMetricsDimension')),
  }),
  'CloudMetricsFields',
)

export const MonitoringMetricFields = t.exact(
  t.partial({ integrationToken: t.string, query: t.string }),
  'MonitoringMetricFields',
)

export const BusinessMetricInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the business metric. */
      title: t.string,
    }),
    t.partial({
      /** Configuration for a cloud metrics import. */
      cloudMetricsFields: CloudMetricsFields,

      /** Configuration for a monitoring-tool metric import. */
      monitoringMetricFields: MonitoringMetricFields,

      /** Each item holds a date, an amount and an optional label. */
      values: t.array(MetricValue),

      /** Same item shape as values. */
      forecastedValues: t.array(MetricValue),

      /** Each item holds a cost report token, a unit scale and a label filter. */
      costReportTokensWithMetadatas: t.array(CostReportTokenWithMetadata),
    }),
  ]),
  'BusinessMetricInputs',
)
export type BusinessMetricInputs = t.TypeOf<typeof BusinessMetricInputs>

export const BusinessMetricOutputs = t.exact(
  t.intersection([
    t.type({
      /** The business metric's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** Token of the user who created the metric. */
      createdByToken: t.string,
      /** How the values arrive: `csv`, or an import such as `cloudwatch` or `datadog_metrics` (set by the platform). */
      importType: t.string,
      /** Integration used to import the metric. Set by the platform. */
      integrationToken: t.string,
    }),
  ]),
  'BusinessMetricOutputs',
)
export type BusinessMetricOutputs = t.TypeOf<typeof BusinessMetricOutputs>

const RENAMES = {
  cloudMetricsFields: 'cloudwatch_fields',
  monitoringMetricFields: 'datadog_metric_fields',
  costReportTokensWithMetadatas: 'cost_report_tokens_with_metadata',
  labelFilters: 'label_filter',
  // the platform's keyed label filters (`label_filters`) are another field than `label_filter`, not carried
  keyedLabelFilters: 'label_filters',
}

type Value = t.TypeOf<typeof MetricValue>
/** `YYYY-MM-DD` → midnight UTC, the date-time the platform takes */
const valuesOut = (vs: ReadonlyArray<Value> | undefined) =>
  vs?.map((v) => ({
    date: `${v.date}T00:00:00Z`,
    amount: v.amount,
    ...(v.label !== undefined ? { label: v.label } : {}),
  }))

const body = (i: BusinessMetricInputs): Record<string, unknown> => ({
  ...i,
  values: valuesOut(i.values),
  forecastedValues: valuesOut(i.forecastedValues),
  costReportTokensWithMetadatas: i.costReportTokensWithMetadatas ?? [],
})

type Attached = t.TypeOf<typeof CostReportTokenWithMetadata>

export const BusinessMetric = defineResource({
  token: 'cost:BusinessMetric',
  doc:
    'A business metric for unit costs: values given here (date YYYY-MM-DD, amount, optional label), imported from a cloud metrics or ' +
    'monitoring integration, and attached to cost reports. The platform does not return values, so an import cannot restore them.',
  inputs: BusinessMetricInputs,
  outputs: BusinessMetricOutputs,
  identity: byToken('business metric token'),
  replaceOn: [],
  // TF always sends these arrays and a missing one can fail (docs/wire/cost.md §6.2): sent empty when left out
  sentEmpty: ['costReportTokensWithMetadatas'],
  // wire reference §6 (the fill-in item; a null label_filter reads as []); @vantage-sh/vantage-client's
  // createBusinessMetric (`@default per_unit`, `@default unit_cost`)
  platformDefaults: {
    'costReportTokensWithMetadatas.*.unitScale': 'per_unit',
    'costReportTokensWithMetadatas.*.labelFilters': [],
    'costReportTokensWithMetadatas.*.calculationType': 'unit_cost',
  },
  secrets: [],
  rules: [
    {
      name: 'one import source',
      check: (i) =>
        i.cloudMetricsFields !== undefined && i.monitoringMetricFields !== undefined
          ? [
              {
                path: 'monitoringMetricFields',
                expected: 'one import source: cloudMetricsFields or monitoringMetricFields, not both',
                given: i.monitoringMetricFields,
              },
            ]
          : [],
    },
  ],
  wire: costCrud({
    path: '/v2/business_metrics',
    items: 'business_metrics',
    inputs: BusinessMetricInputs,
    outputs: BusinessMetricOutputs,
    renames: RENAMES,
    createBody: body,
    updateBody: body,
    normalise: (o, sent) => {
      const out: Record<string, unknown> = { ...o }
      // not returned by the platform: what was sent stands
      for (const k of ['values', 'forecastedValues'] as const) if (sent[k] !== undefined) out[k] = sent[k]
      // attached reports: the sent order, `[]` label filters, the default unit scale only if given
      const got = Array.isArray(out.costReportTokensWithMetadatas)
        ? (out.costReportTokensWithMetadatas as Record<string, unknown>[]).filter((x) => x !== null)
        : []
      const want = (sent.costReportTokensWithMetadatas ?? []) as ReadonlyArray<Attached>
      const order = (x: Record<string, unknown>) => {
        const n = want.findIndex((w) => w.costReportToken === x.costReportToken)
        return n < 0 ? want.length : n
      }
      out.costReportTokensWithMetadatas = [...got]
        .sort((a, b) => order(a) - order(b))
        .map((x) => {
          const w = want.find((v) => v.costReportToken === x.costReportToken)
          const m: Record<string, unknown> = { costReportToken: x.costReportToken }
          if (w?.unitScale !== undefined || (x.unitScale != null && x.unitScale !== 'per_unit'))
            m.unitScale = x.unitScale
          if (w?.calculationType !== undefined || (x.calculationType != null && x.calculationType !== 'unit_cost'))
            m.calculationType = x.calculationType
          if (w?.label !== undefined || (typeof x.label === 'string' && x.label !== '')) m.label = x.label
          const lf = Array.isArray(x.labelFilters) ? x.labelFilters : []
          if (w?.labelFilters !== undefined || lf.length > 0) m.labelFilters = lf
          return m
        })
      dropEmptyUnlessSent(out, sent, 'costReportTokensWithMetadatas')
      // the integration token comes back at the top level, not inside the fields object
      const top =
        typeof out.integrationToken === 'string' && out.integrationToken !== '' ? out.integrationToken : undefined
      const cw = out.cloudMetricsFields as Record<string, unknown> | undefined
      if (cw && typeof cw === 'object') {
        const f: Record<string, unknown> = {}
        for (const [k, v] of Object.entries(cw)) if (v !== null) f[k] = v
        if (
          Array.isArray(f.dimensions) &&
          f.dimensions.length === 0 &&
          sent.cloudMetricsFields?.dimensions === undefined
        )
          delete f.dimensions
        if (sent.cloudMetricsFields?.integrationToken !== undefined || (sent.cloudMetricsFields === undefined && top))
          f.integrationToken = top
        out.cloudMetricsFields = f
      }
      const dd = out.monitoringMetricFields as Record<string, unknown> | undefined
      if (dd && typeof dd === 'object') {
        const f: Record<string, unknown> = {}
        if (dd.query != null) f.query = dd.query
        if (
          sent.monitoringMetricFields?.integrationToken !== undefined ||
          (sent.monitoringMetricFields === undefined && top)
        )
          f.integrationToken = top
        out.monitoringMetricFields = f
      }
      if (out.integrationToken === '') delete out.integrationToken
      return out
    },
  }),
  examples: {
    valid: {
      title: 'Requests',
      values: [{ date: '2024-01-01', amount: 120000, label: 'api' }],
      costReportTokensWithMetadatas: [{ costReportToken: 'rprt_1', unitScale: 'per_thousand', labelFilters: ['api'] }],
    },
    invalid: [
      [{ values: [] }, 'title'],
      [{ title: 'm', values: [{ date: '2024-01-01' }] }, 'values.0.amount'],
      [{ title: 'm', values: [{ date: 'yesterday', amount: 1 }] }, 'values.0.date'],
      [
        { title: 'm', costReportTokensWithMetadatas: [{ costReportToken: 'rprt_1', unitScale: 'per_dozen' }] },
        'costReportTokensWithMetadatas.0.unitScale',
      ],
      [{ title: 'm', cloudMetricsFields: { stat: 'Median' } }, 'cloudMetricsFields.stat'],
      [
        { title: 'm', cloudMetricsFields: { stat: 'Sum' }, monitoringMetricFields: { query: 'q' } },
        'monitoringMetricFields',
      ],
    ],
    outputs: { token: 'bsnss_mtrc_1', createdByToken: 'usr_1', importType: 'csv' },
    reply: {
      token: 'bsnss_mtrc_1',
      title: 'Requests',
      created_by_token: 'usr_1',
      import_type: 'csv',
      integration_token: '',
      cost_report_tokens_with_metadata: [
        { cost_report_token: 'rprt_1', unit_scale: 'per_thousand', label_filter: ['api'] },
      ],
    },
  },
})
