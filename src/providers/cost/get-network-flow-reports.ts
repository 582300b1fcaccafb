/**
 * cost:getNetworkFlowReports — Every network flow report; groupings as a list. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'
import { splitCsv } from './shared/wire'

export const NetworkFlowReportItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      title: t.string,
      default: t.boolean,
      createdAt: t.string,
      workspaceToken: t.string,
      createdByToken: t.string,
      startDate: t.string,
      endDate: t.string,
      dateInterval: t.string,
      groupings: t.array(t.string),
      flowDirection: t.string,
      flowWeight: t.string,
      filter: t.string,
    }),
  ]),
  'NetworkFlowReportItem',
)

export const GetNetworkFlowReportsArgs = NoArgs('GetNetworkFlowReportsArgs')
export type GetNetworkFlowReportsArgs = t.TypeOf<typeof GetNetworkFlowReportsArgs>

export const getNetworkFlowReports = collectionLookup({
  token: 'cost:getNetworkFlowReports',
  doc: 'Every network flow report; groupings as a list.',
  path: '/v2/network_flow_reports',
  items: 'network_flow_reports',
  list: {
    /** Every network flow report; groupings as a list. */
    networkFlowReports: NetworkFlowReportItem,
  },
  idFromToken: true,
  normalise: (o) => ({ ...o, groupings: splitCsv(o.groupings) }),
  example: {
    reply: {
      links: { next: null },
      network_flow_reports: [
        {
          token: 'ntflw_lg_rprt_1',
          title: 'Egress',
          default: false,
          workspace_token: 'wrkspc_1',
          groupings: 'vpc_id',
          flow_weight: 'costs',
        },
      ],
    },
    result: {
      networkFlowReports: [
        {
          id: 'ntflw_lg_rprt_1',
          token: 'ntflw_lg_rprt_1',
          title: 'Egress',
          default: false,
          workspaceToken: 'wrkspc_1',
          groupings: ['vpc_id'],
          flowWeight: 'costs',
        },
      ],
    },
  },
})
export const GetNetworkFlowReportsResult = getNetworkFlowReports.result
export type GetNetworkFlowReportsResult = t.TypeOf<typeof GetNetworkFlowReportsResult>
