/**
 * The engine's operations over an injected Env: plan, apply, destroy, refresh and import. Each is a
 * ReaderTaskEither<Env, EngineError, A>; both interpreters use these same functions and differ only
 * in `env.handler`.
 */
import type { PlannedNode } from '../core/provider'
import { showAdoptions } from './adoption'
import { backfillClaims, checkOwners, claimFor, claimMade, wantedAtPlan } from './ownership'
import { randomUUID } from 'node:crypto'
import * as E from 'fp-ts/Either'
import type { ReaderTaskEither } from 'fp-ts/ReaderTaskEither'
import { closestStrict } from '../core/closest-name'
import { issue, type Issue } from '../core/issue'
import { labelOfAddress, lookupNode, type ResourceNode } from '../core/node'
import type { Stack } from '../core/stack'
import { stack as makeStack } from '../core/stack'
import { compile, type CompileError } from './compile'
import type { Env } from './env'
import { positionsOf, type Graph } from './graph'
import type { Obs, StepFailure, OpContext } from './handler'
import type { ResourceSpec } from '../core/spec'
import { makePlan, type Action, type Plan, type PlanError, hasChanges } from './plan'
import { checkResolved, type CheckedAtPlan } from './check-resolved'
import { makeValidator } from './validate'
import { NOT_YET, recordField, resolveRefs, stateField, type Known } from './resolve'
import { runPlan, type RunPolicy, type RunResult } from './run'
import { readBack, unownedIn } from './apply/adoption'
import { UNKNOWN, hasUnknown } from './unknown'
import { defaultsFor, diffInputs, type FieldChange } from './diff'
import { adoptedInputs, reconciledInputs } from './adopt'
import { withComputedOutputs } from './computed'
import { readEvery, type ReadGroup } from './bulk-read'
import { makeProtector, newSalt, passphraseProblem, protectSecrets, type Protector } from '../state/protect'
import { emptyState, type PendingOp, type ResourceState, type State } from '../state/state'
import { stateError, type Lock, type StateError } from '../state/state-store'
import { selectTargets } from './targets'
import { moveAliased, unmove, withMoves, type Move } from './aliases'
import { causeText, defect, type Defect } from './defect'
import { guardEnv, type Guard } from './defect-guard'
import { fail, settle, stage, type Stage } from './pipeline/stage'
import { withEnvFallbacks } from './pipeline/env-fallbacks'
import { outputNodes } from './kept-outputs'
import { readsUnderBudget } from './plan-read-budget'

// ── errors ───────────────────────────────────────────────────────────────────
/** A lookup (or a read that settles an earlier run) failed; each failure names its node. */
export interface LookupError {
  readonly _tag: 'LookupError'
  readonly failures: ReadonlyArray<StepFailure>
}
/** A step failed; `result` is what was done (and saved) before. */
export interface ApplyError {
  readonly _tag: 'ApplyError'
  readonly failures: ReadonlyArray<StepFailure>
  /** what was done before the failure (state already saved) */
  readonly result: ApplyResult
}
/** The approved plan no longer matches the plan made under the lock. */
export interface PlanMismatch {
  readonly _tag: 'PlanMismatch'
  readonly message: string
}
/** A pipeline hook refused the plan (`kind` says whose: `policy` for a mandatory policy violated). */
export interface Refused {
  readonly _tag: 'Refused'
  readonly kind: string
  readonly message: string
  /** each problem: the node, the field path (or ''), what was expected and what was found */
  readonly issues: ReadonlyArray<Required<Pick<Issue, 'node' | 'path' | 'expected' | 'given' | 'message'>>>
}
/**
 * Why an operation failed: invalid stack, plan errors, state, a lookup, a step, a stale approved
 * plan, a hook's refusal — or a defect, something handed to the engine that threw. No operation rejects.
 */
export type EngineError =
  CompileError | PlanError | StateError | LookupError | ApplyError | PlanMismatch | Refused | Defect

/** One line per problem, each naming the node and field. */
export const formatEngineError = (e: EngineError): string => {
  switch (e._tag) {
    case 'CompileError':
    case 'PlanError':
      return e.issues.map((i) => formatIssueLine(i)).join('\n')
    case 'StateError':
      return `state: ${e.message}`
    case 'LookupError':
    case 'ApplyError':
      return [
        ...e.failures.map(
          (f) =>
            `${f.node}: ${f.op} failed: ${f.message}${f.ambiguous ? ' (the outcome is unknown; the next run reconciles it)' : ''}`,
        ),
        ...(e._tag === 'ApplyError' ? outcomeLines(e.result) : []),
      ].join('\n')
    case 'PlanMismatch':
    case 'Refused':
      return e.message
    case 'Defect':
      return `${e.where} threw: ${causeText(e.cause)}${e.result ? ` (${doneCount(e.result)} steps done, recorded in state)` : ''}`
  }
}
const doneCount = (r: ApplyResult): number => r.journal.filter((j) => j.status === 'done').length

/** What a failed run did, failed and never started, so no step is silently left out. */
const outcomeLines = (r: ApplyResult): string[] => {
  const of = (status: string) => r.journal.filter((j) => j.status === status).map((j) => labelOfAddress(j.address))
  const [done, failed, skipped, pending] = [of('done'), of('failed'), of('skipped'), of('pending')]
  return [
    `Done (${done.length}, recorded in state)${done.length ? `: ${done.join(', ')}` : ''}.`,
    `Failed (${failed.length})${failed.length ? `: ${failed.join(', ')}` : ''}.`,
    ...(pending.length ? [`Pending (${pending.length}; the next run reconciles them): ${pending.join(', ')}.`] : []),
    ...(skipped.length ? [`Never started (${skipped.length}; the next apply does them): ${skipped.join(', ')}.`] : []),
  ]
}
const formatIssueLine = (i: Issue): string => {
  const where = i.path ? `${i.node} field \`${i.path}\`` : i.node
  return `${i.severity === 'warning' ? 'warning: ' : ''}${where}: ${i.message ? i.message + ' ' : ''}expected ${i.expected}, got ${i.given}`
}

