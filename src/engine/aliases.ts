/**
 * Aliases: the addresses a node had before (`.options({ aliases: ['old-name'] })`). A state entry
 * found under one of them is moved to the node's address before anything is planned, so a renamed
 * node plans no change and the plan says where it moved from. The move is written like any state
 * write, by the apply that carries the plan. An alias nothing is recorded under is fine; one that
 * names a node of the stack, or a move onto an address state already holds, is refused.
 */
import type { Finding, Issue } from '../core/issue'
import { issue } from '../core/issue'
import { labelOfAddress, type ResourceNode } from '../core/node'
import { nodeNameProblem } from '../core/names'
import { moveResource } from '../state/move-resource'
import type { State } from '../state/state'
import { positionsOf, type Graph, type ResourceVertex, type Vertex } from './graph'
import type { Plan } from './plan'

// ── model ────────────────────────────────────────────────────────────────────
export interface Move {
  readonly from: string
  readonly to: string
}

// an alias written as an address (`cost:Folder/old`) rather than a bare name
const TYPED = /^[A-Za-z0-9_-]+:[A-Za-z0-9_]+\//

/** An alias as an address: a bare name is of the node's own type. */
export const aliasAddress = (token: string, alias: string): string => (TYPED.test(alias) ? alias : `${token}/${alias}`)

// ── compile-time checks ──────────────────────────────────────────────────────
/** What is wrong with a node's aliases as written (no state needed). */
export const aliasFindings = (n: ResourceNode): Finding[] => {
  const out: Finding[] = []
  const aliases: unknown = n.options.aliases
  if (aliases === undefined) return out
  if (!Array.isArray(aliases))
    return [{ path: 'options.aliases', expected: 'an array of earlier names or addresses', given: aliases }]
  aliases.forEach((a: unknown, i) => {
    const path = `options.aliases.${i}`
    if (typeof a !== 'string' || a === '') return void out.push({ path, expected: 'an earlier name', given: a })
    const address = aliasAddress(n.token, a)
    const slash = address.indexOf('/')
    const problem = nodeNameProblem(address.slice(slash + 1))
    if (problem) out.push({ path, expected: 'a printable name', given: a, message: problem + '.' })
    else if (address.slice(0, slash) !== n.token)
      out.push({
        path,
        expected: `an earlier address of a ${n.token} (a renamed node keeps its type)`,
        given: a,
      })
    else if (address === `${n.token}/${n.name}`)
      out.push({ path, expected: 'an earlier name, not the node’s own', given: a })
  })
  return out
}

// ── moves ────────────────────────────────────────────────────────────────────
/** a resource vertex that names where it was before */
const hasAliases = (v: Vertex): v is ResourceVertex => v._tag === 'Resource' && !!v.node.options.aliases?.length

/**
 * Move the entries recorded under the graph's aliases to their nodes. Pure; issues when an alias
 * names a node of the stack, two nodes claim one entry, or the node's own address is recorded too.
 */
export const moveAliased = (
  graph: Graph,
  s: State,
): { readonly state: State; readonly moves: ReadonlyArray<Move>; readonly issues: ReadonlyArray<Issue> } => {
  const moves: Move[] = []
  const issues: Issue[] = []
  const claimed = new Map<string, string>()
  // the nodes with aliases (few, usually none), in declaration order: looked for in `ordered`
  // first, so that no Map of every vertex is made to find none
  const aliased: ResourceVertex[] = []
  if (graph.ordered.some(hasAliases))
    graph.vertices.forEach((v) => {
      if (hasAliases(v)) aliased.push(v)
    })
  for (const v of aliased) {
    const found: string[] = []
    v.node.options.aliases!.forEach((a, i) => {
      const from = aliasAddress(v.node.token, a)
      const refuse = (expected: string, message: string) =>
        issues.push(issue(v.label, { path: `options.aliases.${i}`, expected, given: a, message }))
      if (positionsOf(graph).has(from))
        return refuse(
          'an address no node of the stack has',
          `names ${labelOfAddress(from)}, which is a node of the stack; an alias is where this node was before.`,
        )
      if (!s.resources[from]) return
      const other = claimed.get(from)
      if (other !== undefined)
        return refuse(
          'an alias no other node claims',
          `${labelOfAddress(from)} is claimed by ${labelOfAddress(other)} too; one recorded object cannot become two nodes.`,
        )
      claimed.set(from, v.address)
      found.push(from)
    })
    if (found.length === 0) continue
    const here = s.resources[v.address]
    if (here || found.length > 1) {
      const recorded = [...(here ? [v.address] : []), ...found]
      issues.push(
        issue(v.label, {
          path: 'options.aliases',
          expected: 'one recorded object for the node',
          given: v.node.options.aliases,
          message: `state holds ${recorded
            .map((a) => `${labelOfAddress(a)} (id ${s.resources[a].id})`)
            .join(' and ')}; keep one (trellis state rm ADDRESS forgets the other, the platform keeps it).`,
        }),
      )
      continue
    }
    moves.push({ from: found[0], to: v.address })
  }
  if (issues.length > 0 || moves.length === 0) return { state: s, moves: [], issues }
  return { state: moves.reduce((st, m) => moveResource(st, m.from, m.to), s), moves, issues }
}

/** The plan's steps marked with where their entries moved from (a note for the text, a field for JSON). */
export const withMoves = (p: Plan, moves: ReadonlyArray<Move>): Plan => {
  if (moves.length === 0) return p
  const from = new Map(moves.map((m) => [m.to, m.from]))
  return {
    ...p,
    steps: p.steps.map((st) => {
      const was = from.get(st.address)
      return was === undefined
        ? st
        : {
            ...st,
            movedFrom: was,
            // an unchanged node's line says it already ("will be moved from …")
            notes:
              st.action === 'noop'
                ? st.notes
                : [`moved from ${labelOfAddress(was)} (in state; the move itself sends nothing)`, ...st.notes],
          }
    }),
  }
}

/** The moves undone (a cancelled apply records none of them); `before` itself when nothing else changed. */
export const unmove = (s: State, moves: ReadonlyArray<Move>, before: State): State => {
  const back = moves.reduceRight((st, m) => moveResource(st, m.to, m.from), s)
  const same = JSON.stringify([back.resources, back.pending]) === JSON.stringify([before.resources, before.pending])
  return same ? before : back
}
