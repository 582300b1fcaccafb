/**
 * A saved plan's policies: it records each pack's name and digest with the findings; `apply FILE`
 * runs the policies in force again and refuses, saying which, when a pack was added, removed or
 * changed since the plan was reviewed.
 */
import { gatherPolicies, type PackRecord } from '../policy/policy-entries'
import { TrellisError } from '../workspace/trellis-error'
import type { SavedPlan } from './saved-plan'

const packsText = (ps: ReadonlyArray<PackRecord>): string =>
  ps.length === 0 ? 'none' : ps.map((p) => `${p.name}@${p.digest.slice(0, 12)}`).join(', ')

/** Refuse a saved plan reviewed under other policies than the ones in force now. */
export const checkSavedPolicies = (saved: SavedPlan, entries: ReadonlyArray<unknown>): void => {
  const then = saved.document?.policy?.packs ?? []
  const now = gatherPolicies(entries).packs
  const key = (ps: ReadonlyArray<PackRecord>) => JSON.stringify([...ps].map((p) => [p.name, p.digest]).sort())
  if (key(then) === key(now)) return
  const message =
    `the policies changed since the plan was saved (then: ${packsText(then)}; now: ${packsText(now)}): ` +
    'plan again and review the new findings'
  throw new TrellisError(
    'failed',
    [{ node: 'plan', path: 'policy.packs', expected: packsText(then), given: packsText(now), message }],
    message,
  )
}
