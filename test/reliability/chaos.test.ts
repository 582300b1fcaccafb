/**
 * Chaos apply: 600+ resources of every registered type across the three providers, applied with
 * the real handler (fetch + retry over loopback) to the three emulators served on 127.0.0.1 while
 * a fifth of all requests fail (429 with rate-limit headers, 500, 502, 503, connection resets,
 * timeouts). Apply is run again until it succeeds; then the emulators must hold exactly what state
 * records (by id and by content) and a refreshed plan must show no change.
 *
 * What this file holds the library to today: on cost every fault kind, on hosting and cloud every
 * kind but "reset after the platform applied a create" — that one leaves orphans on the types
 * whose creates cannot be reconciled (no list, or a list that hides new objects). The full
 * requirement (all kinds everywhere, at most 3 runs) is chaos.pending.ts, failing; see README.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { apply, plan, formatEngineError } from '../../src/engine/operations'
import { bigStack, emulators } from './fixtures/big-stack'
import { audit, CHAOS_KINDS, envFor, realHandlerFor, serveAll, tempDir, unwrap } from './fixtures/world'
import { recordFigures, seedOf } from './fixtures/figures'
import type { FaultKind } from '../../clients/faults'
import { costEmulator } from '../../clients/emulators/cost'

const MAX_RUNS = 12
const RATE = 0.2
const NOT_AFTER: ReadonlyArray<FaultKind> = CHAOS_KINDS.filter((k) => k !== 'reset-after')

test('the audit finds an orphan, a duplicate and a missing object (it can fail)', async () => {
  const b = bigStack({ perType: 1, only: ['cost:Folder', 'cost:BillingRule'] })
  const emus = { ...emulators(3), cost: costEmulator({ seed: 3 }) }
  const w = await serveAll(emus)
  const tmp = tempDir('audit')
  try {
    const env = envFor(realHandlerFor(w.endpoints), tmp.dir)
    const r = await unwrap(apply(b.stack)(env))
    assert.equal(audit(r.state, emus), { missing: [], orphans: [], duplicates: [], pending: 0, objects: audit(r.state, emus).objects, unknown: [] })
    // a second folder with the same contents, made behind the library's back
    const folder = emus.cost.objects().find((o) => o.kind === 'folders')!.body as { title: string; workspace_token: string }
    const made = await emus.cost.client({ method: 'POST', url: 'http://x/v2/folders', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: JSON.stringify({ title: folder.title, workspace_token: folder.workspace_token }) })()
    assert.ok(E.isRight(made) && made.right.status < 300)
    const a = audit(r.state, emus)
    assert.is(a.orphans.length, 1)
    assert.is(a.duplicates.length, 1)
    // and a rule deleted behind its back is missing
    const rule = r.state.resources['cost:BillingRule/billingrule-0']
    await emus.cost.client({ method: 'DELETE', url: `http://x/v2/billing_rules/${rule.id}`, headers: { authorization: 'Bearer t' } })()
    assert.equal(audit(r.state, emus).missing, [`cost:BillingRule/billingrule-0 (${rule.id})`])
  } finally {
    await w.close()
    tmp.remove()
  }
})

test('600+ resources, 20% of requests failing: apply converges, no orphan, no duplicate, a clean plan', async () => {
  const seed = seedOf('chaos', 20240715)
  const b = bigStack({ perType: 20 })
  assert.ok(b.resources >= 600, `${b.resources} resources`)
  assert.equal(b.skipped, [], 'every registered type is in the stack')
  const emus = emulators(seed)
  const w = await serveAll(emus, { seed, rate: RATE, kinds: { hosting: NOT_AFTER, cloud: NOT_AFTER } })
  const tmp = tempDir('chaos')
  try {
    const env = envFor(realHandlerFor(w.endpoints), tmp.dir, { concurrency: 128 })
    let runs = 0
    let last = ''
    const ms: number[] = []
    for (; runs < MAX_RUNS; ) {
      runs++
      const t0 = Date.now()
      const r = await apply(b.stack)(env)()
      ms.push(Date.now() - t0)
      if (E.isRight(r)) break
      last = formatEngineError(r.left).split('\n')[0]
      // every failure is reported against a node and an operation, never as a crash
      assert.ok(r.left._tag === 'ApplyError' || r.left._tag === 'LookupError', `run ${runs}: ${r.left._tag}: ${last}`)
    }
    const state = await unwrap(env.store.read('chaos'))
    const a = audit(state, emus)
    const stats = Object.fromEntries(Object.entries(w.faults!).map(([p, f]) => [p, f.stats()]))
    const requests = Object.values(stats).reduce((n, s) => n + s.requests, 0)
    const failed = Object.values(stats).reduce((n, s) => n + (s.requests - s.ok), 0)
    console.log(`  [chaos] ${b.resources} resources of ${b.types.length} types, ${requests} requests, ${failed} failed (${((100 * failed) / requests).toFixed(1)}%), converged after ${runs} run(s) (${ms.map((x) => (x / 1000).toFixed(1)).join(' + ')} s)`)
    assert.ok(runs < MAX_RUNS || last === '', `not converged after ${MAX_RUNS} runs; last failure: ${last}`)
    assert.is(Object.keys(state!.resources).length, b.resources)
    assert.equal(a.missing, [], 'every state resource exists on its platform')
    assert.equal(a.orphans, [], 'no object the state does not know')
    assert.equal(a.duplicates, [], 'no two objects with the same contents')
    assert.is(a.pending, 0, 'no write-ahead entry left')
    assert.equal(a.unknown, [])
    assert.ok(failed / requests > 0.15, `the fault rate really was high (${failed}/${requests})`)
    const again = await unwrap(plan(b.stack, { refresh: true })(env))
    assert.equal(again.plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read').map((s) => `${s.address} ${s.action}`), [])
    // the snapshot on disk is whole JSON
    assert.ok(JSON.parse(readFileSync(join(tmp.dir, 'chaos.json'), 'utf8')).state)
    recordFigures('chaos', { seed, resources: b.resources, types: b.types.length, faultRate: RATE, requests, failedRequests: failed, runsToConverge: runs, kinds: { cost: CHAOS_KINDS, hosting: NOT_AFTER, cloud: NOT_AFTER }, stats })
  } finally {
    await w.close()
    tmp.remove()
  }
})

test.run()
