/**
 * createNowOf: a handler's create that answers in the calling turn (the mock handler's), taken
 * with no task made for it. `immediate` tasks say the same per call, but making one (two closures
 * and a property) for every create was garbage of every mock step. Known by the handler's `create`
 * function itself, so a wrapper that replaces `create` (a test counting what is sent) is asked
 * through its own function, and one that keeps it (`{ ...handler, read }`) creates the same way.
 * It takes the type and the name (all the mock reads of a context) and gives what was made, a
 * failure thrown: no context object and no Either per create, the garbage of every mock step.
 */
import type { ResourceSpec } from '../core/spec'
import type { Handler, Obs } from './handler'

type CreateNow = (spec: ResourceSpec, name: string, inputs: Readonly<Record<string, unknown>>) => Obs

const createsNow = new WeakMap<Handler['create'], CreateNow>()

/** `create` that also answers at once with `now` (the same answer its task gives). */
export const creatingNow = (create: Handler['create'], now: CreateNow): Handler['create'] => {
  createsNow.set(create, now)
  return create
}

/** The at-once create of a handler's `create`, when it has one. */
export const createNowOf = (create: Handler['create']): CreateNow | undefined => createsNow.get(create)
