/** An engine operation's result as a promise: its Right, or a TrellisError made from its Left. */
import * as E from 'fp-ts/Either'
import type { TaskEither } from 'fp-ts/TaskEither'
import type { EngineError } from '../engine/operations'
import { fromEngineError } from './trellis-error'

export const engineResult = async <A>(te: TaskEither<EngineError, A>): Promise<A> => {
  const r = await te()
  if (E.isLeft(r)) throw fromEngineError(r.left)
  return r.right
}
