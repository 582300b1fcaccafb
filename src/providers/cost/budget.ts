/**
 * cost:Budget — a budget over a cost report, by period, or a hierarchy of child budgets. From the
 * docs/wire/cost.md: BudgetPerformance's fields (date as a month label, actual as a percentage text,
 * amount), that the server fills `endAt` and default periods when none are given, that amounts come
 * back as decimal strings, that performance is read with `include_performance=true`, and that the
 * workspace is fixed at creation. The platform requires a name (the spec marks it optional).
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { DateYMD } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { costCrud, dropEmptyUnlessSent, dropServerChosen, known, toNumber } from './shared/wire'

export const BudgetPeriod = t.exact(
  t.intersection([t.type({ startAt: DateYMD, amount: t.number }), t.partial({ endAt: DateYMD })]),
  'BudgetPeriod',
)
export type BudgetPeriod = t.TypeOf<typeof BudgetPeriod>

export const BudgetPerformance = t.exact(
  t.partial({ date: t.string, actual: t.string, amount: t.string }),
  'BudgetPerformance',
)
export type BudgetPerformance = t.TypeOf<typeof BudgetPerformance>

export const BudgetInputs = t.exact(
  t.partial({
    /** Display name of the budget. */
    name: t.string,

    /** Ignored for hierarchical budgets. */
    costReportToken: t.string,

    /** Ignored for hierarchical budgets. */
    periods: t.array(BudgetPeriod),

    /** Giving child budgets makes the budget hierarchical. */
    childBudgetTokens: t.array(t.string),

    /** Workspace the budget is added to. */
    workspaceToken: t.string,
  }),
  'BudgetInputs',
)
export type BudgetInputs = t.TypeOf<typeof BudgetInputs>

export const BudgetOutputs = t.exact(
  t.intersection([
    t.type({
      /** The budget's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** Tokens of the budget alerts that watch this budget (set by the platform). */
      budgetAlertTokens: t.array(t.string),

      /** When the budget was created (UTC ISO 8601). */
      createdAt: t.string,

      /** Token of the user or team that created the budget. */
      createdByToken: t.string,

      /** Historical performance. Set by the platform. */
      performances: t.array(BudgetPerformance),

      /** User who created the budget. Set by the platform. */
      userToken: t.string,
    }),
  ]),
  'BudgetOutputs',
)
export type BudgetOutputs = t.TypeOf<typeof BudgetOutputs>

/**
 * Periods compare item by item; a period without an end date matches any end date, because the
 * platform fills one in and a listing or an import cannot tell it from one the user wrote.
 */
const samePeriods = (a: unknown, b: unknown): boolean => {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
  return a.every((x: Record<string, unknown>, n) => {
    const y = b[n] as Record<string, unknown>
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) return false
    return (
      x.startAt === y.startAt &&
      toNumber(x.amount) === toNumber(y.amount) &&
      (x.endAt === undefined || y.endAt === undefined || x.endAt === y.endAt)
    )
  })
}

const hierarchical = (i: BudgetInputs): boolean => Array.isArray(i.childBudgetTokens) && i.childBudgetTokens.length > 0

