/**
 * The cost platform's vocabulary, as its official SDK (`@vantage-sh/vantage-client`) states it, never
 * as the specs under test declare it: the emulator is their oracle. Enumerations the SDK types as
 * unions are checked by tsc against them (`exactly`); those the SDK gives only in descriptions or
 * `@default` doc tags are restated here, and test/platforms/emulator-vocabulary.test.ts compares
 * them with the SDK's text. Where the SDK says nothing, the wire reference (wire/cost.md) does.
 */
import type * as V from '@vantage-sh/vantage-client'
import { exactly } from '../exactly'

type Settings = NonNullable<V.CreateCostReportRequest['settings']>
type ChartSettings = NonNullable<V.CreateCostReportRequest['chart_settings']>
type MetricLink = NonNullable<V.CreateBusinessMetricRequest['cost_report_tokens_with_metadata']>[number]

export const REPORT_INTERVALS = exactly<NonNullable<V.CreateCostReportRequest['date_interval']>>()([
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
])
export const CHART_TYPES = exactly<NonNullable<V.CreateCostReportRequest['chart_type']>>()([
  'area',
  'line',
  'pie',
  'bar',
  'multi_bar',
])
export const DATE_BINS = exactly<NonNullable<V.CreateCostReportRequest['date_bin']>>()([
  'cumulative',
  'day',
  'week',
  'month',
  'quarter',
  'hour',
])
export const AGGREGATE_BY = exactly<NonNullable<Settings['aggregate_by']>>()(['cost', 'usage', 'count'])
export const Y_AXIS_DIMENSIONS = exactly<NonNullable<ChartSettings['y_axis_dimension']>>()(['cost', 'usage', 'count'])

/** A cost report's fields the server fills in: `@default line`, `@default cumulative`, "Defaults to 'this_month'". */
export const REPORT_DEFAULTS = { chart_type: 'line', date_bin: 'cumulative', date_interval: 'this_month' } as const
/** A cost report's settings as the server fills them in (the SDK's `@default` tags, in its order). */
export const SETTINGS_DEFAULTS: Readonly<Required<Settings>> = {
  include_credits: false,
  include_refunds: false,
  include_discounts: true,
  include_tax: true,
  amortize: true,
  unallocated: false,
  aggregate_by: 'cost',
  show_previous_period: true,
  complete_period: false,
}
/** The chart settings the server fills in (the SDK's descriptions: "Defaults to ['date']", and cost). */
export const CHART_DEFAULTS = { x_axis_dimension: ['date'], y_axis_dimension: 'cost' } as const

/** the cost reports' intervals (tsc checks that the two unions agree) */
export const K8S_INTERVALS =
  exactly<NonNullable<V.CreateKubernetesEfficiencyReportRequest['date_interval']>>()(REPORT_INTERVALS)
export const K8S_AGGREGATED_BY = exactly<NonNullable<V.CreateKubernetesEfficiencyReportRequest['aggregated_by']>>()([
  'idle_cost',
  'amount',
  'cost_efficiency',
])
export const K8S_DATE_BUCKETS = exactly<NonNullable<V.CreateKubernetesEfficiencyReportRequest['date_bucket']>>()([
  'day',
  'week',
  'month',
  'quarter',
])
/** The SDK's "Valid groupings" (a plain string array in its types); `label:<name>` besides. */
export const K8S_GROUPINGS = ['cluster_id', 'namespace', 'region', 'labeled', 'category', 'pod', 'label']
/** "Defaults to 'this_month' if start_date and end_date are not provided." */
export const K8S_DEFAULT_INTERVAL = 'this_month'

