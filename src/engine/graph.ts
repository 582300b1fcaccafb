/**
 * Graph: the compiled stack — decoded nodes with their specs, provider configs and dependency
 * edges, in a topological order.
 */
import type { LookupSpec, ResourceSpec } from '../core/spec'
import type { LookupNode, ResourceNode } from '../core/node'
import type { Issue } from '../core/issue'
import { dependents } from './dependents'

// ── model ────────────────────────────────────────────────────────────────────
export interface ResourceVertex {
  readonly _tag: 'Resource'
  readonly address: string
  readonly label: string
  readonly node: ResourceNode
  readonly spec: ResourceSpec
  /** provider instance name */
  readonly provider: string
  /** addresses this node waits for (refs and dependsOn) */
  readonly deps: ReadonlyArray<string>
}

export interface LookupVertex {
  readonly _tag: 'Lookup'
  readonly address: string
  readonly label: string
  readonly node: LookupNode
  readonly spec: LookupSpec
  readonly provider: string
  readonly deps: ReadonlyArray<string>
}

/** A node of the graph, a resource's or a lookup's, with what it depends on. */
export type Vertex = ResourceVertex | LookupVertex

export interface ProviderConfig {
  /** instance name */
  readonly name: string
  /** provider name (`cost`) */
  readonly provider: string
  /** decoded configuration (defaults applied, secrets wrapped) */
  readonly config: Readonly<Record<string, unknown>>
}

/** The compiled stack: vertices in dependency order, provider configurations, outputs. */
export interface Graph {
  readonly stack: string
  readonly vertices: ReadonlyMap<string, Vertex>
  /** topological order: dependencies first */
  readonly order: ReadonlyArray<string>
  /** the vertices in that order (what walks over every node read, rather than a lookup per address) */
  readonly ordered: ReadonlyArray<Vertex>
  readonly providers: ReadonlyMap<string, ProviderConfig>
  /** every provider instance the stack declares (raw), for nodes that left the stack */
  readonly declared?: Readonly<
    Record<string, { readonly provider: string; readonly config: Readonly<Record<string, unknown>> }>
  >
  readonly outputs: Readonly<Record<string, unknown>>
  /**
   * destroy --target: the stack's outputs with the nodes each reads; those whose resources all
   * remain keep their recorded values (kept-outputs.ts)
   */
  readonly keptOutputs?: Readonly<Record<string, ReadonlyArray<string>>>
  /** warnings found while compiling */
  readonly warnings: ReadonlyArray<Issue>
}

// ── positions ────────────────────────────────────────────────────────────────
// kept beside the graph, not on it: an internal index, so what `compile` returns keeps its shape.
// Keyed by the `ordered` array, which copies of a graph (`{ ...graph, providers }`) share.
const positionsByOrder = new WeakMap<ReadonlyArray<Vertex>, ReadonlyMap<string, number>>()

/**
 * Each vertex's position in `graph.ordered`, by address. Plan and the run loop keep what they
 * learn of each node in arrays at these positions, so a node's own results are array slots, not
 * entries of address-keyed Maps (two such Maps per phase were most of makePlan's own time).
 */
export const positionsOf = (graph: Pick<Graph, 'ordered'>): ReadonlyMap<string, number> => {
  let at = positionsByOrder.get(graph.ordered)
  if (at === undefined) positionsByOrder.set(graph.ordered, (at = indexOf(graph.ordered.map((v) => v.address))))
  return at
}

/** Record the positions of `ordered` that compile worked out already (see positionsOf). */
export const keepPositions = (ordered: ReadonlyArray<Vertex>, at: ReadonlyMap<string, number>): void => {
  positionsByOrder.set(ordered, at)
}

// ── combinators ──────────────────────────────────────────────────────────────
const indexOf = (keys: ReadonlyArray<string>): Map<string, number> => {
  const index = new Map<string, number>()
  for (let i = 0; i < keys.length; i++) index.set(keys[i], i)
  return index
}

/**
 * Kahn's algorithm, stable in declaration order. Returns the order, or the nodes of one cycle
 * (in cycle order, first node repeated at the end) when there is one. `index` (key → position in
 * `keys`) and `depsAt` (the dependencies of the key at a position) are the caller's, when it has
 * them: no lookup per key.
 */
export const toposort = (
  keys: ReadonlyArray<string>,
  depsOf: (k: string) => ReadonlyArray<string>,
  index?: ReadonlyMap<string, number>,
  depsAt: (i: number) => ReadonlyArray<string> = (i) => depsOf(keys[i]),
): { readonly order: string[]; readonly at: Int32Array } | { readonly cycle: string[] } => {
  const n = keys.length
  const at = index ?? indexOf(keys)
  const { waiting: indeg, first: start, users } = dependents(n, depsAt, true, (k) => at.get(k))
  const queue = new Int32Array(n)
  let tail = 0
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue[tail++] = i
  const order: string[] = []
  for (let head = 0; head < tail; head++) {
    const k = queue[head]
    order.push(keys[k])
    for (let e = start[k]; e < start[k + 1]; e++) if (--indeg[users[e]] === 0) queue[tail++] = users[e]
  }
  // `at`: the position in `keys` of each key of the order
  if (order.length === keys.length) return { order, at: queue }
  // walk back along remaining edges to name one cycle
  const left = new Set(keys.filter((_k, i) => indeg[i] > 0))
  let cur = [...left][0]
  const seen = new Map<string, number>()
  const path: string[] = []
  while (!seen.has(cur)) {
    seen.set(cur, path.length)
    path.push(cur)
    cur = depsOf(cur).find((d) => left.has(d))!
  }
  return { cycle: [...path.slice(seen.get(cur)).reverse(), path.slice(seen.get(cur)).reverse()[0]] }
}
