/**
 * cost:NetworkFlowReport — network flow log costs. From docs/wire/cost.md: the interval values
 * (`last_3_days`, `last_7_days`, `last_14_days`, `last_30_days`, `custom`), the flowDirection
 * values, and that the workspace is fixed at creation. The interval defaults to `last_7_days`,
 * flowWeight to `costs`; dates go only with `custom` (or no interval). Groupings go out as a list
 * and come back comma-joined.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { DateYMD, literals } from '../../core/codecs'
import { costCrud } from './shared/wire'
import { reportBody, reportDateRules, reportNormalise } from './shared/report-wire'

export const NETWORK_FLOW_GROUPINGS = [
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
] as const

export const NetworkFlowReportInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the report. */
      title: t.string,
      /** Workspace the report belongs to. */
      workspaceToken: t.string,
    }),
    t.partial({
      /** Default `last_7_days`. Unless `custom`, incompatible with startDate and endDate. */
      dateInterval: literals(['last_3_days', 'last_7_days', 'last_14_days', 'last_30_days', 'custom']),

      /** `YYYY-MM-DD`. Incompatible with dateInterval. First day of a custom period. */
      startDate: DateYMD,

      /** `YYYY-MM-DD`. Incompatible with dateInterval. Last day of a custom period. */
      endDate: DateYMD,

      /** Query-language filter. */
      filter: t.string,

      /** Which traffic the report shows: `ingress`, `egress` or `all`. */
      flowDirection: literals(['ingress', 'egress', 'all']),

      /** Dimension by which logs are sorted. Default `costs`. */
      flowWeight: literals(['costs', 'bytes']),

      /** Valid values are listed below. */
      groupings: t.array(
        literals(NETWORK_FLOW_GROUPINGS, 'a network flow grouping (account_id, az_id, … vpc_id; 23 values)'),
      ),
    }),
  ]),
  'NetworkFlowReportInputs',
)
export type NetworkFlowReportInputs = t.TypeOf<typeof NetworkFlowReportInputs>

export const NetworkFlowReportOutputs = t.exact(
  t.intersection([
    t.type({
      /** The report's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When the report was created (UTC ISO 8601). */
      createdAt: t.string,
      /** User or team that created the report. Set by the platform. */
      createdByToken: t.string,
      /** Whether this is the workspace's default network flow report. */
      default: t.boolean,
    }),
  ]),
  'NetworkFlowReportOutputs',
)
export type NetworkFlowReportOutputs = t.TypeOf<typeof NetworkFlowReportOutputs>

export const NetworkFlowReport = defineResource({
  token: 'cost:NetworkFlowReport',
  doc:
    'A network flow log report. dateInterval defaults to `last_7_days`; startDate/endDate (YYYY-MM-DD) only with `custom` or no interval. ' +
    'flowWeight (costs or bytes) defaults to `costs`. groupings from the 23 flow-log dimensions. Changing the workspace replaces the report.',
  inputs: NetworkFlowReportInputs,
  outputs: NetworkFlowReportOutputs,
  identity: byToken('network flow report token'),
  replaceOn: ['workspaceToken'],
  // what the platform applies to the interval (without dates) and the weight left out
  defaults: (i) => ({
    flowWeight: 'costs' as const,
    ...(i.startDate === undefined && i.endDate === undefined ? { dateInterval: 'last_7_days' as const } : {}),
  }),
  secrets: [],
  rules: reportDateRules<NetworkFlowReportInputs>('network flow reports', { customAllowed: true }),
  wire: costCrud({
    path: '/v2/network_flow_reports',
    items: 'network_flow_reports',
    inputs: NetworkFlowReportInputs,
    outputs: NetworkFlowReportOutputs,
    createOnly: ['workspaceToken'],
    createBody: reportBody,
    updateBody: (i, prior) => {
      const { workspaceToken: _w, ...rest } = reportBody(i, prior)
      return rest
    },
    normalise: (o, sent) =>
      reportNormalise({
        interval: 'last_7_days',
        groupings: 'resource_uuid,traffic_category,peer_resource_uuid',
        fields: { flowWeight: 'costs' },
      })(o, sent),
  }),
  examples: {
    valid: {
      title: 'Egress',
      workspaceToken: 'wrkspc_1',
      flowDirection: 'egress',
      groupings: ['vpc_id', 'peer_vpc_id'],
    },
    invalid: [
      [{ workspaceToken: 'w' }, 'title'],
      [{ title: 'n' }, 'workspaceToken'],
      [{ title: 'n', workspaceToken: 'w', dateInterval: 'this_month' }, 'dateInterval'],
      [{ title: 'n', workspaceToken: 'w', flowWeight: 'packets' }, 'flowWeight'],
      [{ title: 'n', workspaceToken: 'w', flowDirection: 'sideways' }, 'flowDirection'],
      [{ title: 'n', workspaceToken: 'w', groupings: ['pod'] }, 'groupings.0'],
      [
        {
          title: 'n',
          workspaceToken: 'w',
          dateInterval: 'last_3_days',
          startDate: '2024-01-01',
          endDate: '2024-01-02',
        },
        'dateInterval',
      ],
      [{ title: 'n', workspaceToken: 'w', startDate: '2024-01-01T00:00:00Z', endDate: '2024-01-02' }, 'startDate'],
    ],
    outputs: { token: 'ntflw_lg_rprt_1', createdAt: '2024-01-01T00:00:00Z', createdByToken: 'usr_1', default: false },
    reply: {
      token: 'ntflw_lg_rprt_1',
      title: 'Egress',
      workspace_token: 'wrkspc_1',
      date_interval: 'last_7_days',
      start_date: '2024-07-08',
      end_date: '2024-07-15',
      filter: null,
      flow_direction: 'egress',
      flow_weight: 'costs',
      groupings: 'vpc_id,peer_vpc_id',
      created_at: '2024-01-01T00:00:00Z',
      created_by_token: 'usr_1',
      default: false,
    },
  },
})
