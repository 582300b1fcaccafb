/**
 * cost:getCostReports — Every cost report. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const CostReportItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      title: t.string,
      filter: t.string,
      folderToken: t.string,
      workspaceToken: t.string,
      savedFilterTokens: t.array(t.string),
      groupings: t.string,
      startDate: t.string,
      endDate: t.string,
      previousPeriodStartDate: t.string,
      previousPeriodEndDate: t.string,
      dateInterval: t.string,
      chartType: t.string,
      dateBin: t.string,
      chartSettings: t.exact(
        t.partial({ xAxisDimensions: t.array(t.string), yAxisDimension: t.string }),
        'ChartSettingsItem',
      ),
      createdAt: t.string,
      /** The report's settings: what its costs include and how they are shown. */
      settings: t.exact(
        t.partial({
          /** Whether credits are included. */
          includeCredits: t.boolean,
          /** Whether refunds are included. */
          includeRefunds: t.boolean,
          /** Whether discounts are included. */
          includeDiscounts: t.boolean,
          /** Whether tax is included. */
          includeTax: t.boolean,
          /** Whether costs are amortized. */
          amortize: t.boolean,
          /** Whether unallocated costs are shown. */
          unallocated: t.boolean,
          /** What costs are aggregated by (`cost`, `usage`). */
          aggregateBy: t.string,
          /** Whether the previous period is shown beside. */
          showPreviousPeriod: t.boolean,
          /** Whether only complete periods are shown. */
          completePeriod: t.boolean,
        }),
        'CostReportSettingsItem',
      ),
      /** The report's default forecast. */
      defaultForecast: t.exact(
        t.partial({
          /** The forecast's kind (`baseline`). */
          kind: t.string,
          /** Token of the report's forecast, when it has one. */
          reportForecastToken: t.string,
        }),
        'DefaultForecastItem',
      ),
      /** The business metrics shown on the report, with how each is applied. */
      businessMetricTokensWithMetadatas: t.array(
        t.exact(
          t.partial({
            /** Token of the business metric. */
            businessMetricToken: t.string,
            /** The scale its values are in (`per_unit`, `per_thousand`, …). */
            unitScale: t.string,
            /** How it is applied to the report (`unit_cost` by default). */
            calculationType: t.string,
            /** Labels of the metric the report uses. */
            labelFilters: t.array(t.string),
          }),
          'AttachedBusinessMetric',
        ),
      ),
    }),
  ]),
  'CostReportItem',
)

export const GetCostReportsArgs = NoArgs('GetCostReportsArgs')
export type GetCostReportsArgs = t.TypeOf<typeof GetCostReportsArgs>

export const getCostReports = collectionLookup({
  token: 'cost:getCostReports',
  doc: 'Every cost report.',
  path: '/v2/cost_reports',
  items: 'cost_reports',
  // a generated program reads an object it refers to outside the selection from this list, by title
  finds: {
    fields: ['costReportToken', 'reportTokens'],
    byId: () => ({}),
    list: 'costReports',
    id: 'token',
    name: 'title',
  },
  list: {
    /** Every cost report. */
    costReports: CostReportItem,
  },
  renames: {
    xAxisDimensions: 'x_axis_dimension',
    businessMetricTokensWithMetadatas: 'business_metric_tokens_with_metadata',
    labelFilters: 'label_filter',
  },
  example: {
    reply: {
      links: { next: null },
      cost_reports: [
        {
          token: 'rprt_1',
          title: 'Monthly',
          filter: null,
          folder_token: 'fldr_1',
          workspace_token: 'wrkspc_1',
          saved_filter_tokens: [],
          groupings: 'service',
          date_interval: 'this_month',
          start_date: '2024-07-01',
          end_date: '2024-07-31',
          chart_type: 'line',
          date_bin: 'cumulative',
          chart_settings: { x_axis_dimension: ['date'], y_axis_dimension: 'cost' },
          created_at: '2024-07-01T00:00:00Z',
        },
      ],
    },
    result: {
      costReports: [
        {
          token: 'rprt_1',
          title: 'Monthly',
          folderToken: 'fldr_1',
          workspaceToken: 'wrkspc_1',
          savedFilterTokens: [],
          groupings: 'service',
          dateInterval: 'this_month',
          startDate: '2024-07-01',
          endDate: '2024-07-31',
          chartType: 'line',
          dateBin: 'cumulative',
          chartSettings: { xAxisDimensions: ['date'], yAxisDimension: 'cost' },
          createdAt: '2024-07-01T00:00:00Z',
        },
      ],
    },
  },
})
export const GetCostReportsResult = getCostReports.result
export type GetCostReportsResult = t.TypeOf<typeof GetCostReportsResult>
