/**
 * Claims of remote objects kept in memory (the memory store): a map by key.
 */
import * as TE from 'fp-ts/TaskEither'
import { claimFreeIn, claimIn, findIn, holdsIn, moveIn, retainIn, type OwnerClaim, type Owners } from './owners'

/**
 * Owners in a Map: each call is one step of the event loop, so compare-and-set needs no lock. The
 * claims of objects a run made (`claimFree`) are taken, in order, before the next question asked:
 * a mock run's store, which no other stack shares, is asked none after its apply and makes no key.
 */
export const memoryOwners = (): Owners => {
  const table = new Map<string, OwnerClaim>()
  const later: Array<() => void> = []
  const settled = (): Map<string, OwnerClaim> => {
    for (let i = 0; i < later.length; i++) later[i]()
    later.length = 0
    return table
  }
  return {
    list: () => TE.fromIO(() => [...settled().values()]),
    claim: (stack, wanted) => TE.fromIO(() => claimIn(settled(), stack, wanted)),
    find: (keys) => TE.fromIO(() => findIn(settled(), keys)),
    holds: (stack) => TE.fromIO(() => holdsIn(settled(), stack)),
    claimFree: (stack, wanted) => TE.fromIO(() => void later.push(() => claimFreeIn(table, stack, wanted()))),
    retain: (stack, keep) => TE.fromIO(() => void retainIn(settled(), stack, keep)),
    move: (from, address, to, toAddress) => TE.fromIO(() => void moveIn(settled(), from, address, to, toAddress)),
  }
}
