/**
 * Defect: what an operation answers when something it was handed threw (a callback, the event
 * sink, the state store, the handler) instead of answering with a value. The operation stops new
 * steps, lets those in flight drain, saves what was recorded and says so in `result`: a defect is
 * a Left like any other failure, never a rejected promise.
 */
import type { ApplyResult } from './operations'

/** Something handed to the engine threw; `result` is what the operation had done and recorded by then. */
export interface Defect {
  readonly _tag: 'Defect'
  /** what was thrown */
  readonly cause: unknown
  /** which part threw: `confirm`, `events`, `store.write`, `handler.create`, … */
  readonly where: string
  /** what the operation had done (and saved) when it stopped; absent when nothing had started */
  readonly result?: ApplyResult
}

export const defect = (cause: unknown, where: string, result?: ApplyResult): Defect =>
  result ? { _tag: 'Defect', cause, where, result } : { _tag: 'Defect', cause, where }

/** The thrown value as one line of text. */
export const causeText = (cause: unknown): string =>
  cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : (JSON.stringify(cause) ?? String(cause))
