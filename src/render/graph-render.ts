/**
 * The dependency graph as Mermaid or Graphviz DOT, for `trellis graph`: of the stack (what depends
 * on what) or of a plan (each node styled by what the plan does to it), with a legend. Node ids are
 * the whole address escaped, never cut, so two names sharing a long prefix stay two nodes.
 */
import { labelOf } from '../core/node'
import type { Graph } from '../engine/graph'
import type { Action, Plan } from '../engine/plan'

// ── model ────────────────────────────────────────────────────────────────────
export interface DrawnNode {
  readonly address: string
  /** `cost:CostReport "monthly"` */
  readonly label: string
  readonly kind: 'Resource' | 'Lookup'
  /** what the plan does to it; absent when the stack is drawn */
  readonly action?: Action
}

/** What a renderer draws: nodes, and edges from a dependency to the node that uses it. */
export interface Drawing {
  readonly title: string
  readonly nodes: ReadonlyArray<DrawnNode>
  readonly edges: ReadonlyArray<readonly [from: string, to: string]>
}

/** How each action looks: fill, stroke, text, and the sign plan text uses. */
export const ACTION_STYLE: Readonly<
  Record<Action, { readonly fill: string; readonly stroke: string; readonly text: string; readonly sign: string }>
> = {
  create: { fill: '#dcfce7', stroke: '#15803d', text: '#14532d', sign: '+' },
  update: { fill: '#fef3c7', stroke: '#b45309', text: '#78350f', sign: '~' },
  replace: { fill: '#f3e8ff', stroke: '#7e22ce', text: '#581c87', sign: '-/+' },
  delete: { fill: '#fee2e2', stroke: '#b91c1c', text: '#7f1d1d', sign: '-' },
  forget: { fill: '#ffe4e6', stroke: '#be123c', text: '#881337', sign: '-' },
  import: { fill: '#cffafe', stroke: '#0e7490', text: '#164e63', sign: '<=' },
  read: { fill: '#dbeafe', stroke: '#1d4ed8', text: '#1e3a8a', sign: '<=' },
  noop: { fill: '#f3f4f6', stroke: '#9ca3af', text: '#374151', sign: ' ' },
}

/** Legend order. */
export const ACTIONS: ReadonlyArray<Action> = [
  'create',
  'update',
  'replace',
  'delete',
  'forget',
  'import',
  'read',
  'noop',
]

// ── constructors ─────────────────────────────────────────────────────────────
export const drawStack = (g: Graph): Drawing => ({
  title: g.stack,
  nodes: g.order.map((a) => {
    const v = g.vertices.get(a)!
    return { address: a, label: v.label, kind: v._tag }
  }),
  edges: g.order.flatMap((a) => g.vertices.get(a)!.deps.map((d) => [d, a] as const)),
})

/**
 * A plan's steps as nodes. A deleted node's step waits for the deletion of the nodes that used it,
 * so its edges are turned round to point, like every other edge, from the dependency to its user.
 */
export const drawPlan = (p: Plan): Drawing => {
  const present = new Set(p.steps.map((s) => s.address))
  return {
    title: p.stack,
    nodes: p.steps.map((s) => ({
      address: s.address,
      label: labelOf(s),
      kind: s.kind,
      action: s.action,
    })),
    edges: p.steps.flatMap((s) =>
      s.deps
        .filter((d) => present.has(d))
        .map((d) =>
          s.action === 'delete' || s.action === 'forget' ? ([s.address, d] as const) : ([d, s.address] as const),
        ),
    ),
  }
}

// ── ids ──────────────────────────────────────────────────────────────────────
/**
 * A Mermaid-safe id for an address: letters and digits kept, every other UTF-8 byte written `_hh`
 * (`_` itself too), so distinct addresses give distinct ids and the same address the same id.
 */
export const mermaidId = (address: string): string => {
  let out = 'n_'
  for (const byte of Buffer.from(address, 'utf8')) {
    const c = String.fromCharCode(byte)
    out += /[A-Za-z0-9]/.test(c) ? c : '_' + byte.toString(16).padStart(2, '0')
  }
  return out
}