// ── results ──────────────────────────────────────────────────────────────────
/** What `plan` gives: the graph, the plan, the state it was made from and the lookups read. */
export interface PlanOutcome {
  readonly graph: Graph
  readonly plan: Plan
  /** the state the plan was made from (after reconciliation and refresh, in memory) */
  readonly state: State
  readonly lookups: ReadonlyMap<string, unknown>
  /** what changed outside trellis (a plan made with `refresh`) */
  readonly drift?: ReadonlyArray<Drift>
  /** write-ahead entries a read-only plan left for the next apply to settle */
  readonly pending?: ReadonlyArray<PendingOp>
  /** resources a targeted plan left out (neither a target nor one of its dependencies) */
  readonly leftOut?: ReadonlyArray<string>
  /** state entries moved to their node's address from one of its aliases (in `state` already) */
  readonly moves?: ReadonlyArray<Move>
  /** the inputs the plan checked in full (apply does not check those values again) */
  readonly checked?: CheckedAtPlan
}

/** What `apply` gives: the plan carried out, the journal, the new state and the resolved outputs. */
export interface ApplyResult extends RunResult {
  readonly plan: Plan
  /** the confirm callback said no: nothing was changed (reconciled state was saved) */
  readonly cancelled?: boolean
  /** stopped (the signal, or a defect): steps in flight finished and were recorded, the rest are `skipped` */
  readonly interrupted?: boolean
}

/** How one resource differs from what state recorded (or that it is gone). */
export interface Drift {
  readonly address: string
  readonly gone: boolean
  readonly changes: ReadonlyArray<FieldChange>
}

/** What `refresh` gives: the refreshed state and the drift it found. */
export interface RefreshResult {
  readonly state: State
  readonly drift: ReadonlyArray<Drift>
}

/** Options of `plan` (and of apply and destroy): refresh, targets, replacements. */
export interface PlanOptions {
  /** read every resource first, so drift shows in the plan */
  readonly refresh?: boolean
  /** plan only these addresses and what they depend on (see targets.ts) */
  readonly targets?: ReadonlyArray<string>
  /** replace these resources even if nothing forces it */
  readonly replace?: ReadonlyArray<string>
}

// ── helpers ──────────────────────────────────────────────────────────────────
const attempt = async <L, A>(te: () => Promise<E.Either<L, A>>): Promise<A> => {
  const r = await te()
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- unwinds to toRTE, which makes it a Left again
  if (E.isLeft(r)) throw { engine: r.left }
  return r.right
}
/**
 * The boundary: the async body runs on a guarded Env, an engine error it unwinds with becomes a
 * Left, and anything else thrown — by the body or by what the Env holds — a Left `Defect`.
 */
const toRTE =
  <A>(f: (env: Env, guard: Guard) => Promise<A>): ReaderTaskEither<Env, EngineError, A> =>
  (env) =>
  async () => {
    const guard = guardEnv(env)
    try {
      const a = await f(guard.env, guard)
      const d = guard.defect()
      return d ? E.left(d) : E.right(a)
    } catch (e) {
      const d = guard.defect()
      if (d) return E.left(d)
      if (typeof e === 'object' && e !== null && 'engine' in e) return E.left((e as { engine: EngineError }).engine)
      return E.left(defect(e, 'engine'))
    } finally {
      guard.release()
    }
  }

/** states `load` made for a stack the store has none of */
const made = new WeakSet<State>()

const loadState = async (env: Env, stackName: string): Promise<State> => {
  const fresh = env.newState?.(stackName)
  const stored = await attempt(env.store.read(stackName))
  const s = stored ?? emptyState(stackName, fresh?.lineage ?? randomUUID(), fresh?.salt ?? newSalt())
  if (!stored) made.add(s)
  // a state encrypted with another passphrase is refused before anything is planned or written
  const problem = passphraseProblem(s, env.passphrase)
  if (problem !== undefined) fail(stateError('Conflict', `stack ${stackName}: ${problem}`))
  return s
}

const protectorOf = (env: Env, s: State): Protector => makeProtector(s.salt, env.passphrase)

const opCtx = (
  env: Env,
  graph: Graph | undefined,
  r: { address: string; token: string; name: string; provider: string },
): OpContext | undefined => {
  const spec = env.registry.resources.get(r.token)
  if (!spec) return undefined
  const prov = graph?.providers.get(r.provider)
  const pspec = env.registry.providers.get(spec.provider)!
  // a provider instance no node uses any more: its configuration from the stack, or the defaults
  const config =
    prov?.config ??
    (E.getOrElseW(() => ({}))(pspec.config.decode(graph?.declared?.[r.provider]?.config ?? {})) as Record<
      string,
      unknown
    >)
  return {
    spec,
    address: r.address,
    name: r.name,
    provider: r.provider,
    config,
    ...(env.signal ? { signal: env.signal } : {}),
  }
}

/**
 * Settle write-ahead entries left by an interrupted or ambiguous run: adopt an object a create made
 * (found by listing the platform), confirm or forget an update, finish a delete. Returns the
 * settled state (not yet written).
 */
