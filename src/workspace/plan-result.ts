/**
 * The plain results the workspace resolves to, made from the engine's outcomes — one way for one
 * stack and for a run across stacks — and the confirmation whose wait is not counted as run time.
 */
import type { ApplyResult, PlanOutcome } from '../engine/operations'
import { hasChanges, summary } from '../engine/plan'
import type { PolicyFinding } from '../policy/finding'
import type { PolicyRun } from '../policy/policy-run'
import { jsonValue } from '../render/json-value'
import type { ApplyOutcome, PlanResult } from './workspace'
import { policyResult } from './workspace-policies'

/** A stack's plan as `workspace().plan` gives it, with the policies' report when any is in force. */
export const planResult = (o: PlanOutcome, refreshed: boolean, pr?: PolicyRun): PlanResult => ({
  ...policyResult(pr, o.plan.stack),
  stack: o.plan.stack,
  plan: o.plan,
  hasChanges: hasChanges(o.plan),
  summary: summary(o.plan),
  refreshed,
  changedOutside: o.drift ?? [],
  pending: o.pending ?? [],
  leftOut: o.leftOut ?? [],
})

/** A stack's apply as `workspace().apply` gives it. */
export const applyOutcome = (
  r: ApplyResult,
  shown: PlanResult | undefined,
  o: { readonly refreshed: boolean; readonly ms: number; readonly findings: ReadonlyArray<PolicyFinding> },
): ApplyOutcome => ({
  stack: r.plan.stack,
  plan: shown ?? planResult({ plan: r.plan } as PlanOutcome, o.refreshed),
  cancelled: r.cancelled ?? false,
  // per step: a replacement's deferred delete of the old object is part of its step, not a change of its own
  changes: new Set(
    r.journal.filter((j) => j.status === 'done' && j.action !== 'read' && j.action !== 'noop').map((j) => j.address),
  ).size,
  journal: r.journal,
  findings: o.findings,
  outputs: jsonValue(r.state.outputs) as Record<string, unknown>,
  serial: r.state.serial,
  ms: o.ms,
})

/** A confirmation asked with each plan shown; the time spent waiting on it is kept apart. */
export interface TimedConfirm {
  readonly confirm?: (o: PlanOutcome) => Promise<boolean>
  /** the plans shown, by stack */
  readonly shown: Map<string, PlanResult>
  /** milliseconds spent waiting for answers */
  readonly waited: () => number
}

/** The engine's confirm callback over the workspace's, showing `PlanResult`s made by `toResult`. */
export const timedConfirm = (
  ask: ((p: PlanResult) => boolean | Promise<boolean>) | undefined,
  toResult: (o: PlanOutcome) => PlanResult,
): TimedConfirm => {
  const shown = new Map<string, PlanResult>()
  let waited = 0
  const confirm = async (o: PlanOutcome): Promise<boolean> => {
    const p = toResult(o)
    shown.set(p.stack, p)
    const w0 = Date.now()
    try {
      return await ask!(p)
    } finally {
      waited += Date.now() - w0
    }
  }
  return { ...(ask ? { confirm } : {}), shown, waited: () => waited }
}
