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
  /** drop the claims of `stack` whose address is not among `keep` (empty: every claim of it) */
  readonly retain: (stack: string, keep: ReadonlyArray<string>) => TE.TaskEither<StateError, void>
  /** hand the claim of `address` in `from` to `to`, as `toAddress` (`state mv --to-stack`) */
  readonly move: (from: string, address: string, to: string, toAddress: string) => TE.TaskEither<StateError, void>
}

/** The key of a remote object: the provider and where it speaks (endpoint or region), the type, the id. */
export const ownerKey = (provider: string, endpoint: string, token: string, id: string): string =>
  `${provider}@${endpoint} ${token} ${id}`

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

/** Would claiming `wanted` for `stack` change `table`? (A file is rewritten only then.) */
export const claimChanges = (table: ReadonlyMap<string, OwnerClaim>, stack: string, wanted: ReadonlyArray<Wanted>) =>
  wanted.some((w) => {
    const on = table.get(w.key)
    return on === undefined || (on.stack === stack && on.address !== w.address)
  })

/** Drop the claims of `stack` at addresses not in `keep`; whether anything was dropped. */
export const retainIn = (table: Map<string, OwnerClaim>, stack: string, keep: ReadonlyArray<string>): boolean => {
  const kept = new Set(keep)
  let dropped = false
  for (const [k, c] of table)
    if (c.stack === stack && !kept.has(c.address)) {
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
    TE.chainFirst(() => released(owners.retain(stack, addressesOf(state))))(store.write(stack, state)),
  ...(store.remove
    ? {
        remove: (stack: string, serial: number) =>
          TE.chain(() => released(owners.retain(stack, [])))(store.remove!(stack, serial)),
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
