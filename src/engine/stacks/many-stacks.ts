/**
 * One run across stacks: plan, apply or destroy every stack of a program (or the selected ones and
 * what they read) in dependency order — destroy in reverse — each through the one-stack operation,
 * with other stacks' exports put in first (put-stack-outputs.ts). Apply and destroy take every
 * stack's lock up front, in name order, within one `lockWaitMs`. A stack whose producer (destroy:
 * whose consumer) failed does not start. The store records which stacks consume which outputs (on
 * the consumer's state): a plan that drops an export another stack consumes is refused, naming it.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import type { ReaderTaskEither } from 'fp-ts/ReaderTaskEither'
import { issue, type Issue } from '../../core/issue'
import { refsIn } from '../../core/ref'
import type { Stack } from '../../core/stack'
import type { State } from '../../state/state'
import type { Lock, StateStore } from '../../state/state-store'
import type { Env } from '../env'
import {
  apply as applyOp,
  destroy as destroyOp,
  plan as planOp,
  type ApplyOptions,
  type ApplyResult,
  type EngineError,
  type PlanOutcome,
} from '../operations'
import { hasChanges, type Plan } from '../plan'
import { UNKNOWN } from '../unknown'
import { putStackOutputs } from './put-stack-outputs'
import { stackInputs, stackOrder, type StackOrder } from './stack-order'

// ── model ────────────────────────────────────────────────────────────────────
/** How one stack of the run ended. */
export interface StackRun<A> {
  readonly stack: string
  /** skipped: a stack it waits on failed or was skipped (or the run was stopped) */
  readonly status: 'done' | 'failed' | 'skipped'
  readonly result?: A
  readonly error?: EngineError
  /** skipped: the stack it waited on */
  readonly waitedOn?: string
}

/** What a run across stacks gives: each stack's run, in the order they ran. */
export interface StacksOutcome<A> {
  readonly runs: ReadonlyArray<StackRun<A>>
  /** the serial of each store-only stack whose outputs were read (`stackOutputs`) */
  readonly read: Readonly<Record<string, number>>
}

/** Options of a run across stacks: the one-stack options, and which stacks (with what they read). */
export interface StacksOptions extends Omit<ApplyOptions, 'approved' | 'targets'> {
  /** only these stacks and the stacks they read (empty: every stack given) */
  readonly select?: ReadonlyArray<string>
  /** apply: each stack's approved plan (a saved plan across stacks); its fresh plan must make the same changes */
  readonly approvedPlans?: Readonly<Record<string, Plan>>
}

type Which = 'plan' | 'apply' | 'destroy'
type Outputs = Readonly<Record<string, unknown>>
/** consumer stack → producer stack → outputs it reads (`State.consumes`) */
type Consumes = Readonly<Record<string, ReadonlyArray<string>>>

// ── helpers ──────────────────────────────────────────────────────────────────
const invalid = (issues: ReadonlyArray<Issue>): EngineError => ({ _tag: 'CompileError', issues })

const stateOf = async (env: Env, name: string): Promise<E.Either<EngineError, State | undefined>> =>
  env.store.read(name)()

/** A store whose `lock` of a stack the run already holds is a no-op (the one-stack operations lock too). */
const holding = (store: StateStore, held: ReadonlySet<string>): StateStore => {
  const none: Lock = { release: () => TE.right(undefined) }
  const lock: StateStore['lock'] = (name, opts) => (held.has(name) ? TE.right(none) : store.lock(name, opts))
  // the store's own methods stay reachable (and bound as they were) through the prototype
  return Object.defineProperty(Object.create(store) as StateStore, 'lock', { value: lock })
}

/** Every lock, in name order, within one wait; all released if one cannot be had. */
const lockAll = async (env: Env, names: ReadonlyArray<string>): Promise<E.Either<EngineError, Lock[]>> => {
  const deadline = Date.now() + (env.lockWaitMs ?? 0)
  const locks: Lock[] = []
  for (const name of [...names].sort()) {
    const l = await env.store.lock(name, { waitMs: Math.max(0, deadline - Date.now()) })()
    if (E.isLeft(l)) {
      await releaseAll(locks)
      return l
    }
    locks.push(l.right)
  }
  return E.right(locks)
}
const releaseAll = async (locks: ReadonlyArray<Lock>): Promise<void> => {
  for (const l of [...locks].reverse()) await l.release()()
}

