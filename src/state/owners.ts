/**
 * Owners: which stack owns each remote object, so no two stacks manage one. A claim is keyed by the
 * object (provider endpoint, type, remote id: `ownerKey`) and taken by compare-and-set: a key
 * another stack holds is never taken over. A store that can keep claims declares `owners` (an
 * optional capability of StateStore); claims follow the stack's state: a write drops the claims of
 * addresses its state no longer holds (deleted, forgotten, moved away), `remove` drops them all.
 */
import * as TE from 'fp-ts/TaskEither'
import type { State } from './state'
import type { StateError, StateStore } from './state-store'

/** One claim: the object's key, the stack that owns it and the address it has there. */
export interface OwnerClaim {
  readonly key: string
  readonly stack: string
  readonly address: string
}

/** A claim wanted by a stack: the object's key and its address in that stack. */
export interface Wanted {
  readonly key: string
  readonly address: string
}

/** The claims a store keeps (StateStore.owners). */
export interface Owners {
  /** every claim held */
  readonly list: () => TE.TaskEither<StateError, ReadonlyArray<OwnerClaim>>
  /**
   * Compare-and-set, all or nothing: claim each key for `stack` unless another stack holds it. Gives
   * the claims other stacks hold (and then claims nothing); a key `stack` holds takes the address given.
   */
  readonly claim: (stack: string, wanted: ReadonlyArray<Wanted>) => TE.TaskEither<StateError, ReadonlyArray<OwnerClaim>>
  /** the claims held on `keys` (any stack's) */
  readonly find: (keys: ReadonlyArray<string>) => TE.TaskEither<StateError, ReadonlyArray<OwnerClaim>>
  /** does `stack` hold any claim? (a state from before claims holds none: owners-backfill.ts) */
  readonly holds: (stack: string) => TE.TaskEither<StateError, boolean>
  /**
   * Claim for `stack` each key of `wanted()` no other stack holds, leaving those another holds (no
   * conflict: for objects a run already made, whose ids another stack's claim may name). The list
   * is made when the store takes it: the memory store takes it before the next question asked of
   * it, in order, so a store only one stack uses (a mock run's) never builds the keys of its objects.
   */
  readonly claimFree: (stack: string, wanted: () => ReadonlyArray<Wanted>) => TE.TaskEither<StateError, void>
  /** drop the claims of `stack` at an address `keep` does not hold (`NO_ADDRESSES`: every claim of it) */
  readonly retain: (stack: string, keep: Kept) => TE.TaskEither<StateError, void>
  /** hand the claim of `address` in `from` to `to`, as `toAddress` (`state mv --to-stack`) */
  readonly move: (from: string, address: string, to: string, toAddress: string) => TE.TaskEither<StateError, void>
}

/** The addresses a state keeps: asked one by one (memory and file claims) or listed (PostgreSQL's). */
export interface Kept {
  readonly has: (address: string) => boolean
  readonly list: () => ReadonlyArray<string>
}

/** No address kept: a removed stack's. */
export const NO_ADDRESSES: Kept = { has: () => false, list: () => [] }

/** The start of the keys of a provider's objects: the provider and where it speaks (its `endpointOf`). */
export const ownerPrefix = (provider: string, endpoint: string): string => `${provider}@${endpoint} `

/** The key of a remote object: the provider and where it speaks (endpoint or region), the type, the id. */
export const ownerKey = (provider: string, endpoint: string, token: string, id: string): string =>
  `${ownerPrefix(provider, endpoint)}${token} ${id}`

// ── the compare-and-set, over a table of claims by key (the memory and file stores) ─────────
/** Claim `wanted` for `stack` in `table` (changed in place only when nothing conflicts); the conflicts. */
export const claimIn = (
  table: Map<string, OwnerClaim>,
  stack: string,
  wanted: ReadonlyArray<Wanted>,
): ReadonlyArray<OwnerClaim> => {
  const taken = wanted.flatMap((w) => {
    const on = table.get(w.key)
    return on && on.stack !== stack ? [on] : []
  })
  if (taken.length === 0)
    for (const w of wanted)
      if (table.get(w.key)?.address !== w.address) table.set(w.key, { key: w.key, stack, address: w.address })
  return taken
}

