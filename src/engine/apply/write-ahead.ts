/**
 * writeAhead: the journal entry for an operation about to be sent, durable before it is sent.
 * Entries are named by the run's random id and a counter: unique across runs, and one random UUID
 * per step was a noticeable share of a mock run's allocation.
 */
import { randomUUID } from 'node:crypto'
import type { JournalRecord, PendingOp, ResourceState } from '../../state/state'
import type { RunState } from './run-state'

/** What names the entry's object. */
type Where = { readonly address: string; readonly token: string; readonly name: string; readonly provider: string }

const runIds = new WeakMap<RunState, { readonly prefix: string; ops: number }>()

const nextOpId = (st: RunState): string => {
  let r = runIds.get(st)
  if (r === undefined) runIds.set(st, (r = { prefix: `${randomUUID()}.`, ops: 0 }))
  return r.prefix + ++r.ops
}

/**
 * Write the entry ahead; its id when the journal is written at once, else a promise of it. The
 * entry is one literal in the journal's field order, with or without an id (no field added after).
 * `d`: the step's clock.
 */
export const writeAhead = (
  st: RunState,
  op: PendingOp['op'],
  at: Where,
  inputs: PendingOp['inputs'],
  id?: string,
  d?: Date,
): string | Promise<string> => {
  const opId = nextOpId(st)
  const startedAt = st.clock.iso(d)
  const { address, token, name, provider } = at
  const entry: PendingOp =
    id === undefined
      ? { op, address, token, name, provider, inputs, opId, startedAt }
      : { op, address, token, name, provider, inputs, id, opId, startedAt }
  const written = st.store.write({ t: 'pending', op: entry })
  return st.store.atOnce ? opId : written.then(() => opId)
}

/** The entry is done with: nothing pending any more. */
export const settled = (st: RunState, opId: string): Promise<void> => st.store.write({ t: 'settled', opId })

/** The object recorded, its entry settled. */
export const putSettled = (st: RunState, r: ResourceState, opId: string): Promise<void> =>
  st.store.write({ t: 'put', resource: r }, { t: 'settled', opId })

/** The old object dropped (unless a successor is recorded at its address), its entry (if any) settled. */
export const dropSettled = (st: RunState, old: ResourceState, opId?: string): Promise<void> => {
  const settle: JournalRecord | undefined = opId === undefined ? undefined : { t: 'settled', opId }
  if (st.resources[old.address]?.id !== old.id)
    return settle === undefined ? st.store.drained() : st.store.write(settle)
  return st.store.write({ t: 'drop', address: old.address }, settle)
}
