/**
 * Runs test files in this process through uvu (its documented CLI globals: UVU_DEFER, UVU_INDEX,
 * UVU_QUEUE, as uvu's own `uvu` command sets them), then prints the totals line CI reads:
 * `N passed, N failed[, N skipped][, N leaked]`. A handle still open 2 s after the suites end is
 * named (with the file that left it) and fails the run.
 */
import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { leakTracker, leaksAfter } from './leaks'
import { addSpent, measure, slowestLine, type Spent } from './spent'
import { totalsLine } from './totals'

type Runner = () => Promise<[unknown, number, number, number]>
const g = globalThis as unknown as { UVU_DEFER: number; UVU_INDEX: number; UVU_QUEUE: Array<Array<unknown>> }

export const GRACE_MS = 2000

export interface Totals {
  passed: number
  total: number
  skipped: number
  /** the files with a failed test */
  failing: Set<string>
}

/** Wraps each suite of each file: totals counted, handles left open traced to their file. */
const instrument = (totals: Totals, ms: Map<string, Spent>, after: (file: string) => void) => {
  for (const group of g.UVU_QUEUE) {
    const file = group[0] as string
    for (let i = 1; i < group.length; i++) {
      const run = group[i] as Runner
      group[i] = async () => {
        const took = measure()
        const r = await run()
        ms.set(file, addSpent(ms.get(file), took()))
        totals.total += r[3]
        totals.passed += r[1]
        totals.skipped += r[2]
        if (r[3] > r[1]) totals.failing.add(file)
        after(file)
        return r
      }
    }
  }
}

/** Runs the files; resolves to the exit code: 1 when a test failed, no file matched, or a handle leaked. */
export const runInProcess = async (files: ReadonlyArray<string>): Promise<number> => {
  g.UVU_DEFER = 1
  const uvu = await import('uvu')
  const leaks = leakTracker()
  const ms = new Map<string, Spent>()
  for (const [index, file] of files.entries()) {
    g.UVU_INDEX = index
    g.UVU_QUEUE.push([file])
    const took = measure()
    await import(pathToFileURL(join(process.cwd(), file)).href)
    ms.set(file, took())
  }
  const totals: Totals = { passed: 0, total: 0, skipped: 0, failing: new Set() }
  instrument(totals, ms, leaks.after)
  await uvu.exec(false)
  // where the time went, to keep the unit tier fast (test/runner/tiers.ts)
  if (process.env.TRELLIS_TEST_TIMES) appendFileSync(process.env.TRELLIS_TEST_TIMES, JSON.stringify([...ms]) + '\n')
  if (files.length > 5) console.error(slowestLine([...ms]))
  const open = await leaksAfter(leaks.open, GRACE_MS)
  for (const l of open) console.error(`leaked: ${l.what}${l.file ? ` (left open by ${l.file})` : ''}`)
  for (const f of totals.failing) console.error(`failed: ${f}`)
  const failed = totals.total - totals.passed
  console.log(totalsLine({ passed: totals.passed, failed, skipped: totals.skipped, leaked: open.length }))
  return failed > 0 || files.length === 0 || open.length > 0 ? 1 : 0
}