const reconcile = async (
  env: Env,
  graph: Graph | undefined,
  s: State,
  protector: Protector,
  /** false in a plan: read to settle what reading can settle, send nothing that writes */
  write = true,
): Promise<State> => {
  const ops = Object.values(s.pending).filter((op) => write || op.op !== 'delete')
  if (ops.length === 0) return s
  const resources: Record<string, ResourceState> = { ...s.resources }
  const pending = { ...s.pending }
  for (const op of ops) {
    const c = opCtx(env, graph, op)
    env.events({ type: 'step-start', address: op.address, action: 'reconcile', at: Date.now() })
    const t0 = Date.now()
    if (c) await settleEntry(env, { graph, protector, resources, op, c, t0 })
    delete pending[op.opId]
  }
  return { ...s, resources, pending }
}

/** One write-ahead entry being settled, and the resources it settles into (changed in place). */
interface Entry {
  readonly graph: Graph | undefined
  readonly protector: Protector
  readonly resources: Record<string, ResourceState>
  readonly op: PendingOp
  readonly c: OpContext
  readonly t0: number
}

/** Settle one entry by its operation; a failure is reported as the reconcile step's and stops. */
const settleEntry = async (env: Env, e: Entry): Promise<void> => {
  try {
    const note =
      e.op.op === 'create'
        ? await reconcileCreate(env, e)
        : e.op.op === 'update'
          ? await reconcileUpdate(env, e)
          : await reconcileDelete(env, e)
    const ms = Date.now() - e.t0
    const address = e.op.address
    env.events({ type: 'step-done', address, action: 'reconcile', ms, ...(note !== undefined ? { note } : {}) })
  } catch (x) {
    const inner = (x as { engine?: StepFailure | EngineError }).engine
    if (!inner) throw x
    const failures: ReadonlyArray<StepFailure> =
      inner._tag === 'StepFailure' ? [inner] : inner._tag === 'LookupError' ? inner.failures : []
    env.events({
      type: 'step-failed',
      address: e.op.address,
      action: 'reconcile',
      ms: Date.now() - e.t0,
      message: failures.map((f) => f.message).join('; ') || formatEngineError(inner as EngineError),
    })
    fail({ _tag: 'LookupError', failures })
  }
}

/** An interrupted create: adopt the object it made, found on the platform (see apply/adoption). */
const reconcileCreate = async (env: Env, { graph, protector, resources, op, c }: Entry): Promise<string> => {
  const found = await attempt(env.handler.find(c, op.inputs))
  // nothing can be looked up for this type: keep the entry and say what to do
  if (found === undefined) fail({ _tag: 'LookupError', failures: [cannotLook(op)] })
  const mine = unownedIn(resources, op.token, found)
  if (!mine) return 'the interrupted create made nothing'
  const seen = await readBack(env.handler, c, mine, op.inputs)
  const inputs = adoptedInputs(c.spec, op.inputs, seen.inputs, protector)
  resources[op.address] = {
    address: op.address,
    token: op.token,
    name: op.name,
    provider: op.provider,
    id: mine.id,
    inputs,
    // computed inputs left out: the platform's values, kept for updates to send back
    outputs: protectSecrets(withComputedOutputs(c.spec, inputs, seen), c.spec.secrets, protector) as Record<
      string,
      unknown
    >,
    dependencies: graph?.vertices.get(op.address)?.deps ?? [],
    changedAt: {},
  }
  return `adopted ${mine.id} made by an interrupted create`
}

const cannotLook = (op: PendingOp): StepFailure => ({
  _tag: 'StepFailure',
  node: labelOfAddress(op.address),
  op: 'find',
  ambiguous: true,
  message: `an earlier create's outcome is unknown and ${op.token} cannot be looked up on the platform; check it there, then import it (trellis import) or remove the object`,
})

/** An interrupted update: the platform shows what of it took effect. */
const reconcileUpdate = async (env: Env, { protector, resources, op, c }: Entry): Promise<undefined> => {
  const prior = resources[op.address]
  if (!prior) return undefined
  const got = await attempt(env.handler.read(c, prior.id, prior.inputs, prior.outputs))
  if (!got) {
    delete resources[op.address]
    return undefined
  }
  // the update took effect, wholly or in part, where the platform now shows it
  const inputs = reconciledInputs(c.spec, prior.inputs, op.inputs, got.inputs, protector)
  const outputs = protectSecrets(withComputedOutputs(c.spec, inputs, got), c.spec.secrets, protector)
  resources[op.address] = { ...prior, inputs, outputs: outputs as Record<string, unknown> }
  return undefined
}

/** An interrupted delete: finished (a missing object counts as deleted). */
const reconcileDelete = async (env: Env, { resources, op, c }: Entry): Promise<string> => {
  if (op.id) await attempt(env.handler.delete(c, op.id, op.inputs, {}))
  if (resources[op.address]?.id === op.id) delete resources[op.address]
  return `finished deleting ${op.id}`
}

/**
 * Resolve the lookups that can be read now, in dependency order. A lookup that depends (through a
 * ref or `dependsOn`) on a resource the plan changes, or on a lookup that waits, is read during
 * apply after them: here its result stays UNKNOWN ("known after apply"). Values its args get
 * through refs are checked before it is read.
 */
