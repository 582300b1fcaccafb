/**
 * Ownership across stacks, the engine's side: the objects a plan would create over (a singleton
 * whose create overwrites it), adopt or import are claimed in the store (owners.ts) for the stack;
 * one another stack owns is refused, at plan and again, by compare-and-set, just before the run
 * sends anything (two processes planning at once cannot both pass). After a run what it made,
 * moved or adopted is claimed; the store's write dropped the claims of those it let go. A stack
 * whose state predates the claims is claimed in full when it is next planned (backfillClaims).
 */
import * as E from 'fp-ts/Either'
import type { Registry } from '../core/registry'
import type { ResourceSpec } from '../core/spec'
import type { OwnerClaim, Wanted } from '../state/owners'
import { ownerPrefix } from '../state/owners'
import type { ResourceState, State } from '../state/state'
import { stateError, type StateError } from '../state/state-store'
import type { Env } from './env'
import type { Graph, ResourceVertex } from './graph'
import type { Plan } from './plan'
import { hasUnknown } from './unknown'
import { unclaimedHolders } from './unclaimed-holders'

/** The key of an object of a vertex: where its provider instance speaks, per its provider's `endpointOf`. */
export type KeyOf = (v: ResourceVertex, id: string) => string

/** Where an instance of `provider` with `config` keeps its objects, per the provider's `endpointOf`. */
export const endpointIn = (registry: Registry, provider: string, config: Readonly<Record<string, unknown>>): string => {
  const at = registry.providers.get(provider)?.endpointOf?.(config)
  return typeof at === 'string' && at !== '' ? at : 'default'
}

