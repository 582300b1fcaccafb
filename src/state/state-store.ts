/**
 * StateStore: where a stack's state lives. Every store passes the same conformance suite
 * (test/state/store-conformance.ts): locking, serial and lineage checks, durable journal appends.
 */
import type { TaskEither } from 'fp-ts/TaskEither'
import type { Owners } from './owners'
import type { JournalRecord, State } from './state'
import { atOnceOf, type AtOnce } from '../core/at-once'

/** Who holds a stack's lock, as the store records it: shown when another run finds the stack locked. */
export interface LockInfo {
  readonly owner: string
  readonly pid: number
  readonly host: string
  /** ISO time the lock was taken */
  readonly since: string
  /** the holder's boot id (Linux), so a lock from before a reboot is known stale */
  readonly boot?: string
  /** the holder's start time (Linux: clock ticks after boot), so a reused pid is not taken for it */
  readonly started?: string
}

/** Why the store refused: locked, conflicting, corrupt, unreadable, missing or an invalid name. */
export interface StateError {
  readonly _tag: 'StateError'
  /** Invalid: a stack name that cannot name a state (e.g. `../x`) */
  readonly kind: 'Locked' | 'Conflict' | 'Corrupt' | 'Io' | 'NotFound' | 'Invalid'
  readonly message: string
  readonly holder?: LockInfo
}

/** A StateError of the given kind, naming the lock's holder when a lock is in the way. */
export const stateError = (kind: StateError['kind'], message: string, holder?: LockInfo): StateError => ({
  _tag: 'StateError',
  kind,
  message,
  ...(holder ? { holder } : {}),
})

export interface Lock {
  readonly release: () => TaskEither<StateError, void>
}

/** One journal record taken in the calling turn (`StateStore.appendSync`'s form); a refusal as a value. */
export type AppendNow = (stack: string, record: JournalRecord) => StateError | undefined

/** The store's at-once append, when it declares one for its own `append`. */
export const appendNowOf = (s: StateStore): AppendNow | undefined => atOnceOf(s.append, s.appendSync)

/** Where state lives: lock, read, append journal records, write snapshots, list stacks. */
export interface StateStore {
  /** take the stack's lock, waiting up to `waitMs` for a live holder; stale locks are recovered */
  readonly lock: (
    stack: string,
    opts?: { readonly owner?: string; readonly waitMs?: number },
  ) => TaskEither<StateError, Lock>
  /** the state with every durable journal record applied; undefined when the stack has none */
  readonly read: (stack: string) => TaskEither<StateError, State | undefined>
  /** durably append write-ahead records (resolves once they are on disk) */
  readonly append: (stack: string, records: ReadonlyArray<JournalRecord>) => TaskEither<StateError, void>
  /**
   * Optional capability: take one record in the calling turn (a store with nothing durable to
   * wait for, the memory store), the same effect as `append`'s task; a refusal as a value. The
   * run then journals at once instead of in grouped writes, only while it stands for this
   * `append` (`of`): a wrapper that spreads a store and replaces `append` is always called.
   */
  readonly appendSync?: AtOnce<StateStore['append'], AppendNow>
  /**
   * Write a full snapshot (and compact the journal). `state.serial` must be the serial read;
   * the store refuses a write based on an older serial or another lineage, and stores serial + 1.
   */
  readonly write: (stack: string, state: State) => TaskEither<StateError, State>
  /** stack names that have state */
  readonly list: () => TaskEither<StateError, ReadonlyArray<string>>
  /**
   * Forget a stack (`trellis stack rm`): its state and journal go, its backups stay (so `state
   * restore` can bring it back). `serial` is the serial read: a state that moved on is a Conflict.
   * Absent in a store that cannot remove.
   */
  readonly remove?: (stack: string, serial: number) => TaskEither<StateError, void>
  /**
   * Write the newest intact backup (or the one at `serial`) back as the current state, as a new
   * serial; absent in a store that keeps no backups (`trellis state restore` says so).
   */
  readonly restore?: (stack: string, serial?: number) => TaskEither<StateError, State>
  /**
   * which stack owns each remote object (owners.ts): compare-and-set claims, kept in step with the
   * states by the store's writes; absent in a store that keeps none (no ownership check then)
   */
  readonly owners?: Owners
  /** the directory of a store kept in files, where `trellis state unlock` finds a stale lock file */
  readonly dir?: string
}
