/**
 * A node's dependencies: its `dependsOn`, then every ref of its inputs (or arguments) in field
 * order, depth first, each once — every one checked against the declared nodes and, for a ref,
 * the fields its target type has; then each field whose refs all name declared outputs is checked
 * against the field's codec (ref-codec-findings.ts).
 */
import { codecAt } from '../codec-shape'
import { closestName } from '../../core/closest-name'
import { issue } from '../../core/issue'
import { labelOf, labelOfAddress, type Node } from '../../core/node'
import { refsInto, type Ref } from '../../core/ref'
import { refCodecFindings, refOutputCodec } from '../ref-codec-findings'
import { push, refFieldsOf, type CompileContext } from './context'

/** the dependencies of a node without any (shared) */
const NO_DEPS: ReadonlyArray<string> = Object.freeze([])

const didYouMean = (given: string, names: Iterable<string>): string => {
  const near = closestName(given, names)
  return near ? ` (did you mean \`${near}\`?)` : ''
}

/** Add `d` to the first `count` of `cx.deps` unless there; the new count. */
const addDep = (cx: CompileContext, count: number, d: string): number => {
  for (let i = 0; i < count; i++) if (cx.deps[i] === d) return count
  cx.deps[count] = d
  return count + 1
}

/** Is ref `r` of node `n`'s `field` to a declared node and a field its type has? (an issue if not) */
const refWired = (cx: CompileContext, n: Node, field: string, r: Ref<unknown>): boolean => {
  const target = cx.declared.get(r.node)
  if (target === undefined) {
    push(
      cx,
      issue(labelOf(n), {
        path: field,
        expected: 'a ref to a node added to this stack',
        given: r,
        message: `dangling ref to ${labelOfAddress(r.node)}.`,
      }),
    )
    return false
  }
  const token = cx.nodes[target].token
  const fields = refFieldsOf(cx, token)
  if (!fields || r.path.length === 0 || fields.has(r.path[0])) return true
  push(
    cx,
    issue(labelOf(n), {
      path: field,
      expected: `an output of ${token} (${[...fields].join(', ')})`,
      given: r,
      message: `ref to undeclared output \`${r.path[0]}\`${didYouMean(r.path[0], fields)}.`,
    }),
  )
  return false
}

/** The codec of what ref `r` reads, when its target is declared. */
const outputCodecOf = (cx: CompileContext, r: Ref<unknown>) => {
  const target = cx.declared.get(r.node)
  return target === undefined ? undefined : refOutputCodec(cx.registry, cx.nodes[target].token, r.path)
}

/** Each ref's output in `v` against the codec of node `n`'s `field`. */
const checkRefCodecs = (cx: CompileContext, n: Node, field: string, v: unknown): void => {
  const codec =
    n._tag === 'Resource' ? cx.registry.resources.get(n.token)?.inputs : cx.registry.lookups.get(n.token)?.args
  const fieldCodec = codec && codecAt(codec, [field])
  if (!fieldCodec) return
  const found = refCodecFindings(field, v, fieldCodec, (r) => outputCodecOf(cx, r))
  for (let i = 0; i < found.length; i++) push(cx, issue(labelOf(n), found[i]))
}

/** `dependsOn` into the scratch dependencies, each checked declared; the count after. */
const dependsOnDeps = (cx: CompileContext, n: Node): number => {
  let count = 0
  const dependsOn = n.options.dependsOn
  if (dependsOn === undefined) return count
  for (let di = 0; di < dependsOn.length; di++) {
    const d = dependsOn[di]
    if (!cx.declared.has(d))
      push(
        cx,
        issue(labelOf(n), {
          path: 'options.dependsOn',
          expected: 'a node declared in this stack',
          given: labelOfAddress(d),
          message: 'dangling dependency.',
        }),
      )
    count = addDep(cx, count, d)
  }
  return count
}

/**
 * Node `n`'s dependencies, its refs checked on the way. Hot loops here index arrays: a compile
 * runs once per process, mostly before the optimiser has seen it.
 */
export const dependenciesOf = (cx: CompileContext, n: Node): ReadonlyArray<string> => {
  let count = dependsOnDeps(cx, n)
  const where: Readonly<Record<string, unknown>> = n._tag === 'Resource' ? n.inputs : n.args
  for (const field in where) {
    const v = where[field]
    if (typeof v !== 'object' || v === null) continue
    const refCount = refsInto(v, cx.refs, 0)
    let wired = refCount > 0
    for (let ri = 0; ri < refCount; ri++) {
      const r = cx.refs[ri]
      count = addDep(cx, count, r.node)
      if (!refWired(cx, n, field, r)) wired = false
    }
    if (wired) checkRefCodecs(cx, n, field, v)
  }
  // most nodes have none or one: a shared empty list, then exact-size copies
  return count === 0 ? NO_DEPS : cx.deps.slice(0, count)
}
