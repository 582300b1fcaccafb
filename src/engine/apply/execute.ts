/**
 * execute: one step, by its action. Not async: a step done in the turn it started (a create on
 * the mock, see create.ts) gives its outcome as it is; a throw becomes a rejection like an async
 * function's would. `p`: the step's node's position in `graph.ordered` (-1: a node no longer in
 * the stack, deleted or forgotten).
 */
import type { ResourceVertex } from '../graph'
import type { Step } from '../plan'
import { doCreate } from './create'
import { deleteStep } from './delete'
import { importStep } from './import'
import { inputsOf } from './inputs'
import { lookupStep } from './lookup'
import { replaceStep } from './replace'
import { NOTHING, settle, type Done, type RunState } from './run-state'
import { updateStep } from './update'

export const execute = (st: RunState, s: Step, p: number): Done | Promise<Done> => {
  try {
    if (s.kind === 'Lookup') return lookupStep(st, s, p)
    if (s.action === 'delete' || s.action === 'forget') return deleteStep(st, s, p)
    const rv = st.graph.ordered[p] as ResourceVertex
    // one read of the clock for the inputs' check and, answered at once, the record's times
    const at = st.env.now()
    const inputs = inputsOf(st, s, rv, p, at)
    if (s.action === 'noop') return NOTHING
    if (s.action === 'update') return updateStep(st, s, rv, p, inputs)
    if (s.action === 'import') return importStep(st, s, rv, p, inputs)
    if (s.action !== 'create') return replaceStep(st, s, rv, p, inputs)
    const r = doCreate(st, s, rv, inputs, at)
    return r instanceof Promise ? settleLater(st, r, p, inputs) : settle(st, p, inputs, r)
  } catch (e) {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a step failure is data (see StepFailure)
    return Promise.reject(e)
  }
}

// (its own function: a closure in execute gave every step a context for its locals)
const settleLater = (
  st: RunState,
  r: Promise<Parameters<typeof settle>[3]>,
  p: number,
  inputs: Record<string, unknown>,
) => r.then((x) => settle(st, p, inputs, x))
