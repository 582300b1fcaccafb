/**
 * The totals line, the run's last: `N passed, N failed[, N skipped][, N leaked]`. CI and the README's
 * test command read it, and `npm test` sums its tiers' lines, so it is written and parsed here only.
 */
export interface Counts {
  passed: number
  failed: number
  skipped: number
  leaked: number
}

export const noCounts = (): Counts => ({ passed: 0, failed: 0, skipped: 0, leaked: 0 })

export const totalsLine = (c: Counts): string =>
  `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}${c.leaked ? `, ${c.leaked} leaked` : ''}`

const TOTALS = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?(?:, (\d+) leaked)?$/

/** The counts of a totals line; undefined when the line is not one. */
export const parseTotals = (line: string): Counts | undefined => {
  const m = TOTALS.exec(line.trim())
  if (!m) return undefined
  const [passed, failed, skipped, leaked] = m.slice(1).map((x) => Number(x ?? 0))
  return { passed, failed, skipped, leaked }
}

export const addCounts = (a: Counts, b: Counts): Counts => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
  leaked: a.leaked + b.leaked,
})
