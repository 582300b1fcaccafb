/**
 * plan: Graph × State × resolved lookups → Plan. Pure. One step per node, a field-level diff,
 * replace rules, protect and ignoreChanges, deletes in reverse dependency order.
 */
import * as E from 'fp-ts/Either'
import { issue, type Issue } from '../core/issue'
import { labelOfAddress } from '../core/node'
import type { Registry } from '../core/registry'
import type { State, ResourceState } from '../state/state'
import type { Protector } from '../state/protect'
import type { Graph, ResourceVertex } from './graph'
import { diffInputs, type FieldChange } from './diff'
import { resolveRefs } from './resolve'
import { UNKNOWN, hasUnknown } from './unknown'

// ── model ────────────────────────────────────────────────────────────────────
export type Action = 'create' | 'update' | 'replace' | 'delete' | 'forget' | 'import' | 'read' | 'noop'

export interface Step {
  readonly address: string
  readonly token: string
  readonly name: string
  readonly kind: 'Resource' | 'Lookup'
  readonly action: Action
  /** provider instance */
  readonly provider: string
  readonly diff: ReadonlyArray<FieldChange>
  /** desired inputs as far as known at plan time (refs resolved where possible) */
  readonly inputs: Readonly<Record<string, unknown>>
  /** addresses this step waits for */
  readonly deps: ReadonlyArray<string>
  readonly notes: ReadonlyArray<string>
  readonly deleteBeforeReplace?: boolean
  /** input fields taken from state instead of the stack (ignoreChanges, fixed fields) */
  readonly overrides?: Readonly<Record<string, unknown>>
}

export interface Plan {
  readonly version: 1
  readonly stack: string
  readonly lineage: string
  /** serial of the state this plan was made from */
  readonly baseSerial: number
  readonly steps: ReadonlyArray<Step>
  readonly warnings: ReadonlyArray<Issue>
}

export interface PlanError {
  readonly _tag: 'PlanError'
  readonly issues: ReadonlyArray<Issue>
}

export interface PlanInput {
  readonly graph: Graph
  readonly state: State
  /** lookup address → result (UNKNOWN when its args are not known yet) */
  readonly lookups: ReadonlyMap<string, unknown>
  readonly protector: Protector
  readonly now: Date
  readonly registry: Registry
}

// ── destructors ──────────────────────────────────────────────────────────────
export const changes = (p: Plan): ReadonlyArray<Step> => p.steps.filter((s) => s.action !== 'noop' && s.action !== 'read')
export const hasChanges = (p: Plan): boolean => changes(p).length > 0

export const summary = (p: Plan): Readonly<Record<Action, number>> => {
  const s: Record<Action, number> = { create: 0, update: 0, replace: 0, delete: 0, forget: 0, import: 0, read: 0, noop: 0 }
  for (const st of p.steps) s[st.action]++
  return s
}

// ── plan ─────────────────────────────────────────────────────────────────────
/**
 * The prototype of a node being created: a field not given as an input is computed by the
 * platform, so unknown until apply. One immutable object shared by every plan.
 */
const COMPUTED: object = Object.freeze(new Proxy(Object.freeze({}), { get: (_o, k) => (typeof k === 'string' ? UNKNOWN : undefined) }))

/** A node's fields as refs see them: inputs, outputs and id. */
export const fieldsFromState = (r: Pick<ResourceState, 'inputs' | 'outputs' | 'id'>): Record<string, unknown> => ({ ...r.inputs, ...r.outputs, id: r.id })

