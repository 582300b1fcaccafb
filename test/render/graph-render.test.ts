/**
 * The graph as Mermaid and DOT: one node per address whatever the names share, edges between the
 * right nodes, each node styled by its plan action, lookups drawn as lookups, a legend.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { compile, stack } from '#trellis'
import { cost } from '#trellis/cost'
import type { Graph } from '#trellis/engine'
import {
  ACTION_STYLE,
  drawPlan,
  drawStack,
  graphToDot,
  graphToMermaid,
  mermaidId,
  planToDot,
  planToMermaid,
} from '#src/render/graph-render'
import { mixedPlan } from '../browser/fixtures/plans'
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const test = suite('graph render')

const PREFIX = 'a-name-that-is-much-longer-than-twenty-bytes-and-shared-by-every-report-'

/** a compiled stack: a lookup, a folder, and `n` reports whose names share a long prefix */
const graphOf = (n: number): Graph => {
  const ws = cost.getWorkspaces('all')
  const folder = cost.folder('finance', { title: 'Finance' }).workspaceToken(ws.out.workspaces.map((w) => w[0].token))
  const reports = Array.from({ length: n }, (_, i) =>
    cost.costReport(`${PREFIX}${i}`, { title: `R${i}` }).folderToken(folder.out.token),
  )
  const g = compile(stack('prefixes').add(ws, folder, ...reports))
  if (isLeft(g)) throw new Error(JSON.stringify(g.left))
  return g.right
}

