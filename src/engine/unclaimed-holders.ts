/**
 * Owners not yet recorded: a stack whose state predates the ownership claims holds no claim until
 * it is next planned (ownership.ts's backfillClaims). Until then, the objects a plan would import
 * or overwrite that no claim names are looked for in the states of the stacks that hold no claim,
 * by type and id. Such a state does not record where its provider spoke, so any place counts: a
 * refusal of another place's object goes once that stack is planned and its claims are recorded.
 */
import * as E from 'fp-ts/Either'
import type { Registry } from '../core/registry'
import type { OwnerClaim, Wanted } from '../state/owners'
import type { State } from '../state/state'
import type { StateError } from '../state/state-store'
import type { Env } from './env'
import type { Graph } from './graph'

/** `type id` of a key (`provider@place type id`: a place holds no space). */
const objectOf = (key: string): string => key.slice(key.indexOf(' ') + 1)

/** The objects of `free` that `st` holds, as claims of its stack. */
const heldIn = (registry: Registry, graph: Graph, st: State, free: ReadonlyMap<string, string>): OwnerClaim[] => {
  const out: OwnerClaim[] = []
  for (const address in st.resources) {
    const r = st.resources[address]
    // a singleton's id is the one its inputs name (this stack's provider configuration stands in)
    const single = registry.resources.get(r.token)?.singleton
    const id = single?.id(r.inputs, graph.providers.get(r.provider)?.config ?? {}) ?? r.id
    const key = free.get(`${r.token} ${id}`)
    if (key !== undefined) out.push({ key, stack: st.stack, address })
  }
  return out
}

/** The objects of `free` (wanted, no claim names them) that a stack without claims holds. */
export const unclaimedHolders = async (
  env: Env,
  graph: Graph,
  free: ReadonlyArray<Wanted>,
): Promise<E.Either<StateError, ReadonlyArray<OwnerClaim>>> => {
  const owners = env.store.owners
  if (!owners || free.length === 0) return E.right([])
  const stacks = await env.store.list()()
  if (E.isLeft(stacks)) return stacks
  const byObject = new Map(free.map((w) => [objectOf(w.key), w.key]))
  const out: OwnerClaim[] = []
  for (const other of stacks.right) {
    if (other === graph.stack) continue
    const has = await owners.holds(other)()
    if (E.isLeft(has)) return has
    if (has.right) continue
    const st = await env.store.read(other)()
    if (E.isLeft(st)) return st
    if (st.right) out.push(...heldIn(env.registry, graph, st.right, byObject))
  }
  return E.right(out)
}
