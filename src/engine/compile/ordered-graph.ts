/**
 * The graph of a stack whose nodes all compiled: its vertices in dependency order (or the one
 * cycle that forbids an order), each one's position kept for plan and the run loop.
 */
import * as E from 'fp-ts/Either'
import { issue, type Issue } from '../../core/issue'
import { labelOfAddress } from '../../core/node'
import { keepPositions, toposort, type Graph, type Vertex } from '../graph'
import type { CompileContext } from './context'

/** The stack is invalid: every issue, each naming its node and field path. */
export interface CompileError {
  readonly _tag: 'CompileError'
  readonly issues: ReadonlyArray<Issue>
}

export const compileError = (issues: ReadonlyArray<Issue>): CompileError => ({ _tag: 'CompileError', issues })

const cycleError = (cycle: ReadonlyArray<string>): CompileError => {
  const names = cycle.map(labelOfAddress)
  return compileError([
    issue(names[0], {
      path: '',
      expected: 'no dependency cycle',
      given: names.join(' → '),
      message: `dependency cycle: ${names.join(' → ')}.`,
    }),
  ])
}

/**
 * The vertices in declaration order, their addresses and address → index. Without errors every
 * node has its vertex: then they are taken as they are, `declared` indexing them already.
 */
const declaredVertices = (cx: CompileContext) => {
  if (!cx.vertexAt.includes(undefined)) {
    const byKey = cx.vertexAt as Vertex[]
    return { byKey, keys: cx.addresses, index: cx.declared }
  }
  const byKey = cx.vertexAt.filter((v): v is Vertex => v !== undefined)
  const keys = byKey.map((v) => v.address)
  return { byKey, keys, index: new Map(keys.map((k, i) => [k, i])) }
}

/** The graph, in dependency order, or the dependency cycle found. */
export const orderedGraph = (cx: CompileContext): E.Either<CompileError, Graph> => {
  const { byKey, keys, index } = declaredVertices(cx)
  const sorted = toposort(
    keys,
    (k) => byKey[index.get(k)!].deps,
    index,
    (i) => byKey[i].deps,
  )
  if ('cycle' in sorted) return E.left(cycleError(sorted.cycle))
  const ordered = new Array<Vertex>(byKey.length)
  for (let i = 0; i < ordered.length; i++) ordered[i] = byKey[sorted.at[i]]
  // `index` becomes each vertex's position in that order: rewritten in place, no second Map
  for (let i = 0; i < ordered.length; i++) index.set(ordered[i].address, i)
  keepPositions(ordered, index)
  let vertices: Map<string, Vertex> | undefined
  return E.right({
    stack: cx.stack.name,
    // by address, in declaration order, made when first read: plan and the run loop find
    // vertices by position (positionsOf), and a mock run never reads it
    get vertices() {
      return (vertices ??= new Map(byKey.map((v) => [v.address, v])))
    },
    order: sorted.order,
    ordered,
    providers: cx.providers,
    declared: cx.stack.providers,
    outputs: cx.stack.outputs,
    warnings: cx.warnings,
  })
}
