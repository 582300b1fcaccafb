/**
 * Graph: the compiled stack — decoded nodes with their specs, provider configs and dependency
 * edges, in a topological order.
 */
import type { LookupSpec, ResourceSpec } from '../core/spec'
import type { LookupNode, ResourceNode } from '../core/node'
import type { Issue } from '../core/issue'

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

export type Vertex = ResourceVertex | LookupVertex

export interface ProviderConfig {
  /** instance name */
  readonly name: string
  /** provider name (`cost`) */
  readonly provider: string
  /** decoded configuration (defaults applied, secrets wrapped) */
  readonly config: Readonly<Record<string, unknown>>
}

export interface Graph {
  readonly stack: string
  readonly vertices: ReadonlyMap<string, Vertex>
  /** topological order: dependencies first */
  readonly order: ReadonlyArray<string>
  readonly providers: ReadonlyMap<string, ProviderConfig>
  /** every provider instance the stack declares (raw), for nodes that left the stack */
  readonly declared?: Readonly<Record<string, { readonly provider: string; readonly config: Readonly<Record<string, unknown>> }>>
  readonly outputs: Readonly<Record<string, unknown>>
  /** warnings found while compiling */
  readonly warnings: ReadonlyArray<Issue>
}

// ── combinators ──────────────────────────────────────────────────────────────
/**
 * Kahn's algorithm, stable in declaration order. Returns the order, or the nodes of one cycle
 * (in cycle order, first node repeated at the end) when there is one.
 */
export const toposort = (
  keys: ReadonlyArray<string>,
  depsOf: (k: string) => ReadonlyArray<string>,
): { readonly order: string[] } | { readonly cycle: string[] } => {
  // nodes as indices: typed arrays for in-degrees and edges rather than a Map entry per node
  const n = keys.length
  const index = new Map<string, number>()
  for (let i = 0; i < n; i++) index.set(keys[i], i)
  const indeg = new Int32Array(n)
  // edges d → k (k depends on d) in compressed rows: users of d are to[start[d] .. start[d + 1])
  const from: number[] = []
  const to: number[] = []
  for (let k = 0; k < n; k++) {
    const deps = depsOf(keys[k])
    for (let j = 0; j < deps.length; j++) {
      const di = index.get(deps[j])
      if (di === undefined) continue
      indeg[k]++
      from.push(di)
      to.push(k)
    }
  }
  const start = new Int32Array(n + 1)
  for (let e = 0; e < from.length; e++) start[from[e] + 1]++
  for (let i = 0; i < n; i++) start[i + 1] += start[i]
  const fill = start.slice(0, n)
  const users = new Int32Array(from.length)
  for (let e = 0; e < from.length; e++) users[fill[from[e]]++] = to[e]
  const queue = new Int32Array(n)
  let tail = 0
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue[tail++] = i
  const order: string[] = []
  for (let head = 0; head < tail; head++) {
    const k = queue[head]
    order.push(keys[k])
    for (let e = start[k]; e < start[k + 1]; e++) if (--indeg[users[e]] === 0) queue[tail++] = users[e]
  }
  if (order.length === keys.length) return { order }
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
  return { cycle: [...path.slice(seen.get(cur)!).reverse(), path.slice(seen.get(cur)!).reverse()[0]] }
}