/** Keys over `graph`, each provider instance's prefix made once (a run keys thousands of objects). */
export const keysOf = (registry: Registry, graph: Graph): KeyOf => {
  const prefixes = new Map<string, string>()
  return (v, id) => {
    let p = prefixes.get(v.provider)
    if (p === undefined) {
      const inst = graph.providers.get(v.provider)
      const provider = inst?.provider ?? v.spec.provider
      prefixes.set(
        v.provider,
        (p = ownerPrefix(provider, inst ? endpointIn(registry, provider, inst.config) : 'default')),
      )
    }
    return `${p}${v.node.token} ${id}`
  }
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

// a plan's claims are checked when it is made and taken before it runs: worked out once
const atPlan = new WeakMap<Plan, ReadonlyArray<Wanted>>()

/** The claims a plan needs before it runs: the objects it imports or overwrites, as far as known. */
export const wantedAtPlan = (registry: Registry, graph: Graph, plan: Plan): ReadonlyArray<Wanted> => {
  let out = atPlan.get(plan)
  if (out === undefined) atPlan.set(plan, (out = wantedOfPlan(registry, graph, plan)))
  return out
}

const wantedOfPlan = (registry: Registry, graph: Graph, plan: Plan): ReadonlyArray<Wanted> => {
  const out: Wanted[] = []
  const key = keysOf(registry, graph)
  for (let i = 0; i < plan.steps.length; i++) {
    const s = plan.steps[i]
    if (s.action !== 'import' && s.action !== 'create' && s.action !== 'replace') continue
    const v = graph.vertices.get(s.address)
    if (v?._tag !== 'Resource' || (s.action !== 'import' && !v.spec.singleton)) continue
    const config = graph.providers.get(v.provider)?.config ?? {}
    const id = idAtPlan(v.spec, s.action, v.node.options.importId, s.inputs, config)
    if (id !== undefined) out.push({ key: key(v, id), address: s.address })
  }
  return out
}

/** The claim a held resource makes (a singleton's id is the one its inputs name: the mock makes up another). */
const wantedOf = (graph: Graph, key: KeyOf, v: ResourceVertex, r: ResourceState): Wanted => {
  const single = v.spec.singleton
  const id = single ? single.id(r.inputs, graph.providers.get(v.provider)?.config ?? {}) : undefined
  return { key: key(v, id ?? r.id), address: r.address }
}

/** The claims a state's resources make (those the graph still knows), or those `before` did not hold as they are. */
export const wantedOfState = (
  registry: Registry,
  graph: Graph,
  state: State,
  before?: State,
): ReadonlyArray<Wanted> => {
  const out: Wanted[] = []
  const key = keysOf(registry, graph)
  for (const address in state.resources) {
    const r = state.resources[address]
    const was = before?.resources[address]
    // held before at this address with this id: claimed then (a singleton's inputs may name another)
    if (was !== undefined && was.id === r.id && (was === r || was.inputs === r.inputs)) continue
    const v = graph.vertices.get(address)
    if (v?._tag !== 'Resource' || !r.id) continue
    if (was !== undefined && was.id === r.id && !v.spec.singleton) continue
    out.push(wantedOf(graph, key, v, r))
  }
  return out
}

/** The refusal: each object another stack owns, naming that stack and its address there. */
export const ownedElsewhere = (
  stack: string,
  taken: ReadonlyArray<OwnerClaim>,
  wanted: ReadonlyArray<Wanted>,
  unrecorded: ReadonlyArray<OwnerClaim> = [],
): StateError => {
  const at = new Map(wanted.map((w) => [w.key, w.address]))
  const lines = taken.map(
    (c) => `${at.get(c.key) ?? c.key} would take over an object stack "${c.stack}" owns (as ${c.address}; ${c.key})`,
  )
  const stacks = [...new Set(unrecorded.map((c) => `"${c.stack}"`))].join(', ')
  const old = stacks
    ? ` (the state of ${stacks} predates ownership claims and holds an object of this type and id; planning ` +
      `that stack records its claims, and an object of another endpoint is then told apart)`
    : ''
  return stateError(
    'Conflict',
    `stack "${stack}": ${lines.join('; ')}${old}. One stack manages each object: remove it from one of the stacks, ` +
      `or move it with \`trellis state mv ADDRESS --stack ${taken[0]?.stack ?? 'OWNER'} --to-stack ${stack}\``,
  )
}

/** At plan: refuse what another stack owns (no claim is taken: a plan changes nothing). */
export const checkOwners = async (env: Env, graph: Graph, plan: Plan): Promise<E.Either<StateError, void>> => {
  const owners = env.store.owners
  if (!owners) return E.right(undefined)
  const wanted = wantedAtPlan(env.registry, graph, plan)
  if (wanted.length === 0) return E.right(undefined)
  const held = await owners.find(wanted.map((w) => w.key))()
  if (E.isLeft(held)) return held
  const taken = held.right.filter((c) => c.stack !== graph.stack)
  if (taken.length) return E.left(ownedElsewhere(graph.stack, taken, wanted))
  // what no claim names may be a stack's whose state predates the claims
  const named = new Set(held.right.map((c) => c.key))
  const old = await unclaimedHolders(
    env,
    graph,
    wanted.filter((w) => !named.has(w.key)),
  )
  if (E.isLeft(old)) return old
  return old.right.length ? E.left(ownedElsewhere(graph.stack, old.right, wanted, old.right)) : E.right(undefined)
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
 * After a run: claim what the run made, moved or adopted (what `after` holds that `before`, the
 * state the apply read, did not hold as it is), leaving out what another stack already claims. The
 * objects that matter were checked at plan and claimed before the run; a conflict here is a
 * platform-assigned id another stack's claim names (a stale claim, or another platform's object
 * under the same id, as separate mock platforms make) and must not fail a run that already ran.
 */
export const claimMade = async (
  env: Env,
  graph: Graph,
  before: State,
  after: State,
): Promise<E.Either<StateError, void>> => {
  const owners = env.store.owners
  return owners
    ? owners.claimFree(graph.stack, () => wantedOfState(env.registry, graph, after, before))()
    : E.right(undefined)
}

/**
 * A stack whose state predates the claims store (applied before ownership landed) owns nothing
 * until it is claimed: when it is planned, and holds resources but no claim, everything its state
 * holds that no other stack claims is claimed for it. One question to the store otherwise.
 */
export const backfillClaims = async (env: Env, graph: Graph, state: State): Promise<E.Either<StateError, void>> => {
  const owners = env.store.owners
  if (!owners || !holdsAny(state)) return E.right(undefined)
  const has = await owners.holds(graph.stack)()
  if (E.isLeft(has) || has.right) return E.isLeft(has) ? has : E.right(undefined)
  return owners.claimFree(graph.stack, () => wantedOfState(env.registry, graph, state))()
}

const holdsAny = (s: State): boolean => {
  for (const _ in s.resources) return true
  return false
}
