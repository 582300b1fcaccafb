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
import { positionsOf, type Graph, type ResourceVertex } from './graph'
import { defaultsFor, diffInputs, type DiffOptions, type FieldChange } from './diff'
import { withComputedPrior } from './computed'
import { replaceIssues } from './replace-checks'
import { defaultsTreeOf } from './platform-defaults'
import { NOT_YET, recordField, resolveRefs, stateField, type Known } from './resolve'
import { UNKNOWN, hasUnknown } from './unknown'
import { CHECKED_IN_FULL, checkResolved, type CheckedAtPlan } from './check-resolved'
import { makeValidator, type Validate } from './validate'
import type { RuleContext } from '../core/spec'

// ── model ────────────────────────────────────────────────────────────────────
/** What a plan does to a node. */
export type Action = 'create' | 'update' | 'replace' | 'delete' | 'forget' | 'import' | 'read' | 'noop'

/** One node in a plan: its action, field-level diff, desired inputs, dependencies and notes. */
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
  /** a lookup read during apply, after what it depends on (something the plan changes) */
  readonly readAtApply?: boolean
  /** the address state recorded this resource under before (an alias, see aliases.ts) */
  readonly movedFrom?: string
  /** the remote id of an existing object read at plan that this step takes over (adoption.ts) */
  readonly adopts?: string
}

/** The change set: one step per node, versioned and serialisable, with warnings. */
export interface Plan {
  readonly version: 1
  readonly stack: string
  readonly lineage: string
  /** serial of the state this plan was made from */
  readonly baseSerial: number
  readonly steps: ReadonlyArray<Step>
  /** exported outputs that change (unknown ones until apply count as changing); absent in older plans */
  readonly outputs?: ReadonlyArray<FieldChange>
  readonly warnings: ReadonlyArray<Issue>
}

/** The plan cannot be made (e.g. a replacement a protected resource forbids); every issue. */
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
  /** addresses to replace although nothing forces it (`--replace`) */
  readonly replace?: ReadonlySet<string>
  /** keep what was checked in full, for apply (planChecked's `checked`): a plan alone drops it */
  readonly keepChecked?: boolean
}

/** A plan and what making it checked in full (apply need not check those values again). */
export interface CheckedPlan {
  readonly plan: Plan
  /** absent unless asked for (`keepChecked`) */
  readonly checked?: CheckedAtPlan
}

// ── destructors ──────────────────────────────────────────────────────────────
/** The steps that change something (not reads, not unchanged nodes). */
export const changes = (p: Plan): ReadonlyArray<Step> =>
  p.steps.filter((s) => s.action !== 'noop' && s.action !== 'read')
/** Does applying the plan change anything: a resource, an exported output, or where state records one? */
export const hasChanges = (p: Plan): boolean => {
  if ((p.outputs?.length ?? 0) > 0) return true
  // one pass, no list of the changes (every apply asks this of a plan of every node)
  for (let i = 0; i < p.steps.length; i++) {
    const s = p.steps[i]
    if ((s.action !== 'noop' && s.action !== 'read') || s.movedFrom !== undefined) return true
  }
  return false
}

/** How many steps of each action a plan has; `moved` counts the renamed ones. */
export type PlanSummary = Readonly<Record<Action, number>> & { readonly moved: number }

/**
 * How many steps of each action a plan has. A step that is only moved (an alias, nothing else
 * changed) counts as moved, not unchanged, so the counts add up to the steps.
 */
export const summary = (p: Plan): PlanSummary => {
  const s: Record<Action | 'moved', number> = {
    create: 0,
    update: 0,
    replace: 0,
    delete: 0,
    forget: 0,
    import: 0,
    read: 0,
    noop: 0,
    moved: 0,
  }
  for (const st of p.steps) s[st.action === 'noop' && st.movedFrom !== undefined ? 'moved' : st.action]++
  return s
}

