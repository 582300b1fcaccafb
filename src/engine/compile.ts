/**
 * compile: Stack → Graph. Decodes every node and provider configuration, runs every compile-time
 * rule, checks refs and dependencies, sorts topologically — and collects ALL errors, so one run
 * shows everything wrong with a stack. Pure; no network.
 */
import * as E from 'fp-ts/Either'
import { fieldsOf } from '../core/codecs'
import { issue, type Issue } from '../core/issue'
import { addressAsKept, labelOf, labelOfAddress, type Node } from '../core/node'
import { refsIn, refsInto, type Ref } from '../core/ref'
import type { Registry } from '../core/registry'
import type { Stack } from '../core/stack'
import { keepPositions, toposort, type Graph, type ProviderConfig, type Vertex } from './graph'
import { makeValidator } from './validate'
import { closestName } from '../core/closest-name'
import { nodeNameProblem, quoteName, stackNameProblem } from '../core/names'
import { aliasFindings } from './aliases'
import { codecAt } from './codec-shape'
import { refCodecFindings, refOutputCodec } from './ref-codec-findings'

const didYouMean = (given: string, names: Iterable<string>): string => {
  const near = closestName(given, names)
  return near ? ` (did you mean \`${near}\`?)` : ''
}

/** The stack is invalid: every issue, each naming its node and field path. */
export interface CompileError {
  readonly _tag: 'CompileError'
  readonly issues: ReadonlyArray<Issue>
}

/** the dependencies of a node without any (shared) */
const NO_DEPS: ReadonlyArray<string> = Object.freeze([])

/**
 * A vertex's `label`: an own enumerable property like its others (spreads, JSON and comparisons
 * see it), made from its node when read. Issues and a few steps of a run read it; every vertex
 * holding its label from compile on kept ~1 MB of strings alive through the whole run, copied by
 * every scavenge. One shared getter (a getter per vertex would be a closure each).
 */
const LABEL: PropertyDescriptor = {
  get(this: Vertex): string {
    return labelOf(this.node)
  },
  enumerable: true,
  configurable: true,
}

const withLabel = <V extends Vertex>(v: Omit<V, 'label'>): V => Object.defineProperty(v, 'label', LABEL) as V

const compileError = (issues: ReadonlyArray<Issue>): CompileError => ({ _tag: 'CompileError', issues })

/** Fields a ref may name on a node: inputs and outputs of a resource, result fields and id of a lookup. */
const refFields = (registry: Registry, token: string): ReadonlySet<string> | undefined => {
  const r = registry.resources.get(token)
  if (r) return new Set(['id', ...fieldsOf(r.inputs).map((f) => f.name), ...fieldsOf(r.outputs).map((f) => f.name)])
  const l = registry.lookups.get(token)
  if (l) return new Set(['id', ...fieldsOf(l.result).map((f) => f.name), ...fieldsOf(l.args).map((f) => f.name)])
  return undefined
}

