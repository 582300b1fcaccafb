/**
 * The objects some stack in the store already owns, by type and remote id: discovery never offers
 * them. Read from every stack's state (the store's claims index, once there is one, says the same).
 */
import * as E from 'fp-ts/Either'
import type { StateError, StateStore } from '../state/state-store'

/** `token id` of every resource of every stack with state. */
export const ownedIds = async (store: StateStore): Promise<E.Either<StateError, ReadonlySet<string>>> => {
  const names = await store.list()()
  if (E.isLeft(names)) return names
  const owned = new Set<string>()
  for (const name of names.right) {
    const st = await store.read(name)()
    if (E.isLeft(st)) return st
    for (const r of Object.values(st.right?.resources ?? {})) owned.add(ownedKey(r.token, r.id))
  }
  return E.right(owned)
}

export const ownedKey = (token: string, id: string): string => `${token} ${id}`
