/**
 * The policies of one workspace call — the workspace's (`workspace({ policies })`) and the call's
 * (`plan(stack, { policies })`: the CLI's `--policy` files and the program's `export const
 * policies`) — as the pipeline's hooks, and their findings as the results carry them.
 */
import type { Env } from '../engine/env'
import type { ApplyResult } from '../engine/operations'
import { isBlocking, type PolicyFinding } from '../policy/finding'
import type { PolicyReport } from '../policy/evaluate'
import { policyRefusal, policyRun, type PolicyRun } from '../policy/policy-run'
import { TrellisError } from './trellis-error'

/** What a plan result says of the policies in force. */
export interface PolicyResult {
  /** violations and checks left for apply (none when no policy is in force) */
  readonly findings: ReadonlyArray<PolicyFinding>
  /** the whole report: suppressed findings, warnings, the packs and their digests */
  readonly policy?: PolicyReport
}

/** The run of the policies given, or none when there are none (nothing is evaluated then). */
export const policiesOf = (
  ws: ReadonlyArray<unknown> | undefined,
  call: ReadonlyArray<unknown> | undefined,
  refuse: boolean,
): PolicyRun | undefined => {
  const all = [...(ws ?? []), ...(call ?? [])]
  return all.length === 0 ? undefined : policyRun(all, { refuse })
}

/** The Env with the policies' hooks (after those it has). */
export const withPolicies = (env: Env, pr: PolicyRun | undefined): Env =>
  pr === undefined ? env : { ...env, hooks: { ...env.hooks, ...pr.hooks } }

/** The policy part of a stack's plan result. */
export const policyResult = (pr: PolicyRun | undefined, stack: string): PolicyResult => {
  const report = pr?.report(stack)
  return report === undefined ? { findings: [] } : { findings: report.findings, policy: report }
}

/** A TrellisError of kind `policy` (exit 5) carrying what was made before it, if anything. */
export const policyError = <A extends object>(findings: ReadonlyArray<PolicyFinding>, carried: A): TrellisError & A => {
  const r = policyRefusal(findings.filter(isBlocking))
  return Object.assign(new TrellisError('policy', r.issues, r.message, r), carried)
}

/** A plan result whose mandatory violations make it a policy error (the plan carried as `plan`). */
export const refuseBlocked = <P extends PolicyResult>(result: P): P => {
  if (result.findings.some(isBlocking)) throw policyError(result.findings, { plan: result })
  return result
}

/** Settle the checks left after an apply, over what the stack now holds; its findings. */
export const settledFindings = (
  pr: PolicyRun | undefined,
  stack: string,
  r: Pick<ApplyResult, 'state'>,
): ReadonlyArray<PolicyFinding> => {
  if (pr === undefined) return []
  const now = r.state.resources
  pr.afterRun(stack, (a) => now[a])
  return pr.findings(stack)
}
