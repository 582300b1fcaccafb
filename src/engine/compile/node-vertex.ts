/**
 * One node's vertex: its name checked, its address used once, its dependencies gathered, then its
 * values decoded against its type and the type's compile-time rules run. A node with an error of
 * its own gets no vertex; its issues are kept and compile goes on to the next.
 */
import * as E from 'fp-ts/Either'
import { issue, type Finding } from '../../core/issue'
import { labelOf, type Node, type ResourceNode, type LookupNode } from '../../core/node'
import { nodeNameProblem } from '../../core/names'
import type { Rule } from '../../core/spec'
import { aliasFindings } from '../aliases'
import type { ResourceVertex } from '../graph'
import { inputNamesOf, push, ruleCtxOf, type CompileContext } from './context'
import { dependenciesOf } from './dependencies'
import { instanceOf } from './provider-instance'
import { withLabel } from './vertex-label'

/** an earlier node of this address got its vertex (asked only of a repeated address) */
const declaredBefore = (cx: CompileContext, ni: number, address: string): boolean => {
  for (let j = ni - 1; j >= 0; j--) if (cx.addresses[j] === address && cx.vertexAt[j] !== undefined) return true
  return false
}

/** Is node `ni` named well and once? (an issue if not) */
const nameChecked = (cx: CompileContext, ni: number): boolean => {
  const n = cx.nodes[ni]
  const problem = nodeNameProblem(n.name)
  if (problem !== undefined) {
    const expected = 'a name without control characters'
    push(cx, issue(labelOf(n), { path: 'name', expected, given: n.name, message: problem + '.' }))
    return false
  }
  // (a duplicate of a node that got no vertex, for errors of its own, is checked as any node)
  if (cx.duplicate[ni] === 1 && declaredBefore(cx, ni, cx.addresses[ni])) {
    const expected = 'a name used once per type in the stack'
    push(cx, issue(labelOf(n), { path: '', expected, given: n.name, message: 'duplicate name.' }))
    return false
  }
  return true
}

const pushAll = (cx: CompileContext, n: Node, found: ReadonlyArray<Finding>): void => {
  for (let fi = 0; fi < found.length; fi++) push(cx, issue(labelOf(n), found[fi]))
}

const unknownType = (cx: CompileContext, n: Node, expected: string, message: string): void =>
  push(cx, issue(labelOf(n), { path: '', expected, given: n.token, message }))

/** Run a type's rules over a node's values; a resource's `when: 'plan'` ones wait for plan (`skipPlan`). */
const runRules = <I>(
  cx: CompileContext,
  n: Node,
  rules: ReadonlyArray<Rule<I>>,
  values: Readonly<Record<string, unknown>>,
  at: { readonly provider: string; readonly skipPlan: boolean },
): void => {
  const ctx = ruleCtxOf(cx, at.provider)
  for (let ri = 0; ri < rules.length; ri++)
    if (!at.skipPlan || rules[ri].when !== 'plan') pushAll(cx, n, rules[ri].check(values as I, ctx))
}

/** Every ignoreChanges entry names an input field. */
const checkIgnored = (cx: CompileContext, n: ResourceNode, spec: ResourceVertex['spec']): void => {
  const ignore = n.options.ignoreChanges
  if (ignore === undefined) return
  for (const f of ignore)
    if (!inputNamesOf(cx, spec.inputs).has(f.split('.')[0]))
      push(cx, issue(labelOf(n), { path: 'options.ignoreChanges', expected: `input fields of ${n.token}`, given: f }))
}

/** The aliases are well formed and the importId parses as the type's import format. */
const checkAliasesAndImport = (cx: CompileContext, n: ResourceNode, spec: ResourceVertex['spec']): void => {
  if (n.options.aliases !== undefined) pushAll(cx, n, aliasFindings(n))
  const importId = n.options.importId
  if (importId === undefined) return
  const parsed = spec.identity.parseImportId(importId)
  if (E.isLeft(parsed))
    push(
      cx,
      issue(labelOf(n), {
        path: 'options.importId',
        expected: spec.identity.importFormat,
        given: importId,
        message: parsed.left + '.',
      }),
    )
}

/** A resource node's vertex, once its inputs, rules and options are checked. */
const resourceVertex = (cx: CompileContext, ni: number, n: ResourceNode, deps: ReadonlyArray<string>): void => {
  const spec = cx.registry.resources.get(n.token)
  if (!spec) return unknownType(cx, n, 'a registered resource type', 'unknown resource type.')
  const provider = instanceOf(cx, n, spec.provider)
  const findings = cx.validate(spec.inputs, n.inputs)
  pushAll(cx, n, findings)
  checkIgnored(cx, n, spec)
  if (findings.length === 0 && provider) runRules(cx, n, spec.rules, n.inputs, { provider, skipPlan: true })
  checkAliasesAndImport(cx, n, spec)
  if (provider)
    cx.vertexAt[ni] = withLabel({ _tag: 'Resource', address: cx.addresses[ni], node: n, spec, provider, deps })
}

/** A lookup node's vertex, once its arguments and rules are checked. */
const lookupVertex = (cx: CompileContext, ni: number, n: LookupNode, deps: ReadonlyArray<string>): void => {
  const spec = cx.registry.lookups.get(n.token)
  if (!spec) return unknownType(cx, n, 'a registered lookup', 'unknown lookup.')
  const provider = instanceOf(cx, n, spec.provider)
  const findings = cx.validate(spec.args, n.args)
  pushAll(cx, n, findings)
  if (findings.length === 0 && provider) runRules(cx, n, spec.rules, n.args, { provider, skipPlan: false })
  if (provider)
    cx.vertexAt[ni] = withLabel({ _tag: 'Lookup', address: cx.addresses[ni], node: n, spec, provider, deps })
}

/**
 * Compile node `ni` into its vertex (at `cx.vertexAt[ni]`), or keep its issues. A function of its
 * own, called per node: V8 optimises it as any hot function.
 */
export const compileNode = (cx: CompileContext, ni: number): void => {
  if (!nameChecked(cx, ni)) return
  const n = cx.nodes[ni]
  const deps = dependenciesOf(cx, n)
  if (n._tag === 'Resource') resourceVertex(cx, ni, n, deps)
  else lookupVertex(cx, ni, n, deps)
}
