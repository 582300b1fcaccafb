/**
 * Replace, in either order. Delete first: the old object's delete is journaled as its own
 * operation before the create. Create first: the old object's delete is written ahead before the
 * create, so dying between the two leaves it pending for the next run instead of on the platform
 * forever; the delete itself waits for the end of the run (see deferredDeletes).
 */
import type { StepFailure } from '../handler'
import { doCreate } from './create'
import { deleteLogged } from './delete'
import { settle, type StepAction } from './run-state'
import { settled, writeAhead } from './write-ahead'

export const replaceStep: StepAction = async (st, s, v, p, inputs) => {
  const prior = st.resources[s.address]
  if (s.deleteBeforeReplace) {
    await deleteLogged(st, s, prior)
    return settle(st, p, inputs, await doCreate(st, s, v, inputs))
  }
  const opId = await writeAhead(st, 'delete', prior, prior.inputs, prior.id)
  let r
  try {
    r = await doCreate(st, s, v, inputs)
  } catch (e) {
    // nothing was made: the old object stays and owes no delete. An unknown outcome keeps the
    // entry: the next run adopts the new object (if any) and then deletes the old one
    if (!(e as StepFailure).ambiguous) await settled(st, opId)
    throw e
  }
  st.deferredDeletes.push({ step: s, old: prior, opId })
  return settle(st, p, inputs, r)
}