const resolveLookups = async (
  env: Env,
  graph: Graph,
  s: State,
  protector?: Protector,
): Promise<Map<string, unknown>> => {
  const out = new Map<string, unknown>()
  const failures: StepFailure[] = []
  const issues: Issue[] = []
  const validate = makeValidator()
  const positions = positionsOf(graph)
  const known: Known = (a, field) => {
    const l = out.get(a)
    if (l !== undefined) return l === UNKNOWN ? NOT_YET : recordField(l as Record<string, unknown>, field)
    const r = s.resources[a]
    return r ? stateField(r, field) : NOT_YET
  }
  // what the plan does to each resource, worked out only when a lookup depends on a resource,
  // and again after a lookup read since (resources downstream of it may plan differently)
  let actions: Map<string, Action> | undefined
  const actionOf = (address: string): Action | undefined => {
    if (!actions) {
      actions = new Map()
      const p = protector
        ? makePlan({ graph, state: s, lookups: out, protector, now: env.now(), registry: env.registry })
        : undefined
      // a plan that fails now fails again below, with its errors; until then nothing waits on it
      if (p && E.isRight(p)) for (const st of p.right.plan.steps) actions.set(st.address, st.action)
    }
    return actions.get(address)
  }
  const waits = (d: string): boolean => {
    const p = positions.get(d)
    if (p === undefined) return false
    const dv = graph.ordered[p]
    if (dv._tag === 'Lookup') return out.get(d) === UNKNOWN
    const a = actionOf(d)
    return a !== undefined && a !== 'noop'
  }
  for (let oi = 0; oi < graph.ordered.length; oi++) {
    const v = graph.ordered[oi]
    if (v._tag !== 'Lookup') continue
    const address = v.address
    const args = resolveRefs(v.node.args, known) as Record<string, unknown>
    if (v.deps.some(waits) || hasUnknown(args)) {
      out.set(address, UNKNOWN)
      continue
    }
    const config = graph.providers.get(v.provider)!.config
    if (args !== v.node.args) {
      const found = checkResolved(v.spec.args, v.spec.rules, v.node.args, args, { config, now: env.now() }, validate)
      if (found.length > 0) {
        for (const f of found) issues.push(issue(v.label, f))
        out.set(address, UNKNOWN)
        continue
      }
    }
    env.events({ type: 'step-start', address, action: 'read', at: Date.now() })
    const r = await env.handler.lookup(
      {
        spec: v.spec,
        address,
        name: v.node.name,
        provider: v.provider,
        config,
        ...(env.signal ? { signal: env.signal } : {}),
      },
      args,
    )()
    if (E.isLeft(r)) {
      failures.push(r.left)
      out.set(address, UNKNOWN)
    } else {
      out.set(address, r.right)
      actions = undefined
    }
  }
  if (issues.length > 0) fail({ _tag: 'PlanError', issues })
  if (failures.length > 0) fail({ _tag: 'LookupError', failures })
  return out
}

/** Read every resource of the state: bulk lists where the platform lists (bulk-read.ts), single reads otherwise. */
const refreshState = async (
  env: Env,
  graph: Graph | undefined,
  s: State,
  protector: Protector,
): Promise<RefreshResult> => {
  const resources: Record<string, ResourceState> = { ...s.resources }
  const drift: Drift[] = []
  const groups = new Map<string, ResourceState[]>()
  for (const r of Object.values(s.resources)) {
    const k = `${r.token}\u0000${r.provider}`
    ;(groups.get(k) ?? groups.set(k, []).get(k)!).push(r)
  }
  const apply = (
    r: ResourceState,
    c: OpContext,
    got: { inputs: Readonly<Record<string, unknown>>; outputs: Readonly<Record<string, unknown>> } | undefined,
  ) => {
    if (!got) {
      delete resources[r.address]
      drift.push({ address: r.address, gone: true, changes: [] })
      return
    }
    const observed = protectSecrets(got.inputs, c.spec.secrets, protector) as Record<string, unknown>
    const seen: Record<string, unknown> = {}
    for (const k of Object.keys(r.inputs)) seen[k] = observed[k] === undefined ? r.inputs[k] : observed[k]
    const changes = diffInputs(r.inputs, seen, {
      replaceOn: [],
      ignore: [],
      equals: c.spec.equals ?? {},
      updatable: true,
      protector,
    })
    const inputs = changes.length
      ? { ...r.inputs, ...Object.fromEntries(changes.map((x) => [x.path, x.after])) }
      : r.inputs
    resources[r.address] = {
      ...r,
      inputs,
      // computed inputs left out keep showing the platform's values (an update sends them back)
      outputs: protectSecrets(withComputedOutputs(c.spec, inputs, got), c.spec.secrets, protector) as Record<
        string,
        unknown
      >,
    }
    if (changes.length) drift.push({ address: r.address, gone: false, changes })
  }
  const readGroups: ReadGroup[] = []
  for (const rs of groups.values()) {
    const c = opCtx(env, graph, rs[0])
    if (c) readGroups.push({ c, members: rs })
  }
  const failures = await readEvery(env, readGroups, apply)
  if (failures.length > 0) fail({ _tag: 'LookupError', failures })
  return { state: { ...s, resources }, drift }
}

const compileOrFail = (env: Env, s: Stack): Graph => {
  const g = compile(env.registry, { now: env.now() })(s)
  return E.isLeft(g) ? fail(g.left) : g.right
}

/** The resources of the program on one provider instance, for its `resolve` hook. */
const nodesOn = (graph: Graph, instance: string): PlannedNode[] =>
  graph.ordered.flatMap((v) =>
    v._tag === 'Resource' && v.provider === instance ? [{ token: v.spec.token, inputs: v.node.inputs }] : [],
  )

