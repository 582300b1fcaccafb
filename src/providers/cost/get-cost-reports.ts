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
  renames: { xAxisDimensions: 'x_axis_dimension' },
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
