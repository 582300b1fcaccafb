/**
 * The policies of a mock run: evaluated over its plan, then the checks left for apply settled with
 * the values the run made (the mock knows every output once it has run). A suppression of no
 * node, a malformed entry or a check that threw rejects with a CompileError naming it.
 */
import { isLeft } from 'fp-ts/Either'
import type { MockRun } from '../engine/mock'
import type { State } from '../state/state'
import { evaluatePolicies } from '../policy/evaluate'
import { policyGate } from '../policy/apply-gate'
import type { PolicyFinding } from '../policy/finding'
import { CompileError } from './compile-error'

/** A mock run with the findings of the policies it was given (none given: no findings). */
export interface PolicyMockRun extends MockRun {
  /** every finding: violations at plan, checks settled after the run, any still left for apply */
  readonly findings: ReadonlyArray<PolicyFinding>
}

/** The findings of `policies` over a mock run made from `prior` state. */
export const findingsOfRun = (
  policies: ReadonlyArray<unknown>,
  run: MockRun,
  prior?: State,
): ReadonlyArray<PolicyFinding> => {
  const report = evaluatePolicies(policies, prior ? { state: prior } : {})(run.plan)
  if (isLeft(report)) throw new CompileError(report.left.issues, 'compile')
  const gate = policyGate(policies, run.plan, report.right)
  const now = run.state.resources
  gate.afterRun((a) => (now[a] === undefined ? undefined : { inputs: now[a].inputs, outputs: now[a].outputs }))
  return gate.findings()
}
