/**
 * Create: one attempt on the common path, written ahead like any operation. With a handler and a
 * journal that both answer at once (`createSync` on an at-once journal: the mock on the memory
 * store) it is done when it returns: no promise, no turn of the event loop. A failure goes to
 * `afterCreateFailed` (lost-reply adoption); a chain of thens, not an async function, so a
 * suspended frame holds no locals per step.
 */
import { isLeft } from 'fp-ts/Either'
import type { ResourceVertex } from '../graph'
import { createNowOf, isStepFailure, type Handler, type Obs, type StepFailure } from '../handler'
import type { Step } from '../plan'
import type { ResourceState } from '../../state/state'
import { afterCreateFailed } from './lost-create'
import { recordOf } from './record'
import { ctxOf, protect, type RunState } from './run-state'
import { putSettled, writeAhead } from './write-ahead'
import { WRITTEN } from './journal'

/** What a create works with: the step, its vertex, the inputs to send and as recorded (`sent`). */
export interface CreateCall {
  readonly s: Step
  readonly v: ResourceVertex
  readonly inputs: Record<string, unknown>
  readonly sent: Record<string, unknown>
}

/** Create the step's object; `at`: the clock as the step read it. */
export const doCreate = (
  st: RunState,
  s: Step,
  v: ResourceVertex,
  inputs: Record<string, unknown>,
  at?: Date,
): ResourceState | Promise<ResourceState> =>
  createAttempt(st, { s, v, inputs, sent: protect(st, v.spec, inputs) }, 1, at)

export const createAttempt = (
  st: RunState,
  c: CreateCall,
  attemptNo: number,
  at?: Date,
): ResourceState | Promise<ResourceState> => {
  if (!st.store.atOnce) return createAfterEntry(st, c, attemptNo)
  const opId = writeAhead(st, 'create', c.s, c.sent, undefined, at) as string
  const sync = createNowOf(st.h)
  if (sync === undefined) return sendCreate(st, c, opId, attemptNo, st.h.create(ctxOf(st, c.s, c.v.spec), c.inputs))
  let o: Obs | StepFailure
  try {
    o = sync(c.v.spec, c.s.name, c.inputs)
  } catch (e) {
    o = e as StepFailure
  }
  return isStepFailure(o) ? afterCreateFailed(st, c, opId, o, attemptNo) : created(st, c, opId, o, at)
}

// its own function: a closure over createAttempt's arguments made V8 give every call a context
const createAfterEntry = (st: RunState, c: CreateCall, attemptNo: number): Promise<ResourceState> =>
  (writeAhead(st, 'create', c.s, c.sent) as Promise<string>).then((opId) =>
    sendCreate(st, c, opId, attemptNo, st.h.create(ctxOf(st, c.s, c.v.spec), c.inputs)),
  )

const sendCreate = (
  st: RunState,
  c: CreateCall,
  opId: string,
  attemptNo: number,
  task: ReturnType<Handler['create']>,
): Promise<ResourceState> =>
  task().then(
    (res) => (isLeft(res) ? afterCreateFailed(st, c, opId, res.left, attemptNo) : created(st, c, opId, res.right)),
    (e: unknown) => afterCreateFailed(st, c, opId, e as StepFailure, attemptNo),
  )

const created = (
  st: RunState,
  c: CreateCall,
  opId: string,
  o: Obs,
  at?: Date,
): ResourceState | Promise<ResourceState> => {
  const r = recordOf(st, c.v, o.id, c.inputs, o, undefined, c.sent, at)
  const written = putSettled(st, r, opId)
  // written at once: the record itself, not a promise of it (two more microtask turns per step)
  return written === WRITTEN ? r : written.then(() => r)
}
