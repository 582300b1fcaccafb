/**
 * Targeted plans (`--target`): keep the steps of the targets and of everything they depend on,
 * transitively, as Terraform does; every other change is left out, and said to be. A step left out
 * changes nothing: the run starts from state, so untouched resources keep their records.
 */
import type { Plan, Step } from './plan'

export interface Targeted {
  readonly plan: Plan
  /** addresses with a change that was left out */
  readonly leftOut: ReadonlyArray<string>
}

export const selectTargets = (plan: Plan, targets: ReadonlyArray<string>): Targeted => {
  const byAddress = new Map<string, Step>(plan.steps.map((s) => [s.address, s]))
  const keep = new Set<string>()
  const visit = (a: string) => {
    if (keep.has(a)) return
    const s = byAddress.get(a)
    if (!s) return
    keep.add(a)
    s.deps.forEach(visit)
  }
  targets.forEach(visit)
  const steps = plan.steps.filter((s) => keep.has(s.address))
  const leftOut = plan.steps
    .filter((s) => !keep.has(s.address) && s.action !== 'noop' && s.action !== 'read')
    .map((s) => s.address)
  return { plan: { ...plan, steps }, leftOut }
}