export const makePlan = (i: PlanInput): E.Either<PlanError, Plan> => {
  const { graph, state } = i
  const errors: Issue[] = []
  const warnings: Issue[] = [...graph.warnings]
  const steps: Step[] = []
  // what refs can see at plan time, by address; an unchanged node's fields are put together from
  // state only when a ref asks for them (most nodes of a big stack are nobody's dependency)
  const known = new Map<string, Record<string, unknown>>()
  const unchanged = new Map<string, ResourceState>()
  const knownOf = (a: string): Record<string, unknown> | undefined => {
    const k = known.get(a)
    if (k !== undefined) return k
    const r = unchanged.get(a)
    if (r === undefined) return undefined
    const f = fieldsFromState(r)
    known.set(a, f)
    return f
  }

  for (const address of graph.order) {
    const v = graph.vertices.get(address)!
    if (v._tag === 'Lookup') {
      const r = i.lookups.get(address)
      if (r !== undefined && r !== UNKNOWN) known.set(address, r as Record<string, unknown>)
      steps.push({ address, token: v.node.token, name: v.node.name, kind: 'Lookup', action: 'read', provider: v.provider, diff: [], inputs: resolveRefs(v.node.args, knownOf) as Record<string, unknown>, deps: v.deps, notes: [] })
      continue
    }
    const step = planResource(v, state.resources[address], knownOf, i, errors, warnings)
    steps.push(step)
    const desired = step.inputs
    if (step.action === 'noop') unchanged.set(address, state.resources[address]!)
    else if (step.action === 'update') {
      // inputs are what we send; outputs are assumed stable across an in-place update
      const prior = state.resources[address]!
      known.set(address, { ...prior.outputs, ...desired, id: prior.id })
    } else if (step.action === 'create' || step.action === 'replace' || step.action === 'import') {
      // fields given as inputs are known; computed ones are not
      // own fields defined by a spread, then the prototype set: assigning them one by one onto an
      // object whose prototype is the Proxy went through the Proxy for every field (~4x slower)
      const k: Record<string, unknown> = { ...desired }
      Object.setPrototypeOf(k, COMPUTED)
      known.set(address, k)
    }
  }

  // resources in state but not in the stack: delete, dependents first
  const gone = Object.values(state.resources).filter((r) => !graph.vertices.has(r.address))
  const goneSet = new Set(gone.map((r) => r.address))
  const deleteOrder = reverseDeps(gone, goneSet)
  for (const r of deleteOrder) {
    const spec = i.registry.resources.get(r.token)
    const label = labelOfAddress(r.address)
    if (r.protect) {
      errors.push(issue(label, { path: '', expected: 'an unprotected resource to delete', given: 'protect: true', message: 'is protected and is no longer in the stack; remove `protect` first (and apply) to delete it.' }))
      continue
    }
    const forget = !spec || spec.wire.delete === 'forget'
    steps.push({
      address: r.address, token: r.token, name: r.name, kind: 'Resource', action: forget ? 'forget' : 'delete', provider: r.provider,
      diff: [], inputs: r.inputs,
      // a deleted node waits for the deletion of the nodes that depended on it
      deps: Object.values(state.resources).filter((o) => o.dependencies.includes(r.address)).map((o) => o.address),
      notes: !spec ? [`resource type ${r.token} is no longer registered: it is only forgotten, not deleted`] : forget ? [`the platform has no delete for ${r.token}: it is only removed from state and stays on the platform`] : [],
    })
  }

  if (errors.length > 0) return E.left({ _tag: 'PlanError', issues: errors })
  return E.right({ version: 1, stack: graph.stack, lineage: state.lineage, baseSerial: state.serial, steps, warnings })
}

const reverseDeps = (gone: ReadonlyArray<ResourceState>, set: ReadonlySet<string>): ResourceState[] => {
  // dependents (those listing others in `dependencies`) go first
  const byAddr = new Map(gone.map((r) => [r.address, r]))
  const out: ResourceState[] = []
  const seen = new Set<string>()
  const visit = (r: ResourceState) => {
    if (seen.has(r.address)) return
    seen.add(r.address)
    for (const o of gone) if (o.dependencies.includes(r.address) && set.has(o.address)) visit(byAddr.get(o.address)!)
    out.push(r)
  }
  gone.forEach(visit)
  return out
}

