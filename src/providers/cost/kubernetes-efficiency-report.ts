/**
 * cost:KubernetesEfficiencyReport — idle cost and efficiency of Kubernetes workloads. From
 * docs/wire/cost.md: the aggregatedBy and dateBucket values, the interval values (the cost reports' list),
 * and that the workspace is fixed at creation.
 *
 * When neither an interval nor dates are given the platform uses `this_month`; the concrete dates it
 * fills in for relative intervals move over time and are not compared. Groupings go out as a list
 * and come back comma-joined; they are read back as a list.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { DateYMD, literals, pattern } from '../../core/codecs'
import { costCrud } from './shared/wire'
import { DATE_INTERVALS } from './cost-report'
import { reportBody, reportDateRules, reportNormalise } from './shared/report-wire'

export const K8S_GROUPINGS = ['cluster_id', 'namespace', 'labeled', 'category', 'pod', 'label'] as const
export const KubernetesGrouping = pattern(
  `one of ${K8S_GROUPINGS.join(', ')}, or label:<label_name>`,
  (s) => (K8S_GROUPINGS as ReadonlyArray<string>).includes(s) || /^label:\S+$/.test(s),
)

export const KubernetesEfficiencyReportInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the report. */
      title: t.string,
      /** Workspace the report belongs to. */
      workspaceToken: t.string,
    }),
    t.partial({
      /** Column by which costs are aggregated. */
      aggregatedBy: literals(['idle_cost', 'amount', 'cost_efficiency']),

      /** How costs are bucketed over time: `day`, `week`, `month` or `quarter`. */
      dateBucket: literals(['day', 'week', 'month', 'quarter']),

      /** Incompatible with startDate and endDate. Defaults to `this_month` when neither date is given. */
      dateInterval: literals(DATE_INTERVALS),

      /** ISO 8601. Incompatible with dateInterval. First day of a custom period (`YYYY-MM-DD`). */
      startDate: DateYMD,

      /** ISO 8601. Incompatible with dateInterval. Last day of a custom period (`YYYY-MM-DD`). */
      endDate: DateYMD,

      /** Query-language filter. */
      filter: t.string,

      /** Valid values: `cluster_id`, `namespace`, `labeled`, `category`, `pod`, `label`, and `label:<label_name>`. */
      groupings: t.array(KubernetesGrouping),
    }),
  ]),
  'KubernetesEfficiencyReportInputs',
)
export type KubernetesEfficiencyReportInputs = t.TypeOf<typeof KubernetesEfficiencyReportInputs>

export const KubernetesEfficiencyReportOutputs = t.exact(
  t.intersection([
    t.type({
      /** The report's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When the report was created (UTC ISO 8601). */
      createdAt: t.string,
      /** Whether this is the default report. Set by the platform. */
      default: t.boolean,
      /** Creator. Set by the platform. */
      userToken: t.string,
    }),
  ]),
  'KubernetesEfficiencyReportOutputs',
)
export type KubernetesEfficiencyReportOutputs = t.TypeOf<typeof KubernetesEfficiencyReportOutputs>

export const KubernetesEfficiencyReport = defineResource({
  token: 'cost:KubernetesEfficiencyReport',
  doc:
    'A Kubernetes efficiency report. dateInterval and startDate/endDate exclude each other; with neither, the platform reports ' +
    '`this_month` (and fills in its dates, which are not compared). groupings: cluster_id, namespace, labeled, category, pod, label ' +
    'or label:<label_name>. Changing the workspace replaces the report.',
  inputs: KubernetesEfficiencyReportInputs,
  outputs: KubernetesEfficiencyReportOutputs,
  identity: byToken('kubernetes efficiency report token'),
  replaceOn: ['workspaceToken'],
  // the groupings the server applies when none are given (docs/wire/cost.md: `cluster_id`)
  platformDefaults: { groupings: ['cluster_id'] },
  // with neither an interval nor dates the platform reports this month (shown in plans and state)
  defaults: (i) =>
    i.startDate === undefined && i.endDate === undefined ? { dateInterval: 'this_month' as const } : {},
  secrets: [],
  rules: reportDateRules<KubernetesEfficiencyReportInputs>('Kubernetes efficiency reports', { customAllowed: true }),
  wire: costCrud({
    path: '/v2/kubernetes_efficiency_reports',
    items: 'kubernetes_efficiency_reports',
    inputs: KubernetesEfficiencyReportInputs,
    outputs: KubernetesEfficiencyReportOutputs,
    createOnly: ['workspaceToken'],
    createBody: reportBody,
    updateBody: (i, prior) => {
      const { workspaceToken: _w, ...rest } = reportBody(i, prior)
      return rest
    },
    normalise: (o, sent) =>
      reportNormalise({
        interval: 'this_month',
        groupings: 'cluster_id',
        fields: { aggregatedBy: 'idle_cost', dateBucket: 'day' },
      })(o, sent),
  }),
  examples: {
    valid: {
      title: 'Cluster idle',
      workspaceToken: 'wrkspc_1',
      aggregatedBy: 'idle_cost',
      dateBucket: 'week',
      groupings: ['cluster_id', 'label:team'],
    },
    invalid: [
      [{ workspaceToken: 'w' }, 'title'],
      [{ title: 'k' }, 'workspaceToken'],
      [{ title: 'k', workspaceToken: 'w', aggregatedBy: 'cpu' }, 'aggregatedBy'],
      [{ title: 'k', workspaceToken: 'w', dateBucket: 'year' }, 'dateBucket'],
      [{ title: 'k', workspaceToken: 'w', groupings: ['node'] }, 'groupings.0'],
      [
        { title: 'k', workspaceToken: 'w', dateInterval: 'last_month', startDate: '2024-01-01', endDate: '2024-01-31' },
        'dateInterval',
      ],
      [{ title: 'k', workspaceToken: 'w', startDate: '2024-01-01' }, 'endDate'],
    ],
    outputs: { token: 'kbnts_eff_rprt_1', createdAt: '2024-01-01T00:00:00Z', default: false, userToken: 'usr_1' },
    reply: {
      token: 'kbnts_eff_rprt_1',
      title: 'Cluster idle',
      workspace_token: 'wrkspc_1',
      aggregated_by: 'idle_cost',
      date_bucket: 'week',
      date_interval: 'this_month',
      start_date: '2024-07-01',
      end_date: '2024-07-31',
      filter: null,
      groupings: 'cluster_id,label:team',
      created_at: '2024-01-01T00:00:00Z',
      default: false,
      user_token: 'usr_1',
    },
  },
})
