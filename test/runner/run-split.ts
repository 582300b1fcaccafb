/**
 * Runs test files in workers: the parallel-safe ones (test/runner/tiers.ts) shared among N workers,
 * then the others one after another in a worker of their own, alone on the machine. Prints the
 * slowest files, the failing ones by name, then the totals line; resolves to the exit code.
 */
import { appendFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { runPool, type PoolOutcome } from './pool'
import { slowestLine } from './spent'
import { isParallelSafe, longestFirst } from './tiers'
import { addCounts, totalsLine } from './totals'

/** Workers: TRELLIS_TEST_WORKERS when set, else one per core, at least 2 (CI has 2 cores). */
export const poolSize = (): number => {
  const set = Number(process.env.TRELLIS_TEST_WORKERS)
  return Number.isInteger(set) && set > 0 ? set : Math.max(2, availableParallelism())
}

const report = (outcomes: ReadonlyArray<PoolOutcome>, files: number): number => {
  const counts = outcomes.map((o) => o.counts).reduce(addCounts)
  const ms = outcomes.flatMap((o) => [...o.ms])
  if (process.env.TRELLIS_TEST_TIMES) appendFileSync(process.env.TRELLIS_TEST_TIMES, JSON.stringify(ms) + '\n')
  if (files > 5) console.error(slowestLine(ms))
  for (const f of outcomes.flatMap((o) => o.failures)) console.error(`failed: ${f}`)
  console.log(totalsLine(counts))
  return counts.failed > 0 || counts.leaked > 0 || files === 0 ? 1 : 0
}

export const runSplit = async (script: string, files: ReadonlyArray<string>, size: number): Promise<number> => {
  const shared = longestFirst(files.filter(isParallelSafe))
  const alone = files.filter((f) => !isParallelSafe(f))
  const started = Date.now()
  const first = await runPool(script, shared, size)
  const mid = Date.now()
  const second = await runPool(script, alone, 1)
  const s = (t: number) => `${(t / 1000).toFixed(1)} s`
  console.error(
    `workers: ${shared.length} files in ${size} workers ${s(mid - started)}, ${alone.length} alone ${s(Date.now() - mid)}`,
  )
  return report([first, second], files.length)
}
