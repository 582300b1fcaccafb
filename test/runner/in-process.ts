/**
 * Runs test files in this process through uvu (its documented CLI globals: UVU_DEFER, UVU_INDEX,
 * UVU_QUEUE, as uvu's own `uvu` command sets them), then prints the totals line CI reads:
 * `N passed, N failed[, N skipped][, N leaked]`. A handle still open 2 s after the suites end is
 * named (with the file that left it) and fails the run.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { leakTracker, leaksAfter } from './leaks'

type Runner = () => Promise<[unknown, number, number, number]>
const g = globalThis as unknown as { UVU_DEFER: number; UVU_INDEX: number; UVU_QUEUE: Array<Array<unknown>> }

export const GRACE_MS = 2000

export interface Totals {
  passed: number
  total: number
  skipped: number
}

/** Wraps each suite of each file: totals counted, handles left open traced to their file. */
const instrument = (totals: Totals, ms: Map<string, number>, after: (file: string) => void) => {
  for (const group of g.UVU_QUEUE) {
    const file = group[0] as string
    for (let i = 1; i < group.length; i++) {
      const run = group[i] as Runner
      group[i] = async () => {
        const started = performance.now()
        const r = await run()
        ms.set(file, (ms.get(file) ?? 0) + performance.now() - started)
        totals.total += r[3]
        totals.passed += r[1]
        totals.skipped += r[2]
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
  for (const [index, file] of files.entries()) {
    g.UVU_INDEX = index
    g.UVU_QUEUE.push([file])
    await import(pathToFileURL(join(process.cwd(), file)).href)
  }
  const totals: Totals = { passed: 0, total: 0, skipped: 0 }
  const ms = new Map<string, number>()
  instrument(totals, ms, leaks.after)
  await uvu.exec(false)
  // where the time went, to keep the unit tier fast (test/runner/tiers.ts)
  const slowest = [...ms].sort((a, b) => b[1] - a[1]).slice(0, 5)
  if (files.length > 5) console.error(`slowest: ${slowest.map(([f, t]) => `${f} ${t.toFixed(0)} ms`).join(', ')}`)
  const open = await leaksAfter(leaks.open, GRACE_MS)
  for (const l of open) console.error(`leaked: ${l.what}${l.file ? ` (left open by ${l.file})` : ''}`)
  const failed = totals.total - totals.passed
  const extra = `${totals.skipped ? `, ${totals.skipped} skipped` : ''}${open.length ? `, ${open.length} leaked` : ''}`
  console.log(`${totals.passed} passed, ${failed} failed${extra}`)
  return failed > 0 || files.length === 0 || open.length > 0 ? 1 : 0
}
