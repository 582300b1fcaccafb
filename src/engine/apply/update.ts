/**
 * Update: change an object in place, written ahead. A lost reply is sent again (an update sets
 * the desired state, so that is safe); the step's update is skipped when, with every value known,
 * nothing differs after all.
 */
import type { ResourceState } from '../../state/state'
import { withComputedInputs, withComputedPrior } from '../computed'
import { defaultsFor, priorAsSent } from '../diff'
import type { ResourceVertex } from '../graph'
import type { Obs } from '../handler'
import type { Step } from '../plan'
import { recordOf } from './record'
import { changesAtApply } from './changes-at-apply'
import { attempt, ctxOf, protect, settle, type RunState, type StepAction } from './run-state'
import { sentIdempotently } from './sent-idempotently'
import { putSettled, writeAhead } from './write-ahead'

export const doUpdate = async (
  st: RunState,
  s: Step,
  v: ResourceVertex,
  inputs: Record<string, unknown>,
  prior: ResourceState,
): Promise<ResourceState> => {
  const sent = protect(st, v.spec, inputs)
  const opId = await writeAhead(st, 'update', s, sent, prior.id)
  // computed fields left out go back as the platform has them: a full-body update must not clear them
  const wire = withComputedInputs(v.spec, inputs, prior)
  const asSent = priorAsSent(v.spec, inputs, prior.inputs)
  const o: Obs = await sentIdempotently(st, s, opId, () =>
    attempt(st.h.update(ctxOf(st, s), prior.id, wire, asSent, prior.outputs)),
  )
  const r = recordOf(st, v, o.id || prior.id, inputs, o, prior, sent)
  await putSettled(st, r, opId)
  return r
}

/** An update step: sent only when the inputs, known in full now, still differ from those recorded. */
export const updateStep: StepAction = async (st, s, v, p, inputs) => {
  const prior = st.resources[s.address]
  // the recorded defaults are what the platform has for the fields left out
  const after = { ...defaultsFor(v.spec, inputs), ...inputs }
  const d = changesAtApply(st, v, withComputedPrior(v.spec, prior), after, true)
  if (d.length === 0) return { id: prior.id, note: 'no change once values were known' }
  return settle(st, p, inputs, await doUpdate(st, s, v, inputs, prior))
}
