/**
 * The `plan-report` scenario's measurement: the HTML plan report (`trellis plan --html`) of a plan
 * over n applied mixed nodes that holds every kind of change a review shows: a tenth of the nodes
 * nothing refers to gone (deletes), a tenth retitled (updates), new tenants (creates), the rest
 * unchanged. Only `renderPlanHtml` is timed; the stacks and both mock runs are setup.
 */
import { mockWith, registry, renderPlanHtml } from 'trellis'
import { mixedNodes, isRefShape, refShapesIn, type NodeShape, type ValueShape } from './peers/mixed-shape'
import { stackOfShapes } from './mixed-workload'
import { orThrow } from './bench-env'
import { collectGarbage } from './collect-garbage'

/** the shape with its title or description changed, or itself when it has neither */
const retitled = (s: NodeShape): NodeShape => {
  const field = 'title' in s.inputs ? 'title' : 'description' in s.inputs ? 'description' : undefined
  if (field === undefined) return s
  const v = s.inputs[field]
  const changed: ValueShape = isRefShape(v)
    ? { ...v, prefix: `Renamed: ${v.prefix ?? ''}` }
    : typeof v === 'string'
      ? `${v} (renamed)`
      : v
  return { ...s, inputs: { ...s.inputs, [field]: changed } }
}

export const runPlanReport = async (
  n: number,
): Promise<{ inProcessMs: number; bytes: number; steps: number; actions: Record<string, number> }> => {
  const before = mixedNodes(n)
  const referenced = new Set<string>()
  for (const s of before) for (const r of refShapesIn(s.inputs)) referenced.add(r.$ref)
  const after: NodeShape[] = []
  before.forEach((s, i) => {
    if (s.kind === 'resource' && i % 10 === 4 && !referenced.has(s.key)) return
    after.push(s.kind === 'resource' && i % 10 === 7 ? retitled(s) : s)
  })
  after.push(...mixedNodes(n + Math.round(n / 10)).slice(n))
  const mock = mockWith(registry)
  const first = orThrow(await mock(stackOfShapes(before, 'report'))())
  const second = orThrow(await mock(stackOfShapes(after, 'report'), { state: first.state })())
  collectGarbage()
  const t0 = performance.now()
  const html = renderPlanHtml(second.plan)
  const inProcessMs = Math.round((performance.now() - t0) * 10) / 10
  const actions: Record<string, number> = {}
  for (const s of second.plan.steps) actions[s.action] = (actions[s.action] ?? 0) + 1
  return { inProcessMs, bytes: html.length, steps: second.plan.steps.length, actions }
}
