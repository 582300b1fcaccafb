/**
 * replaceIssues: every `--replace ADDRESS` that cannot be honoured, before any plan is shown — a
 * lookup (read, never replaced) or an address the program does not have (with the closest one),
 * instead of silently planning no replacement.
 */
import { closestStrict } from '../core/closest-name'
import { issue, type Issue } from '../core/issue'
import { labelOfAddress } from '../core/node'
import type { Graph } from './graph'

export const replaceIssues = (graph: Pick<Graph, 'ordered'>, replace: ReadonlySet<string>): Issue[] => {
  const out: Issue[] = []
  const byAddress = new Map(graph.ordered.map((v) => [v.address, v]))
  for (const a of replace) {
    const v = byAddress.get(a)
    if (v?._tag === 'Resource') continue
    const near = v ? undefined : closestStrict(a, byAddress.keys())
    out.push(
      issue(labelOfAddress(a), {
        path: '',
        expected: 'a resource of the program to replace',
        given: v ? 'a lookup' : 'an address the program does not have',
        message: v
          ? 'is a lookup: it is read at plan time, never replaced (--replace names resources).'
          : `is not in the program${near ? ` (did you mean ${labelOfAddress(near)}?)` : ''}.`,
      }),
    )
  }
  return out
}