/** A stack's exports as a plan knows them: plain values, recorded ones when nothing changes, else unknown. */
const exportsAtPlan = (s: Stack, o: PlanOutcome): Outputs => {
  const same = !hasChanges(o.plan)
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(s.outputs))
    out[k] = refsIn(v).length === 0 ? v : same && k in o.state.outputs ? o.state.outputs[k] : UNKNOWN
  return out
}

/** Who reads which outputs of whom, from every state in the store (read once per run). */
const consumersIn = async (env: Env): Promise<E.Either<EngineError, Map<string, Consumes>>> => {
  const names = await env.store.list()()
  if (E.isLeft(names)) return names
  const out = new Map<string, Consumes>()
  for (const n of names.right) {
    const st = await stateOf(env, n)
    if (E.isLeft(st)) return st
    if (st.right?.consumes && Object.keys(st.right.consumes).length) out.set(n, st.right.consumes)
  }
  return E.right(out)
}

/** Issues when `s` (destroy: all its exports) drops an output another stack, not going too, consumes. */
const droppedOutputs = (
  which: Which,
  s: Stack,
  consumers: ReadonlyMap<string, Consumes>,
  leaving: ReadonlySet<string>,
): Issue[] => {
  const issues: Issue[] = []
  for (const [consumer, reads] of consumers) {
    if (consumer === s.name || leaving.has(consumer)) continue
    for (const o of reads[s.name] ?? [])
      if (which === 'destroy' || !Object.prototype.hasOwnProperty.call(s.outputs, o))
        issues.push(
          issue(`stack ${s.name}`, {
            path: `outputs.${o}`,
            expected: `output ${o}, which stack ${consumer} consumes`,
            given: which === 'destroy' ? 'the stack destroyed' : 'no such export',
            message: `stack ${consumer} consumes output ${o} of stack ${s.name}: apply ${consumer} without it first (no stack is left reading an output that is gone)`,
          }),
        )
  }
  return issues
}

/** Record on a consumer's state which outputs of which stacks it read (destroy: none), when that changed. */
const recordConsumes = async (env: Env, s: Stack, which: Which): Promise<E.Either<EngineError, void>> => {
  const reads: Record<string, string[]> = {}
  if (which === 'apply') for (const [from, outs] of stackInputs(s)) reads[from] = [...outs].sort()
  const st = await stateOf(env, s.name)
  if (E.isLeft(st) || st.right === undefined) return E.map(() => undefined)(st)
  if (JSON.stringify(st.right.consumes ?? {}) === JSON.stringify(reads)) return E.right(undefined)
  const { consumes: _drop, ...rest } = st.right
  const w = await env.store.write(s.name, Object.keys(reads).length ? { ...rest, consumes: reads } : rest)()
  return E.map(() => undefined)(w)
}

// ── the run ──────────────────────────────────────────────────────────────────
/** The outputs of the store-only stacks the run reads, with their serials; an issue for one with no state. */
const externalOutputs = async (
  env: Env,
  order: StackOrder,
): Promise<E.Either<EngineError, { outputs: Map<string, Outputs>; read: Record<string, number> }>> => {
  const outputs = new Map<string, Outputs>()
  const read: Record<string, number> = {}
  const issues: Issue[] = []
  for (const [name, outs] of order.external) {
    const st = await stateOf(env, name)
    if (E.isLeft(st)) return st
    if (st.right === undefined)
      issues.push(
        issue(`stack ${name}`, {
          path: '',
          expected: 'a stack with state in this store (stackOutputs reads what another program applied)',
          given: 'no state',
          message: `stack ${name} is read (outputs ${[...outs].join(', ')}) but has no state here`,
        }),
      )
    else {
      outputs.set(name, st.right.outputs)
      read[name] = st.right.serial
    }
  }
  return issues.length ? E.left(invalid(issues)) : E.right({ outputs, read })
}

/** One stack's own operation, on its exports-put-in stack. */
const runOne = (
  which: Which,
  s: Stack,
  opts: StacksOptions,
): ReaderTaskEither<Env, EngineError, PlanOutcome | ApplyResult> => {
  const { select: _s, approvedPlans, ...rest } = opts
  const approved = approvedPlans?.[s.name]
  const one = approved ? { ...rest, approved } : rest
  return which === 'plan' ? planOp(s, rest) : which === 'apply' ? applyOp(s, one) : destroyOp(s, rest)
}

