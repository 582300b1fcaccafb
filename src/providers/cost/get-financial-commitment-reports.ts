/**
 * cost:getFinancialCommitmentReports — Every financial commitment report; groupings (comma-joined on the wire) as a list. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'
import { splitCsv } from './shared/wire'

export const FinancialCommitmentReportItem = t.exact(
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
      groupings: t.array(t.string),
      onDemandCostsScope: t.string,
      filter: t.string,
    }),
  ]),
  'FinancialCommitmentReportItem',
)

export const GetFinancialCommitmentReportsArgs = NoArgs('GetFinancialCommitmentReportsArgs')
export type GetFinancialCommitmentReportsArgs = t.TypeOf<typeof GetFinancialCommitmentReportsArgs>

export const getFinancialCommitmentReports = collectionLookup({
  token: 'cost:getFinancialCommitmentReports',
  doc: 'Every financial commitment report; groupings (comma-joined on the wire) as a list.',
  path: '/v2/financial_commitment_reports',
  items: 'financial_commitment_reports',
  list: {
    /** Every financial commitment report; groupings (comma-joined on the wire) as a list. */
    financialCommitmentReports: FinancialCommitmentReportItem,
  },
  idFromToken: true,
  normalise: (o) => ({ ...o, groupings: splitCsv(o.groupings) }),
  example: {
    reply: {
      links: { next: null },
      financial_commitment_reports: [
        {
          token: 'fncl_cmnt_rprt_1',
          title: 'Coverage',
          default: false,
          workspace_token: 'wrkspc_1',
          groupings: 'cost_type,commitment_type',
          date_interval: 'last_3_months',
        },
      ],
    },
    result: {
      financialCommitmentReports: [
        {
          id: 'fncl_cmnt_rprt_1',
          token: 'fncl_cmnt_rprt_1',
          title: 'Coverage',
          default: false,
          workspaceToken: 'wrkspc_1',
          groupings: ['cost_type', 'commitment_type'],
          dateInterval: 'last_3_months',
        },
      ],
    },
  },
})
export const GetFinancialCommitmentReportsResult = getFinancialCommitmentReports.result
export type GetFinancialCommitmentReportsResult = t.TypeOf<typeof GetFinancialCommitmentReportsResult>