/** Run each provider instance's `resolve` hook once (real platforms only). */
const configureProviders = async (env: Env, graph: Graph): Promise<Graph> => {
  const configure = readsUnderBudget(env).handler.configure
  if (!configure) return graph
  const providers = new Map(graph.providers)
  const failures: StepFailure[] = []
  for (const [name, pc] of graph.providers) {
    const spec = env.registry.providers.get(pc.provider)
    if (!spec?.resolve) continue
    const r = await configure(spec, name, pc.config, nodesOn(graph, name))()
    if (E.isLeft(r)) failures.push(r.left)
    else providers.set(name, { ...pc, config: r.right })
  }
  if (failures.length > 0) fail({ _tag: 'LookupError', failures })
  return { ...graph, providers }
}

/** The provider instances a (targeted) plan can reach: those of the targets and what they depend on. */
const instancesUsed = (graph: Graph, targets: ReadonlyArray<string> | undefined): ReadonlySet<string> => {
  if (!targets?.length) return new Set([...graph.vertices.values()].map((v) => v.provider))
  const seen = new Set<string>()
  const walk = (a: string): void => {
    if (seen.has(a)) return
    seen.add(a)
    graph.vertices.get(a)?.deps.forEach(walk)
  }
  targets.forEach(walk)
  return new Set([...seen].flatMap((a) => graph.vertices.get(a)?.provider ?? []))
}

// ── stages ───────────────────────────────────────────────────────────────────
/** The providers' documented environment fallbacks (`env.vars`), explicit configuration winning. */
export const envFallbacks: Stage<Stack, Stack> = stage('envFallbacks', (env, s: Stack) =>
  env.vars ? withEnvFallbacks(env.registry, env.vars, s) : s,
)

/** Decode every input, check every ref, order the nodes: every problem at once, nothing read or sent. */
export const compileStage: Stage<Stack, Graph> = stage('compile', (env, s: Stack) => compileOrFail(env, s))

/** What preflight checks: the graph, and the targets when the plan is targeted. */
export interface PreflightInput {
  readonly graph: Graph
  readonly targets?: ReadonlyArray<string>
  /** check these instances (destroy, refresh: every instance state's resources were made with) */
  readonly instances?: ReadonlySet<string>
}

/**
 * Every provider instance the (targeted) plan uses passes its provider's `verify` check (credentials,
 * account checks) — all issues at once, before any provider is asked anything — then its `resolve` hook.
 */
export const preflight: Stage<PreflightInput, Graph> = stage('preflight', async (env, i: PreflightInput) => {
  const used = i.instances ?? instancesUsed(i.graph, i.targets)
  const issues: Issue[] = []
  for (const [name, pc] of i.graph.providers) {
    const verify = env.verify?.[pc.provider]
    if (verify && used.has(name)) issues.push(...(await verify(name, pc.config)()))
  }
  if (issues.length > 0) fail({ _tag: 'CompileError', issues })
  return configureProviders(env, i.graph)
})

/** The stack's state (a new one when it has none); a state under another passphrase is refused. */
export const load: Stage<string, State> = stage('load', loadState)

/** What reconcile, refresh, lookups and plan work from. */
export interface PlanInput {
  readonly graph: Graph
  readonly state: State
  readonly protector: Protector
}

/** Settle write-ahead entries (`write` false: read only, as a plan does). */
export const reconcileStage = (write: boolean): Stage<PlanInput, State> =>
  stage('reconcile', (env, i: PlanInput) => reconcile(readsUnderBudget(env), i.graph, i.state, i.protector, write))

/** Read every resource; drift is reported and the state given is what the platform shows. */
export const refreshStage: Stage<PlanInput, RefreshResult> = stage('refresh', (env, i: PlanInput) =>
  refreshState(readsUnderBudget(env), i.graph, i.state, i.protector),
)

/** Read the lookups that can be read now (the rest stay known after apply). */
export const lookupsStage: Stage<PlanInput, ReadonlyMap<string, unknown>> = stage('lookups', (env, i: PlanInput) =>
  resolveLookups(readsUnderBudget(env), i.graph, i.state, i.protector),
)

/** Reconcile, refresh, lookups and plan, each its stage; `hooks.afterPlan` (policies) last. */
const planFrom = async (
  env: Env,
  graph: Graph,
  s0: State,
  opts: PlanOptions,
  protector: Protector,
  write = true,
): Promise<PlanOutcome> => {
  // entries recorded under a node's aliases move to its address first (reconciliation settles them there)
  const aliased = moveAliased(graph, s0)
  if (aliased.issues.length > 0) fail({ _tag: 'PlanError', issues: aliased.issues })
  let s = await attempt(reconcileStage(write)({ graph, state: aliased.state, protector })(env))
  const refreshed = opts.refresh ? await attempt(refreshStage({ graph, state: s, protector })(env)) : undefined
  if (refreshed) s = refreshed.state
  const lookups = await attempt(lookupsStage({ graph, state: s, protector })(env))
  const outcome = await attempt(
    planStage({ graph, state: s, protector, lookups, opts, moves: aliased.moves, forApply: write })(env),
  )
  const read = refreshed ? { ...outcome, drift: refreshed.drift } : outcome
  const withDrift = await attempt(() => showAdoptions(readsUnderBudget(env), graph, read, protector))
  await attempt(() => backfillClaims(env, graph, aliased.state))
  await attempt(() => checkOwners(env, graph, withDrift.plan))
  return env.hooks?.afterPlan ? attempt(env.hooks.afterPlan(withDrift)(env)) : withDrift
}

/** What the plan stage needs beyond PlanInput. */
export interface MakePlanInput extends PlanInput {
  readonly lookups: ReadonlyMap<string, unknown>
  readonly opts: PlanOptions
  readonly moves: ReadonlyArray<Move>
  /** the plan is for an apply: keep what it checked in full (see PlanOutcome.checked) */
  readonly forApply?: boolean
}