/** node ids declared in Mermaid text, and the ids its edges use */
const mermaidNodes = (m: string) => [...m.matchAll(/^ {2}(n_\w+)\[/gm)].map((x) => x[1])
const mermaidEdges = (m: string) => [...m.matchAll(/^ {2}(n_\w+) --> (n_\w+)$/gm)].map((x) => [x[1], x[2]])

test('names sharing a long prefix stay distinct nodes, each edge between the right two', () => {
  const g = graphOf(3)
  const m = graphToMermaid(g)
  const ids = mermaidNodes(m)
  assert.is(ids.length, 5)
  assert.is(new Set(ids).size, 5)
  const folder = mermaidId('cost:Folder/finance')
  for (let i = 0; i < 3; i++)
    assert.ok(
      mermaidEdges(m).some(([a, b]) => a === folder && b === mermaidId(`cost:CostReport/${PREFIX}${i}`)),
      `edge to report ${i}`,
    )
  // each report has exactly one incoming edge (the old ids merged them into one node with three)
  const incoming = mermaidEdges(m).filter(([, b]) => b.includes(Buffer.from('CostReport').toString()))
  assert.is(incoming.length, 3)
})

test('1,000 nodes with a long shared prefix: 1,000 unique ids, every edge pointing at a declared node', () => {
  const g = graphOf(998)
  const m = graphToMermaid(g)
  const ids = mermaidNodes(m)
  assert.is(ids.length, 1000)
  assert.is(new Set(ids).size, 1000)
  const declared = new Set(ids)
  const edges = mermaidEdges(m)
  assert.is(edges.length, 999)
  assert.ok(edges.every(([a, b]) => declared.has(a) && declared.has(b)))
  const dot = graphToDot(g)
  const dotIds = [...dot.matchAll(/^ {2}("(?:[^"\\]|\\.)*") \[/gm)].map((x) => x[1])
  assert.is(new Set(dotIds).size, 1000)
})

test('ids are stable and escaped, never truncated: distinct addresses that look alike differ', () => {
  assert.is(mermaidId('cost:CostReport/a'), 'n_cost_3aCostReport_2fa')
  assert.is(mermaidId('cost:CostReport/a'), mermaidId('cost:CostReport/a'))
  const tricky = [
    'x/a_2f',
    'x/a/',
    'x/a_',
    'x/a-',
    'x/a b',
    'x/a"b',
    'x/ä',
    'x/a' + 'z'.repeat(300),
    'x/a' + 'z'.repeat(301),
  ]
  const ids = tricky.map(mermaidId)
  assert.is(new Set(ids).size, tricky.length)
  assert.ok(ids.every((i) => /^n_[A-Za-z0-9_]+$/.test(i)))
})

test('a stack graph draws lookups as parallelograms, resources as boxes, with a legend', () => {
  const m = graphToMermaid(graphOf(1))
  assert.match(
    m,
    new RegExp(`^ {2}${mermaidId('cost:getWorkspaces/all')}\\[/"cost:getWorkspaces #quot;all#quot;"/\\]$`, 'm'),
  )
  assert.match(m, new RegExp(`^ {2}${mermaidId('cost:Folder/finance')}\\["cost:Folder #quot;finance#quot;"\\]$`, 'm'))
  assert.match(m, /subgraph legend\["Legend"\][\s\S]*legend_lookup\[\/"lookup"\/\][\s\S]*end$/)
  const d = graphToDot(graphOf(1))
  assert.match(d, /"cost:getWorkspaces\/all" \[label="cost:getWorkspaces \\"all\\"", shape=parallelogram\];/)
  assert.match(d, /subgraph cluster_legend \{/)
})

test('a plan graph styles every node by its action, in Mermaid and DOT, with the actions in the legend', async () => {
  const plan = await mixedPlan(200)
  const m = planToMermaid(plan)
  const d = planToDot(plan)
  for (const s of plan.steps) {
    assert.ok(m.includes(`  ${mermaidId(s.address)}[`), s.address)
    const line = m.split('\n').find((l) => l.startsWith(`  ${mermaidId(s.address)}[`))!
    assert.ok(line.endsWith(`:::${s.action}`), line)
    const dl = d.split('\n').find((l) => l.startsWith(`  "${s.address}" [`))!
    assert.ok(dl.includes(`fillcolor="${ACTION_STYLE[s.action].fill}"`), dl)
  }
  for (const a of ['create', 'update', 'replace', 'delete', 'read', 'noop'] as const) {
    assert.ok(m.includes(`  classDef ${a} fill:${ACTION_STYLE[a].fill}`), a)
    assert.ok(m.includes(`    legend_${a}[`), a)
    assert.ok(d.includes(`"legend:${a}"`), a)
  }
  assert.not.ok(m.includes('classDef forget'), 'actions the plan lacks stay out of the legend')
})

test('a deleted node keeps its edges pointing from the dependency to its user', async () => {
  const plan = await mixedPlan(200)
  const drawn = drawPlan(plan)
  // the last folder and the reports in it leave the stack: the folder is deleted after them
  const folder = plan.steps.find((s) => s.name === 'finance-team-with-a-long-shared-prefix-39')!
  assert.is(folder.action, 'delete')
  const report = plan.steps.find((s) => s.name === 'team-with-a-long-shared-prefix-monthly-39')!
  assert.is(report.action, 'delete')
  assert.ok(drawn.edges.some(([a, b]) => a === folder.address && b === report.address))
  assert.not.ok(drawn.edges.some(([a, b]) => a === report.address && b === folder.address))
  assert.equal(
    drawStack(graphOf(1)).edges.map(([a, b]) => `${a} -> ${b}`),
    ['cost:getWorkspaces/all -> cost:Folder/finance', `cost:Folder/finance -> cost:CostReport/${PREFIX}0`],
  )
})

// Graphviz, where installed, reads the DOT back: the syntax holds, and each step is one node
const dotBin = ['/usr/bin/dot', '/usr/local/bin/dot'].find((p) => existsSync(p))
if (dotBin)
  test('Graphviz parses the plan graph: one node per step plus the legend', async () => {
    const plan = await mixedPlan(200)
    const r = spawnSync(dotBin, ['-Tjson0'], { input: planToDot(plan), encoding: 'utf8', timeout: 60_000 })
    assert.is(r.status, 0, r.stderr)
    const g = JSON.parse(r.stdout) as { objects: { name: string; nodes?: unknown }[] }
    const nodes = g.objects.filter((o) => o.nodes === undefined && !o.name.startsWith('legend:'))
    assert.is(nodes.length, plan.steps.length)
  })
else console.log('graph render: Graphviz not installed, its check of the DOT syntax did not run')

test.run()
