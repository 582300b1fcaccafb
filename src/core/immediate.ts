/**
 * A TaskEither whose answer needs no waiting (the mock handler's operations, the memory store's
 * appends) and says so: `now` gives the same answer the task would, in the same turn. The run loop
 * takes it that way, so a step on the mock interpreter costs no promise per call; anything else
 * (a wrapper, a real platform, a durable store) is a plain task and is awaited as before.
 */
import type { Either } from 'fp-ts/Either'
import type { TaskEither } from 'fp-ts/TaskEither'

export type Immediate<E, A> = TaskEither<E, A> & { readonly now: () => Either<E, A> }

/** A task answering with `now()` when run; run it or call `now`, not both (it may change something). */
export const immediate = <E, A>(now: () => Either<E, A>): Immediate<E, A> =>
  // the task is an argument, not a named constant: tsx keeps function names, which costs a
  // defineProperty per named function made, and this runs once per mock step
  withNow(() => Promise.resolve().then(now), now)

const withNow = <E, A>(task: TaskEither<E, A>, now: () => Either<E, A>): Immediate<E, A> => {
  ;(task as { now?: () => Either<E, A> }).now = now
  return task as Immediate<E, A>
}

/** The task's answer-now function, when it has one. */
export const answerNow = <E, A>(task: TaskEither<E, A>): (() => Either<E, A>) | undefined =>
  (task as Partial<Immediate<E, A>>).now