/** The plan: a step per node, its diff, targets and replacements applied. */
export const planStage: Stage<MakePlanInput, PlanOutcome> = stage('plan', (env, i: MakePlanInput): PlanOutcome => {
  const p = makePlan({
    graph: i.graph,
    state: i.state,
    lookups: i.lookups,
    protector: i.protector,
    now: env.now(),
    registry: env.registry,
    ...(i.opts.replace ? { replace: new Set(i.opts.replace) } : {}),
  })
  if (E.isLeft(p)) return fail(p.left)
  const full = withMoves(p.right.plan, i.moves)
  const picked = i.opts.targets?.length ? selectTargets(full, i.opts.targets) : undefined
  const pending = Object.values(i.state.pending)
  return {
    graph: i.graph,
    plan: picked ? picked.plan : full,
    state: i.state,
    lookups: i.lookups,
    ...(pending.length ? { pending } : {}),
    ...(picked ? { leftOut: picked.leftOut } : {}),
    ...(i.moves.length ? { moves: i.moves } : {}),
    // what the plan checked in full goes on to an apply; a plan shown or saved drops it
    ...(i.forApply === true ? { checked: p.right.checked } : {}),
  }
})

const withLock = async <A>(env: Env, stackName: string, f: () => Promise<A>): Promise<A> => {
  env.onStage?.('lock')
  const lock: Lock = await attempt(env.store.lock(stackName, { waitMs: env.lockWaitMs ?? 0 }))
  try {
    return await f()
  } finally {
    await lock.release()()
  }
}

/** Run `body` under the stack's lock (taken with `env.lockWaitMs`), released however it ends. */
export const locked =
  <A>(stackName: string, body: ReaderTaskEither<Env, EngineError, A>): ReaderTaskEither<Env, EngineError, A> =>
  (env) =>
  () =>
    settle(() => withLock(env, stackName, () => attempt(body(env))), 'lock')

/** The state to plan from, through `hooks.aroundLoad` when given. */
const loaded = (env: Env, stackName: string): Promise<State> =>
  attempt((env.hooks?.aroundLoad ? env.hooks.aroundLoad(stackName, load(stackName)) : load(stackName))(env))

/** Env fallbacks, compile and preflight: the graph every operation starts from. */
const prepare = async (env: Env, s: Stack, targets?: ReadonlyArray<string>): Promise<Graph> => {
  const filled = await attempt(envFallbacks(s)(env))
  const graph = await attempt(compileStage(filled)(env))
  return attempt(preflight({ graph, ...(targets?.length ? { targets } : {}) })(env))
}

// ── operations ───────────────────────────────────────────────────────────────
/** Compile, reconcile, (refresh,) resolve lookups and plan. Changes nothing anywhere. */
export const plan = (stack: Stack, opts: PlanOptions = {}): ReaderTaskEither<Env, EngineError, PlanOutcome> =>
  toRTE(async (env) => {
    const graph = await prepare(env, stack, opts.targets)
    const s = await loaded(env, stack.name)
    return planFrom(env, graph, s, opts, protectorOf(env, s), false)
  })

/** Options of `apply` and `destroy`: a plan's, an approved plan and a confirm callback. */
export interface ApplyOptions extends PlanOptions {
  /** apply only if the fresh plan makes the same changes as this approved one */
  readonly approved?: Plan
  /**
   * Asked with the plan made under the lock when it has changes (after reconciliation, so the
   * plan shown is the plan run); false cancels: reconciled state is saved, nothing else is done.
   */
  readonly confirm?: (outcome: PlanOutcome) => Promise<boolean>
  /** after a failed step, start the steps that do not depend on it (default: start no new step) */
  readonly continueOnError?: boolean
}

const changeList = (p: Plan): string =>
  JSON.stringify(
    p.steps
      .filter((s) => (s.action !== 'noop' && s.action !== 'read') || s.movedFrom !== undefined)
      .map((s) => [s.address, s.action, s.movedFrom ?? '']),
  )
const sameChanges = (a: Plan, b: Plan): boolean => changeList(a) === changeList(b)

/** What confirm asks about. */
export interface ConfirmInput {
  readonly outcome: PlanOutcome
  readonly confirm?: (outcome: PlanOutcome) => Promise<boolean>
}

/** Ask `confirm` (no callback: yes). */
export const confirmStage: Stage<ConfirmInput, boolean> = stage('confirm', (_env, i: ConfirmInput) =>
  i.confirm ? i.confirm(i.outcome) : true,
)

/** Ask `confirm`; a throw is the operation's defect and, like a no, cancels. */
const confirmed = async (env: Env, guard: Guard, opts: ApplyOptions, outcome: PlanOutcome): Promise<boolean> => {
  const r = await confirmStage({ outcome, ...(opts.confirm ? { confirm: opts.confirm } : {}) })(env)()
  if (E.isRight(r)) return r.right
  if (r.left._tag !== 'Defect') return fail(r.left)
  guard.record(r.left.cause, 'confirm')
  return false
}

/** What the run stage carries out. */
export interface RunInput {
  readonly outcome: PlanOutcome
  /** the state to run from (reconciled and saved) */
  readonly state: State
  readonly protector: Protector
  readonly policy?: RunPolicy
}

/** Carry out the plan's steps, each written ahead and recorded in the store's journal. */
export const runStage: Stage<RunInput, RunResult> = stage('run', (env, i: RunInput) =>
  runPlan(i.outcome.graph, i.outcome.plan, i.state, env, i.protector, i.outcome.lookups, i.outcome.checked, i.policy),
)

