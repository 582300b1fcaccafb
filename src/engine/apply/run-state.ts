/**
 * RunState: what one run of a plan works on — working copies of the state's resources and
 * pending entries, what refs see at each node's position, the run's journal and its failures —
 * with the small functions over it. Everything in `apply/` takes it as its first argument.
 */
import { boundByBudgets } from '../budget-bound'
import type { Either } from 'fp-ts/Either'
import { isLeft } from 'fp-ts/Either'
import { churnTable, keyedCopy, type ChurnTable } from '../../core/copy'
import type { ResourceSpec } from '../../core/spec'
import type { Protector } from '../../state/protect'
import { protectSecrets } from '../../state/protect'
import { applyRecord, type JournalTarget, type PendingOp, type ResourceState, type State } from '../../state/state'
import type { CheckedAtPlan } from '../check-resolved'
import type { Env } from '../env'
import { noEvents } from '../events'
import { positionsOf, type Graph, type ResourceVertex } from '../graph'
import type { Handler, OpContext, StepFailure } from '../handler'
import type { Action, Plan, Step } from '../plan'
import { NOT_YET, recordField, stateField, type Known } from '../resolve'
import { hasUnknown } from '../unknown'
import { makeValidator, type Validate } from '../validate'
import type { Clock } from './clock'
import { clock } from './clock'
import { makeJournal, type Journal } from './journal'
import { budgetOf, type StepBudget } from './step-budget'
import { sharedDeadlines, type Deadlines } from './shared-deadlines'

// ── model ────────────────────────────────────────────────────────────────────
export interface JournalEntry {
  readonly seq: number
  readonly address: string
  readonly action: Action
  /** pending: a write sent when the step's time budget ran out; the next run reconciles it */
  readonly status: 'done' | 'failed' | 'skipped' | 'pending'
  readonly ms: number
  readonly id?: string
  readonly message?: string
}

export interface RunResult {
  readonly state: State
  readonly journal: ReadonlyArray<JournalEntry>
  readonly failures: ReadonlyArray<StepFailure>
  readonly outputs: Readonly<Record<string, unknown>>
  /** the exported outputs recorded differ from those recorded before */
  readonly outputsChanged: boolean
}

/** How the run treats a failed step. */
export interface RunPolicy {
  /** start the steps that do not depend on a failure (Terraform's way) instead of stopping new ones */
  readonly continueOnError?: boolean
}

/** What a finished step reports: the id it now has (a ResourceState is one), and a note. */
export type Done = { readonly id?: string; readonly note?: string }

/** A resource step's action (update, import, replace): the step, its vertex at position `p`, its inputs now. */
export type StepAction = (
  st: RunState,
  s: Step,
  v: ResourceVertex,
  p: number,
  inputs: Record<string, unknown>,
) => Promise<Done>
export const NOTHING: Done = {}

/** A replaced object whose delete waits for the end of the run (journaled as pending already). */
export interface DeferredDelete {
  readonly step: Step
  readonly old: ResourceState
  readonly opId: string
}

/** The fields of a resource refs can read. */
type Fields = Pick<ResourceState, 'inputs' | 'outputs' | 'id'>

export interface RunState {
  readonly graph: Graph
  readonly plan: Plan
  readonly env: Env
  readonly h: Handler
  readonly protector: Protector
  readonly policy: RunPolicy
  readonly state0: State
  /** values the plan checked in full (see CheckedAtPlan) */
  readonly checked: CheckedAtPlan | undefined
  readonly validate: Validate
  /** a step's start and end are events only for someone listening (two objects per step otherwise) */
  readonly listening: boolean
  readonly journal: JournalEntry[]
  readonly failures: StepFailure[]
  seq: number
  /** working copies, mutated in place: a step's record costs O(1), not a copy of the whole state */
  readonly resources: Record<string, ResourceState>
  /** a table while running (thousands of ids added and removed), a record again in the result */
  readonly pendingOps: ChurnTable<PendingOp>
  /** each node's position in `graph.ordered` (positionsOf) */
  readonly at: ReadonlyMap<string, number>
  /** lookups' results (and values known in full), by position */
  readonly values: Array<Record<string, unknown> | undefined>
  /** what refs see of a resource, by position: from state, then from each step's result */
  readonly resourceFields: Array<Fields | undefined>
  readonly valueOf: Known
  /** what the pipeline's gate sees of another node: a resource as done in this run or recorded */
  readonly fieldsOf: (address: string) => Fields | undefined
  readonly store: Journal
  readonly clock: Clock
  /** objects adopted by this run's lost-reply looks (token + id) */
  readonly claimed: Set<string>
  readonly deferredDeletes: DeferredDelete[]
  /** the time budgets of the steps running, by address (see step-budget.ts) */
  readonly budgets: Map<string, StepBudget>
  /** the timers and signals the budgets share (see shared-deadlines.ts) */
  readonly deadlines: Deadlines
  /** per type, the last create's changedAt (see record.ts) */
  readonly lastChanged: Map<ResourceSpec, { readonly t: string; readonly keys: string[]; readonly at: Changed }>
}

export type Changed = ResourceState['changedAt']

