/**
 * The objects some stack in the store already owns: discovery never offers them. Asked of the
 * store's ownership index (`StateStore.owners`, one read of the claims) when it keeps one, keyed as
 * the engine claims them (provider, where it speaks, type, id); a store without one has every
 * stack's state read instead, by type and id.
 */
import * as E from 'fp-ts/Either'
import { endpointIn } from '../engine/ownership'
import type { Registry } from '../core/registry'
import { ownedBy, ownerKey } from '../state/owners'
import type { StateError, StateStore } from '../state/state-store'

/** What is asked of a listed object: its provider instance, the configuration it was listed with, type and id. */
export interface Listed {
  readonly provider: string
  readonly config: Readonly<Record<string, unknown>>
  readonly token: string
  readonly id: string
}

/** Is a listed object owned by a stack in the store? */
export type Owned = (o: Listed) => boolean

/** From the ownership index when the store keeps one, else from every stack's state. */
export const ownedIds = async (store: StateStore, registry: Registry): Promise<E.Either<StateError, Owned>> => {
  if (!store.owners) return fromStates(store)
  const claims = await ownedBy(store)()
  if (E.isLeft(claims)) return claims
  return E.right((o) =>
    claims.right.has(ownerKey(o.provider, endpointIn(registry, o.provider, o.config), o.token, o.id)),
  )
}

/** `token id` of every resource of every stack with state: for a store without claims. */
const fromStates = async (store: StateStore): Promise<E.Either<StateError, Owned>> => {
  const names = await store.list()()
  if (E.isLeft(names)) return names
  const owned = new Set<string>()
  for (const name of names.right) {
    const st = await store.read(name)()
    if (E.isLeft(st)) return st
    for (const r of Object.values(st.right?.resources ?? {})) owned.add(`${r.token} ${r.id}`)
  }
  return E.right((o) => owned.has(`${o.token} ${o.id}`))
}
