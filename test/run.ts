/**
 * The test runner.
 *   tsx test/run.ts                   npm test: unit, then slow, each in its own process; the last
 *                                     line totals both (`N passed, N failed`)
 *   tsx test/run.ts --all             npm run test:all (what CI runs): unit, slow, then extended
 *   tsx test/run.ts --tier unit       the unit tier (npm run test:unit), in this process
 *   tsx test/run.ts --tier slow       the slow tier: its parallel-safe files shared among workers (one
 *                                     per core, at least 2; TRELLIS_TEST_WORKERS), then the others alone
 *   tsx test/run.ts --tier extended   the extended tier (package, random kills, chaos, browsers), as slow
 *   tsx test/run.ts SUBSTRING…        the test files whose path contains one, in this process
 *   tsx test/run.ts path/to/x.ts      that file, even outside the tree's *.test.ts (runner fixtures)
 *   tsx test/run.ts --workers N …     the files chosen so, in workers as the slow tier runs them
 * A handle left open 2 s after the suites end is named and fails the run (test/runner/leaks.ts).
 * TRELLIS_TEST_TIMES=FILE appends each run's milliseconds per file (import included) to FILE as a
 * JSON line: what the tiers in test/runner/tiers.ts were sorted by.
 */
import { existsSync } from 'node:fs'
import { findTests } from './runner/find-tests'
import { runInProcess } from './runner/in-process'
import { runSplit, poolSize } from './runner/run-split'
import { runTiers } from './runner/run-tiers'
import { tierOf } from './runner/tiers'
import { serveWorker } from './runner/worker'

const script = process.argv[1]
const argv = process.argv.slice(2)
if (argv[0] === '--worker') await serveWorker()

const usage = (why: string): never => {
  console.error(`test/run.ts: ${why}`)
  process.exit(64)
}
const option = (name: string): string | undefined => {
  const at = argv.indexOf(name)
  return at < 0 ? undefined : (argv[at + 1] ?? usage(`${name} expects a value`))
}
const tier = option('--tier')
if (tier !== undefined && tier !== 'unit' && tier !== 'slow' && tier !== 'extended')
  usage(`--tier expects unit, slow or extended, got ${tier}`)
const everyTier = argv.includes('--all')
const workers = option('--workers')
if (workers !== undefined && !/^[1-9]\d*$/.test(workers)) usage(`--workers expects a count, got ${workers}`)

const filters = argv.filter(
  (a, i) => !a.startsWith('--') && (argv[i - 1] === '--all' || !argv[i - 1]?.startsWith('--')),
)
const all = findTests(new URL('.', import.meta.url).pathname)
const explicit = filters.filter((f) => f.endsWith('.ts') && existsSync(f) && !all.includes(f))
const files =
  tier !== undefined
    ? all.filter((f) => tierOf(f) === tier)
    : [...all.filter((f) => filters.some((s) => f.includes(s))), ...explicit]

const code =
  filters.length === 0 && tier === undefined
    ? await runTiers(script, everyTier ? ['unit', 'slow', 'extended'] : ['unit', 'slow'])
    : workers !== undefined
      ? await runSplit(script, files, Number(workers))
      : tier === 'slow' || tier === 'extended'
        ? await runSplit(script, files, poolSize())
        : await runInProcess(files)
// exit now: every handle a suite left was named above (and failed the run)
process.exit(code)