// ── plan ─────────────────────────────────────────────────────────────────────
/** Make a plan from a compiled graph, the state and the lookups read (pure). */
export const makePlan = (i: PlanInput): E.Either<PlanError, Plan> => E.map((c: CheckedPlan) => c.plan)(planChecked(i))

/** Make a plan (as makePlan) and give with it the inputs it checked in full, at its clock. */
export const planChecked = (i: PlanInput): E.Either<PlanError, CheckedPlan> => {
  const { graph, state } = i
  const errors: Issue[] = i.replace ? replaceIssues(graph, i.replace) : []
  const warnings: Issue[] = [...graph.warnings]
  // one step per vertex, at its position (then the deletes): made at its size, not grown by push
  const steps = new Array<Step>(graph.ordered.length)
  // what refs can see at plan time, by the node's position in `graph.ordered` (positionsOf).
  // Nodes come in dependency order, so a node a ref points at is planned already: one that
  // changes is in `known` or `creating`, and one left unchanged is read from state where its
  // values lie (a merged record per node was the largest allocation of a no-change plan)
  const at = positionsOf(graph)
  const known = new Array<Record<string, unknown> | undefined>(graph.ordered.length)
  // nodes being created: the fields given as inputs are known, the ones the platform computes are not
  const creating = new Array<Readonly<Record<string, unknown>> | undefined>(graph.ordered.length)
  // state's records, read once (one pass over a record object of thousands of keys), each put at
  // its node's position: a node and the refs to it find what state recorded by the position they
  // look up anyway, with no second map by address. Records of no node are the ones to delete
  const recorded = new Array<ResourceState | undefined>(graph.ordered.length)
  const gone: ResourceState[] = []
  for (const a in state.resources) {
    const r = state.resources[a]
    const p = at.get(a)
    if (p === undefined) gone.push(r)
    else recorded[p] = r
  }
  // (a position is in `creating` or in `known`, never both: the more common first)
  const answer: Known = (a, field) => {
    const p = at.get(a)
    if (p === undefined) {
      // not a node of this stack (compile lets no ref point there): what state holds, if anything
      const r = Object.prototype.hasOwnProperty.call(state.resources, a) ? state.resources[a] : undefined
      return r === undefined ? NOT_YET : stateField(r, field)
    }
    const c = creating[p]
    if (c !== undefined)
      return field !== undefined && Object.prototype.hasOwnProperty.call(c, field) ? c[field] : UNKNOWN
    const k = known[p]
    if (k !== undefined) return recordField(k, field)
    const r = recorded[p]
    return r === undefined ? NOT_YET : stateField(r, field)
  }
  // every answer that is a value is counted (planResource: did any ref of a node give one?)
  const tally = { known: 0 }
  const knownOf: Known = (a, field) => {
    const x = answer(a, field)
    if (x !== NOT_YET && x !== UNKNOWN) tally.known++
    return x
  }

  const ctx: PlanCtx = {
    i,
    known: knownOf,
    tally,
    errors,
    warnings,
    diffOptions: new Map(),
    validate: makeValidator(),
    ruleCtx: new Map(),
    checked: i.keepChecked ? new Array<CheckedAtPlan['inputs'][number]>(graph.ordered.length) : undefined,
  }
  for (let oi = 0; oi < graph.ordered.length; oi++) {
    const v = graph.ordered[oi]
    const address = v.address
    if (v._tag === 'Lookup') {
      const r = i.lookups.get(address)
      if (r !== undefined && r !== UNKNOWN) known[oi] = r as Record<string, unknown>
      const atApply = r === UNKNOWN
      steps[oi] = {
        ...(atApply ? { readAtApply: true } : {}),
        address,
        token: v.node.token,
        name: v.node.name,
        kind: 'Lookup',
        action: 'read',
        provider: v.provider,
        diff: [],
        inputs: resolveRefs(v.node.args, knownOf) as Record<string, unknown>,
        deps: v.deps,
        notes: atApply ? ['read during apply, after what it depends on: its results are (known after apply)'] : NONE,
      }
      continue
    }
    const prior = recorded[oi]
    const step = planResource(v, oi, prior, ctx)
    steps[oi] = step
    const desired = step.inputs
    if (step.action === 'update') {
      // inputs are what we send; outputs are assumed stable across an in-place update
      known[oi] = { ...prior!.outputs, ...desired, id: prior!.id }
    } else if (step.action === 'create' || step.action === 'replace' || step.action === 'import') creating[oi] = desired
  }

  // resources in state but not in the stack (`gone`, above): delete, dependents first
  const goneSet = new Set(gone.map((r) => r.address))
  const deleteOrder = reverseDeps(gone, goneSet)
  for (const r of deleteOrder) {
    const spec = i.registry.resources.get(r.token)
    const label = labelOfAddress(r.address)
    if (r.protect) {
      errors.push(
        issue(label, {
          path: '',
          expected: 'an unprotected resource to delete',
          given: 'protect: true',
          message: 'is protected and is no longer in the stack; remove `protect` first (and apply) to delete it.',
        }),
      )
      continue
    }
    const forget = !spec || spec.wire.delete === 'forget'
    steps.push({
      address: r.address,
      token: r.token,
      name: r.name,
      kind: 'Resource',
      action: forget ? 'forget' : 'delete',
      provider: r.provider,
      diff: [],
      inputs: r.inputs,
      // a deleted node waits for the deletion of the nodes that depended on it
      deps: Object.values(state.resources)
        .filter((o) => o.dependencies.includes(r.address))
        .map((o) => o.address),
      notes: !spec
        ? [`resource type ${r.token} is no longer registered: it is only forgotten, not deleted`]
        : forget
          ? [`the platform has no delete for ${r.token}: it is only removed from state and stays on the platform`]
          : [],
    })
  }

  if (errors.length > 0) return E.left({ _tag: 'PlanError', issues: errors })
  // exports as far as known now, against those recorded (secrets compare by digest)
  const outputs = diffInputs(state.outputs, resolveRefs(graph.outputs, knownOf) as Record<string, unknown>, {
    replaceOn: NONE,
    ignore: NONE,
    equals: {},
    updatable: true,
    protector: i.protector,
  })
  const plan: Plan = {
    version: 1,
    stack: graph.stack,
    lineage: state.lineage,
    baseSerial: state.serial,
    steps,
    outputs,
    warnings,
  }
  return E.right(ctx.checked ? { plan, checked: { now: i.now.getTime(), inputs: ctx.checked } } : { plan })
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

/** What planning every resource shares: the plan's input, where issues go, and per-type facts. */
interface PlanCtx {
  readonly i: PlanInput
  readonly known: Known
  /** how many of `known`'s answers so far were values (not NOT_YET, not UNKNOWN) */
  readonly tally: { readonly known: number }
  readonly errors: Issue[]
  readonly warnings: Issue[]
  /** diff options per resource type, for nodes without ignoreChanges (made once per plan) */
  readonly diffOptions: Map<ResourceVertex['spec'], DiffOptions>
  /** checks values that arrived through refs */
  readonly validate: Validate
  /** inputs checked in full, by position (see CheckedAtPlan), when kept */
  readonly checked: Array<CheckedAtPlan['inputs'][number]> | undefined
  /** the context compile-time rules get, one per provider instance (not one per node) */
  readonly ruleCtx: Map<string, RuleContext>
}

const ruleCtxOf = (v: ResourceVertex, c: PlanCtx): RuleContext => {
  let ctx = c.ruleCtx.get(v.provider)
  if (!ctx) c.ruleCtx.set(v.provider, (ctx = { config: c.i.graph.providers.get(v.provider)!.config, now: c.i.now }))
  return ctx
}

const NONE: ReadonlyArray<never> = Object.freeze([])

// the step's fields written out (spreading a shared base into every step was most of a no-change plan)
const makeStep = (
  v: ResourceVertex,
  action: Action,
  diff: ReadonlyArray<FieldChange>,
  inputs: Readonly<Record<string, unknown>>,
  notes: ReadonlyArray<string>,
  overrides?: Readonly<Record<string, unknown>>,
  deleteBeforeReplace?: boolean,
): Step => {
  const out: { -readonly [K in keyof Step]: Step[K] } = {
    address: v.address,
    token: v.node.token,
    name: v.node.name,
    kind: 'Resource',
    provider: v.provider,
    deps: v.deps,
    action,
    diff,
    inputs,
    notes,
  }
  if (deleteBeforeReplace !== undefined) out.deleteBeforeReplace = deleteBeforeReplace
  if (overrides !== undefined) out.overrides = overrides
  return out
}

/** A create's diff: every field given, added (sized first: a pushed-to array keeps room for 16). */
const createDiff = (desired: Readonly<Record<string, unknown>>): FieldChange[] => {
  let count = 0
  for (const k in desired) if (desired[k] !== undefined) count++
  const diff = new Array<FieldChange>(count)
  let at = 0
  for (const k in desired) {
    const x = desired[k]
    if (x !== undefined) diff[at++] = { path: k, kind: 'add', before: undefined, after: x, replaces: false }
  }
  return diff
}

/** the diffs of create steps read so far, each made once */
const createDiffs = new WeakMap<object, ReadonlyArray<FieldChange>>()

/**
 * A create step's `diff`: an own enumerable property like the others (JSON, spreads and
 * comparisons see it), worked out from the step's inputs when first read. One shared getter: a
 * getter per step (a closure over its inputs) would give every step a dictionary of properties.
 */
const CREATE_DIFF: PropertyDescriptor = {
  get(this: Step): ReadonlyArray<FieldChange> {
    let d = createDiffs.get(this)
    if (d === undefined) createDiffs.set(this, (d = createDiff(this.inputs)))
    return d
  },
  enumerable: true,
  configurable: true,
}

/**
 * A create step's fields, written by a constructor rather than a literal: V8 gives the objects of
 * a constructor in-object room for every field it writes, where a literal of seven fields and three
 * more added after kept those three in an array of their own (~25 bytes more per step, and steps
 * live through the whole run, copied by each scavenge). Its prototype is Object's: a step is the
 * plain object it always was (`Object.getPrototypeOf`, `constructor`, JSON, spreads).
 */
function CreateStep(
  this: { -readonly [K in keyof Step]: Step[K] },
  v: ResourceVertex,
  desired: Readonly<Record<string, unknown>>,
  notes: ReadonlyArray<string>,
): void {
  this.address = v.address
  this.token = v.node.token
  this.name = v.node.name
  this.kind = 'Resource'
  this.provider = v.provider
  this.deps = v.deps
  this.action = 'create'
  // (in makeStep's order: the fields come out in the same order as any step's)
  Object.defineProperty(this, 'diff', CREATE_DIFF)
  this.inputs = desired
  this.notes = notes
}
CreateStep.prototype = Object.prototype

const NewCreateStep = CreateStep as unknown as new (
  v: ResourceVertex,
  desired: Readonly<Record<string, unknown>>,
  notes: ReadonlyArray<string>,
) => Step

/**
 * A create step. Its diff is the inputs again, one object per field, and an apply never reads it
 * (a rendering or a JSON copy of the plan does): made when read, not for every step of every plan.
 */
const createStep = (
  v: ResourceVertex,
  desired: Readonly<Record<string, unknown>>,
  notes: ReadonlyArray<string>,
): Step => new NewCreateStep(v, desired, notes)

const diffOptionsOf = (v: ResourceVertex, c: PlanCtx): DiffOptions => {
  const ignore = v.node.options.ignoreChanges
  if (ignore !== undefined && ignore.length > 0) return diffOptions(v.spec, ignore, c.i.protector)
  let o = c.diffOptions.get(v.spec)
  if (!o) c.diffOptions.set(v.spec, (o = diffOptions(v.spec, NONE, c.i.protector)))
  return o
}

const diffOptions = (
  spec: ResourceVertex['spec'],
  ignore: ReadonlyArray<string>,
  protector: Protector,
): DiffOptions => ({
  replaceOn: spec.replaceOn,
  ignore,
  equals: spec.equals ?? {},
  updatable: spec.wire.update !== undefined,
  protector,
  computed: spec.computed ?? NONE,
  filled: defaultsTreeOf(spec),
})

/** The spec's plan-time rules over the desired inputs (once every value is known); `prior`: what exists. */
const planRulesOf = (
  v: ResourceVertex,
  desired: Readonly<Record<string, unknown>>,
  prior: ResourceState | undefined,
  c: PlanCtx,
): void => {
  const { spec } = v
  let planRules = false
  for (let r = 0; r < spec.rules.length; r++) if (spec.rules[r].when === 'plan') planRules = true
  if (!planRules || hasUnknown(desired)) return
  const ctx = {
    config: c.i.graph.providers.get(v.provider)!.config,
    now: c.i.now,
    ...(prior ? { prior: { inputs: prior.inputs, outputs: prior.outputs, changedAt: prior.changedAt } } : {}),
  }
  for (const rule of spec.rules)
    if (rule.when === 'plan')
      for (const f of rule.check(desired, ctx))
        (f.severity === 'warning' ? c.warnings : c.errors).push(issue(v.label, f))
}

/** `at`: the vertex's position in `graph.ordered` */
const planResource = (v: ResourceVertex, at: number, prior: ResourceState | undefined, c: PlanCtx): Step => {
  const { spec, node } = v
  const { i, errors } = c
  const answered = c.tally.known
  const resolved = resolveRefs(node.inputs, c.known) as Record<string, unknown>
  // every ref gave UNKNOWN (refs to computed outputs of nodes being created): the resolved inputs
  // are the node's own with one placeholder for another, which compile's check passed, and the
  // rules wait for every value: checkResolved would find nothing (test/engine/all-unknown-refs.test.ts)
  const allUnknown = resolved !== node.inputs && c.tally.known === answered
  // values known now that came through refs are checked now, not found out by the platform
  if (resolved !== node.inputs && !allUnknown) {
    const found = checkResolved(spec.inputs, spec.rules, node.inputs, resolved, ruleCtxOf(v, c), c.validate)
    for (let fi = 0; fi < found.length; fi++) errors.push(issue(v.label, found[fi]))
    if (found === CHECKED_IN_FULL && c.checked) c.checked[at] = resolved
  }
  // what the platform will give the fields left out, shown and recorded (never sent); none while
  // a value is unknown (defaultsFor's own answer then)
  const defaulted = allUnknown ? undefined : defaultsFor(spec, resolved)
  const desired = defaulted ? { ...resolved, ...defaulted } : resolved
  const defaultNotes = defaulted
    ? [
        `defaults the platform applies: ${Object.entries(defaulted)
          .map(([k, x]) => `${k} = ${JSON.stringify(x)}`)
          .join(', ')}`,
      ]
    : NONE
  if (!prior) {
    if (node.options.importId !== undefined)
      return makeStep(v, 'import', NONE, desired, [
        `import ${JSON.stringify(node.options.importId)} (${spec.identity.importFormat}), then update to match the stack if it differs`,
      ])
    // a create's plan-time rules see the provider as resolved (e.g. the workspaces its token sees)
    planRulesOf(v, desired, undefined, c)
    return createStep(v, desired, defaultNotes)
  }
  // plan-time rules see what exists
  planRulesOf(v, desired, prior, c)

  if (i.replace?.has(v.address)) {
    if (node.options.protect || prior.protect)
      errors.push(
        issue(v.label, {
          path: '',
          expected: 'an unprotected resource to replace',
          given: 'protect: true',
          message: 'is protected; remove `protect` first to replace it.',
        }),
      )
    return makeStep(
      v,
      'replace',
      NONE,
      desired,
      ['replace: requested (--replace)'],
      undefined,
      node.options.deleteBeforeReplace ?? spec.deleteBeforeReplace ?? false,
    )
  }
  const options = diffOptionsOf(v, c)
  const before = withComputedPrior(spec, prior)
  const diff0 = diffInputs(before, desired, defaulted ? { ...options, defaults: defaulted } : options)
  const keep = spec.keepOnUpdate ?? NONE
  const ignore = node.options.ignoreChanges ?? NONE
  // the common case: nothing changed and no field is held at its applied value
  if (diff0.length === 0 && keep.length === 0 && ignore.length === 0) return makeStep(v, 'noop', NONE, desired, NONE)
  return changedStep(v, prior, desired, defaultNotes, diff0, keep, ignore, c)
}

/**
 * A resource in state whose inputs differ, or that holds fields at their applied value: update,
 * replace or noop. A function of its own: its closures capture its variables, and a function with
 * captured variables allocates their context on every call (planResource's, for every node).
 */
const changedStep = (
  v: ResourceVertex,
  prior: ResourceState,
  desired: Readonly<Record<string, unknown>>,
  defaultNotes: ReadonlyArray<string>,
  diff0: ReadonlyArray<FieldChange>,
  keep: ReadonlyArray<string>,
  ignore: ReadonlyArray<string>,
  c: PlanCtx,
): Step => {
  const { spec, node } = v
  const { errors, warnings } = c
  const notes: string[] = [...defaultNotes]
  let effective = desired
  const overrides: Record<string, unknown> = {}
  const diff =
    keep.length === 0
      ? diff0
      : diff0.filter((d) => {
          if (!keep.includes(d.path)) return true
          warnings.push(
            issue(v.label, {
              severity: 'warning',
              path: d.path,
              expected: `the value set at creation (${d.path} cannot be changed on the platform)`,
              given: d.after,
              message: 'is fixed after creation; the existing value is kept.',
            }),
          )
          notes.push(`${d.path} cannot change after creation: keeping the existing value`)
          effective = { ...effective, [d.path]: prior.inputs[d.path] }
          overrides[d.path] = prior.inputs[d.path]
          return false
        })
  // ignored fields keep their applied value
  for (const f of ignore)
    if (prior.inputs[f] !== undefined) {
      effective = { ...effective, [f]: prior.inputs[f] }
      overrides[f] = prior.inputs[f]
    }
  if (diff.length === 0) return makeStep(v, 'noop', diff, effective, notes, overrides)
  const replaces = diff.filter((d) => d.replaces)
  if (replaces.length > 0) {
    if (node.options.protect || prior.protect)
      errors.push(
        issue(v.label, {
          path: replaces[0].path,
          expected: 'a change that does not replace a protected resource',
          given: replaces[0].after,
          message: `is protected and changing ${replaces.map((d) => d.path).join(', ')} would replace it; remove \`protect\` first.`,
        }),
      )
    const why =
      spec.wire.update === undefined
        ? `the platform cannot update ${spec.type} in place`
        : `${replaces.map((d) => d.path).join(', ')} cannot change in place`
    const deleteFirst = node.options.deleteBeforeReplace ?? spec.deleteBeforeReplace ?? false
    const gone = spec.wire.delete === 'forget' ? 'forgotten (the platform has no delete)' : 'deleted'
    const order = deleteFirst
      ? `delete first: the old ${spec.type} is ${gone} before the new one is created`
      : `create first: the new ${spec.type} is created, then the old one is ${gone}`
    return makeStep(v, 'replace', diff, effective, [...notes, `replace: ${why}; ${order}`], overrides, deleteFirst)
  }
  return makeStep(v, 'update', diff, effective, notes, overrides)
}
