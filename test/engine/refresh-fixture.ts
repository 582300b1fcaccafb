/**
 * What the bulk-refresh suites share: an operation's result or a thrown error, the engine
 * environment a refresh runs in, and a handler that reads one object at a time (no listings), the
 * comparison bulk refresh must agree with.
 */
import * as E from 'fp-ts/Either'
import type { Handler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import type { StateStore } from '#trellis'
import { registry } from '#trellis'

/** the operation's result, or its error as a thrown Error (the suites assert on results) */
export const run = async <A>(te: () => Promise<E.Either<unknown, A>>): Promise<A> => {
  const r = await te()
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left, null, 1).slice(0, 2000))
  return r.right
}

/** every provider, four requests at a time, a fixed clock */
export const refreshEnv =
  (now: Date) =>
  (handler: Handler, store: StateStore): Env => ({
    registry,
    handler,
    store,
    events: () => undefined,
    concurrency: 4,
    now: () => now,
  })

/** the handler without what bulk refresh lists or shares through: one read per object */
export const oneByOne = (h: Handler): Handler => {
  const { list: _list, listItems: _items, readShared: _shared, ...rest } = h
  return rest
}
