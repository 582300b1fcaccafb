/**
 * dependents: who waits for whom, by index, for graphs of thousands of nodes. Typed arrays in
 * compressed rows — the nodes waiting for node `i` are `users[first[i] .. first[i + 1])` — and
 * each node's count of dependencies, rather than a Map or Set entry per node (which were most of
 * the allocation of sorting and scheduling 10,000 nodes).
 */
export interface Dependents {
  /** per node: how many of its dependencies are among the nodes (each listed edge counts) */
  readonly waiting: Int32Array
  readonly first: Int32Array
  readonly users: Int32Array
}

/**
 * `depsOf(i)` lists node i's dependencies by key and `indexOf` gives a key's node (undefined: not
 * one of the nodes, so not an edge); neither is a node's dependency on itself when `selfIsEdge`
 * is false. The caller finds keys in what it has already (a Map, or positions in the graph).
 */
export const dependents = (
  n: number,
  depsOf: (i: number) => ReadonlyArray<string>,
  selfIsEdge: boolean,
  indexOf: (key: string) => number | undefined,
): Dependents => {
  const waiting = new Int32Array(n)
  // the edges, at most one per listed dependency: typed arrays of that size, not arrays grown by
  // push (their copies, tens of thousands of numbers at 10,000 nodes, were garbage of every run)
  let listed = 0
  for (let i = 0; i < n; i++) listed += depsOf(i).length
  const from = new Int32Array(listed)
  const to = new Int32Array(listed)
  let edges = 0
  for (let i = 0; i < n; i++) {
    const deps = depsOf(i)
    for (let j = 0; j < deps.length; j++) {
      const d = indexOf(deps[j])
      if (d === undefined || (d === i && !selfIsEdge)) continue
      waiting[i]++
      from[edges] = d
      to[edges++] = i
    }
  }
  const first = new Int32Array(n + 1)
  for (let e = 0; e < edges; e++) first[from[e] + 1]++
  for (let i = 0; i < n; i++) first[i + 1] += first[i]
  const fill = first.slice(0, n)
  const users = new Int32Array(edges)
  for (let e = 0; e < edges; e++) users[fill[from[e]]++] = to[e]
  return { waiting, first, users }
}
