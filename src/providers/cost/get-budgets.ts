/**
 * cost:getBudgets — Every budget, with periods (amounts as numbers) and performance. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'
import { toNumber } from './shared/wire'

export const BudgetItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      name: t.string,
      workspaceToken: t.string,
      userToken: t.string,
      createdByToken: t.string,
      costReportToken: t.string,
      createdAt: t.string,
      budgetAlertTokens: t.array(t.string),
      childBudgetTokens: t.array(t.string),
      periods: t.array(
        t.exact(t.partial({ startAt: t.string, endAt: t.string, amount: t.number }), 'BudgetItemPeriod'),
      ),
      performances: t.array(
        t.exact(t.partial({ date: t.string, actual: t.string, amount: t.string }), 'BudgetItemPerformance'),
      ),
    }),
  ]),
  'BudgetItem',
)

export const GetBudgetsArgs = NoArgs('GetBudgetsArgs')
export type GetBudgetsArgs = t.TypeOf<typeof GetBudgetsArgs>

export const getBudgets = collectionLookup({
  token: 'cost:getBudgets',
  doc: 'Every budget, with periods (amounts as numbers) and performance.',
  path: '/v2/budgets',
  items: 'budgets',
  list: {
    /** Every budget, with periods (amounts as numbers) and performance. */
    budgets: BudgetItem,
  },
  renames: { performances: 'performance' },
  idFromToken: true,
  normalise: (o) => ({
    ...o,
    periods: Array.isArray(o.periods)
      ? (o.periods as Record<string, unknown>[]).map((p) => ({ ...p, amount: toNumber(p.amount) }))
      : o.periods,
  }),
  example: {
    reply: {
      links: { next: null },
      budgets: [
        {
          token: 'bdgt_1',
          name: 'AWS',
          workspace_token: 'wrkspc_1',
          cost_report_token: 'rprt_1',
          child_budget_tokens: [],
          budget_alert_tokens: [],
          periods: [{ start_at: '2024-01-01', end_at: '2024-01-31', amount: '100.0' }],
          performance: [{ date: 'January, 2024', actual: '12%', amount: '100.0' }, null],
          created_at: '2024-01-01T00:00:00Z',
        },
      ],
    },
    result: {
      budgets: [
        {
          id: 'bdgt_1',
          token: 'bdgt_1',
          name: 'AWS',
          workspaceToken: 'wrkspc_1',
          costReportToken: 'rprt_1',
          childBudgetTokens: [],
          budgetAlertTokens: [],
          periods: [{ startAt: '2024-01-01', endAt: '2024-01-31', amount: 100 }],
          performances: [{ date: 'January, 2024', actual: '12%', amount: '100.0' }],
          createdAt: '2024-01-01T00:00:00Z',
        },
      ],
    },
  },
})
export const GetBudgetsResult = getBudgets.result
export type GetBudgetsResult = t.TypeOf<typeof GetBudgetsResult>
