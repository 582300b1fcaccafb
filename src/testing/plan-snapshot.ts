/**
 * planSnapshot: a plan as text and JSON that are byte-identical across runs and machines (the
 * mock's lineage, salt, ids and times are seeded), for `toMatchSnapshot`-style tests in any runner.
 */
import type { Registry } from '../core/registry'
import { renderPlan } from '../render/render'
import { planToJson } from '../render/plan-document'
import { registry as builtIn } from '../providers'
import type { PlanLike } from './expect-plan'

/** A plan's stable renderings. */
export interface PlanSnapshot {
  /** the plan as a human reads it, unchanged nodes and reads included, no colour */
  readonly text: string
  /** the plan document (secrets as {"secret": true}), pretty-printed with a trailing newline */
  readonly json: string
}

/**
 * The plan of a mock run (or any plan) as stable text and JSON.
 * @example
 * const snap = planSnapshot(await runMock(myStack))
 * assert.is(snap.json, readFileSync('test/__snapshots__/my-stack.json', 'utf8'))
 */
export const planSnapshot = (p: PlanLike, registry: Registry = builtIn): PlanSnapshot => {
  const plan = 'steps' in p ? p : p.plan
  return {
    text: renderPlan(plan, registry, { all: true }) + '\n',
    json: JSON.stringify(planToJson(plan, registry), null, 2) + '\n',
  }
}
