/**
 * appendNowOf: a store's append that takes a record in the calling turn (the memory store's), with
 * no task made for it. The run loop appends a record or two per step, and a task per append (two
 * closures and a property) was garbage of every mock step. Known by the store's `append` function
 * itself, so a wrapper that replaces `append` (a traced store) is appended to through its own
 * function, and one that keeps it (`{ ...store, write }`) appends the same way. Only for a store
 * whose appends cannot fail (nothing durable to go wrong): the run loop takes it as done.
 */
import type { JournalRecord } from './state'
import type { StateStore } from './state-store'

type AppendNow = (stack: string, record: JournalRecord) => void

const appendsNow = new WeakMap<StateStore['append'], AppendNow>()

/** `append` that also takes a record at once with `now` (the same effect its task has). */
export const appendingNow = (append: StateStore['append'], now: AppendNow): StateStore['append'] => {
  appendsNow.set(append, now)
  return append
}

/** The at-once append of a store's `append`, when it has one. */
export const appendNowOf = (append: StateStore['append']): AppendNow | undefined => appendsNow.get(append)
