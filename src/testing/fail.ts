/**
 * How the kit fails: node:assert's ordinary AssertionError, so every runner (uvu, node:test,
 * vitest, jest, mocha) reports it as a failed assertion; the message carries the closest
 * mismatch, and `actual`/`expected` carry display-safe values for runners that diff them.
 */
import { AssertionError } from 'node:assert'
import { displayValue } from '../render/render'
import type { Mismatch } from './match'

export const fail = (message: string, operator: string, actual?: unknown, expected?: unknown): never => {
  throw new AssertionError({ message, operator, actual: displayValue(actual), expected: displayValue(expected) })
}

/** One line per mismatch: `settings.amortize: expected false, got true`. */
export const mismatchLines = (ms: ReadonlyArray<Mismatch>, root = '(the value)', indent = '  '): string =>
  ms
    .map((m) => `${indent}${m.path || root}: expected ${m.expected}, got ${JSON.stringify(m.actual) ?? 'nothing'}`)
    .join('\n')
