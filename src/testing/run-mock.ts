/**
 * runMock: a stack on the mock interpreter, as a promise. Invalid input rejects with a
 * `CompileError` carrying every issue; other failures with a `RunError`. Runs are
 * deterministic: lineage, salt, ids and times repeat (seeded by the stack's name, or `seed`).
 */
import { isLeft } from 'fp-ts/Either'
import type { Registry } from '../core/registry'
import type { Stack } from '../core/stack'
import { mockWith, type MockOptions } from '../engine/mock'
import { registry as builtIn } from '../providers'
import { runFailure } from './compile-error'
import { rememberStack } from './stack-of-plan'
import { findingsOfRun, type PolicyMockRun } from './policy-run'

/** Options of `runMock`: those of the mock interpreter, and the registry for other providers. */
export interface RunMockOptions extends MockOptions {
  /** the providers to run with (default: the built-in ones) */
  readonly registry?: Registry
  /** policies, packs and suppressions to evaluate (their findings are `run.findings`) */
  readonly policies?: ReadonlyArray<unknown>
}

/**
 * Run a stack on the mock interpreter (compile → plan → apply in memory).
 * @example
 * const run = await runMock(myStack)
 * expectPlan(run).toCreate('cost:Folder', 'finance')
 * @throws CompileError when the stack is invalid (every issue, with node and field path)
 * @throws CompileError when a policy entry is malformed, a suppression names no node, or a check threw
 * @throws RunError when a lookup or step failed on the mock
 */
export const runMock = async (stack: Stack, opts: RunMockOptions = {}): Promise<PolicyMockRun> => {
  const { registry = builtIn, policies = [], ...rest } = opts
  const r = await mockWith(registry)(stack, rest)()
  if (isLeft(r)) throw runFailure(r.left)
  rememberStack(r.right.plan, stack)
  return { ...r.right, findings: policies.length === 0 ? [] : findingsOfRun(policies, r.right, rest.state) }
}
