/**
 * plan: Graph × State × resolved lookups → Plan. Pure. One step per node, a field-level diff,
 * replace rules, protect and ignoreChanges, deletes in reverse dependency order.
 */
import * as E from 'fp-ts/Either'
import type { Issue } from '../core/issue'
import type { Registry } from '../core/registry'
import type { State } from '../state/state'
import type { Protector } from '../state/protect'
import type { Graph, LookupVertex, ResourceVertex } from './graph'
import { diffInputs, type FieldChange } from './diff'
import { replaceIssues } from './replace-checks'
import { resolveRefs } from './resolve'
import { UNKNOWN } from './unknown'
import type { CheckedAtPlan } from './check-resolved'
import { makeValidator } from './validate'
import { pushDeleteSteps } from './plan/delete-steps'
import { knownAtPlan, type KnownAtPlan } from './plan/known-at-plan'
import { NONE, type PlanCtx } from './plan/plan-context'
import { planResource } from './plan/resource-step'

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
}

/** A plan and what making it checked in full (apply need not check those values again). */
export interface CheckedPlan {
  readonly plan: Plan
  readonly checked: CheckedAtPlan
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
/** A lookup's step: read at plan (its result known to refs), or during apply when its args are not known yet. */
const lookupStep = (v: LookupVertex, oi: number, k: KnownAtPlan, lookups: PlanInput['lookups']): Step => {
  const r = lookups.get(v.address)
  if (r !== undefined && r !== UNKNOWN) k.known[oi] = r as Record<string, unknown>
  const atApply = r === UNKNOWN
  return {
    ...(atApply ? { readAtApply: true } : {}),
    address: v.address,
    token: v.node.token,
    name: v.node.name,
    kind: 'Lookup',
    action: 'read',
    provider: v.provider,
    diff: [],
    inputs: resolveRefs(v.node.args, k.knownOf) as Record<string, unknown>,
    deps: v.deps,
    notes: atApply ? ['read during apply, after what it depends on: its results are (known after apply)'] : NONE,
  }
}

/** A resource's step, and what refs to it see from now on. */
const resourceStep = (v: ResourceVertex, oi: number, k: KnownAtPlan, c: PlanCtx): Step => {
  const prior = k.recorded[oi]
  const step = planResource(v, oi, prior, c)
  // inputs are what we send; outputs are assumed stable across an in-place update
  if (step.action === 'update') k.known[oi] = { ...prior!.outputs, ...step.inputs, id: prior!.id }
  else if (step.action === 'create' || step.action === 'replace' || step.action === 'import')
    k.creating[oi] = step.inputs
  return step
}

/** The exports as far as known now, against those recorded (secrets compare by digest). */
const outputChanges = (i: PlanInput, k: KnownAtPlan): ReadonlyArray<FieldChange> =>
  diffInputs(i.state.outputs, resolveRefs(i.graph.outputs, k.knownOf) as Record<string, unknown>, {
    replaceOn: NONE,
    ignore: NONE,
    equals: {},
    updatable: true,
    protector: i.protector,
  })

/**
 * Make a plan from a compiled graph, the state and the lookups read (pure), with the inputs it
 * checked in full at its clock (apply need not check those values again).
 */
export const makePlan = (i: PlanInput): E.Either<PlanError, CheckedPlan> => {
  const { graph, state } = i
  const errors: Issue[] = i.replace ? replaceIssues(graph, i.replace) : []
  const warnings: Issue[] = [...graph.warnings]
  const k = knownAtPlan(graph, state)
  const c: PlanCtx = {
    i,
    known: k.knownOf,
    tally: k.tally,
    errors,
    warnings,
    diffOptions: new Map(),
    validate: makeValidator(),
    ruleCtx: new Map(),
    planRules: new Map(),
    checked: new Array<CheckedAtPlan['inputs'][number]>(graph.ordered.length),
  }
  // one step per vertex, at its position (then the deletes)
  const steps = new Array<Step>(graph.ordered.length)
  for (let oi = 0; oi < graph.ordered.length; oi++) {
    const v = graph.ordered[oi]
    steps[oi] = v._tag === 'Lookup' ? lookupStep(v, oi, k, i.lookups) : resourceStep(v, oi, k, c)
  }
  pushDeleteSteps(k.gone, i.registry, state, { steps, errors })
  if (errors.length > 0) return E.left({ _tag: 'PlanError', issues: errors })
  const plan: Plan = {
    version: 1,
    stack: graph.stack,
    lineage: state.lineage,
    baseSerial: state.serial,
    steps,
    outputs: outputChanges(i, k),
    warnings,
  }
  return E.right({ plan, checked: { now: i.now.getTime(), inputs: c.checked } })
}
