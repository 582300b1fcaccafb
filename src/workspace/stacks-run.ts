/**
 * workspace().plan/apply/destroy given an array of stacks: one run across them (the engine's
 * planStacks, applyStacks, destroyStacks), each stack's result as the one-stack methods give it.
 * A stack that failed makes the promise reject with its TrellisError, carrying every stack's run
 * (`stacks`), so a caller can still say what was done.
 */
import * as E from 'fp-ts/Either'
import type { Stack } from '../core/stack'
import type { Env } from '../engine/env'
import type { Plan } from '../engine/plan'
import { applyStacks, destroyStacks, planStacks, type StackRun } from '../engine/stacks/many-stacks'
import { applyOutcome, planResult, timedConfirm } from './plan-result'
import { policiesOf, policyError, settledFindings, withPolicies } from './workspace-policies'
import { isBlocking } from '../policy/finding'
import { fromEngineError, TrellisError } from './trellis-error'
import type { ApplyOptions, ApplyOutcome, PlanOptions, PlanResult } from './workspace'

/** Which stacks a run across stacks takes: every one given, or these and the stacks they read. */
export interface StacksSelection {
  /** only these stacks and what they read (empty: all) */
  readonly stacks?: ReadonlyArray<string>
  /** apply: each stack's approved plan by name (a saved plan across stacks), applied only if unchanged */
  readonly approvedPlans?: Readonly<Record<string, Plan>>
}

/** One stack's part of a run across stacks. */
export interface StackResult<A> {
  readonly stack: string
  readonly status: 'done' | 'failed' | 'skipped'
  readonly result?: A
  readonly error?: TrellisError
  /** skipped: the stack it waited on */
  readonly waitedOn?: string
}

/** What a run across stacks resolves to: each stack's part, in the order they ran. */
export interface StacksResult<A> {
  readonly stacks: ReadonlyArray<StackResult<A>>
  /** the serial of each store-only stack read (`stackOutputs`) */
  readonly read: Readonly<Record<string, number>>
}

/** A run across stacks that did not all succeed: the first failure, with every stack's part. */
export type StacksError<A> = TrellisError & { readonly stacks: StacksResult<A> }

const settle = <A, B>(runs: ReadonlyArray<StackRun<A>>, read: StacksResult<B>['read'], f: (a: A) => B) => {
  const stacks: StackResult<B>[] = runs.map((r) => ({
    stack: r.stack,
    status: r.status,
    ...(r.result !== undefined ? { result: f(r.result) } : {}),
    ...(r.error ? { error: fromEngineError(r.error) } : {}),
    ...(r.waitedOn ? { waitedOn: r.waitedOn } : {}),
  }))
  const out: StacksResult<B> = { stacks, read }
  const failed = stacks.find((s) => s.error)
  if (failed?.error) throw Object.assign(failed.error, { stacks: out })
  return out
}

const refused = (e: Parameters<typeof fromEngineError>[0]): TrellisError => fromEngineError(e)

/** Plan every stack given (or the selected ones and what they read), producers first. */
export const planAcross = async (
  env: Env,
  policies: ReadonlyArray<unknown> | undefined,
  stacks: ReadonlyArray<Stack>,
  o: PlanOptions & StacksSelection,
): Promise<StacksResult<PlanResult>> => {
  const pr = policiesOf(policies, o.policies, false)
  const r = await planStacks(stacks, { ...(o.refresh ? { refresh: true } : {}), select: o.stacks ?? [] })(
    withPolicies(env, pr),
  )()
  if (E.isLeft(r)) throw refused(r.left)
  const out = settle(r.right.runs, r.right.read, (p) => planResult(p, !!o.refresh, pr))
  // every stack's plan is shown; a mandatory violation in any refuses the run (exit 5)
  const found = out.stacks.flatMap((s) => s.result?.findings ?? [])
  if (found.some(isBlocking)) throw policyError(found, { stacks: out })
  return out
}

/** Apply (or destroy, consumers first) every stack given, under all their locks. */
export const changeAcross = async (
  which: 'apply' | 'destroy',
  env: Env,
  policies: ReadonlyArray<unknown> | undefined,
  stacks: ReadonlyArray<Stack>,
  o: ApplyOptions & StacksSelection,
): Promise<StacksResult<ApplyOutcome>> => {
  const t0 = Date.now()
  const pr = which === 'apply' ? policiesOf(policies, o.policies, true) : undefined
  const asked = timedConfirm(o.confirm, (x) => planResult(x, !!o.refresh, pr))
  const op = which === 'apply' ? applyStacks : destroyStacks
  const r = await op(stacks, {
    ...(o.refresh ? { refresh: true } : {}),
    ...(asked.confirm ? { confirm: asked.confirm } : {}),
    ...(o.approvedPlans ? { approvedPlans: o.approvedPlans } : {}),
    select: o.stacks ?? [],
  })(withPolicies(env, pr))()
  if (E.isLeft(r)) throw refused(r.left)
  const ms = Date.now() - t0 - asked.waited()
  return settle(r.right.runs, r.right.read, (a) =>
    applyOutcome(a, asked.shown.get(a.plan.stack), {
      refreshed: !!o.refresh,
      ms,
      findings: settledFindings(pr, a.plan.stack, a),
    }),
  )
}