const stepStack = async (
  env: Env,
  which: Which,
  s: Stack,
  known: Map<string, Outputs>,
  opts: StacksOptions,
): Promise<StackRun<PlanOutcome | ApplyResult>> => {
  const put = putStackOutputs(s, (n) => known.get(n))
  if ('issues' in put) return { stack: s.name, status: 'failed', error: invalid(put.issues) }
  const r = await runOne(which, put.stack, opts)(env)()
  if (E.isLeft(r)) return { stack: s.name, status: 'failed', error: r.left }
  if (which !== 'plan') {
    const rec = await recordConsumes(env, s, which)
    if (E.isLeft(rec)) return { stack: s.name, status: 'failed', error: rec.left, result: r.right }
  }
  // destroy: a consumer reads the producer's exports from state, as they were before
  if (which === 'plan') known.set(s.name, exportsAtPlan(put.stack, r.right as PlanOutcome))
  else if (which === 'apply') known.set(s.name, (r.right as ApplyResult).state.outputs)
  return { stack: s.name, status: 'done', result: r.right }
}

const runAll = async (
  env: Env,
  which: Which,
  order: StackOrder,
  opts: StacksOptions,
): Promise<E.Either<EngineError, StacksOutcome<PlanOutcome | ApplyResult>>> => {
  const ext = await externalOutputs(env, order)
  if (E.isLeft(ext)) return ext
  const consumers = await consumersIn(env)
  if (E.isLeft(consumers)) return consumers
  const known = new Map(ext.right.outputs)
  const seq = which === 'destroy' ? [...order.ordered].reverse() : order.ordered
  const leaving = new Set(which === 'destroy' ? seq.map((s) => s.name) : [])
  // destroy: a stack waits on its consumers in the run; otherwise on its producers
  const waitsOn = (name: string): ReadonlyArray<string> =>
    which === 'destroy'
      ? [...order.deps].filter(([, ds]) => ds.includes(name)).map(([c]) => c)
      : (order.deps.get(name) ?? [])
  const runs: StackRun<PlanOutcome | ApplyResult>[] = []
  const ended = new Map<string, StackRun<unknown>['status']>()
  for (const s of seq) {
    if (which === 'destroy')
      for (const d of order.deps.get(s.name) ?? []) {
        const st = await stateOf(env, d)
        if (E.isRight(st) && st.right) known.set(d, st.right.outputs)
      }
    const blocked = waitsOn(s.name).find((d) => ended.get(d) !== 'done')
    const dropped = droppedOutputs(which, s, consumers.right, leaving)
    const r: StackRun<PlanOutcome | ApplyResult> = env.signal?.aborted
      ? { stack: s.name, status: 'skipped' }
      : blocked !== undefined
        ? { stack: s.name, status: 'skipped', waitedOn: blocked }
        : dropped.length
          ? { stack: s.name, status: 'failed', error: { _tag: 'PlanError', issues: dropped } }
          : await stepStack(env, which, s, known, opts)
    ended.set(s.name, r.status)
    runs.push(r)
  }
  return E.right({ runs, read: ext.right.read })
}

const across =
  <A>(which: Which) =>
  (stacks: ReadonlyArray<Stack>, opts: StacksOptions = {}): ReaderTaskEither<Env, EngineError, StacksOutcome<A>> =>
  (env) =>
  async () => {
    const o = stackOrder(stacks, opts.select ?? [])
    if ('issues' in o) return E.left(invalid(o.issues))
    if (which === 'plan') return (await runAll(env, which, o.order, opts)) as E.Either<EngineError, StacksOutcome<A>>
    const names = o.order.ordered.map((s) => s.name)
    const locks = await lockAll(env, names)
    if (E.isLeft(locks)) return locks
    try {
      const held = { ...env, store: holding(env.store, new Set(names)) }
      return (await runAll(held, which, o.order, opts)) as E.Either<EngineError, StacksOutcome<A>>
    } finally {
      await releaseAll(locks.right)
    }
  }

// ── operations ───────────────────────────────────────────────────────────────
/** Plan every stack (or the selected ones and what they read), producers first. Changes nothing. */
export const planStacks = across<PlanOutcome>('plan')
/** Apply every stack, producers first, under all their locks; a failed stack's consumers do not start. */
export const applyStacks = across<ApplyResult>('apply')
/** Destroy every stack, consumers first, under all their locks; a failed stack's producers are kept. */
export const destroyStacks = across<ApplyResult>('destroy')
