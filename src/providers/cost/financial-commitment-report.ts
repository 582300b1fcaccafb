/**
 * cost:FinancialCommitmentReport — reserved instances and savings plans coverage. The spec shows
 * only title, workspaceToken and the outputs token/userToken; every other field comes from
 * docs/wire/cost.md: filter, startDate/endDate, dateInterval (default `last_3_months`), dateBucket,
 * onDemandCostsScope, groupings (list out, comma-joined back), and the outputs createdAt, default.
 * The platform returns filters wrapped in parentheses; the user's text stands when it means the same.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { DateYMD, literals, pattern } from '../../core/codecs'
import { costCrud, filterEquals } from './shared/wire'
import { reportBody, reportDateRules, reportNormalise } from './shared/report-wire'

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
] as const
export const CommitmentGrouping = pattern(
  `one of ${FCR_GROUPINGS.join(', ')}, or tag:<label_name>`,
  (s) => (FCR_GROUPINGS as ReadonlyArray<string>).includes(s) || /^tag:\S+$/.test(s),
)

export const FCR_INTERVALS = [
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
] as const

export const FinancialCommitmentReportInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the report. */
      title: t.string,
      /** Workspace the report belongs to. */
      workspaceToken: t.string,
    }),
    t.partial({
      /** Query-language filter. */
      filter: t.string,

      /** First day of a custom period (`YYYY-MM-DD`). Incompatible with dateInterval. */
      startDate: DateYMD,

      /** Last day of a custom period (`YYYY-MM-DD`). Incompatible with dateInterval. */
      endDate: DateYMD,

      /** A relative period such as `last_3_months` (the default); `custom` with startDate/endDate. */
      dateInterval: literals(FCR_INTERVALS),

      /** How costs are bucketed over time: `hour`, `day`, `week`, `month` or `quarter`. */
      dateBucket: literals(['hour', 'day', 'week', 'month', 'quarter']),

      /** Which on-demand costs are shown: `discountable` (those commitments could cover) or `all`. */
      onDemandCostsScope: literals(['discountable', 'all']),

      /** How costs are grouped: the listed dimensions, or `tag:<label_name>`. */
      groupings: t.array(CommitmentGrouping),
    }),
  ]),
  'FinancialCommitmentReportInputs',
)
export type FinancialCommitmentReportInputs = t.TypeOf<typeof FinancialCommitmentReportInputs>

export const FinancialCommitmentReportOutputs = t.exact(
  t.intersection([
    t.type({
      /** Its token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** Token of the user who created the report. */
      userToken: t.string,
      /** When it was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,
      /** Whether this is the workspace's default report. */
      default: t.boolean,
    }),
  ]),
  'FinancialCommitmentReportOutputs',
)
export type FinancialCommitmentReportOutputs = t.TypeOf<typeof FinancialCommitmentReportOutputs>

export const FinancialCommitmentReport = defineResource({
  token: 'cost:FinancialCommitmentReport',
  doc:
    'A financial commitment (reservations, savings plans) report. dateInterval defaults to `last_3_months`; startDate/endDate only with ' +
    '`custom` or no interval. Fields beyond title and workspaceToken come from the wire reference. Changing the workspace replaces the report.',
  inputs: FinancialCommitmentReportInputs,
  outputs: FinancialCommitmentReportOutputs,
  identity: byToken('financial commitment report token'),
  replaceOn: ['workspaceToken'],
  // the SDK's "Defaults to 'last_3_months'" (clients/emulators/cost/vocabulary.ts FCR_DEFAULT_INTERVAL)
  // and the groupings the server applies when none are given (docs/wire/cost.md: `cost_type`)
  platformDefaults: { dateInterval: 'last_3_months', groupings: ['cost_type'] },
  // left out, the report keeps the scope it has (an update sends it back, not null)
  computed: ['onDemandCostsScope'],
  secrets: [],
  rules: reportDateRules<FinancialCommitmentReportInputs>('financial commitment reports', { customAllowed: true }),
  equals: { filter: filterEquals },
  wire: costCrud({
    path: '/v2/financial_commitment_reports',
    items: 'financial_commitment_reports',
    inputs: FinancialCommitmentReportInputs,
    outputs: FinancialCommitmentReportOutputs,
    createOnly: ['workspaceToken'],
    createBody: reportBody,
    updateBody: (i, prior) => {
      const { workspaceToken: _w, ...rest } = reportBody(i, prior)
      return rest
    },
    normalise: (o, sent) =>
      reportNormalise({
        interval: 'last_3_months',
        groupings: 'cost_type',
        fields: { dateBucket: 'month', onDemandCostsScope: 'discountable' },
      })(o, sent),
  }),
  examples: {
    valid: {
      title: 'Coverage',
      workspaceToken: 'wrkspc_1',
      filter: "financial_commitments.provider = 'aws'",
      groupings: ['cost_type', 'commitment_type'],
      dateBucket: 'month',
    },
    invalid: [
      [{ workspaceToken: 'w' }, 'title'],
      [{ title: 'f' }, 'workspaceToken'],
      [{ title: 'f', workspaceToken: 'w', dateInterval: 'next_month' }, 'dateInterval'],
      [{ title: 'f', workspaceToken: 'w', onDemandCostsScope: 'some' }, 'onDemandCostsScope'],
      [{ title: 'f', workspaceToken: 'w', groupings: ['team'] }, 'groupings.0'],
      [
        { title: 'f', workspaceToken: 'w', dateInterval: 'last_month', startDate: '2024-01-01', endDate: '2024-01-31' },
        'dateInterval',
      ],
    ],
    outputs: { token: 'fncl_cmnt_rprt_1', userToken: 'usr_1', createdAt: '2024-01-01T00:00:00Z', default: false },
    reply: {
      token: 'fncl_cmnt_rprt_1',
      title: 'Coverage',
      workspace_token: 'wrkspc_1',
      filter: "(financial_commitments.provider = 'aws')",
      date_interval: 'last_3_months',
      start_date: '2024-04-01',
      end_date: '2024-06-30',
      date_bucket: 'month',
      on_demand_costs_scope: 'discountable',
      groupings: 'cost_type,commitment_type',
      created_at: '2024-01-01T00:00:00Z',
      default: false,
      user_token: 'usr_1',
    },
  },
})