// ── Mermaid ──────────────────────────────────────────────────────────────────
// Mermaid reads `"` `#` `<` `>` in a quoted label as markup: entity codes keep them literal
const mermaidLabel = (s: string) =>
  s.replace(/#/g, '#35;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;')

const mermaidShape = (kind: DrawnNode['kind'], label: string) =>
  kind === 'Lookup' ? `[/"${mermaidLabel(label)}"/]` : `["${mermaidLabel(label)}"]`

export const toMermaid = (d: Drawing): string => {
  const lines = ['graph TD']
  const used = ACTIONS.filter((a) => d.nodes.some((n) => n.action === a))
  for (const a of used) {
    const s = ACTION_STYLE[a]
    lines.push(`  classDef ${a} fill:${s.fill},stroke:${s.stroke},color:${s.text}`)
  }
  for (const n of d.nodes) {
    const label = n.action ? `${ACTION_STYLE[n.action].sign.trim()} ${n.label}`.trim() : n.label
    lines.push(`  ${mermaidId(n.address)}${mermaidShape(n.kind, label)}${n.action ? `:::${n.action}` : ''}`)
  }
  for (const [from, to] of d.edges) lines.push(`  ${mermaidId(from)} --> ${mermaidId(to)}`)
  // the legend: one sample node per action drawn, and the two shapes
  lines.push('  subgraph legend["Legend"]', '    direction LR')
  for (const a of used)
    lines.push(`    legend_${a}["${mermaidLabel(`${ACTION_STYLE[a].sign.trim()} ${a}`.trim())}"]:::${a}`)
  lines.push('    legend_resource["resource"]', '    legend_lookup[/"lookup"/]', '  end')
  return lines.join('\n')
}

// ── DOT ──────────────────────────────────────────────────────────────────────
const dotString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`

const dotAttrs = (kind: DrawnNode['kind'], label: string, action: Action | undefined): string => {
  const shape = kind === 'Lookup' ? 'parallelogram' : 'box'
  if (!action) return `label=${dotString(label)}, shape=${shape}`
  const s = ACTION_STYLE[action]
  const style = action === 'noop' ? 'filled,dashed' : 'filled'
  return `label=${dotString(label)}, shape=${shape}, style="${style}", fillcolor="${s.fill}", color="${s.stroke}", fontcolor="${s.text}"`
}

export const toDot = (d: Drawing): string => {
  const lines = [
    `digraph ${dotString(d.title)} {`,
    '  rankdir=LR;',
    '  graph [fontname="Helvetica"];',
    '  node [fontname="Helvetica"];',
  ]
  for (const n of d.nodes) {
    const label = n.action ? `${ACTION_STYLE[n.action].sign.trim()} ${n.label}`.trim() : n.label
    lines.push(`  ${dotString(n.address)} [${dotAttrs(n.kind, label, n.action)}];`)
  }
  for (const [from, to] of d.edges) lines.push(`  ${dotString(from)} -> ${dotString(to)};`)
  // legend ids have no `/`, which every address has: they cannot meet a node
  lines.push('  subgraph cluster_legend {', '    label="Legend";', '    style=dashed;')
  for (const a of ACTIONS.filter((x) => d.nodes.some((n) => n.action === x)))
    lines.push(`    ${dotString(`legend:${a}`)} [${dotAttrs('Resource', a, a)}];`)
  lines.push(
    `    ${dotString('legend:resource')} [${dotAttrs('Resource', 'resource', undefined)}];`,
    `    ${dotString('legend:lookup')} [${dotAttrs('Lookup', 'lookup', undefined)}];`,
    '  }',
    '}',
  )
  return lines.join('\n')
}

// ── the stack's graph, as `trellis graph` printed it before plans were drawn ──
/** The stack's dependency graph as a Mermaid diagram. */
export const graphToMermaid = (g: Graph): string => toMermaid(drawStack(g))
/** The stack's dependency graph in Graphviz dot. */
export const graphToDot = (g: Graph): string => toDot(drawStack(g))
/** A plan's steps and their order as a Mermaid diagram. */
export const planToMermaid = (p: Plan): string => toMermaid(drawPlan(p))
/** A plan's steps and their order in Graphviz dot. */
export const planToDot = (p: Plan): string => toDot(drawPlan(p))
