/**
 * cost:getBusinessMetrics — Every business metric (the list endpoint has no `links`: one page of up to 1,000). Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const BusinessMetricItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      title: t.string,
      createdByToken: t.string,
      importType: t.string,
      integrationToken: t.string,
      costReportTokensWithMetadatas: t.array(
        t.exact(
          t.partial({
            costReportToken: t.string,
            unitScale: t.string,
            labelFilters: t.array(t.string),
            /** How the metric is applied to the report (`unit_cost` by default). */
            calculationType: t.string,
          }),
          'AttachedCostReport',
        ),
      ),
      cloudMetricsFields: t.exact(
        t.partial({
          stat: t.string,
          region: t.string,
          namespace: t.string,
          metricName: t.string,
          labelDimension: t.string,
          dimensions: t.array(t.exact(t.partial({ name: t.string, value: t.string }), 'Dimension')),
        }),
        'CloudMetricsFieldsItem',
      ),
      monitoringMetricFields: t.exact(t.partial({ query: t.string }), 'MonitoringMetricFieldsItem'),
    }),
  ]),
  'BusinessMetricItem',
)

export const GetBusinessMetricsArgs = NoArgs('GetBusinessMetricsArgs')
export type GetBusinessMetricsArgs = t.TypeOf<typeof GetBusinessMetricsArgs>

export const getBusinessMetrics = collectionLookup({
  token: 'cost:getBusinessMetrics',
  doc: 'Every business metric (the list endpoint has no `links`: one page of up to 1,000).',
  path: '/v2/business_metrics',
  items: 'business_metrics',
  list: {
    /** Every business metric (the list endpoint has no `links`: one page of up to 1,000). */
    businessMetrics: BusinessMetricItem,
  },
  renames: {
    cloudMetricsFields: 'cloudwatch_fields',
    monitoringMetricFields: 'datadog_metric_fields',
    costReportTokensWithMetadatas: 'cost_report_tokens_with_metadata',
    labelFilters: 'label_filter',
  },
  idFromToken: true,
  example: {
    reply: {
      business_metrics: [
        {
          token: 'bsnss_mtrc_1',
          title: 'Requests',
          created_by_token: 'usr_1',
          import_type: 'csv',
          integration_token: '',
          cost_report_tokens_with_metadata: [
            { cost_report_token: 'rprt_1', unit_scale: 'per_unit', label_filter: null },
          ],
        },
      ],
    },
    result: {
      businessMetrics: [
        {
          id: 'bsnss_mtrc_1',
          token: 'bsnss_mtrc_1',
          title: 'Requests',
          createdByToken: 'usr_1',
          importType: 'csv',
          integrationToken: '',
          costReportTokensWithMetadatas: [{ costReportToken: 'rprt_1', unitScale: 'per_unit' }],
        },
      ],
    },
  },
})
export const GetBusinessMetricsResult = getBusinessMetrics.result
export type GetBusinessMetricsResult = t.TypeOf<typeof GetBusinessMetricsResult>