/** Claim for `stack` each key of `wanted` that is free or its own (one pass); whether `table` changed. */
export const claimFreeIn = (table: Map<string, OwnerClaim>, stack: string, wanted: ReadonlyArray<Wanted>): boolean => {
  let changed = false
  for (let i = 0; i < wanted.length; i++) {
    const w = wanted[i]
    const on = table.get(w.key)
    if (on === undefined || (on.stack === stack && on.address !== w.address)) {
      table.set(w.key, { key: w.key, stack, address: w.address })
      changed = true
    }
  }
  return changed
}

/** The claims `table` holds on `keys`. */
export const findIn = (table: ReadonlyMap<string, OwnerClaim>, keys: ReadonlyArray<string>): OwnerClaim[] =>
  keys.flatMap((k) => {
    const on = table.get(k)
    return on ? [on] : []
  })

/** Does `stack` hold a claim in `table`? */
export const holdsIn = (table: ReadonlyMap<string, OwnerClaim>, stack: string): boolean => {
  for (const c of table.values()) if (c.stack === stack) return true
  return false
}

/** Would claiming `wanted` for `stack` change `table`? (A file is rewritten only then.) */
export const claimChanges = (table: ReadonlyMap<string, OwnerClaim>, stack: string, wanted: ReadonlyArray<Wanted>) =>
  wanted.some((w) => {
    const on = table.get(w.key)
    return on === undefined || (on.stack === stack && on.address !== w.address)
  })

/** Drop the claims of `stack` at addresses `keep` does not hold; whether anything was dropped. */
export const retainIn = (table: Map<string, OwnerClaim>, stack: string, keep: Kept): boolean => {
  let dropped = false
  for (const [k, c] of table)
    if (c.stack === stack && !keep.has(c.address)) {
      table.delete(k)
      dropped = true
    }
  return dropped
}

/** Hand the claim at `address` in `from` to `to`; whether one was there. */
export const moveIn = (
  table: Map<string, OwnerClaim>,
  from: string,
  address: string,
  to: string,
  toAddress: string,
): boolean => {
  for (const [k, c] of table)
    if (c.stack === from && c.address === address) {
      table.set(k, { key: k, stack: to, address: toAddress })
      return true
    }
  return false
}

/** The addresses a state holds or may soon hold (pending creates): the claims a write keeps. */
export const addressesOf = (s: State): ReadonlyArray<string> => [
  ...Object.keys(s.resources),
  ...Object.values(s.pending).map((p) => p.address),
]

/** What a write of `s` keeps, asked per claim (no list of every address unless a store needs one). */
export const keptOf = (s: State): Kept => {
  let pending: ReadonlySet<string> | undefined
  return {
    has: (a) =>
      Object.prototype.hasOwnProperty.call(s.resources, a) ||
      (pending ??= new Set(Object.values(s.pending).map((p) => p.address))).has(a),
    list: () => addressesOf(s),
  }
}

const released = (te: TE.TaskEither<StateError, void>): TE.TaskEither<StateError, void> =>
  TE.orElse(() => TE.right<StateError, void>(undefined))(te)

/**
 * A store whose writes and removals keep its claims in step with its states: a write drops the
 * claims of addresses the state no longer holds, a removal every claim of the stack.
 */
export const withOwners = <S extends StateStore>(store: S, owners: Owners): S => ({
  ...store,
  owners,
  // a release that fails leaves a claim the stack's next write drops: the write itself stands
  write: (stack, state) =>
    TE.chainFirst(() => released(owners.retain(stack, keptOf(state))))(store.write(stack, state)),
  ...(store.remove
    ? {
        remove: (stack: string, serial: number) =>
          TE.chain(() => released(owners.retain(stack, NO_ADDRESSES)))(store.remove!(stack, serial)),
      }
    : {}),
})

/**
 * Who owns what in a store: the claims by key (empty when the store keeps none). For tools that
 * must leave other stacks' objects alone (discover, generate).
 */
export const ownedBy = (store: StateStore): TE.TaskEither<StateError, ReadonlyMap<string, OwnerClaim>> =>
  store.owners
    ? TE.map((cs: ReadonlyArray<OwnerClaim>) => new Map(cs.map((c) => [c.key, c])))(store.owners.list())
    : TE.right(new Map())
