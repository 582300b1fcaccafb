/**
 * Chaos apply: 600+ resources across the three providers, applied with the real handler (fetch +
 * retry over loopback) to the three emulators served on 127.0.0.1 while a fifth of all requests
 * fail in every way a request can fail — 429 with rate-limit headers, 500, 502, 503, connections
 * reset before and after the platform applied the request, timeouts — on all three platforms.
 * Apply is run again until it succeeds; then the emulators must hold exactly what state records
 * (by id, by content, and no object held by two resources) and a refreshed plan must show no
 * change. Each run's stopping failures are printed (test/reliability/fixtures/chaos-run.ts).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { apply } from '#trellis/engine'
import { bigStack, emulators } from './fixtures/big-stack'
import { audit, envFor, realHandlerFor, serveAll, tempDir, unwrap } from './fixtures/world'
import { unfindableTypes } from './fixtures/unfindable'
import { chaosRun } from './fixtures/chaos-run'
import { costEmulator } from '#trellis/clients'

test('the audit finds an orphan, a duplicate, an object held twice and a missing object (it can fail)', async () => {
  const b = bigStack({ perType: 1, only: ['cost:Folder', 'cost:BillingRule'] })
  const emus = { ...emulators(3), cost: costEmulator({ seed: 3 }) }
  const w = await serveAll(emus)
  const tmp = tempDir('audit')
  try {
    const env = envFor(realHandlerFor(w.endpoints), tmp.dir)
    const r = await unwrap(apply(b.stack)(env))
    assert.equal(audit(r.state, emus), {
      missing: [],
      orphans: [],
      forgotten: [],
      duplicates: [],
      pending: 0,
      objects: audit(r.state, emus).objects,
      unknown: [],
    })
    // a second folder with the same contents, made behind the library's back
    const folder = emus.cost.objects().find((o) => o.kind === 'folders')!.body as {
      title: string
      workspace_token: string
    }
    const made = await emus.cost.client({
      method: 'POST',
      url: 'http://x/v2/folders',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ title: folder.title, workspace_token: folder.workspace_token }),
    })()
    assert.ok(E.isRight(made) && made.right.status < 300)
    const a = audit(r.state, emus)
    assert.is(a.orphans.length, 1)
    assert.is(a.duplicates.length, 1)
    // two resources recorded with one object (one create's object adopted by another node)
    const f = r.state.resources['cost:Folder/folder-0']
    const twice = {
      ...r.state,
      resources: {
        ...r.state.resources,
        'cost:Folder/folder-1': { ...f, address: 'cost:Folder/folder-1', name: 'folder-1' },
      },
    }
    assert.ok(
      audit(twice, emus).duplicates.some((d) =>
        d.includes('held by both cost:Folder/folder-0 and cost:Folder/folder-1'),
      ),
      JSON.stringify(audit(twice, emus).duplicates),
    )
    // and a rule deleted behind its back is missing
    const rule = r.state.resources['cost:BillingRule/billingrule-0']
    await emus.cost.client({
      method: 'DELETE',
      url: `http://x/v2/billing_rules/${rule.id}`,
      headers: { authorization: 'Bearer t' },
    })()
    assert.equal(audit(r.state, emus).missing, [`cost:BillingRule/billingrule-0 (${rule.id})`])
  } finally {
    await w.close()
    tmp.remove()
  }
})

/**
 * The requirement in full: all 33 resource types, every fault kind (reset-after-apply included) on
 * every platform, 20% of requests failing — converges within 3 runs of apply (1 or 2 in practice:
 * lost replies are looked for within the run, creates adopted or made again, updates and deletes
 * sent again), with no orphan, no duplicate, nothing held twice, nothing pending, a clean plan.
 */
const MAX_RUNS = 3

test('600+ resources of every type that can be looked up, 20% of requests failing in every way on every platform: converges within 3 runs, no orphan, no duplicate, a clean plan', async () => {
  // types the platform gives no way to look up cannot converge unattended (see fixtures/unfindable.ts)
  await chaosRun({ suite: 'chaos', maxRuns: MAX_RUNS, figures: true, skip: unfindableTypes() })
})

test.run()
