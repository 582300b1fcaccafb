/**
 * trellis/testing: a kit for unit tests of stacks on the mock interpreter — run, match, count,
 * check outputs, errors and warnings, snapshot plans, run on the emulators, generate inputs.
 * Failures are node:assert `AssertionError`s showing the closest mismatch, so any runner works.
 *
 * @module trellis/testing
 */
export { runMock, type RunMockOptions } from './run-mock'
export { runOnEmulators, type EmulatorRun, type EmulatorRunOptions } from './run-on-emulators'
export { skipClock, type SkipClock } from '../../clients/emulators/skip-clock'
export { CompileError, RunError } from './compile-error'
export { Match, type Capture, type Matcher, type Mismatch, type MatchContext, type Pattern } from './match'
export { expectPlan, type PlanExpectations, type StepAssertion, type InputsPattern, type PlanLike } from './expect-plan'
export { findSteps } from './find-steps'
export { expectFindings, type FindingExpectations, type FindingQuery } from './expect-findings'
export type { PolicyMockRun } from './policy-run'
export { expectErrors, expectWarnings, type IssueExpectations, type IssueQuery } from './expect-issues'
export { planSnapshot, type PlanSnapshot } from './plan-snapshot'
export { forAllInputs, type ForAllOptions } from './for-all-inputs'
export type { Token, InputsOfToken, BuiltInTokens } from '../providers/token-types'
export type { MockRun, MockOptions, ExistingObject } from '../engine/mock'
// every mock entry point: the promise one (runMock), the TaskEither one (mock, mockWith) and the Env (mockEnv)
export { mock, mockWith, mockEnv } from './mock-entry'
export { mockHandler, type Mocks, type MockHandler } from '../engine/mock-handler'

/**
 * @deprecated the kit throws node:assert's `AssertionError`; this alias keeps older tests compiling.
 */
export { AssertionError as PlanAssertionError } from 'node:assert'
