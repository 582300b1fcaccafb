/**
 * Kills at random wall-clock times: the real CLI applying a stack over every resource type to the
 * three emulators served on 127.0.0.1 with latency is killed at instants drawn from a seeded PRNG
 * (not at points it reports): SIGKILL three times in four, SIGINT or SIGTERM otherwise, while the
 * program changes from child to child (creates, updates and replaces, deletes, creates again).
 * The emulators' own objects are listed against the state every few kills and at the end: no
 * orphan, no duplicate, nothing missing, nothing pending, never a torn state, each convergence in
 * at most 2 runs, and a final refreshed plan without changes. See fixtures/random-kill-run.ts.
 *
 * Bounded for `npm test` (50 kills, about a minute and a half); a bigger run:
 * TRELLIS_RANDOM_KILLS=200 TRELLIS_RANDOM_KILL_PER_TYPE=3 npx tsx test/run.ts reliability/random-kill
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { randomKillRun, type RandomKillFigures } from './fixtures/random-kill-run'
import { recordFigures, seedOf } from './fixtures/figures'

const sum = (xs: ReadonlyArray<Readonly<Record<string, number>>>): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const x of xs) for (const [k, v] of Object.entries(x)) out[k] = (out[k] ?? 0) + v
  return out
}

const merged = (all: ReadonlyArray<RandomKillFigures>, ms: number) => ({
  seeds: all.map((f) => f.seed),
  resources: all.reduce((n, f) => n + f.resources, 0),
  types: all[0].types,
  kills: all.reduce((n, f) => n + f.kills, 0),
  landed: sum(all.map((f) => f.landed)),
  bySignal: sum(all.map((f) => f.bySignal)),
  interrupts: all.flatMap((f) => f.interrupts),
  checks: all.reduce((n, f) => n + f.checks, 0),
  convergeRuns: all.flatMap((f) => f.convergeRuns),
  orphans: all.flatMap((f) => f.orphans),
  forgotten: all.reduce((n, f) => n + f.forgotten, 0),
  duplicates: all.flatMap((f) => f.duplicates),
  missing: all.flatMap((f) => f.missing),
  pending: all.reduce((n, f) => n + f.pending, 0),
  torn: all.flatMap((f) => f.torn),
  finalPlanExits: all.map((f) => f.finalPlanExit),
  drift: all.flatMap((f) => f.drift),
  pendingAfter: all.flatMap((f) => f.pendingAfter),
  runFailures: all.flatMap((f) => f.runFailures),
  failures: all.flatMap((f) => f.failures),
  ms,
})

test('random SIGKILL/SIGINT/SIGTERM of the CLI over every type and platform: no orphan, no duplicate, no torn state, converged in ≤ 2 runs', async () => {
  const seed = seedOf('random-kill', 11)
  const kills = Number(process.env.TRELLIS_RANDOM_KILLS ?? 50)
  // independent worlds (emulators, state directory, seed) side by side: a child spends most of its
  // life waiting on the loopback, so three at once take little more time than one
  const worlds = Number(process.env.TRELLIS_RANDOM_KILL_WORLDS ?? 3)
  const t0 = Date.now()
  const all = await Promise.all(
    Array.from({ length: worlds }, (_, w) =>
      randomKillRun({
        seed: seed + w * 1000,
        kills: Math.ceil(kills / worlds),
        perType: Number(process.env.TRELLIS_RANDOM_KILL_PER_TYPE ?? 1),
        latencyMs: 5,
        checkEvery: 6,
      }),
    ),
  )
  const f = merged(all, Date.now() - t0)
  console.log(
    `  [random-kill] ${f.resources} resources of ${f.types} types; ${f.kills} kills ${JSON.stringify(f.bySignal)} landed ${JSON.stringify(f.landed)}; ${f.checks} checks, runs to converge ${JSON.stringify(f.convergeRuns)}; orphans ${f.orphans.length} (forgotten invoices ${f.forgotten}), duplicates ${f.duplicates.length}, missing ${f.missing.length}, pending ${f.pending}, torn ${f.torn.length}; ${(f.ms / 1000).toFixed(0)} s`,
  )
  if (f.interrupts.length > 0)
    console.log(
      `  [random-kill] SIGINT/SIGTERM answered: ${f.interrupts.map((i) => `${i.signal}→${i.exit} in ${i.stopMs} ms${i.said ? ' (said so)' : ''}`).join(', ')}`,
    )
  for (const x of [...f.failures, ...f.runFailures, ...f.pendingAfter].slice(0, 20)) console.log(`  [random-kill] ${x}`)
  if (f.drift.length > 0) console.log(`  [random-kill] the refreshed plans still change: ${f.drift.join('; ')}`)
  recordFigures('randomKill', { ...f })
  assert.ok(f.kills >= 50 || process.env.TRELLIS_RANDOM_KILLS !== undefined, 'at least 50 kills')
  assert.ok(f.landed['during-apply'] >= f.kills / 2, `most kills land inside an apply: ${JSON.stringify(f.landed)}`)
  assert.equal(f.torn, [], 'the state always reads back whole')
  assert.equal(
    { orphans: f.orphans, duplicates: f.duplicates, missing: f.missing },
    { orphans: [], duplicates: [], missing: [] },
  )
  assert.ok(
    f.convergeRuns.every((n) => n <= 2),
    `converged in at most 2 runs each time: ${JSON.stringify(f.convergeRuns)}`,
  )
  assert.equal(f.failures, [])
  // issue 20 items 4 and 3: an apply whose plan is empty still saves what reconciliation adopted, and
  // state never claims an update the platform does not hold (a killed update is settled field by
  // field), so nothing is pending after converging and the final refreshed plans are clean
  assert.is(f.pending, 0, 'nothing pending after converging')
  assert.equal(f.pendingAfter, [])
  assert.ok(
    f.finalPlanExits.every((x) => x === 0),
    `the final refreshed plans show no change: ${JSON.stringify(f.finalPlanExits)} ${f.drift.join('; ')}`,
  )
})

test.run()
