/**
 * Lookups that need two replies (a zone and its records, a site and its deploy key). The wire
 * contract's `then` hands `decode` only the last reply of a chain, so the earlier replies are kept
 * here, keyed by the lookup's args object — the engine passes the same object to `request` and
 * `decode`. `decode` must still work without them (a single reply, e.g. a spec example).
 */
const kept = new WeakMap<object, unknown[]>()

/** Start a chain for these args (forgetting any earlier one). */
export const begin = (args: object): void => {
  kept.set(args, [])
}

/** Keep a reply of an earlier step and pass it on. */
export const keep = <A>(args: object, reply: A): A => {
  ;(kept.get(args) ?? kept.set(args, []).get(args)!).push(reply)
  return reply
}

/** The kept replies, in order, once: the chain is forgotten after this. */
export const recall = (args: object): ReadonlyArray<unknown> => {
  const r = kept.get(args) ?? []
  kept.delete(args)
  return r
}
