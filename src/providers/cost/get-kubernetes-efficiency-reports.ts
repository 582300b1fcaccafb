/**
 * cost:getKubernetesEfficiencyReports — Every Kubernetes efficiency report; groupings as a list. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'
import { splitCsv } from './shared/wire'

export const KubernetesEfficiencyReportItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      title: t.string,
      default: t.boolean,
      createdAt: t.string,
      workspaceToken: t.string,
      userToken: t.string,
      startDate: t.string,
      endDate: t.string,
      dateInterval: t.string,
      dateBucket: t.string,
      aggregatedBy: t.string,
      groupings: t.array(t.string),
      filter: t.string,
    }),
  ]),
  'KubernetesEfficiencyReportItem',
)

export const GetKubernetesEfficiencyReportsArgs = NoArgs('GetKubernetesEfficiencyReportsArgs')
export type GetKubernetesEfficiencyReportsArgs = t.TypeOf<typeof GetKubernetesEfficiencyReportsArgs>

export const getKubernetesEfficiencyReports = collectionLookup({
  token: 'cost:getKubernetesEfficiencyReports',
  doc: 'Every Kubernetes efficiency report; groupings as a list.',
  path: '/v2/kubernetes_efficiency_reports',
  items: 'kubernetes_efficiency_reports',
  list: {
    /** Every Kubernetes efficiency report; groupings as a list. */
    kubernetesEfficiencyReports: KubernetesEfficiencyReportItem,
  },
  idFromToken: true,
  normalise: (o) => ({ ...o, groupings: splitCsv(o.groupings) }),
  example: {
    reply: {
      links: { next: null },
      kubernetes_efficiency_reports: [
        {
          token: 'kbnts_eff_rprt_1',
          title: 'Idle',
          default: true,
          workspace_token: 'wrkspc_1',
          groupings: 'cluster_id,namespace',
        },
      ],
    },
    result: {
      kubernetesEfficiencyReports: [
        {
          id: 'kbnts_eff_rprt_1',
          token: 'kbnts_eff_rprt_1',
          title: 'Idle',
          default: true,
          workspaceToken: 'wrkspc_1',
          groupings: ['cluster_id', 'namespace'],
        },
      ],
    },
  },
})
export const GetKubernetesEfficiencyReportsResult = getKubernetesEfficiencyReports.result
export type GetKubernetesEfficiencyReportsResult = t.TypeOf<typeof GetKubernetesEfficiencyReportsResult>
