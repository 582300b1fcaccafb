/**
 * `workspace().apply` and `destroy` of one stack: its targets checked, the policies in force for
 * an apply (a destroy removes what they checked when it was made), the confirmation's wait left
 * out of the time spent; and why it stopped when it did — interrupted, a policy checked at apply,
 * or the engine's own error.
 */
import type { Stack } from '../core/stack'
import { apply as applyOp, destroy as destroyOp, type ApplyResult } from '../engine/operations'
import { isBlocking } from '../policy/finding'
import type { PolicyRun } from '../policy/policy-run'
import { checkTargets, engineOptions } from './check-targets'
import { engineResult } from './engine-result'
import { applyOutcome, planResult, timedConfirm } from './plan-result'
import type { EnvFor } from './run-env'
import type { StateStore } from '../state/state-store'
import { TrellisError } from './trellis-error'
import type { ApplyOptions, ApplyOutcome, WorkspaceOptions } from './workspace'
import { policiesOf, policyError, settledFindings, withPolicies } from './workspace-policies'

/** What a change of one stack runs with. */
export interface ChangeContext {
  readonly opts: WorkspaceOptions
  readonly store: StateStore
  readonly envFor: EnvFor
}

/** The error of a run a stop request interrupted: what was done, and how many steps were not started. */
export const interrupted = (r: ApplyResult): TrellisError => {
  const skipped = r.journal.filter((j) => j.status === 'skipped').map((j) => j.address)
  const message = `stopped: the steps in flight finished and were recorded; ${skipped.length} not started (the next apply does them)`
  const e = new TrellisError(
    'interrupted',
    [{ node: 'run', path: '', expected: 'the run to finish', given: 'a stop request', message }],
    undefined,
  )
  return Object.assign(e, { result: r })
}

/** Why an apply stopped: interrupted, a policy checked at apply, or the engine's own error. */
const stopped = (cx: ChangeContext, err: unknown, pr: PolicyRun | undefined, name: string): unknown => {
  const inner = err instanceof TrellisError ? err.engine : undefined
  if (inner?._tag !== 'ApplyError') return err
  if (cx.opts.signal?.aborted) return interrupted(inner.result)
  // a check made at apply stopped a step: a policy error, with what was done before it
  const found = settledFindings(pr, name, inner.result)
  return found.some(isBlocking) ? policyError(found, { result: inner.result }) : err
}

export const changeOne = async (
  cx: ChangeContext,
  which: 'apply' | 'destroy',
  stack: Stack,
  o: ApplyOptions = {},
): Promise<ApplyOutcome> => {
  await checkTargets(cx.store, stack, o)
  const t0 = Date.now()
  const op = which === 'apply' ? applyOp : destroyOp
  // a destroy is not checked: what it removes is what the policies checked when it was made
  const pr = which === 'apply' ? policiesOf(cx.opts.policies, o.policies, true) : undefined
  const asked = timedConfirm(o.confirm, (x) => planResult(x, !!o.refresh, pr))
  const e = withPolicies(await cx.envFor(o), pr)
  const engineOpts = {
    ...engineOptions(o),
    ...(o.approved ? { approved: o.approved } : {}),
    ...(o.continueOnError ? { continueOnError: true } : {}),
    ...(asked.confirm ? { confirm: asked.confirm } : {}),
  }
  let r: ApplyResult
  try {
    r = await engineResult(op(stack, engineOpts)(e))
  } catch (err) {
    throw stopped(cx, err, pr, stack.name)
  }
  if (cx.opts.signal?.aborted && r.journal.some((j) => j.status === 'skipped')) throw interrupted(r)
  const findings = settledFindings(pr, stack.name, r)
  return applyOutcome(r, asked.shown.get(stack.name), {
    refreshed: !!o.refresh,
    ms: Date.now() - t0 - asked.waited(),
    findings,
  })
}