// ── constructors ─────────────────────────────────────────────────────────────
/** The state a run starts from: working copies of `state0`, and the lookups the plan read. */
export const runState = (
  graph: Graph,
  plan: Plan,
  state0: State,
  env: Env,
  protector: Protector,
  lookups: ReadonlyMap<string, unknown>,
  checked: CheckedAtPlan | undefined,
  policy: RunPolicy,
): RunState => {
  const at = positionsOf(graph)
  const values = new Array<Record<string, unknown> | undefined>(graph.ordered.length)
  const resourceFields = new Array<Fields | undefined>(graph.ordered.length)
  for (const r of Object.values(state0.resources)) {
    const p = at.get(r.address)
    if (p !== undefined) resourceFields[p] = r
  }
  lookups.forEach((r, a) => {
    const p = at.get(a)
    if (p !== undefined && !hasUnknown(r)) values[p] = r as Record<string, unknown>
  })
  const resources: Record<string, ResourceState> = keyedCopy(state0.resources)
  const pendingOps = churnTable(state0.pending)
  const working: JournalTarget = { resources, pending: pendingOps, outputs: state0.outputs }
  return {
    graph,
    plan,
    env,
    // a step's budget holds even where its signal does not reach the platform (budget-bound.ts)
    h: env.stepBudgets === false ? env.handler : boundByBudgets(env.handler),
    protector,
    policy,
    state0,
    checked,
    validate: makeValidator(),
    listening: env.events !== noEvents,
    journal: [],
    failures: [],
    seq: 0,
    resources,
    pendingOps,
    at,
    values,
    resourceFields,
    valueOf: knownOf(at, values, resourceFields),
    fieldsOf: (a) => {
      const p = at.get(a)
      return p === undefined ? undefined : resourceFields[p]
    },
    // a record applied to the working copies as the store applies it (the run sees it at once);
    // the exported outputs are the result's own (resultOf), so an outputs record changes nothing here
    store: makeJournal(env.store, plan.stack, (r) => applyRecord(working, r)),
    clock: clock(env.now),
    claimed: new Set(),
    deferredDeletes: [],
    budgets: new Map(),
    // not tied to the run's signal: a stopped run starts no new step, and one in flight drains
    // within its budget (as the CLI's first interrupt promises, and Terraform's graceful stop)
    deadlines: sharedDeadlines(),
    lastChanged: new Map(),
  }
}

/** What refs see: a lookup's values, else a resource's fields where they lie (stateField). */
const knownOf =
  (at: ReadonlyMap<string, number>, values: RunState['values'], fields: RunState['resourceFields']): Known =>
  (a, field) => {
    const p = at.get(a)
    if (p === undefined) return NOT_YET
    const v = values[p]
    if (v !== undefined) return recordField(v, field)
    const r = fields[p]
    return r === undefined ? NOT_YET : stateField(r, field)
  }

// ── combinators ──────────────────────────────────────────────────────────────
/** Refs to this node now see what the step made. */
export const settle = (st: RunState, p: number, inputs: Readonly<Record<string, unknown>>, r: ResourceState): Done => {
  st.values[p] = undefined
  // the record itself when it holds the inputs as sent (no secret protected, no default added)
  st.resourceFields[p] = r.inputs === inputs ? r : { inputs, outputs: r.outputs, id: r.id }
  return r
}

/** Refs to this node see nothing any more (its object deleted or forgotten). */
export const forget = (st: RunState, p: number): void => {
  if (p < 0) return
  st.values[p] = undefined
  st.resourceFields[p] = undefined
}

/** Secrets of `v` protected as state holds them. */
export const protect = (
  st: RunState,
  spec: { secrets: ReadonlyArray<string> },
  v: Readonly<Record<string, unknown>>,
): Record<string, unknown> => protectSecrets(v, spec.secrets, st.protector) as Record<string, unknown>

/** The context of a step's operation (written out, not spread: see the run's allocation profile). */
export const ctxOf = (st: RunState, s: Step, spec = st.env.registry.resources.get(s.token)!): OpContext => {
  const c: { -readonly [K in keyof OpContext]: OpContext[K] } = {
    spec,
    address: s.address,
    name: s.name,
    provider: s.provider,
    config: st.graph.providers.get(s.provider)?.config ?? {},
  }
  // the step's time budget, which every request of the step draws on (and the run's signal)
  const signal = budgetOf(st, s)?.signal ?? st.env.signal
  if (signal) c.signal = signal
  return c
}

/** Add a journal entry with the next sequence number. */
export const log = (st: RunState, e: Omit<JournalEntry, 'seq'>): void => {
  st.journal.push({ seq: st.seq++, ...e })
}

/** Does the registry forget (not delete) objects of this record's type? */
export const forgets = (st: RunState, old: ResourceState): boolean =>
  st.env.registry.resources.get(old.token)?.wire.delete === 'forget'

/** The Right of a task, or a rejection with its failure (a then: one promise per call). */
export const attempt = <A>(te: () => Promise<Either<StepFailure, A>>): Promise<A> =>
  te().then((r) => {
    if (isLeft(r)) throw r.left
    return r.right
  })
