/**
 * sentIdempotently: an update's or delete's request, sent again while its reply is lost (both set
 * a state, so sending again is safe) within the step's budget. A definite failure settles the
 * write-ahead entry unless an earlier attempt may have been applied; then the entry stays pending
 * and the failure says so.
 */
import type { StepFailure } from '../handler'
import type { Step } from '../plan'
import { lostReply } from './lost-create'
import type { RunState } from './run-state'
import { maybeApplied, spent } from './step-budget'
import { settled } from './write-ahead'

/** updates and deletes tried per step when a reply is lost */
export const MAX_IDEMPOTENT_ATTEMPTS = 4

export const sentIdempotently = async <A>(st: RunState, s: Step, opId: string, send: () => Promise<A>): Promise<A> => {
  let lost = false
  for (let attemptNo = 1; ; attemptNo++) {
    try {
      return await send()
    } catch (e) {
      if (lostReply(e as StepFailure) && attemptNo < MAX_IDEMPOTENT_ATTEMPTS && !spent(st, s)) {
        lost = true
        continue
      }
      if (!(e as StepFailure).ambiguous && !lost) await settled(st, opId)
      throw lost ? maybeApplied(e) : e
    }
  }
}
