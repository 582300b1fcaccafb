/**
 * After a create failed: settle its entry, or — a lost reply, the create may or may not have
 * happened — look before creating again (never a blind retry). An object found that no record
 * owns is adopted (see `adoptFound`); nothing found, the create is tried again. If the look fails
 * or cannot be made, the entry stays for the next run's reconciliation.
 */
import { isLeft } from 'fp-ts/Either'
import { WAIT_TIMED_OUT } from '../../core/wire'
import type { ResourceState } from '../../state/state'
import { adoptedInputs } from '../adopt'
import { diffInputs } from '../diff'
import type { Obs, StepFailure } from '../handler'
import { readBack, unownedIn } from './adoption'
import { createAttempt, type CreateCall } from './create'
import { recordOf } from './record'
import { ctxOf, type RunState } from './run-state'
import { doUpdate } from './update'
import { spent } from './step-budget'
import { putSettled, settled } from './write-ahead'

/** creates tried per step when a reply is lost and a look shows nothing was made */
const MAX_CREATE_ATTEMPTS = 5

/**
 * Was this failure a lost reply (the request may or may not have been applied)? A wait that ran
 * out is not one: the platform answered throughout, and sending again would only wait as long again.
 */
export const lostReply = (f: StepFailure): boolean =>
  f.cause !== undefined && ['Network', 'Timeout', 'Server'].includes(f.cause.kind) && f.cause.code !== WAIT_TIMED_OUT

export const afterCreateFailed = async (
  st: RunState,
  c: CreateCall,
  opId: string,
  f: StepFailure,
  attemptNo: number,
): Promise<ResourceState> => {
  if (!f.ambiguous) {
    await settled(st, opId)
    throw f
  }
  // only a lost reply (network, timeout, 5xx) is looked for now; a garbled answer is reported
  // no look once the step's time budget is spent: the entry stays for the next run
  if (!lostReply(f) || attemptNo >= MAX_CREATE_ATTEMPTS || spent(st, c.s)) throw f
  const found = await st.h.find(ctxOf(st, c.s), c.sent)()
  if (isLeft(found) || found.right === undefined) throw f
  const made = unownedIn(st.resources, c.s.token, found.right, st.claimed)
  if (!made) {
    await settled(st, opId)
    return createAttempt(st, c, attemptNo + 1)
  }
  return adoptFound(st, c, opId, made)
}

/** Adopt an object a create whose reply was lost made, and finish what the create still owes. */
const adoptFound = async (st: RunState, c: CreateCall, opId: string, made: Obs): Promise<ResourceState> => {
  const { s, v, inputs, sent } = c
  // claimed before any await, so two steps adopting at once never take the same object
  st.claimed.add(`${s.token} ${made.id}`)
  const seen = await readBack(st.h, ctxOf(st, s), made, inputs)
  const applied = adoptedInputs(v.spec, sent, seen.inputs, st.protector)
  const r = recordOf(st, v, made.id, applied, seen, undefined, applied)
  await putSettled(st, r, opId)
  st.env.events({ type: 'progress', message: `${v.label}: adopted ${made.id}, made by a create whose reply was lost` })
  // finish what the create still owes, in place when the platform can
  const owed = diffInputs(applied, sent, {
    replaceOn: v.spec.replaceOn,
    ignore: [],
    equals: v.spec.equals ?? {},
    updatable: v.spec.wire.update !== undefined,
    protector: st.protector,
  })
  if (owed.length > 0 && !owed.some((d) => d.replaces)) return doUpdate(st, s, v, inputs, r)
  return r
}
