/**
 * Step budgets: one time budget per step, which every request of the step draws on — retries and
 * their waits, polls, the looks after a lost reply. Without it those bounds multiply (retries up
 * to 5 in 60 s × lost-reply attempts × lookups), and a platform that never answers holds an apply
 * for many minutes. The budget is the provider's (`stepBudgetMs`, DEFAULT_STEP_BUDGET_MS when it
 * declares none) plus the longest wait the type's spec declares (`wire.waitMs`: the cloud's polls).
 *
 * How a step that ran out ends: before anything that may have changed the platform was sent, it
 * failed (saying so); after, it is pending — its write-ahead entry stays and the next run
 * reconciles it — never failed, since the write may well have been applied.
 */
import { labelOfAddress } from '../../core/node'
import type { Registry } from '../../core/registry'
import type { ProviderConfig } from '../graph'
import type { StepFailure } from '../handler'
import type { Step } from '../plan'
import type { RunState } from './run-state'
import { knownBySignal, type BudgetSpent, type StepBudget } from './shared-deadlines'

/** A step's budget when its provider declares none: 2 minutes. */
export const DEFAULT_STEP_BUDGET_MS = 120_000

export type { BudgetSpent, StepBudget } from './shared-deadlines'
export { budgetOfSignal } from './shared-deadlines'

/** The budget a step of this provider instance (`inst`) and type (`token`) gets, in ms. */
export const budgetMsOf = (registry: Registry, inst: ProviderConfig | undefined, token: string): number => {
  const p = inst ? registry.providers.get(inst.provider) : undefined
  const own = (inst && p?.stepBudgetMs?.(inst.config)) ?? DEFAULT_STEP_BUDGET_MS
  return own + (registry.resources.get(token)?.wire.waitMs ?? 0)
}

/** A budget of `ms` started now, its signal also aborted when `outer` aborts. */
export const startBudget = (ms: number, outer: AbortSignal | undefined): StepBudget => {
  const ctl = new AbortController()
  let out = false
  const timer = setTimeout(() => {
    out = true
    ctl.abort({ _tag: 'BudgetSpent', ms } satisfies BudgetSpent)
  }, ms)
  // a budget never keeps the process alive: the step's own requests do while they run
  timer.unref?.()
  // the run's signal reaches the step's through a listener (AbortSignal.any cost ~90 µs a step)
  const onOuter = (): void => ctl.abort(outer?.reason)
  if (outer?.aborted) ctl.abort(outer.reason)
  else outer?.addEventListener('abort', onOuter, { once: true })
  const end = (): void => {
    clearTimeout(timer)
    outer?.removeEventListener('abort', onOuter)
  }
  const whenSpent = (f: () => void): (() => void) => {
    if (out) {
      f()
      return () => undefined
    }
    const onAbort = (): void => {
      if (out) f()
    }
    ctl.signal.addEventListener('abort', onAbort, { once: true })
    return () => ctl.signal.removeEventListener('abort', onAbort)
  }
  return knownBySignal({ ms, signal: ctl.signal, spent: () => out, end, whenSpent })
}

/**
 * The step's budget, started at its first request (undefined when the run gives none: the mock,
 * which waits for nothing). One per step address: a replacement's create and delete share it.
 */
export const budgetOf = (st: RunState, s: Step): StepBudget | undefined => {
  if (st.env.stepBudgets === false) return undefined
  let b = st.budgets.get(s.address)
  if (b === undefined) {
    const ms = budgetMsOf(st.env.registry, st.graph.providers.get(s.provider), s.token)
    st.budgets.set(s.address, (b = st.deadlines.start(ms)))
  }
  return b
}

/** The step ended: its timer stopped (a step may end without ever having started one). */
export const endBudget = (st: RunState, s: Step): void => {
  const b = st.budgets.get(s.address)
  if (b === undefined) return
  b.end()
  st.budgets.delete(s.address)
}

/** Every budget still running stopped (the end of the run: deferred deletes start their own). */
export const endBudgets = (st: RunState): void => {
  for (const b of st.budgets.values()) b.end()
  st.budgets.clear()
  st.deadlines.stop()
}

/** Has this step's budget run out? */
export const spent = (st: RunState, s: Step): boolean => st.budgets.get(s.address)?.spent() === true

/** A failure after an earlier attempt's reply was lost: that attempt may have been applied. */
export const maybeApplied = (e: unknown): unknown =>
  (e as Partial<StepFailure>)?._tag === 'StepFailure' ? { ...(e as StepFailure), ambiguous: true } : e

/** What a step's failure becomes once its budget is spent: a pending step, or a failure saying so. */
export type AfterBudget =
  { readonly pending: false; readonly failure: unknown } | { readonly pending: true; readonly message: string }

const WRITES: ReadonlySet<string> = new Set(['create', 'update', 'delete', 'replace'])

/** `300 ms`, `45 s`, `2 min`: a budget as a person reads it. */
export const budgetText = (ms: number): string =>
  ms < 1000 ? `${ms} ms` : ms < 120_000 || ms % 60_000 !== 0 ? `${Math.round(ms / 100) / 10} s` : `${ms / 60_000} min`

/**
 * A step's failure seen in the light of its budget: untouched while the budget lasted; after, a
 * write that may have reached the platform (an ambiguous failure) is pending, anything else is a
 * failure naming the budget.
 */
export const afterBudget = (st: RunState, s: Step, e: unknown): AfterBudget => {
  const b = st.budgets.get(s.address)
  if (b === undefined || !b.spent()) return { pending: false, failure: e }
  const f = e as Partial<StepFailure>
  const what = `${labelOfAddress(s.address)}: ran out of its time budget of ${budgetText(b.ms)}`
  if (f._tag === 'StepFailure' && f.ambiguous === true && WRITES.has(s.action))
    return {
      pending: true,
      message: `${what} after its ${s.action} was sent (${f.message}); recorded pending: the next run reconciles it`,
    }
  const cause = f._tag === 'StepFailure' ? f.message : e instanceof Error ? e.message : String(e)
  const failure: StepFailure = {
    _tag: 'StepFailure',
    node: f.node ?? labelOfAddress(s.address),
    op: f.op ?? 'create',
    message: `ran out of its time budget of ${budgetText(b.ms)} before anything was sent (${cause})`,
    ambiguous: false,
    ...(f.cause ? { cause: f.cause } : {}),
  }
  return { pending: false, failure }
}
