/**
 * Steps an apply left pending: a write sent when the step's time budget ran out, its outcome
 * unknown until the next run reconciles it. The apply did not finish what it was asked, so the
 * CLI says so and exits 1 (EXIT.failed), never 0 as if all was done.
 */
import { labelOfAddress } from '../core/node'
import type { JournalEntry } from '../engine/run'

/** The labels of the steps left pending, in the order they ran. */
export const pendingSteps = (journal: ReadonlyArray<JournalEntry>): ReadonlyArray<string> =>
  journal.filter((j) => j.status === 'pending').map((j) => labelOfAddress(j.address))

/** What the text output says of them (nothing when none). */
export const pendingText = (pending: ReadonlyArray<string>): string | undefined =>
  pending.length === 0
    ? undefined
    : `Not finished: ${pending.length} step${pending.length === 1 ? '' : 's'} pending (sent when the time budget ` +
      `ran out; the next run reconciles ${pending.length === 1 ? 'it' : 'them'}): ${pending.join(', ')}.`