/** Write a snapshot of the stack's state (`state.serial` the serial read). */
export const save: Stage<State, State> = stage('save', (env, st: State) => attempt(env.store.write(st.stack, st)))

const execute = async (
  env: Env,
  guard: Guard,
  stackName: string,
  graph: Graph,
  opts: ApplyOptions,
): Promise<ApplyResult> => {
  const s0 = await loaded(env, stackName)
  const protector = protectorOf(env, s0)
  const outcome = await planFrom(env, graph, s0, opts, protector, true)
  if (opts.approved && !sameChanges(opts.approved, outcome.plan))
    fail({ _tag: 'PlanMismatch', message: 'the stack or its state changed since the plan was approved; plan again' })
  const changing = hasChanges(outcome.plan)
  const cancelled = changing && !(await confirmed(env, guard, opts, outcome))
  // reconciliation and refresh results become durable before new work starts, and a new stack gets
  // its snapshot (lineage, salt) before the first journal record, so a crash leaves nothing orphaned
  let base = outcome.state
  // a state `load` made (the store had none) is known without reading the store again
  const fresh = s0.serial === 0 && (made.has(s0) || !(await attempt(env.store.read(stackName))))
  // a cancelled apply records no move (reconciliation, settled under the old addresses, is kept)
  if (cancelled && outcome.moves) base = unmove(outcome.state, outcome.moves, s0)
  if (base !== s0 || (changing && fresh && !cancelled)) base = await attempt(save({ ...base, serial: s0.serial })(env))
  if (cancelled) {
    const none = { state: base, journal: [], failures: [], outputs: {}, outputsChanged: false, plan: outcome.plan }
    guard.keep({ ...none, cancelled })
    return { ...none, cancelled }
  }
  const policy = { continueOnError: opts.continueOnError === true }
  // what the plan imports or overwrites is claimed (compare-and-set) before anything is sent
  await attempt(() => claimFor(env, graph, wantedAtPlan(env.registry, graph, outcome.plan)))
  const r = await attempt(runStage({ outcome, state: base, protector, policy })(env))
  // what was done, for a defect that stops the save below (the journal holds it durably)
  guard.keep({ ...r, plan: outcome.plan, ...(env.signal?.aborted ? { interrupted: true } : {}) })
  // nothing changed and no new outputs: no new snapshot (backups keep real history)
  const unchanged = !changing && !r.outputsChanged && base === outcome.state && Object.keys(base.pending).length === 0
  const written = unchanged && !fresh ? base : await attempt(save({ ...r.state, serial: base.serial })(env))
  const result: ApplyResult = {
    ...r,
    state: written,
    plan: outcome.plan,
    ...(env.signal?.aborted ? { interrupted: true } : {}),
  }
  guard.keep(result)
  await attempt(() => claimMade(env, graph, s0, written))
  if (r.failures.length > 0) fail({ _tag: 'ApplyError', failures: r.failures, result })
  return result
}

/** Plan and carry out the changes; state is written ahead of every change and saved at the end. */
export const apply = (stack: Stack, opts: ApplyOptions = {}): ReaderTaskEither<Env, EngineError, ApplyResult> =>
  toRTE(async (env, guard) => {
    const graph = await prepare(env, stack, opts.targets)
    return withLock(env, stack.name, () => execute(env, guard, stack.name, graph, opts))
  })

/** Delete every resource of the stack's state, dependents first. */
export const destroy = (stack: Stack, opts: ApplyOptions = {}): ReaderTaskEither<Env, EngineError, ApplyResult> =>
  toRTE(async (env, guard) => {
    const filled = await attempt(envFallbacks(stack)(env))
    const graph = await attempt(compileStage(makeStack(stack.name, { providers: filled.providers }))(env))
    // provider configs of the original stack are needed to reach the platform: each is checked
    const full = compile(env.registry, { now: env.now() })(filled)
    const g2: Graph = E.isRight(full)
      ? await attempt(
          preflight({
            graph: { ...graph, providers: full.right.providers },
            instances: new Set(full.right.providers.keys()),
          })(env),
        )
      : graph
    // a targeted destroy leaves the rest standing, and the outputs read from it
    const g3 = opts.targets?.length ? { ...g2, keptOutputs: outputNodes(stack) } : g2
    return withLock(env, stack.name, () => execute(env, guard, stack.name, g3, opts))
  })

/** The graph of a stack, when it compiles (refresh and import work from state without one), checked. */
const leniently = async (env: Env, stack: Stack): Promise<Graph | undefined> => {
  const filled = await attempt(envFallbacks(stack)(env))
  const g = compile(env.registry, { now: env.now() })(filled)
  return E.isRight(g)
    ? attempt(preflight({ graph: g.right, instances: new Set(g.right.providers.keys()) })(env))
    : undefined
}

/** Options of `refresh`: read only, or ask before recording drift. */
export interface RefreshOptions {
  /** read and report only: no lock, no state written, nothing sent that writes */
  readonly dryRun?: boolean
  /** asked when there is drift, before it is recorded; false records nothing */
  readonly confirm?: (r: RefreshResult) => Promise<boolean>
}