/** Compile a stack against a registry: decode every input, check every ref, order the nodes. */
export const compile =
  (registry: Registry, opts: { readonly now?: Date } = {}) =>
  (stack: Stack): E.Either<CompileError, Graph> => {
    const errors: Issue[] = []
    const warnings: Issue[] = []
    const now = opts.now ?? new Date()
    // facts about each type, worked out once per compile rather than once per node
    const validateValue = makeValidator()
    const refFieldsByToken = new Map<string, ReadonlySet<string> | null>()
    const refFieldsOf = (token: string): ReadonlySet<string> | null => {
      let fields = refFieldsByToken.get(token)
      if (fields === undefined) refFieldsByToken.set(token, (fields = refFields(registry, token) ?? null))
      return fields
    }
    const inputNamesBySpec = new Map<unknown, ReadonlySet<string>>()
    const inputNamesOf = (codec: Parameters<typeof fieldsOf>[0]): ReadonlySet<string> => {
      let names = inputNamesBySpec.get(codec)
      if (!names) inputNamesBySpec.set(codec, (names = new Set(fieldsOf(codec).map((f) => f.name))))
      return names
    }
    const push = (i: Issue) => (i.severity === 'warning' ? warnings : errors).push(i)
    const outputCodecOf = (r: Ref<unknown>) => {
      const target = declared.get(r.node)
      return target === undefined ? undefined : refOutputCodec(registry, nodes[target].token, r.path)
    }
    const checkRefCodecs = (n: Node, field: string, v: unknown): void => {
      const codec =
        n._tag === 'Resource' ? registry.resources.get(n.token)?.inputs : registry.lookups.get(n.token)?.args
      const fieldCodec = codec && codecAt(codec, [field])
      if (!fieldCodec) return
      for (const f of refCodecFindings(field, v, fieldCodec, outputCodecOf)) push(issue(labelOf(n), f))
    }

    // provider instances used by the nodes, decoded once each
    const providers = new Map<string, ProviderConfig>()
    const instanceOf = (n: Node, provider: string): string | undefined => {
      const name = n.options.provider ?? provider
      if (providers.has(name)) return name
      const inst = stack.providers[name]
      if (!inst && name !== provider) {
        push(
          issue(labelOf(n), {
            path: 'options.provider',
            expected: `a provider instance declared in the stack (${Object.keys(stack.providers).join(', ') || 'none'})`,
            given: name,
          }),
        )
        return undefined
      }
      if (inst && inst.provider !== provider) {
        push(
          issue(labelOf(n), {
            path: 'options.provider',
            expected: `an instance of provider ${provider}`,
            given: `${name} (${inst.provider})`,
          }),
        )
        return undefined
      }
      const spec = registry.providers.get(provider)!
      const label = `provider ${name}`
      const raw = inst?.config ?? {}
      const findings = validateValue(spec.config, raw)
      findings.forEach((f) => push(issue(label, f)))
      if (findings.length > 0) return undefined
      const decoded = spec.config.decode(raw)
      if (E.isLeft(decoded)) return undefined
      for (const rule of spec.rules) rule(decoded.right).forEach((f) => push(issue(label, f)))
      providers.set(name, { name, provider, config: decoded.right as Record<string, unknown> })
      return name
    }

    // read once: `stack.nodes` is a getter (see core/stack.ts), and a call per node and per ref added up
    const nodes = stack.nodes
    // each node's address, made once (strings of every node, used by both passes); its label is
    // made only for an issue, or when the vertex's is read (see LABEL)
    const addresses = nodes.map(addressAsKept)
    // the context compile-time rules get, one per provider instance rather than one per node
    const ruleCtx = new Map<string, { readonly config: Record<string, unknown>; readonly now: Date }>()
    const ruleCtxOf = (provider: string) => {
      let c = ruleCtx.get(provider)
      if (!c) ruleCtx.set(provider, (c = { config: providers.get(provider)!.config, now }))
      return c
    }
    // each node's vertex, at its index (none: an error kept it out). The graph's address-keyed
    // `vertices` Map is made from these when first read: plan and the run loop find vertices by
    // position (positionsOf), and a mock run never reads it
    const vertexAt = new Array<Vertex | undefined>(nodes.length)
    /** an earlier node of this address got its vertex (asked only of a repeated address) */
    const declaredBefore = (ni: number, address: string): boolean => {
      for (let j = ni - 1; j >= 0; j--) if (addresses[j] === address && vertexAt[j] !== undefined) return true
      return false
    }
    // address → index of the node declaring it: a ref's target type is read from its node (the
    // token a string the registry already hashed) rather than cut out of the address per ref
    // (whether an earlier node has a node's address is found here, by the map's size: no lookup
    // per node below)
    const declared = new Map<string, number>()
    const duplicate = new Uint8Array(addresses.length)
    for (let i = 0; i < addresses.length; i++) {
      const size = declared.size
      declared.set(addresses[i], i)
      if (declared.size === size) duplicate[i] = 1
    }
    // a field's refs and a node's dependencies are gathered in scratch arrays kept for the whole
    // compile and filled up to a count (`length = 0` gave an array's room back, so every node
    // allocated a fresh backing store again), then the dependencies copied at their exact size (a
    // node has a handful: a scan of a short array beats a Set per node)
    const refs: Ref<unknown>[] = []
    const depsScratch: string[] = []
    let depCount = 0
    const addDep = (d: string): void => {
      for (let i = 0; i < depCount; i++) if (depsScratch[i] === d) return
      depsScratch[depCount++] = d
    }
    // names from a JSON stack or a forged program never passed the builders' checks
    const stackProblem = stackNameProblem(stack.name)
    if (stackProblem !== undefined)
      push(
        issue(`stack ${quoteName(String(stack.name))}`, {
          path: 'name',
          expected: "1 to 100 letters, digits, '.', '_' or '-'",
          given: stack.name,
          message: stackProblem + '.',
        }),
      )
    // one node, a function of its own: called per node, V8 optimises it as it does any hot function
    // (as the body of one long loop it ran unoptimised until the loop was replaced on the stack)
    const compileNode = (ni: number): void => {
      const n = nodes[ni]
      const address = addresses[ni]
      const nameProblem = nodeNameProblem(n.name)
      if (nameProblem !== undefined) {
        push(
          issue(labelOf(n), {
            path: 'name',
            expected: 'a name without control characters',
            given: n.name,
            message: nameProblem + '.',
          }),
        )
        return
      }
      // (a duplicate of a node that got no vertex, for errors of its own, is checked as any node)
      if (duplicate[ni] === 1 && declaredBefore(ni, address)) {
        push(
          issue(labelOf(n), {
            path: '',
            expected: 'a name used once per type in the stack',
            given: n.name,
            message: 'duplicate name.',
          }),
        )
        return
      }
      // dependencies: dependsOn and every ref, each checked against the declared nodes and fields
      // in the same walk. Hot loops here index arrays: a compile runs once per process, mostly
      // before the optimiser has seen it, and unoptimised for-of allocates an iterator and a
      // result per element.
      depCount = 0
      const dependsOn = n.options.dependsOn
      if (dependsOn !== undefined)
        for (let di = 0; di < dependsOn.length; di++) {
          const d = dependsOn[di]
          if (!declared.has(d))
            push(
              issue(labelOf(n), {
                path: 'options.dependsOn',
                expected: 'a node declared in this stack',
                given: labelOfAddress(d),
                message: 'dangling dependency.',
              }),
            )
          addDep(d)
        }
      const where: Readonly<Record<string, unknown>> = n._tag === 'Resource' ? n.inputs : n.args
      for (const field in where) {
        const v = where[field]
        if (typeof v !== 'object' || v === null) continue
        const count = refsInto(v, refs, 0)
        let wired = count > 0
        for (let ri = 0; ri < count; ri++) {
          const r = refs[ri]
          addDep(r.node)
          const target = declared.get(r.node)
          if (target === undefined) {
            push(
              issue(labelOf(n), {
                path: field,
                expected: 'a ref to a node added to this stack',
                given: r,
                message: `dangling ref to ${labelOfAddress(r.node)}.`,
              }),
            )
            wired = false
            continue
          }
          const token = nodes[target].token
          const fields = refFieldsOf(token)
          if (fields && r.path.length > 0 && !fields.has(r.path[0])) {
            wired = false
            push(
              issue(labelOf(n), {
                path: field,
                expected: `an output of ${token} (${[...fields].join(', ')})`,
                given: r,
                message: `ref to undeclared output \`${r.path[0]}\`${didYouMean(r.path[0], fields)}.`,
              }),
            )
          }
        }
        // each ref's output against the field's codec, once every ref of the field names a declared output
        if (wired) checkRefCodecs(n, field, v)
      }
      // most nodes have none or one: a shared empty list, then exact-size copies
      const deps = depCount === 0 ? NO_DEPS : depsScratch.slice(0, depCount)
      if (n._tag === 'Resource') {
        const spec = registry.resources.get(n.token)
        if (!spec) {
          push(
            issue(labelOf(n), {
              path: '',
              expected: `a registered resource type`,
              given: n.token,
              message: 'unknown resource type.',
            }),
          )
          return
        }
        const provider = instanceOf(n, spec.provider)
        const findings = validateValue(spec.inputs, n.inputs)
        for (let fi = 0; fi < findings.length; fi++) push(issue(labelOf(n), findings[fi]))
        const ignore = n.options.ignoreChanges
        if (ignore !== undefined)
          for (const f of ignore)
            if (!inputNamesOf(spec.inputs).has(f.split('.')[0]))
              push(
                issue(labelOf(n), { path: 'options.ignoreChanges', expected: `input fields of ${n.token}`, given: f }),
              )
        if (findings.length === 0 && provider) {
          const ctx = ruleCtxOf(provider)
          for (let ri = 0; ri < spec.rules.length; ri++) {
            const rule = spec.rules[ri]
            if (rule.when === 'plan') continue
            const found = rule.check(n.inputs, ctx)
            for (let fi = 0; fi < found.length; fi++) push(issue(labelOf(n), found[fi]))
          }
        }
        if (n.options.aliases !== undefined) for (const f of aliasFindings(n)) push(issue(labelOf(n), f))
        if (n.options.importId !== undefined) {
          const parsed = spec.identity.parseImportId(n.options.importId)
          if (E.isLeft(parsed))
            push(
              issue(labelOf(n), {
                path: 'options.importId',
                expected: spec.identity.importFormat,
                given: n.options.importId,
                message: parsed.left + '.',
              }),
            )
        }
        if (provider) vertexAt[ni] = withLabel({ _tag: 'Resource', address, node: n, spec, provider, deps })
      } else {
        const spec = registry.lookups.get(n.token)
        if (!spec) {
          push(
            issue(labelOf(n), {
              path: '',
              expected: `a registered lookup`,
              given: n.token,
              message: 'unknown lookup.',
            }),
          )
          return
        }
        const provider = instanceOf(n, spec.provider)
        const findings = validateValue(spec.args, n.args)
        for (let fi = 0; fi < findings.length; fi++) push(issue(labelOf(n), findings[fi]))
        if (findings.length === 0 && provider) {
          const ctx = ruleCtxOf(provider)
          for (let ri = 0; ri < spec.rules.length; ri++) {
            const found = spec.rules[ri].check(n.args, ctx)
            for (let fi = 0; fi < found.length; fi++) push(issue(labelOf(n), found[fi]))
          }
        }
        if (provider) vertexAt[ni] = withLabel({ _tag: 'Lookup', address, node: n, spec, provider, deps })
      }
    }
    for (let ni = 0; ni < nodes.length; ni++) compileNode(ni)

    for (const [k, v] of Object.entries(stack.outputs))
      for (const r of refsIn(v))
        if (!declared.has(r.node))
          push(
            issue(`stack ${stack.name}`, {
              path: `outputs.${k}`,
              expected: 'a ref to a node added to this stack',
              given: r,
            }),
          )

    if (errors.length > 0) return E.left(compileError(errors))

    // without errors every node has its vertex, in declaration order: `declared` indexes them already
    // (then the vertices are taken as they are, not filtered into a copy grown element by element)
    let complete = true
    for (let i = 0; i < vertexAt.length; i++)
      if (vertexAt[i] === undefined) {
        complete = false
        break
      }
    const byKey = complete ? (vertexAt as Vertex[]) : vertexAt.filter((v): v is Vertex => v !== undefined)
    const keys = complete ? addresses : byKey.map((v) => v.address)
    const index = complete ? declared : new Map(keys.map((k, i) => [k, i]))
    const sorted = toposort(
      keys,
      (k) => byKey[index.get(k)!].deps,
      index,
      (i) => byKey[i].deps,
    )
    if ('cycle' in sorted) {
      const names = sorted.cycle.map(labelOfAddress)
      return E.left(
        compileError([
          issue(names[0], {
            path: '',
            expected: 'no dependency cycle',
            given: names.join(' → '),
            message: `dependency cycle: ${names.join(' → ')}.`,
          }),
        ]),
      )
    }
    const ordered = new Array<Vertex>(byKey.length)
    for (let i = 0; i < ordered.length; i++) ordered[i] = byKey[sorted.at[i]]
    // `index` (every address a vertex's) becomes each vertex's position in that order: its
    // entries are rewritten in place, no second Map of every address
    for (let i = 0; i < ordered.length; i++) index.set(ordered[i].address, i)
    keepPositions(ordered, index)
    let vertices: Map<string, Vertex> | undefined
    return E.right({
      stack: stack.name,
      // by address, in declaration order, made when first read (see vertexAt)
      get vertices() {
        return (vertices ??= new Map(byKey.map((v) => [v.address, v])))
      },
      order: sorted.order,
      ordered,
      providers,
      declared: stack.providers,
      outputs: stack.outputs,
      warnings,
    })
  }