const planResource = (
  v: ResourceVertex,
  prior: ResourceState | undefined,
  known: (address: string) => Record<string, unknown> | undefined,
  i: PlanInput,
  errors: Issue[],
  warnings: Issue[],
): Step => {
  const { spec, node } = v
  const desired = resolveRefs(node.inputs, known) as Record<string, unknown>
  // the step's fields written out (spreading a shared base into every step was most of a no-change plan)
  const step = (rest: Pick<Step, 'action' | 'diff' | 'inputs' | 'notes'> & Partial<Pick<Step, 'deleteBeforeReplace' | 'overrides'>>): Step => {
    const out: { -readonly [K in keyof Step]: Step[K] } = {
      address: v.address, token: node.token, name: node.name, kind: 'Resource', provider: v.provider, deps: v.deps,
      action: rest.action, diff: rest.diff, inputs: rest.inputs, notes: rest.notes,
    }
    if (rest.deleteBeforeReplace !== undefined) out.deleteBeforeReplace = rest.deleteBeforeReplace
    if (rest.overrides !== undefined) out.overrides = rest.overrides
    return out
  }
  const config = i.graph.providers.get(v.provider)!.config
  if (!prior) {
    if (node.options.importId !== undefined)
      return step({ action: 'import', diff: [], inputs: desired, notes: [`import ${JSON.stringify(node.options.importId)} (${spec.identity.importFormat}), then update to match the stack if it differs`] })
    const diff: FieldChange[] = []
    for (const k of Object.keys(desired)) {
      const x = desired[k]
      if (x !== undefined) diff.push({ path: k, kind: 'add', before: undefined, after: x, replaces: false })
    }
    return step({ action: 'create', diff, inputs: desired, notes: [] })
  }
  // plan-time rules see what exists
  if (spec.rules.some((r) => r.when === 'plan') && !hasUnknown(desired)) {
    const ctx = { config, now: i.now, prior: { inputs: prior.inputs, outputs: prior.outputs, changedAt: prior.changedAt } }
    for (const rule of spec.rules)
      if (rule.when === 'plan')
        for (const f of rule.check(desired, ctx)) (f.severity === 'warning' ? warnings : errors).push(issue(v.label, f))
  }

  const notes: string[] = []
  let effective = desired
  const overrides: Record<string, unknown> = {}
  const keep = spec.keepOnUpdate ?? []
  const diff0 = diffInputs(prior.inputs, desired, {
    replaceOn: spec.replaceOn,
    ignore: node.options.ignoreChanges ?? [],
    equals: spec.equals ?? {},
    updatable: spec.wire.update !== undefined,
    protector: i.protector,
  })
  const diff = keep.length === 0 ? diff0 : diff0.filter((d) => {
    if (!keep.includes(d.path)) return true
    warnings.push(issue(v.label, { severity: 'warning', path: d.path, expected: `the value set at creation (${d.path} cannot be changed on the platform)`, given: d.after, message: 'is fixed after creation; the existing value is kept.' }))
    notes.push(`${d.path} cannot change after creation: keeping the existing value`)
    effective = { ...effective, [d.path]: prior.inputs[d.path] }
    overrides[d.path] = prior.inputs[d.path]
    return false
  })
  // ignored fields keep their applied value
  for (const f of node.options.ignoreChanges ?? [])
    if (prior.inputs[f] !== undefined) {
      effective = { ...effective, [f]: prior.inputs[f] }
      overrides[f] = prior.inputs[f]
    }
  if (diff.length === 0) return step({ action: 'noop', diff, inputs: effective, notes, overrides })
  const replaces = diff.filter((d) => d.replaces)
  if (replaces.length > 0) {
    if (node.options.protect || prior.protect)
      errors.push(issue(v.label, { path: replaces[0].path, expected: 'a change that does not replace a protected resource', given: replaces[0].after, message: `is protected and changing ${replaces.map((d) => d.path).join(', ')} would replace it; remove \`protect\` first.` }))
    const why = spec.wire.update === undefined ? `the platform cannot update ${spec.type} in place` : `${replaces.map((d) => d.path).join(', ')} cannot change in place`
    const old = spec.wire.delete === 'forget' ? `; a new ${spec.type} is created and the old one is only forgotten (the platform has no delete)` : ''
    return step({ action: 'replace', diff, inputs: effective, notes: [...notes, `replace: ${why}${old}`], deleteBeforeReplace: node.options.deleteBeforeReplace ?? spec.deleteBeforeReplace ?? false, overrides })
  }
  return step({ action: 'update', diff, inputs: effective, notes, overrides })
}