/** Read every resource; drift is recorded in state (and shown by the next plan); gone objects leave state. */
export const refresh = (
  stack: Stack,
  opts: RefreshOptions = {},
): ReaderTaskEither<Env, EngineError, RefreshResult & { readonly written: boolean }> =>
  toRTE(async (env, guard) => {
    const graph = await leniently(env, stack)
    const record = async (r: RefreshResult): Promise<boolean> => {
      try {
        return !opts.confirm || (await opts.confirm(r))
      } catch (c) {
        guard.record(c, 'confirm')
        return false
      }
    }
    const run = async () => {
      const s0 = await loaded(env, stack.name)
      const protector = protectorOf(env, s0)
      const reads = readsUnderBudget(env)
      const s1 = await reconcile(reads, graph, s0, protector, !opts.dryRun)
      const r = await refreshState(reads, graph, s1, protector)
      if (opts.dryRun || (r.drift.length > 0 && !(await record(r))))
        return { state: s0, drift: r.drift, written: false }
      const written = await attempt(env.store.write(stack.name, { ...r.state, serial: s0.serial }))
      return { state: written, drift: r.drift, written: true }
    }
    return opts.dryRun ? run() : withLock(env, stack.name, run)
  })

/** "is not a resource type", with the closest registered one when a token is misspelt. */
const unknownType = (env: Env, token: string): string => {
  const near = closestStrict(token, env.registry.resources.keys())
  return `${token} is not a resource type${near ? ` (did you mean ${near}?)` : ''}.`
}

/** Adopt an existing remote object into state under a node address, using the spec's import id. */
export const importResource = (
  stack: Stack,
  token: string,
  name: string,
  importId: string,
  opts: { readonly provider?: string } = {},
): ReaderTaskEither<Env, EngineError, ResourceState> =>
  toRTE(async (env) => {
    const spec = env.registry.resources.get(token)
    const label = `${token} "${name}"`
    if (!spec) return compileFail(label, '', 'a registered resource type', token, unknownType(env, token))
    const parsed = spec.identity.parseImportId(importId)
    if (E.isLeft(parsed)) return compileFail(label, 'importId', spec.identity.importFormat, importId, parsed.left + '.')
    const graph = await leniently(env, stack)
    const provider = opts.provider ?? spec.provider
    return withLock(env, stack.name, async () => {
      const s0 = await loaded(env, stack.name)
      const address = `${token}/${name}`
      if (s0.resources[address])
        return compileFail(
          label,
          '',
          'a name not yet in state',
          label,
          `is already managed by stack ${stack.name} (id ${s0.resources[address].id}); \`trellis state rm\` first to import it again.`,
        )
      const c = opCtx(env, graph, { address, token, name, provider })!
      const target = parsed.right
      const h = readsUnderBudget(env).handler
      const got = await attempt(h.read(c, target.id, (target.inputs ?? {}) as Record<string, unknown>, {}))
      if (!got) return fail({ _tag: 'LookupError', failures: [noSuchObject(label, importId, spec)] })
      const node = stack.nodes.find(
        (n): n is ResourceNode => n._tag === 'Resource' && n.token === token && n.name === name,
      )
      const r = importedRecord(env, protectorOf(env, s0), { address, token, name, provider }, spec, node, target, got)
      await attempt(env.store.write(stack.name, { ...s0, resources: { ...s0.resources, [address]: r } }))
      return r
    })
  })

/** Stop with a compile error about one field of the node named `label`. */
const compileFail = (label: string, path: string, expected: string, given: string, message: string): never =>
  fail({ _tag: 'CompileError', issues: [issue(label, { path, expected, given, message })] })

const noSuchObject = (label: string, importId: string, spec: ResourceSpec): StepFailure => ({
  _tag: 'StepFailure',
  node: label,
  op: 'import',
  message: `no object with import id ${JSON.stringify(importId)} (${spec.identity.importFormat})`,
  ambiguous: false,
})

/**
 * The record of an imported object: only the fields the stack sets (when it declares this node),
 * since values the platform chose are not the user's and recording them would show as removals in
 * the next plan; the spec's defaults of fields the stack leaves out, as the platform shows them.
 */
const importedRecord = (
  env: Env,
  protector: Protector,
  where: Pick<ResourceState, 'address' | 'token' | 'name' | 'provider'>,
  spec: ResourceSpec,
  node: ResourceNode | undefined,
  target: { readonly inputs?: unknown },
  got: Obs,
): ResourceState => {
  const at = env.now().toISOString()
  const carried = (target.inputs ?? {}) as Record<string, unknown>
  const defaults = (node && defaultsFor(spec, node.inputs)) ?? {}
  const observed: Record<string, unknown> = { ...defaults, ...carried, ...got.inputs }
  const kept = node
    ? Object.fromEntries(Object.entries(observed).filter(([k]) => k in node.inputs || k in carried || k in defaults))
    : observed
  const inputs = protectSecrets(kept, spec.secrets, protector) as Record<string, unknown>
  return {
    ...where,
    id: got.id,
    inputs,
    outputs: protectSecrets(withComputedOutputs(spec, kept, got), spec.secrets, protector) as Record<string, unknown>,
    dependencies: [],
    changedAt: Object.fromEntries(Object.keys(inputs).map((k) => [k, at])),
  }
}

/** Run one lookup on its own (e.g. from a script or the CLI). */
export const lookup = (
  token: string,
  name: string,
  args: Record<string, unknown>,
  stackProviders: Stack['providers'] = {},
): ReaderTaskEither<Env, EngineError, Readonly<Record<string, unknown>>> =>
  toRTE(async (env) => {
    const st = makeStack('lookup', { providers: stackProviders }).add(lookupNode(token, name, args))
    const graph = await prepare(env, st)
    const r = await resolveLookups(readsUnderBudget(env), graph, emptyState('lookup', 'none', 'none'))
    return r.get(`${token}/${name}`) as Record<string, unknown>
  })

export { labelOfAddress }
