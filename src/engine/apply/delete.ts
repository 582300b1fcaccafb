/**
 * Delete: an object deleted (a missing one counts as deleted), written ahead; or forgotten, for a
 * type the platform cannot delete. Also the deletes replacements deferred to the end of the run.
 */
import type { ResourceState } from '../../state/state'
import type { StepFailure } from '../handler'
import type { Step } from '../plan'
import { attempt, ctxOf, forget, forgets, log, NOTHING, type Done, type RunState } from './run-state'
import { sentIdempotently } from './sent-idempotently'
import { dropSettled, writeAhead } from './write-ahead'

/** `written`: the id of the delete's write-ahead entry when it is journaled already */
export const doDelete = async (st: RunState, s: Step, old: ResourceState, written?: string): Promise<void> => {
  const spec = st.env.registry.resources.get(old.token)
  // forgetting a replaced object must not drop its successor, recorded at the same address
  if (!spec || spec.wire.delete === 'forget') return dropSettled(st, old, written)
  const opId = written ?? (await writeAhead(st, 'delete', old, old.inputs, old.id))
  await sentIdempotently(st, s, opId, () =>
    attempt(st.h.delete({ ...ctxOf(st, s, spec), address: old.address }, old.id, old.inputs, old.outputs)),
  )
  await dropSettled(st, old, opId)
}

/** A delete (or forget) step of a node no longer in the stack (`p` -1) or no longer wanted. */
export const deleteStep = async (st: RunState, s: Step, p: number): Promise<Done> => {
  const old = st.resources[s.address]
  if (old) await doDelete(st, s, old)
  forget(st, p)
  return NOTHING
}

/** A delete done for a replacement, journaled as its own entry. */
export const deleteLogged = async (st: RunState, s: Step, old: ResourceState, written?: string): Promise<void> => {
  const t0 = Date.now()
  await doDelete(st, s, old, written)
  const action = forgets(st, old) ? 'forget' : 'delete'
  log(st, { address: s.address, action, status: 'done', ms: Date.now() - t0, id: old.id })
}

/**
 * Old objects of replaced resources go last, once their dependents point at the new ones; after a
 * failure their write-ahead entries stay, and the next run finishes the deletes.
 */
export const deferredDeletes = async (st: RunState): Promise<void> => {
  if (st.failures.length > 0 || st.env.signal?.aborted) return
  for (const { step, old, opId } of st.deferredDeletes.reverse()) {
    const t0 = Date.now()
    try {
      await deleteLogged(st, step, old, opId)
    } catch (e) {
      const f = e as StepFailure
      st.failures.push(f)
      log(st, { address: step.address, action: 'delete', status: 'failed', ms: Date.now() - t0, message: f.message })
    }
  }
}
