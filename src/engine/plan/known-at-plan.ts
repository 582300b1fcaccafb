/**
 * What refs can see at plan time, by the node's position in `graph.ordered` (positionsOf). Nodes
 * are planned in dependency order, so a node a ref points at is planned already: one that changes
 * is in `known` or `creating`, one left unchanged is read from state where its values lie (no
 * merged record per node). State's records are read once, each put at its node's position; the
 * records of no node are `gone` (to delete).
 */
import type { ResourceState, State } from '../../state/state'
import { positionsOf, type Graph } from '../graph'
import { NOT_YET, recordField, stateField, type Known } from '../resolve'
import { UNKNOWN } from '../unknown'

export interface KnownAtPlan {
  /** state's record of each node, at its position */
  readonly recorded: Array<ResourceState | undefined>
  /** state's records of no node of the graph */
  readonly gone: ResourceState[]
  /** the values of a node read or updated, at its position */
  readonly known: Array<Record<string, unknown> | undefined>
  /** the inputs of a node being created (its computed fields unknown), at its position */
  readonly creating: Array<Readonly<Record<string, unknown>> | undefined>
  /** what a ref to (address, field) resolves to now; counts the answers that are values */
  readonly knownOf: Known
  /** how many of `knownOf`'s answers so far were values (not NOT_YET, not UNKNOWN) */
  readonly tally: { known: number }
}

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k)

/** What a plan of `graph` from `state` knows, before any node is planned. */
export const knownAtPlan = (graph: Graph, state: State): KnownAtPlan => {
  const at = positionsOf(graph)
  const n = graph.ordered.length
  const recorded = new Array<ResourceState | undefined>(n)
  const gone: ResourceState[] = []
  for (const a in state.resources) {
    const p = at.get(a)
    if (p === undefined) gone.push(state.resources[a])
    else recorded[p] = state.resources[a]
  }
  const known = new Array<Record<string, unknown> | undefined>(n)
  const creating = new Array<Readonly<Record<string, unknown>> | undefined>(n)
  // (a position is in `creating` or in `known`, never both: the more common first)
  const answer: Known = (a, field) => {
    const p = at.get(a)
    if (p === undefined) {
      // not a node of this stack (compile lets no ref point there): what state holds, if anything
      const r = own(state.resources, a) ? state.resources[a] : undefined
      return r === undefined ? NOT_YET : stateField(r, field)
    }
    const c = creating[p]
    if (c !== undefined) return field !== undefined && own(c, field) ? c[field] : UNKNOWN
    const k = known[p]
    if (k !== undefined) return recordField(k, field)
    const r = recorded[p]
    return r === undefined ? NOT_YET : stateField(r, field)
  }
  const tally = { known: 0 }
  const knownOf: Known = (a, field) => {
    const x = answer(a, field)
    if (x !== NOT_YET && x !== UNKNOWN) tally.known++
    return x
  }
  return { recorded, gone, known, creating, knownOf, tally }
}
