/**
 * The steps a run carries out, in an order the scheduler takes: each step's node's position, and
 * who waits for whom (a dependency's step found through the positions, or by address for the
 * steps of nodes no longer in the stack).
 */
import { dependents } from '../dependents'
import type { Plan, Step } from '../plan'

export interface StepOrder {
  readonly steps: ReadonlyArray<Step>
  /** each step's node's position in the graph (-1: not in the stack any more) */
  readonly stepAt: Int32Array
  readonly waiting: Int32Array
  readonly first: Int32Array
  readonly users: Int32Array
}

export const stepOrder = (plan: Plan, at: ReadonlyMap<string, number>, size: number): StepOrder => {
  const steps = plan.steps.filter((s) => s.action !== 'noop' || s.kind === 'Lookup')
  const n = steps.length
  const stepAt = new Int32Array(n)
  // the step at each position (-1: none, its node unchanged)
  const stepOf = new Int32Array(size).fill(-1)
  // steps of nodes no longer in the stack (deletes), by address: usually none
  const gone = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const p = at.get(steps[i].address)
    if (p === undefined) {
      stepAt[i] = -1
      gone.set(steps[i].address, i)
    } else {
      stepAt[i] = p
      stepOf[p] = i
    }
  }
  const indexOf = (a: string): number | undefined => {
    const p = at.get(a)
    if (p !== undefined) return stepOf[p] < 0 ? undefined : stepOf[p]
    return gone.size === 0 ? undefined : gone.get(a)
  }
  const { waiting, first, users } = dependents(n, (i) => steps[i].deps, false, indexOf)
  return { steps, stepAt, waiting, first, users }
}
