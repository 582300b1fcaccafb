/**
 * The test runner.
 *   tsx test/run.ts                 every tier: unit, then slow, each in its own process; the last
 *                                   line totals both (`N passed, N failed`, what CI reads)
 *   tsx test/run.ts --tier unit     one tier (npm run test:unit), in this process
 *   tsx test/run.ts SUBSTRING…      the test files whose path contains one, in this process
 *   tsx test/run.ts path/to/x.ts    that file, even outside the tree's *.test.ts (runner fixtures)
 * A handle left open 2 s after the suites end is named and fails the run (test/runner/leaks.ts).
 */
import { existsSync } from 'node:fs'
import { findTests } from './runner/find-tests'
import { runInProcess } from './runner/in-process'
import { runTiers } from './runner/run-tiers'
import { tierOf, type Tier } from './runner/tiers'

const argv = process.argv.slice(2)
const tierAt = argv.indexOf('--tier')
const tier = tierAt >= 0 ? (argv[tierAt + 1] as Tier) : undefined
if (tier !== undefined && tier !== 'unit' && tier !== 'slow') {
  console.error(`test/run.ts: --tier expects unit or slow, got ${String(tier)}`)
  process.exit(64)
}
const filters = argv.filter((_a, i) => tierAt < 0 || (i !== tierAt && i !== tierAt + 1))
const all = findTests(new URL('.', import.meta.url).pathname)
const explicit = filters.filter((f) => f.endsWith('.ts') && existsSync(f) && !all.includes(f))
const files =
  tier !== undefined
    ? all.filter((f) => tierOf(f) === tier)
    : [...all.filter((f) => filters.some((s) => f.includes(s))), ...explicit]

const code = filters.length === 0 && tier === undefined ? await runTiers(process.argv[1]) : await runInProcess(files)
// exit now: every handle a suite left was named above (and failed the run)
process.exit(code)
