/**
 * CompileError: what `runMock` and `runOnEmulators` reject with when the stack is invalid — an
 * ordinary Error (not an assertion), carrying every issue as data (node, field path, expected,
 * given) and a message listing them one per line. RunError: any other failure of a run.
 */
import { formatIssue, type Issue } from '../core/issue'
import { formatEngineError, type EngineError } from '../engine/operations'

/** The stack is invalid: every issue as data (`issues`), and a message listing them one per line. */
export class CompileError extends Error {
  override name = 'CompileError'
  /** shaped like the engine's CompileError, so `expectErrors` reads it too */
  readonly _tag = 'CompileError' as const
  /**
   * @param issues every error found (warnings are left out)
   * @param stage where they were found: compiling the stack, or planning it against state
   */
  constructor(
    readonly issues: ReadonlyArray<Issue>,
    readonly stage: 'compile' | 'plan' = 'compile',
  ) {
    super(
      `the stack is invalid (${issues.length} error${issues.length === 1 ? '' : 's'}):\n` +
        issues.map((i) => `  ${formatIssue(i)}`).join('\n'),
    )
  }
}

/** A run that failed for another reason than invalid input: a lookup, a step or the state store. */
export class RunError extends Error {
  override name = 'RunError'
  /** @param error the engine's error, as data */
  constructor(readonly error: EngineError) {
    super(formatEngineError(error))
  }
}

/** The error a run rejects with for an engine error. */
export const runFailure = (e: EngineError): CompileError | RunError =>
  e._tag === 'CompileError' || e._tag === 'PlanError'
    ? new CompileError(
        e.issues.filter((i) => i.severity === 'error'),
        e._tag === 'CompileError' ? 'compile' : 'plan',
      )
    : new RunError(e)
