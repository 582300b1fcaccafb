/**
 * findSteps: the steps of one token (whose inputs match a pattern), for assertions of one's own.
 */
import type { Step } from '../engine/plan'
import { stepMismatches, type InputsPattern, type PlanLike } from './expect-plan'
import type { Token } from '../providers/token-types'

/**
 * The plan's steps of this token whose inputs match the pattern (partially, at every depth).
 * @example
 * const reports = findSteps(run, 'cost:CostReport', { settings: { amortize: true } })
 * assert.ok(reports.every((s) => s.action === 'create'))
 */
export const findSteps = <T extends Token>(p: PlanLike, token: T, inputs?: InputsPattern<T>): ReadonlyArray<Step> => {
  const plan = 'steps' in p ? p : p.plan
  return plan.steps.filter((s) => s.token === token && stepMismatches(plan, s, inputs).length === 0)
}
