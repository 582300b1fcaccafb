/**
 * The run loop shared by both interpreters: steps start as soon as their dependencies are done,
 * at most `concurrency` at once; refs resolve as outputs arrive; every create/update/delete is
 * written ahead to the state journal and settled after; the first failure stops new work, in-flight
 * steps finish and are recorded, and every failure is reported. The parts live in `apply/`: the
 * run's state, its journal, the scheduler, and one module per action.
 */
import type { CheckedAtPlan } from './check-resolved'
import type { Env } from './env'
import type { Graph } from './graph'
import type { Handler } from './handler'
import type { Plan } from './plan'
import { resolveRefs } from './resolve'
import { diffInputs } from './diff'
import { keptOutputs } from './kept-outputs'
import { protectSecrets, type Protector } from '../state/protect'
import type { State } from '../state/state'
import { deferredDeletes } from './apply/delete'
import { execute } from './apply/execute'
import { runState, type RunPolicy, type RunResult, type RunState } from './apply/run-state'
import { schedule } from './apply/scheduler'
import { stepOrder } from './apply/step-order'
import { afterBudget, endBudget, endBudgets } from './apply/step-budget'
import { stepDone, stepFailed, stepPending } from './apply/step-outcome'

export type { JournalEntry, RunPolicy, RunResult } from './apply/run-state'

export const runPlan = async (
  graph: Graph,
  plan: Plan,
  state0: State,
  env: Env,
  protector: Protector,
  lookups: ReadonlyMap<string, unknown> = new Map(),
  checkedAtPlan?: CheckedAtPlan,
  policy: RunPolicy = {},
): Promise<RunResult> => {
  const st = runState(graph, plan, state0, env, protector, lookups, checkedAtPlan, policy)
  const { steps, stepAt, waiting, first, users } = stepOrder(plan, st.at, graph.ordered.length)
  /** 1: done, 2: failed, 3: pending (each has its journal entry) */
  const outcome = new Uint8Array(steps.length)
  let halted = false
  await schedule({
    n: steps.length,
    waiting,
    first,
    users,
    concurrency: env.concurrency,
    stop: () => halted || env.signal?.aborted === true,
    start: (i, t0) => {
      if (st.listening) env.events({ type: 'step-start', address: steps[i].address, action: steps[i].action, at: t0 })
      return execute(st, steps[i], stepAt[i])
    },
    done: (i, t0, r) => {
      endBudget(st, steps[i])
      stepDone(st, steps[i], t0, r)
      outcome[i] = 1
    },
    failed: (i, t0, e) => {
      const b = afterBudget(st, steps[i], e)
      endBudget(st, steps[i])
      // a write sent when the budget ran out is not a failure: its dependents wait for the next run
      if (b.pending) return void ((outcome[i] = 3), stepPending(st, steps[i], t0, b.message))
      stepFailed(st, steps[i], t0, b.failure)
      outcome[i] = 2
      // fail-fast by default; going on, the failed step's dependents still never become ready
      if (!policy.continueOnError) halted = true
    },
  })
  endBudgets(st)
  await deferredDeletes(st)
  endBudgets(st)
  for (let i = 0; i < steps.length; i++)
    if (outcome[i] === 0)
      st.journal.push({ seq: st.seq++, address: steps[i].address, action: steps[i].action, status: 'skipped', ms: 0 })
  await st.store.drained()
  return resultOf(st)
}

/** The run's result: the working copies as the new state, the exported outputs resolved. */
const resultOf = (st: RunState): RunResult => {
  const { state0, failures, protector } = st
  const outputs = resolveRefs(st.graph.outputs, st.valueOf) as Record<string, unknown>
  const safeOutputs = protectSecrets(outputs, [], protector) as Record<string, unknown>
  const kept = keptOutputs(st.graph.keptOutputs, state0.outputs, state0.resources, st.resources)
  const state: State = {
    ...state0,
    resources: st.resources,
    pending: Object.fromEntries(st.pendingOps),
    outputs: failures.length === 0 ? { ...kept, ...safeOutputs } : state0.outputs,
  }
  // the kept outputs are unchanged by definition: compare the rest
  const others = Object.fromEntries(Object.entries(state0.outputs).filter(([k]) => !(k in kept)))
  const outputsChanged =
    failures.length === 0 &&
    diffInputs(others, outputs, { replaceOn: [], ignore: [], equals: {}, updatable: true, protector }).length > 0
  return { state, journal: st.journal, failures, outputs, outputsChanged }
}

export type { Handler }
