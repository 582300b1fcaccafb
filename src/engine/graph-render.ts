/**
 * The dependency graph as Mermaid or Graphviz DOT, for `trellis graph`.
 */
import type { Graph } from './graph'

const id = (address: string) => 'n' + Buffer.from(address).toString('hex').slice(0, 40)

export const graphToMermaid = (g: Graph): string => {
  const lines = ['graph TD']
  for (const a of g.order) {
    const v = g.vertices.get(a)!
    lines.push(
      `  ${id(a)}${v._tag === 'Lookup' ? `[/"${v.label.replace(/"/g, "'")}"/]` : `["${v.label.replace(/"/g, "'")}"]`}`,
    )
  }
  for (const a of g.order) for (const d of g.vertices.get(a)!.deps) lines.push(`  ${id(d)} --> ${id(a)}`)
  return lines.join('\n')
}

export const graphToDot = (g: Graph): string => {
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')
  const lines = [`digraph "${esc(g.stack)}" {`, '  rankdir=LR;']
  for (const a of g.order) {
    const v = g.vertices.get(a)!
    lines.push(
      `  "${esc(a)}" [label="${esc(v.label)}"${v._tag === 'Lookup' ? ', shape=parallelogram' : ', shape=box'}];`,
    )
  }
  for (const a of g.order) for (const d of g.vertices.get(a)!.deps) lines.push(`  "${esc(d)}" -> "${esc(a)}";`)
  lines.push('}')
  return lines.join('\n')
}
