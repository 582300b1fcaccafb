/**
 * matches: the testing kit's `Match.*` patterns as a plain boolean, for policies (which import the
 * front door, never the testing kit). Through the tracking view, a pattern that reaches a value
 * known only after apply makes the check wait for apply, as any other read does.
 */
import { mismatchesOf } from '../testing/match'

/**
 * Does the value match the pattern? Plain objects match partially at every depth, arrays element
 * by element; `Match.*` say otherwise (`Match.arrayWith(['OUTER'])`, `Match.stringLike(/^prod-/)`).
 * @example
 * matches(Match.arrayWith(['OUTER']), step.inputs.netTypes) // true when OUTER is among them
 */
export const matches = (pattern: unknown, value: unknown): boolean => mismatchesOf(pattern, value).length === 0