export const Budget = defineResource({
  token: 'cost:Budget',
  doc:
    'A budget: amounts per period (YYYY-MM-DD) over a cost report, or — when childBudgetTokens are given — a hierarchical budget ' +
    'summing its children, for which costReportToken and periods are ignored. Without periods the platform creates default ones; ' +
    'those are not compared. A period without endAt gets one from the platform and matches whatever end date it reads back. ' +
    'The platform requires a name. Changing the workspace replaces the budget.',
  inputs: BudgetInputs,
  outputs: BudgetOutputs,
  identity: byToken('budget token'),
  replaceOn: ['workspaceToken'],
  // TF always sends these arrays and a missing one can fail (docs/wire/cost.md §6.2): sent empty when left out
  sentEmpty: ['childBudgetTokens', 'periods'],
  secrets: [],
  rules: [
    {
      name: 'the platform requires a name',
      check: (i) =>
        i.name === undefined
          ? [{ path: 'name', expected: 'a budget name (the platform requires one)', given: undefined }]
          : [],
    },
    {
      name: 'hierarchical budgets ignore report and periods',
      check: (i) =>
        hierarchical(i)
          ? (['costReportToken', 'periods'] as const)
              .filter((f) => i[f] !== undefined)
              .map((f): Finding => ({
                path: f,
                severity: 'warning',
                expected: `no ${f} on a hierarchical budget`,
                given: i[f],
                message: 'is ignored because childBudgetTokens make this budget hierarchical.',
              }))
          : [],
    },
    {
      name: 'periods in order',
      check: (i) =>
        (Array.isArray(i.periods) ? i.periods : []).flatMap((p, n): Finding[] =>
          p &&
          known(p.endAt) &&
          known(p.startAt) &&
          typeof p.endAt === 'string' &&
          typeof p.startAt === 'string' &&
          p.endAt < p.startAt
            ? [{ path: `periods.${n}.endAt`, expected: `a date not before startAt (${p.startAt})`, given: p.endAt }]
            : [],
        ),
    },
  ],
  equals: { periods: samePeriods },
  wire: costCrud({
    path: '/v2/budgets',
    items: 'budgets',
    inputs: BudgetInputs,
    outputs: BudgetOutputs,
    renames: { performances: 'performance' },
    readQuery: { include_performance: true },
    createOnly: ['workspaceToken'],
    createBody: (i) =>
      hierarchical(i)
        ? { name: i.name, workspaceToken: i.workspaceToken, childBudgetTokens: i.childBudgetTokens }
        : { ...i, childBudgetTokens: i.childBudgetTokens ?? [], periods: i.periods ?? [] },
    updateBody: (i) =>
      hierarchical(i)
        ? { name: i.name, childBudgetTokens: i.childBudgetTokens }
        : {
            name: i.name,
            costReportToken: i.costReportToken,
            childBudgetTokens: i.childBudgetTokens ?? [],
            periods: i.periods ?? [],
          },
    normalise: (o, sent) => {
      const out = { ...o }
      const sentPeriods = sent.periods
      const periods = Array.isArray(out.periods) ? (out.periods as Record<string, unknown>[]) : []
      if (hierarchical(sent)) {
        // ignored by the platform: what the user wrote stands
        if (sent.periods !== undefined) out.periods = sent.periods
        else delete out.periods
        if (sent.costReportToken !== undefined) out.costReportToken = sent.costReportToken
        else delete out.costReportToken
      } else if (
        (sentPeriods === undefined && Object.keys(sent).length > 0) ||
        (Array.isArray(sentPeriods) && sentPeriods.length === 0 && periods.length > 0)
      ) {
        // default periods made by the server are not the user's (with nothing sent — an import, a
        // listing — they are reported: the engine keeps them only where the stack sets periods)
        if (sentPeriods === undefined) delete out.periods
        else out.periods = []
      } else {
        out.periods = periods.map((p, n) => {
          const q: Record<string, unknown> = { startAt: p.startAt, amount: toNumber(p.amount) }
          // an end date the server filled in stays unset, as the user wrote it
          if (p.endAt != null && (Array.isArray(sentPeriods) ? sentPeriods[n]?.endAt !== undefined : true))
            q.endAt = p.endAt
          return q
        })
      }
      dropServerChosen(out, sent, 'workspaceToken')
      dropEmptyUnlessSent(out, sent, 'childBudgetTokens')
      if (Array.isArray(out.performances)) out.performances = (out.performances as unknown[]).filter((p) => p !== null)
      return out
    },
  }),
  examples: {
    valid: {
      name: 'AWS 2024',
      costReportToken: 'rprt_1',
      workspaceToken: 'wrkspc_1',
      periods: [
        { startAt: '2024-01-01', endAt: '2024-01-31', amount: 10000 },
        { startAt: '2024-02-01', amount: 9000 },
      ],
    },
    invalid: [
      [{ costReportToken: 'rprt_1' }, 'name'],
      [{ name: 'b', periods: [{ startAt: '2024-01-01' }] }, 'periods.0.amount'],
      [{ name: 'b', periods: [{ startAt: '01/01/2024', amount: 1 }] }, 'periods.0.startAt'],
      [{ name: 'b', periods: [{ startAt: '2024-02-01', endAt: '2024-01-31', amount: 1 }] }, 'periods.0.endAt'],
      [{ name: 'b', childBudgetTokens: 'bdgt_1' }, 'childBudgetTokens'],
    ],
    outputs: {
      token: 'bdgt_1',
      budgetAlertTokens: [],
      createdAt: '2024-01-01T00:00:00Z',
      createdByToken: 'usr_1',
      userToken: 'usr_1',
      performances: [{ date: 'January, 2024', actual: '-100%', amount: '10000.0' }],
    },
    reply: {
      token: 'bdgt_1',
      name: 'AWS 2024',
      cost_report_token: 'rprt_1',
      workspace_token: 'wrkspc_1',
      child_budget_tokens: [],
      budget_alert_tokens: [],
      periods: [
        { start_at: '2024-01-01', end_at: '2024-01-31', amount: '10000.0' },
        { start_at: '2024-02-01', end_at: '2024-02-29', amount: '9000.0' },
      ],
      performance: [{ date: 'January, 2024', actual: '-100%', amount: '10000.0' }, null],
      created_at: '2024-01-01T00:00:00Z',
      created_by_token: 'usr_1',
      user_token: 'usr_1',
    },
  },
})
