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
 * `depsOf(i)` lists node i's dependencies by key; keys not among `keys` are not edges, and
 * neither is a node's dependency on itself when `selfIsEdge` is false. `index` (key → its
 * position in `keys`), when the caller has one already, saves making it again.
 */
export const dependents = (
  keys: ReadonlyArray<string>,
  depsOf: (i: number) => ReadonlyArray<string>,
  selfIsEdge: boolean,
  index: ReadonlyMap<string, number> = indexOf(keys),
): Dependents => {
  const n = keys.length
  const waiting = new Int32Array(n)
  const from: number[] = []
  const to: number[] = []
  for (let i = 0; i < n; i++) {
    const deps = depsOf(i)
    for (let j = 0; j < deps.length; j++) {
      const d = index.get(deps[j])
      if (d === undefined || (d === i && !selfIsEdge)) continue
      waiting[i]++
      from.push(d)
      to.push(i)
    }
  }
  const first = new Int32Array(n + 1)
  for (let e = 0; e < from.length; e++) first[from[e] + 1]++
  for (let i = 0; i < n; i++) first[i + 1] += first[i]
  const fill = first.slice(0, n)
  const users = new Int32Array(from.length)
  for (let e = 0; e < from.length; e++) users[fill[from[e]]++] = to[e]
  return { waiting, first, users }
}

const indexOf = (keys: ReadonlyArray<string>): Map<string, number> => {
  const index = new Map<string, number>()
  for (let i = 0; i < keys.length; i++) index.set(keys[i], i)
  return index
}
