/** What planning every resource shares: the plan's input, where issues go, and per-type facts. */
import type { Issue } from '../../core/issue'
import type { Rule, RuleContext } from '../../core/spec'
import type { CheckedAtPlan } from '../check-resolved'
import type { DiffOptions } from '../diff'
import type { ResourceVertex } from '../graph'
import type { PlanInput } from '../plan'
import type { Known } from '../resolve'
import type { Validate } from '../validate'

export interface PlanCtx {
  readonly i: PlanInput
  readonly known: Known
  /** how many of `known`'s answers so far were values (not NOT_YET, not UNKNOWN) */
  readonly tally: { readonly known: number }
  readonly errors: Issue[]
  readonly warnings: Issue[]
  /** diff options per resource type, for nodes without ignoreChanges (made once per plan) */
  readonly diffOptions: Map<ResourceVertex['spec'], DiffOptions>
  /** checks values that arrived through refs */
  readonly validate: Validate
  /** inputs checked in full, by position (see CheckedAtPlan) */
  readonly checked: Array<CheckedAtPlan['inputs'][number]>
  /** the context compile-time rules get, one per provider instance (not one per node) */
  readonly ruleCtx: Map<string, RuleContext>
  /** each type's `when: 'plan'` rules (found once per plan, not once per node) */
  readonly planRules: Map<ResourceVertex['spec'], ReadonlyArray<Rule<Record<string, unknown>>>>
}

export const NONE: ReadonlyArray<never> = Object.freeze([])

export const ruleCtxOf = (v: ResourceVertex, c: PlanCtx): RuleContext => {
  let ctx = c.ruleCtx.get(v.provider)
  if (!ctx) c.ruleCtx.set(v.provider, (ctx = { config: c.i.graph.providers.get(v.provider)!.config, now: c.i.now }))
  return ctx
}

export const planRulesOf = (spec: ResourceVertex['spec'], c: PlanCtx): ReadonlyArray<Rule<Record<string, unknown>>> => {
  let rules = c.planRules.get(spec)
  if (!rules) c.planRules.set(spec, (rules = spec.rules.filter((r) => r.when === 'plan')))
  return rules
}
