/**
 * In-memory StateStore (mock runs, tests). Same semantics as the file store, nothing durable.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { hostname } from 'node:os'
import { churnTable, keyedCopy, type ChurnTable } from '../core/copy'
import { applyRecords, type JournalRecord, type JournalTarget, type PendingOp, type State } from './state'
import { stateError, type LockInfo, type StateStore } from './state-store'
import { withMoves } from './move-intent'
import { withOwners } from './owners'
import { memoryOwners } from './owners-memory'

/** an append's answer: nothing to tell, so one for all */
const APPENDED: E.Either<never, void> = E.right(undefined)
const APPENDED_LATER: Promise<E.Either<never, void>> = Promise.resolve(APPENDED)

/**
 * A stack's journal since its snapshot: write-ahead entries applied as they arrive (most are
 * settled in the same turn); a run's other records kept, and folded into working copies of the
 * snapshot's objects made at the first read (a run reads nothing until its closing snapshot drops
 * them, so a run on a large state copies none of it).
 */
interface Journal {
  readonly pending: ChurnTable<PendingOp>
  readonly unfolded: JournalRecord[]
  folded?: JournalTarget
}

const journalOf = (s: State | undefined): Journal => ({ pending: churnTable(s?.pending ?? {}), unfolded: [] })

/** The journal's records folded into working copies of `s` (made once, then kept). */
const foldedOf = (s: State, j: Journal): JournalTarget => {
  const f = (j.folded ??= { resources: keyedCopy(s.resources), pending: j.pending, outputs: s.outputs })
  applyRecords(f, j.unfolded)
  j.unfolded.length = 0
  return f
}

/** State in memory, with the file store's semantics (mock runs and tests). */
const bareMemoryStore = (
  initial: Readonly<Record<string, State>> = {},
): StateStore & { readonly snapshot: (stack: string) => State | undefined } => {
  const states = new Map<string, State>(Object.entries(initial))
  const journals = new Map<string, Journal>()
  const locks = new Map<string, LockInfo>()
  const current = (stack: string): State | undefined => {
    const s = states.get(stack)
    const j = journals.get(stack)
    if (!s || !j) return s
    const f = foldedOf(s, j)
    return { ...s, resources: { ...f.resources }, pending: Object.fromEntries(f.pending), outputs: f.outputs }
  }
  const appendOne = (stack: string, record: JournalRecord): void => {
    let j = journals.get(stack)
    if (!j) journals.set(stack, (j = journalOf(states.get(stack))))
    if (record.t === 'pending') j.pending.set(record.op.opId, record.op)
    else if (record.t === 'settled') j.pending.delete(record.opId)
    else j.unfolded.push(record)
  }
  const append: StateStore['append'] = (stack, records) => () => {
    for (let i = 0; i < records.length; i++) appendOne(stack, records[i])
    return APPENDED_LATER
  }
  return {
    snapshot: current,
    lock: lockIn(locks),
    read: (stack) => TE.right(current(stack)),
    append,
    // nothing to wait for: a record is taken in the calling turn (a declared capability, of this append)
    appendSync: {
      of: append,
      run: (stack, record) => {
        appendOne(stack, record)
        return undefined
      },
    },
    write: writeIn(states, journals),
    list: () => TE.right([...states.keys()]),
    remove: (stack, serial) => {
      const on = states.get(stack)
      if (on && on.serial !== serial)
        return TE.left(stateError('Conflict', `state of ${stack} is at serial ${on.serial}, not ${serial}`))
      states.delete(stack)
      journals.delete(stack)
      return TE.right(undefined)
    },
  }
}

/** Locks held in memory: one holder per stack, others wait up to `waitMs`. */
const lockIn =
  (locks: Map<string, LockInfo>): StateStore['lock'] =>
  (stack, opts = {}) =>
    TE.tryCatch(
      async () => {
        const deadline = Date.now() + (opts.waitMs ?? 0)
        for (;;) {
          const held = locks.get(stack)
          if (!held) break
          if (Date.now() >= deadline)
            throw stateError(
              'Locked',
              `stack ${stack} is locked by ${held.owner} (pid ${held.pid} on ${held.host}) since ${held.since}`,
              held,
            )
          await new Promise((r) => setTimeout(r, Math.min(20, Math.max(1, deadline - Date.now()))))
        }
        const mine: LockInfo = {
          owner: opts.owner ?? 'trellis',
          pid: process.pid,
          host: hostname(),
          since: new Date().toISOString(),
        }
        locks.set(stack, mine)
        // release only our own lock, never a later holder's
        return { release: () => TE.fromIO(() => void (locks.get(stack) === mine && locks.delete(stack))) }
      },
      (e) => e as ReturnType<typeof stateError>,
    )

/** A snapshot written over the stack's, its serial and lineage checked; the journal folded into it dropped. */
const writeIn =
  (states: Map<string, State>, journals: Map<string, unknown>): StateStore['write'] =>
  (stack, state) => {
    // journal records never change serial or lineage: the snapshot alone answers the check
    const on = states.get(stack)
    if (on && on.lineage !== state.lineage)
      return TE.left(stateError('Conflict', `state of ${stack} belongs to lineage ${on.lineage}, not ${state.lineage}`))
    if (on && on.serial !== state.serial)
      return TE.left(
        stateError(
          'Conflict',
          `state of ${stack} is at serial ${on.serial}; this write is based on serial ${state.serial}`,
        ),
      )
    const next = { ...state, serial: state.serial + 1 }
    states.set(stack, next)
    journals.delete(stack)
    return TE.right(next)
  }

/** State in memory, with the file store's semantics and ownership claims in a map (mock runs and tests). */
export const memoryStore = (initial: Readonly<Record<string, State>> = {}): ReturnType<typeof bareMemoryStore> =>
  withMoves(withOwners(bareMemoryStore(initial), memoryOwners()))
