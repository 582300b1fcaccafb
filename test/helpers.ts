/**
 * What many suites share, through the public entry (#trellis): unwrap an Either (`ok`), expect a
 * failure (`expectLeft`), and a test Env over the mock handler and a memory store with a fixed
 * clock. `#src/*` (package.json imports) reaches a unit's own module when a suite tests one.
 */
import { isLeft, type Either } from 'fp-ts/Either'
import { formatEngineError, memoryStore, mockHandler, type Env, type EngineError, type Registry } from '#trellis'

const ENGINE_TAGS = ['CompileError', 'PlanError', 'StateError', 'LookupError', 'ApplyError', 'PlanMismatch']

/** A failure in words: the engine's own lines for an EngineError, else its JSON (cut short). */
export const describeLeft = (e: unknown): string =>
  typeof e === 'object' && e !== null && ENGINE_TAGS.includes((e as { _tag?: string })._tag ?? '')
    ? formatEngineError(e as EngineError)
    : (JSON.stringify(e, null, 1) ?? String(e)).slice(0, 1500)

/** The right of an Either, or a thrown error saying why (prefixed by `what` when given). */
export const ok = <A>(r: Either<unknown, A>, what?: string): A => {
  if (isLeft(r)) throw new Error(`${what ? `${what}: ` : ''}${describeLeft(r.left)}`)
  return r.right
}

/** The left of an Either, or a thrown error naming the right it got instead. */
export const expectLeft = <E>(r: Either<E, unknown>, what?: string): E => {
  if (!isLeft(r)) throw new Error(`${what ? `${what}: ` : ''}expected a failure, got ${JSON.stringify(r.right)}`)
  return r.left
}

/** An engine Env for tests: the mock handler, a memory store, 4 at once, the clock at 2026-01-01. */
export const testEnv = (registry: Registry, over: Partial<Env> = {}): Env => ({
  registry,
  handler: mockHandler(),
  store: memoryStore(),
  events: () => undefined,
  concurrency: 4,
  now: () => new Date('2026-01-01T00:00:00Z'),
  ...over,
})
