/**
 * A move of a resource between two stacks' states (`state mv --to-stack`) as one change: the intent
 * is written into the source state first, then the record into the other state, then the source
 * written without the record or the intent. A reader of the source that finds an intent settles it
 * as the store's write-ahead is settled, on the next read: the other state holding the record (same
 * address and id) means the move got that far, and the source reads without it (completed);
 * otherwise it reads as before the move (rolled back). The next write of the source keeps that view.
 * A crash between the writes can therefore never leave the record in both states, nor in neither.
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

/** A store whose reads settle a move left half done (the other state is read only then). */
export const withMoves = <S extends StateStore>(store: S): S => ({
  ...store,
  read: (stack: string): TE.TaskEither<StateError, State | undefined> =>
    pipe(
      store.read(stack),
      TE.chain((s) =>
        s?.moving ? TE.map((o: State | undefined) => settledMove(s, o))(store.read(s.moving.to)) : TE.right(s),
      ),
    ),
})
