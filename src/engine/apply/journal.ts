/**
 * Journal: how a run makes its records durable, its mode chosen once when made. At once, for a
 * store that declares `appendSync` (nothing durable to wait for): each record taken in the calling
 * turn. Grouped otherwise: records of steps finishing together go in one durable append.
 */
import { isLeft } from 'fp-ts/Either'
import type { JournalRecord } from '../../state/state'
import { appendNowOf, type AppendNow, type StateStore } from '../../state/state-store'

/** what `write` gives once the records are written at once */
export const WRITTEN: Promise<void> = Promise.resolve()

export interface Journal {
  /** records are taken in the calling turn: `write` answers WRITTEN */
  readonly atOnce: boolean
  /** apply a step's records (one, or two written together) to the run's working copies and make them durable */
  readonly write: (a: JournalRecord, b?: JournalRecord) => Promise<void>
  /** resolves once every record written so far is durable */
  readonly drained: () => Promise<void>
}

/** The journal of a stack on a store; `keep` applies a record to the run's working copies. */
export const makeJournal = (store: StateStore, stack: string, keep: (r: JournalRecord) => void): Journal => {
  const now = appendNowOf(store)
  return now !== undefined ? atOnce(now, stack, keep) : grouped(store, stack, keep)
}

const atOnce = (appendSync: AppendNow, stack: string, keep: (r: JournalRecord) => void): Journal => {
  const take = (r: JournalRecord): void => {
    keep(r)
    const refused = appendSync(stack, r)
    if (refused !== undefined) throw new Error(`state journal: ${refused.message}`)
  }
  return {
    atOnce: true,
    write: (a, b) => {
      take(a)
      if (b !== undefined) take(b)
      return WRITTEN
    },
    drained: () => WRITTEN,
  }
}

const grouped = (store: StateStore, stack: string, keep: (r: JournalRecord) => void): Journal => {
  let flushing: Promise<void> | undefined
  let queued: JournalRecord[] = []
  const flush = async (): Promise<void> => {
    while (queued.length > 0) {
      const batch = queued
      queued = []
      const r = await store.append(stack, batch)()
      if (isLeft(r)) throw new Error(`state journal: ${r.left.message}`)
    }
    flushing = undefined
  }
  return {
    atOnce: false,
    write: (a, b) => {
      keep(a)
      queued.push(a)
      if (b !== undefined) {
        keep(b)
        queued.push(b)
      }
      flushing ??= Promise.resolve().then(flush)
      return flushing
    },
    drained: () => flushing ?? WRITTEN,
  }
}
