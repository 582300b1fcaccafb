/**
 * The engine environment a bench scenario runs in (no events, the wall clock), and the unwrapping
 * of an engine result that fails the scenario with the engine's own message.
 */
import * as E from 'fp-ts/Either'
import {
  DEFAULT_CONCURRENCY,
  formatEngineError,
  type EngineError,
  type Env,
  type Handler,
  type Registry,
  type StateStore,
} from 'trellis'

export const orThrow = <A>(r: E.Either<EngineError, A>): A => {
  if (E.isLeft(r)) throw new Error(formatEngineError(r.left).slice(0, 2000))
  return r.right
}

export const benchEnv = (
  registry: Registry,
  handler: Handler,
  store: StateStore,
  concurrency = DEFAULT_CONCURRENCY,
): Env => ({ registry, handler, store, events: () => undefined, concurrency, now: () => new Date() })
