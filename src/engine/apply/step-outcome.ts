/**
 * How a step ended, recorded: its journal entry and its event; a failure kept, and — unless the
 * run goes on after errors — new steps stopped.
 */
import { labelOfAddress } from '../../core/node'
import { stepFailure, type StepFailure } from '../handler'
import type { Step } from '../plan'
import type { Done, RunState } from './run-state'

export const stepDone = (st: RunState, s: Step, t0: number, r: Done): void => {
  const ms = Date.now() - t0
  // a literal with the id, not the id added after: one shape for every entry
  st.journal.push(
    r.id
      ? { seq: st.seq++, address: s.address, action: s.action, status: 'done', ms, id: r.id }
      : { seq: st.seq++, address: s.address, action: s.action, status: 'done', ms },
  )
  if (!st.listening) return
  if (r.note) st.env.events({ type: 'step-done', address: s.address, action: s.action, ms, note: r.note })
  else st.env.events({ type: 'step-done', address: s.address, action: s.action, ms })
}

export const stepFailed = (st: RunState, s: Step, t0: number, e: unknown): void => {
  const ms = Date.now() - t0
  const f: StepFailure =
    (e as StepFailure)?._tag === 'StepFailure'
      ? (e as StepFailure)
      : stepFailure(labelOfAddress(s.address), 'create', e instanceof Error ? e.message : String(e))
  st.failures.push(f)
  st.journal.push({ seq: st.seq++, address: s.address, action: s.action, status: 'failed', ms, message: f.message })
  st.env.events({ type: 'step-failed', address: s.address, action: s.action, ms, message: f.message })
}

/** A write sent when the step's time budget ran out: recorded pending (its entry stays), and said. */
export const stepPending = (st: RunState, s: Step, t0: number, message: string): void => {
  const ms = Date.now() - t0
  st.journal.push({ seq: st.seq++, address: s.address, action: s.action, status: 'pending', ms, message })
  st.env.events({ type: 'warning', message })
}
