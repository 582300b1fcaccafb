/**
 * PENDING (not run by test/run.ts: the name does not end in .test.ts). The chaos requirement in
 * full — all 33 resource types, every fault kind (reset-after-apply included) on every platform,
 * and convergence within 3 runs of apply — which the library does not meet yet. Run it with
 * `npx tsx test/reliability/chaos.pending.ts`; fold it into chaos.test.ts once it passes.
 *
 * What the library does meet (chaos.test.ts): every type can be looked up after a lost create
 * (wire.list or wire.find), so lost creates are adopted within their run; the invariants hold.
 * What stops it here (all in src/engine, measured at 48485ab; see README):
 * 1. run.ts doCreate tries a create at most 3 times (MAX_CREATE_ATTEMPTS) and then the run's first
 *    failure stops all new work: at 20% faults a POST loses its answer ~17% of the time, so a
 *    600-resource run meets "3 lost answers in a row" about once, early or late, and the next run
 *    picks up only from there; 3 runs are not enough about half the time (3 to 7 runs seen).
 * 2. The owed update after an adoption (48485ab) is one more unretried write chain (a cloud
 *    service's ModifyService + limits + tags) whose lost answer also stops the run.
 * 3. hosting:DeployKey: `owned` is computed before `await h.read(...)` and the adoption recorded
 *    after it; two lost deploy-key creates adopting at once both take the first unowned key — one
 *    key held by two resources, the other key orphaned (seen in 2 of 6 runs).
 */
import { test } from 'uvu'
import { chaosRun } from './fixtures/chaos-run'

test('600+ resources of all 33 types, 20% of requests failing in every way: converges within 3 runs, no orphan, no duplicate', async () => {
  await chaosRun({ suite: 'chaos.pending', maxRuns: 3 })
})

test.run()
