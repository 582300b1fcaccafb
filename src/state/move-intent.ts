/**
 * A move of a resource between two stacks' states (`state mv --to-stack`) as one change: the intent
 * is written into the source state first, then the record into the other state, then the source
 * written without the record or the intent. A reader of the source that finds an intent settles it
 * as the store's write-ahead is settled, on the next read: the other state holding the record (same
 * address and id) means the move got that far, and the source reads without it (completed);
 * otherwise it reads as before the move (rolled back). The next write of the source keeps that view.
 * A crash between the writes can therefore never leave the record in both states, nor in neither, and a
 * completed move's claim always ends with the other stack.
 */
import * as TE from 'fp-ts/TaskEither'
import { pipe } from 'fp-ts/function'
import type { State } from './state'
import type { StateError, StateStore } from './state-store'

/** The source state as the move left it: completed when `other` holds the record, else rolled back. */
export const settledMove = (source: State, other: State | undefined): State => {
  const m = source.moving
  if (!m) return source
  const { moving: _done, ...rest } = source
  if (other?.resources[m.toAddress]?.id !== m.id) return rest
  const resources = { ...rest.resources }
  delete resources[m.address]
  return { ...rest, resources }
}

/**
 * `source` settled against `other`; a completed move also hands its claim over, in case the move
 * stopped before it did (the source's next write would drop a claim it still held). Handing over
 * twice is harmless: a claim already moved is no longer the source's to move.
 */
const settle = (store: StateStore, stack: string, source: State & { moving: NonNullable<State['moving']> }) =>
  TE.chain((other: State | undefined) => {
    const settled = settledMove(source, other)
    const m = source.moving
    if (!store.owners || other?.resources[m.toAddress]?.id !== m.id) return TE.right(settled)
    return TE.map(() => settled)(store.owners.move(stack, m.address, m.to, m.toAddress))
  })(store.read(source.moving.to))

/** A store whose reads settle a move left half done (the other state is read only then). */
export const withMoves = <S extends StateStore>(store: S): S => ({
  ...store,
  read: (stack: string): TE.TaskEither<StateError, State | undefined> =>
    pipe(
      store.read(stack),
      TE.chain((s) => (s?.moving ? settle(store, stack, { ...s, moving: s.moving }) : TE.right(s))),
    ),
})
