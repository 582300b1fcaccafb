/**
 * cost:getDashboards — Every dashboard with its widgets. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const DashboardItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      title: t.string,
      createdAt: t.string,
      updatedAt: t.string,
      dateBin: t.string,
      dateInterval: t.string,
      startDate: t.string,
      endDate: t.string,
      savedFilterTokens: t.array(t.string),
      workspaceToken: t.string,
      widgets: t.array(
        t.exact(
          t.partial({
            widgetableToken: t.string,
            title: t.string,
            settings: t.exact(t.partial({ displayType: t.string }), 'WidgetSettings'),
          }),
          'DashboardWidget',
        ),
      ),
    }),
  ]),
  'DashboardItem',
)

export const GetDashboardsArgs = NoArgs('GetDashboardsArgs')
export type GetDashboardsArgs = t.TypeOf<typeof GetDashboardsArgs>

export const getDashboards = collectionLookup({
  token: 'cost:getDashboards',
  doc: 'Every dashboard with its widgets.',
  path: '/v2/dashboards',
  items: 'dashboards',
  list: {
    /** Every dashboard with its widgets. */
    dashboards: DashboardItem,
  },
  idFromToken: true,
  example: {
    reply: {
      links: { next: null },
      dashboards: [
        {
          token: 'dshbrd_1',
          title: 'Overview',
          date_bin: 'day',
          date_interval: 'this_month',
          workspace_token: 'wrkspc_1',
          saved_filter_tokens: [],
          widgets: [{ widgetable_token: 'rprt_1', title: 'Monthly', settings: { display_type: 'chart' } }],
        },
      ],
    },
    result: {
      dashboards: [
        {
          id: 'dshbrd_1',
          token: 'dshbrd_1',
          title: 'Overview',
          dateBin: 'day',
          dateInterval: 'this_month',
          workspaceToken: 'wrkspc_1',
          savedFilterTokens: [],
          widgets: [{ widgetableToken: 'rprt_1', title: 'Monthly', settings: { displayType: 'chart' } }],
        },
      ],
    },
  },
})
export const GetDashboardsResult = getDashboards.result
export type GetDashboardsResult = t.TypeOf<typeof GetDashboardsResult>
