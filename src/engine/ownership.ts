/**
 * Ownership across stacks, the engine's side: the objects a plan would create over (a singleton
 * whose create overwrites it), adopt or import are claimed in the store (owners.ts) for the stack;
 * one another stack owns is refused, at plan and again, by compare-and-set, just before the run
 * sends anything (two processes planning at once cannot both pass). After a run every object the
 * stack's state holds is claimed, and the store's write dropped the claims of those it let go.
 */
import * as E from 'fp-ts/Either'
import type { ResourceSpec } from '../core/spec'
import type { OwnerClaim, Wanted } from '../state/owners'
import { ownerKey } from '../state/owners'
import type { State } from '../state/state'
import { stateError, type StateError } from '../state/state-store'
import type { Env } from './env'
import type { Graph, ResourceVertex } from './graph'
import type { Plan } from './plan'
import { hasUnknown } from './unknown'

// where each provider speaks: hosting's endpoint, cost's host, the cloud's region
export const ENDPOINT_FIELDS = ['endpoint', 'host', 'baseUrl', 'region'] as const

/** The key of `id` for a resource of `v` in `graph`: its provider, where that speaks, type and id. */
const keyOf = (graph: Graph, v: ResourceVertex, id: string): string => {
  const p = graph.providers.get(v.provider)
  const cfg = p?.config ?? {}
  const at = ENDPOINT_FIELDS.map((f) => cfg[f]).find((x): x is string => typeof x === 'string') ?? 'default'
  return ownerKey(p?.provider ?? v.spec.provider, at, v.node.token, id)
}

/** The remote id a plan step will own before it runs: an import's, or an overwritten singleton's. */
const idAtPlan = (
  spec: ResourceSpec,
  action: string,
  importId: string | undefined,
  inputs: Readonly<Record<string, unknown>>,
  config: Readonly<Record<string, unknown>>,
): string | undefined => {
  if (action === 'import' && importId !== undefined) {
    const t = spec.identity.parseImportId(importId)
    return E.isRight(t) ? t.right.id : undefined
  }
  if ((action === 'create' || action === 'replace') && spec.singleton && !hasUnknown(inputs))
    return spec.singleton.id(inputs, config)
  return undefined
}

/** The claims a plan needs before it runs: the objects it imports or overwrites, as far as known. */
export const wantedAtPlan = (graph: Graph, plan: Plan): ReadonlyArray<Wanted> => {
  const out: Wanted[] = []
  for (const s of plan.steps) {
    if (s.action !== 'import' && s.action !== 'create' && s.action !== 'replace') continue
    const v = graph.vertices.get(s.address)
    if (v?._tag !== 'Resource') continue
    const config = graph.providers.get(v.provider)?.config ?? {}
    const id = idAtPlan(v.spec, s.action, v.node.options.importId, s.inputs, config)
    if (id !== undefined) out.push({ key: keyOf(graph, v, id), address: s.address })
  }
  return out
}

/** The claims a state's resources make (those the graph still knows, for their provider's endpoint). */
export const wantedOfState = (graph: Graph, state: State): ReadonlyArray<Wanted> => {
  const out: Wanted[] = []
  for (const r of Object.values(state.resources)) {
    const v = graph.vertices.get(r.address)
    if (v?._tag !== 'Resource' || !r.id) continue
    // a singleton's id is the one its inputs name (the mock interpreter makes up another)
    const config = graph.providers.get(v.provider)?.config ?? {}
    out.push({ key: keyOf(graph, v, v.spec.singleton?.id(r.inputs, config) ?? r.id), address: r.address })
  }
  return out
}

/** The refusal: each object another stack owns, naming that stack and its address there. */
export const ownedElsewhere = (
  stack: string,
  taken: ReadonlyArray<OwnerClaim>,
  wanted: ReadonlyArray<Wanted>,
): StateError => {
  const at = new Map(wanted.map((w) => [w.key, w.address]))
  const lines = taken.map(
    (c) => `${at.get(c.key) ?? c.key} would take over an object stack "${c.stack}" owns (as ${c.address}; ${c.key})`,
  )
  return stateError(
    'Conflict',
    `stack "${stack}": ${lines.join('; ')}. One stack manages each object: remove it from one of the stacks, ` +
      `or move it with \`trellis state mv ADDRESS --stack ${taken[0]?.stack ?? 'OWNER'} --to-stack ${stack}\``,
  )
}

/** At plan: refuse what another stack owns (no claim is taken: a plan changes nothing). */
export const checkOwners = async (env: Env, graph: Graph, plan: Plan): Promise<E.Either<StateError, void>> => {
  const owners = env.store.owners
  if (!owners) return E.right(undefined)
  const wanted = wantedAtPlan(graph, plan)
  if (wanted.length === 0) return E.right(undefined)
  const all = await owners.list()()
  if (E.isLeft(all)) return all
  const keys = new Set(wanted.map((w) => w.key))
  const taken = all.right.filter((c) => keys.has(c.key) && c.stack !== graph.stack)
  return taken.length ? E.left(ownedElsewhere(graph.stack, taken, wanted)) : E.right(undefined)
}

/** Claim `wanted` for the graph's stack, compare-and-set; a Left names what another stack took. */
export const claimFor = async (
  env: Env,
  graph: Graph,
  wanted: ReadonlyArray<Wanted>,
): Promise<E.Either<StateError, void>> => {
  const owners = env.store.owners
  if (!owners || wanted.length === 0) return E.right(undefined)
  const r = await owners.claim(graph.stack, wanted)()
  if (E.isLeft(r)) return r
  return r.right.length ? E.left(ownedElsewhere(graph.stack, r.right, wanted)) : E.right(undefined)
}

/**
 * After a run: claim what the stack's state holds, leaving out what another stack already claims.
 * The objects that matter were checked at plan and claimed before the run; a conflict here is a
 * platform-assigned id another stack's claim names (a stale claim, or another platform's object
 * under the same id, as separate mock platforms make) and must not fail a run that already ran.
 */
export const claimHeld = async (env: Env, graph: Graph, state: State): Promise<E.Either<StateError, void>> => {
  const owners = env.store.owners
  const wanted = wantedOfState(graph, state)
  if (!owners || wanted.length === 0) return E.right(undefined)
  const all = await owners.list()()
  if (E.isLeft(all)) return all
  const others = new Set(all.right.filter((c) => c.stack !== graph.stack).map((c) => c.key))
  const mine = new Map(all.right.filter((c) => c.stack === graph.stack).map((c) => [c.key, c.address]))
  const left = wanted.filter((w) => !others.has(w.key) && mine.get(w.key) !== w.address)
  if (left.length === 0) return E.right(undefined)
  const r = await owners.claim(graph.stack, left)()
  return E.isLeft(r) ? r : E.right(undefined)
}