export const NFR_INTERVALS = exactly<NonNullable<V.CreateNetworkFlowReportRequest['date_interval']>>()([
  'last_3_days',
  'last_7_days',
  'last_14_days',
  'last_30_days',
  'custom',
])
export const NFR_GROUPINGS = exactly<NonNullable<V.CreateNetworkFlowReportRequest['groupings']>[number]>()([
  'account_id',
  'az_id',
  'dstaddr',
  'dsthostname',
  'flow_direction',
  'interface_id',
  'instance_id',
  'peer_resource_uuid',
  'peer_account_id',
  'peer_vpc_id',
  'peer_region',
  'peer_az_id',
  'peer_subnet_id',
  'peer_interface_id',
  'peer_instance_id',
  'region',
  'resource_uuid',
  'srcaddr',
  'srchostname',
  'subnet_id',
  'traffic_category',
  'traffic_path',
  'vpc_id',
])
export const NFR_DIRECTIONS = exactly<NonNullable<V.CreateNetworkFlowReportRequest['flow_direction']>>()([
  'ingress',
  'egress',
  'all',
])
export const NFR_WEIGHTS = exactly<NonNullable<V.CreateNetworkFlowReportRequest['flow_weight']>>()(['costs', 'bytes'])
/** "Defaults to 'last_7_days'" and "Defaults to costs": what a report left without them gets. */
export const NFR_DEFAULTS = { date_interval: 'last_7_days', flow_weight: 'costs' } as const

export const FCR_INTERVALS = exactly<NonNullable<V.CreateFinancialCommitmentReportRequest['date_interval']>>()([
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
  'year_to_date',
  'last_3_days',
  'last_14_days',
])
export const FCR_DATE_BUCKETS = exactly<NonNullable<V.CreateFinancialCommitmentReportRequest['date_bucket']>>()([
  'hour',
  'day',
  'week',
  'month',
  'quarter',
])
export const FCR_SCOPES = exactly<NonNullable<V.CreateFinancialCommitmentReportRequest['on_demand_costs_scope']>>()([
  'discountable',
  'all',
])
/** The SDK's "Valid groupings"; `tag:<name>` besides. */
export const FCR_GROUPINGS = [
  'cost_type',
  'commitment_type',
  'commitment_id',
  'service',
  'resource_account_id',
  'provider_account_id',
  'region',
  'cost_category',
  'cost_sub_category',
  'instance_type',
  'tag',
]
/** "Defaults to 'last_3_months'." */
export const FCR_DEFAULT_INTERVAL = 'last_3_months'

export const UNIT_SCALES = exactly<NonNullable<MetricLink['unit_scale']>>()([
  'per_unit',
  'per_hundred',
  'per_thousand',
  'per_million',
  'per_billion',
])
export const CALCULATION_TYPES = exactly<NonNullable<MetricLink['calculation_type']>>()([
  'unit_cost',
  'gross_margin',
  'usage_unit_cost',
  'raw_business_metric',
])
/** The SDK's `@default per_unit` and `@default unit_cost` of a business metric's report link. */
export const METRIC_LINK_DEFAULTS = { unit_scale: 'per_unit', calculation_type: 'unit_cost' } as const
/** A CloudWatch metric's statistic: a plain string in the SDK; the wire reference's four. */
export const CLOUDWATCH_STATS = ['Sum', 'Average', 'Minimum', 'Maximum']

export const ACCESS = exactly<NonNullable<V.CreateAccessGrantRequest['access']>>()(['allowed', 'denied'])
export const BILLING_RULE_TYPES = exactly<V.CreateBillingRuleRequest['type']>()([
  'exclusion',
  'adjustment',
  'credit',
  'charge',
  'custom',
])
/** A cost alert's interval and unit type: plain strings in the SDK, listed in its descriptions. */
export const ALERT_INTERVALS = ['day', 'week', 'month', 'quarter']
export const ALERT_UNIT_TYPES = ['currency', 'percentage']
export const INTEGRATION_STATUSES = exactly<V.GetIntegrationResponse['status']>()([
  'connected',
  'pending',
  'importing',
  'imported',
  'error',
  'disconnected',
])
