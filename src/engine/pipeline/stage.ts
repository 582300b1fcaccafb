/**
 * Stage: one named step of the pipeline every operation runs — env fallbacks → compile → preflight
 * → lock → load → reconcile → refresh → lookups → plan → (policies) → confirm → run → save. A stage
 * is lazy (nothing happens until its task runs) and total: an engine error is a Left, anything
 * thrown a Left `Defect` naming the stage. Operations compose them under one guarded Env.
 */
import * as E from 'fp-ts/Either'
import type { ReaderTaskEither } from 'fp-ts/ReaderTaskEither'
import { defect } from '../defect'
import type { Env } from '../env'
import type { EngineError } from '../operations'

/** One stage of the pipeline: from what the stage before gave, an effect over the Env. */
export type Stage<A, B> = (a: A) => ReaderTaskEither<Env, EngineError, B>

/** The pipeline's stages, in order. */
export type StageName =
  | 'envFallbacks'
  | 'compile'
  | 'preflight'
  | 'lock'
  | 'load'
  | 'reconcile'
  | 'refresh'
  | 'lookups'
  | 'plan'
  | 'confirm'
  | 'run'
  | 'save'

/** How an async body unwinds with an engine error (caught by `stage` and by the operations' boundary). */
interface Unwind {
  readonly engine: EngineError
}
const isUnwind = (e: unknown): e is Unwind => typeof e === 'object' && e !== null && 'engine' in e

/** Stop the body with this engine error (typed never: TypeScript narrows after a call). */
export const fail: (e: EngineError) => never = (e) => {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- unwinds to the boundary, which makes it a Left
  throw { engine: e } satisfies Unwind
}

/** The Right of a task, or stop with its Left. */
export const attempt = async <L extends EngineError, A>(te: () => Promise<E.Either<L, A>>): Promise<A> => {
  const r = await te()
  return E.isLeft(r) ? fail(r.left) : r.right
}

/** A body's outcome as an Either: its engine error a Left, anything else thrown a `Defect` from `where`. */
export const settle = async <A>(body: () => A | Promise<A>, where: string): Promise<E.Either<EngineError, A>> => {
  try {
    return E.right(await body())
  } catch (e) {
    return E.left(isUnwind(e) ? e.engine : defect(e, where))
  }
}

/** A named stage from an async body; `env.onStage` hears it start. */
export const stage =
  <A, B>(name: StageName, body: (env: Env, a: A) => B | Promise<B>): Stage<A, B> =>
  (a) =>
  (env) =>
  () =>
    settle(() => {
      env.onStage?.(name)
      return body(env, a)
    }, name)
