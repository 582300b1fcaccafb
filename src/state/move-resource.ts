/**
 * One state entry under another address (same object, new name): the entry itself, the
 * dependencies that named it and any write-ahead entry on it follow. Pure. Used by `state mv` and
 * by a node's `aliases` (a renamed node plans no change).
 */
import type { State } from './state'

export const moveResource = (s: State, from: string, to: string): State => {
  const name = to.slice(to.indexOf('/') + 1)
  const resources: State['resources'] = Object.fromEntries(
    Object.entries(s.resources).map(([a, x]) =>
      a === from
        ? [to, { ...x, address: to, name }]
        : [
            a,
            x.dependencies.includes(from)
              ? { ...x, dependencies: x.dependencies.map((d) => (d === from ? to : d)) }
              : x,
          ],
    ),
  )
  const pending: State['pending'] = Object.fromEntries(
    Object.entries(s.pending).map(([k, p]) => [k, p.address === from ? { ...p, address: to, name } : p]),
  )
  return { ...s, resources, pending }
}
