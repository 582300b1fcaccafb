/**
 * Budgets: twelve monthly periods from the current month unless given, amounts as decimal strings;
 * a budget over child budgets has no report and no periods of its own; performance on request.
 */
import { scalarText } from '../../../src/core/scalar-text'
import { allowOnly, arrayOf, requireKeys } from './checks'
import type { Collections } from './collection'
import { decimal, isYmd, monthEnd, monthStart, ymd } from './dates'
import { fail, type Obj } from './reply'
import type { CostContext } from './state'

const period = (p: Obj, i: number): Obj => {
  if (typeof p !== 'object' || p === null) fail(400, `periods[${i}] must be an object`)
  allowOnly(p, ['start_at', 'end_at', 'amount'])
  if (!isYmd(p.start_at)) fail(400, `periods[${i}].start_at must be a date (YYYY-MM-DD)`)
  if (p.end_at !== undefined && p.end_at !== null && !isYmd(p.end_at))
    fail(400, `periods[${i}].end_at must be a date (YYYY-MM-DD)`)
  if (typeof p.amount !== 'number') fail(400, `periods[${i}].amount must be a number`)
  return {
    start_at: p.start_at,
    end_at: p.end_at ?? ymd(monthEnd(new Date(`${p.start_at as string}T00:00:00Z`))),
    amount: decimal(p.amount),
  }
}

const periods = (v: unknown, now: Date): Obj[] => {
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) {
    // default periods: the current month and the eleven after it, with no amount
    return Array.from({ length: 12 }, (_, i) => ({
      start_at: ymd(monthStart(now, i)),
      end_at: ymd(monthEnd(now, i)),
      amount: '0.0',
    }))
  }
  if (!Array.isArray(v)) fail(400, 'periods must be an array')
  return (v as Obj[]).map(period)
}

const budgetFields = (ctx: CostContext, b: Obj, prior: Obj | undefined): Obj => {
  arrayOf(b, 'child_budget_tokens')
  const children = (b.child_budget_tokens ?? prior?.child_budget_tokens ?? []) as string[]
  for (const c of children) if (!ctx.exists('budgets', c)) fail(404, `Budget ${c} not found`)
  const hierarchical = children.length > 0
  if (b.cost_report_token && !ctx.exists('cost_reports', b.cost_report_token))
    fail(404, `Cost Report ${scalarText(b.cost_report_token)} not found`)
  const o: Obj = { ...(prior ?? {}), ...b, child_budget_tokens: children }
  if (hierarchical) {
    o.cost_report_token = null
    o.periods = []
  } else if ('periods' in b || !prior) o.periods = periods(b.periods, ctx.now())
  return o
}

const performance = (o: Obj): Obj[] =>
  ((o.periods as Obj[]) ?? []).slice(0, 1).map((p) => ({
    date: new Date(`${p.start_at as string}T00:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    actual: '0.0',
    amount: p.amount,
  }))

export const budgetCollections = (ctx: CostContext): Collections => ({
  budgets: {
    prefix: 'bdgt_',
    fields: ['name', 'cost_report_token', 'periods', 'child_budget_tokens'],
    createOnly: ['workspace_token'],
    create: (b, token) => {
      requireKeys(b, 'name')
      ctx.needWorkspace(b, false)
      const o = budgetFields(ctx, b, undefined)
      return {
        token,
        workspace_token: 'wrkspc_default',
        cost_report_token: null,
        ...o,
        budget_alert_tokens: [],
        created_at: ctx.stamp(),
        created_by_token: 'usr_emulator',
        user_token: 'usr_emulator',
      }
    },
    update: (o, b) => budgetFields(ctx, b, o),
    view: (o, q) => (q.get('include_performance') === 'true' ? { ...o, performance: performance(o) } : o),
  },
})
