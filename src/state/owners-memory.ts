/**
 * Claims of remote objects kept in memory (the memory store): a map by key.
 */
import * as TE from 'fp-ts/TaskEither'
import { claimIn, moveIn, retainIn, type OwnerClaim, type Owners } from './owners'

/** Owners in a Map: each call is one step of the event loop, so compare-and-set needs no lock. */
export const memoryOwners = (): Owners => {
  const table = new Map<string, OwnerClaim>()
  return {
    list: () => TE.right([...table.values()]),
    claim: (stack, wanted) => TE.right(claimIn(table, stack, wanted)),
    retain: (stack, keep) => TE.fromIO(() => void retainIn(table, stack, keep)),
    move: (from, address, to, toAddress) => TE.fromIO(() => void moveIn(table, from, address, to, toAddress)),
  }
}
