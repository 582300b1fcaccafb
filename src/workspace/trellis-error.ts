/**
 * TrellisError: how the embedding API (and the CLI through it) reports a failure — one typed error
 * with a `kind` that maps to the documented exit code and every problem as a structured issue.
 */
import type { EngineError } from '../engine/operations'
import { formatEngineError } from '../engine/operations'
import { causeText } from '../engine/defect'

/** What went wrong, coarsely; each kind has one CLI exit code. */
export type TrellisErrorKind = 'failed' | 'invalid' | 'state' | 'policy' | 'usage' | 'interrupted'

/** The exit code of each kind (see README, "Exit codes"). */
export const EXIT_CODE: Readonly<Record<TrellisErrorKind, number>> = {
  failed: 1,
  invalid: 3,
  state: 4,
  policy: 5,
  usage: 64,
  interrupted: 130,
}

/** One problem: the node (or `provider NAME`, `state`, …), the field path, what was expected and given. */
export interface TrellisIssue {
  readonly node: string
  readonly path: string
  readonly expected: string
  readonly given: string
  readonly message: string
}

/** Why a workspace operation failed: a kind, the exit code the CLI uses, and the structured issues. */
export class TrellisError extends Error {
  override readonly name = 'TrellisError'
  readonly exitCode: number
  constructor(
    readonly kind: TrellisErrorKind,
    readonly issues: ReadonlyArray<TrellisIssue>,
    message: string = issues.map((i) => i.message).join('\n'),
    /** the engine's own error, for fp-ts users who want the tagged value */
    readonly engine?: EngineError,
  ) {
    super(message)
    this.exitCode = EXIT_CODE[kind]
  }
}

export const isTrellisError = (u: unknown): u is TrellisError => u instanceof TrellisError

const sentence = (i: { node: string; path: string; expected: string; given: string; message?: string }) =>
  `${i.path ? `${i.node} field \`${i.path}\`` : i.node}: ${i.message ? i.message + ' ' : ''}expected ${i.expected}, got ${i.given}`

/** The engine's tagged error as a TrellisError (same text the CLI prints). */
export const fromEngineError = (e: EngineError): TrellisError => {
  switch (e._tag) {
    case 'CompileError':
    case 'PlanError':
      return new TrellisError(
        'invalid',
        e.issues
          .filter((i) => i.severity !== 'warning')
          .map((i) => ({ node: i.node, path: i.path, expected: i.expected, given: i.given, message: sentence(i) })),
        formatEngineError(e),
        e,
      )
    case 'StateError':
      return new TrellisError(
        'state',
        [{ node: 'state', path: '', expected: 'a readable, unlocked state', given: e.kind, message: e.message }],
        formatEngineError(e),
        e,
      )
    case 'LookupError':
    case 'ApplyError':
      return new TrellisError(
        'failed',
        e.failures.map((f) => ({
          node: f.node,
          path: '',
          expected: `the ${f.op} to succeed`,
          given: f.ambiguous ? 'an unknown outcome' : 'an error',
          message: f.message,
        })),
        formatEngineError(e),
        e,
      )
    case 'PlanMismatch':
      return new TrellisError(
        'failed',
        [{ node: 'plan', path: '', expected: 'the approved plan', given: 'other changes', message: e.message }],
        e.message,
        e,
      )
    case 'Refused':
      return new TrellisError(e.kind === 'policy' ? 'policy' : 'failed', e.issues, e.message, e)
    case 'Defect':
      return new TrellisError(
        'failed',
        [
          {
            node: e.where,
            path: '',
            expected: 'an answer, not a throw',
            given: causeText(e.cause),
            message: formatEngineError(e),
          },
        ],
        formatEngineError(e),
        e,
      )
  }
}

/** The documented exit code of any failure: an engine error (a defect too) or a TrellisError. */
export const exitCodeOf = (e: EngineError | TrellisError): number =>
  // by shape, not instanceof: a TrellisError from another copy of trellis counts too
  '_tag' in e ? fromEngineError(e).exitCode : e.exitCode

/** A usage or input problem found at the edge, before anything ran. */
export const usageError = (message: string, at: Partial<TrellisIssue> = {}): TrellisError =>
  new TrellisError('usage', [{ node: 'trellis', path: '', expected: '', given: '', ...at, message }], message)
