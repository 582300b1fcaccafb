/**
 * Issue 20 item 3, made deterministic: a run dies between sending an API-gateway API's update
 * (ModifyApi, which the platform applies) and recording it — what a SIGKILL at that instant leaves on
 * disk is taken as it stands (the state directory copied the moment ModifyApi is answered; the run
 * never hears the answer). The next run's program asks for the old path again, as the random-kill
 * suite's programs do. Recording the prior inputs for an update whose outcome was unknown made state
 * claim the old path while the platform held the new one: a plain plan said no changes, only a
 * refresh showed it. Settled field by field (src/engine/adopt.ts `reconciledInputs`), the plan sends
 * the path back and a refreshed plan is clean.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cpSync } from 'node:fs'
import { apply, plan } from '#trellis/engine'
import { serve } from '#trellis/clients'
import { fetchClient } from '#trellis/clients'
import { compose, type Middleware } from '#trellis/clients'
import { retry } from '#trellis/clients'
import { bigStack, emulators } from './fixtures/big-stack'
import { capTimeout, envFor, realHandlerFor, tempDir, unwrap } from './fixtures/world'

const API = 'cloud:ApiGatewayApi/apigatewayapi-0'
const TYPES = ['cloud:ApiGatewayService', 'cloud:ApiGatewayApi']

test('killed between ModifyApi and its recording: the next plan sends the old path back; a refreshed plan is clean', async () => {
  const emus = emulators(5)
  const served = await Promise.all([serve(emus.cloud.client), serve(emus.hosting.client), serve(emus.cost.client)])
  const endpoints = { cloud: `${served[0].url}/`, hosting: served[1].url, cost: served[2].url }
  const first = tempDir('killed-update')
  const after = tempDir('killed-update-disk')
  try {
    const v0 = bigStack({ perType: 1, only: TYPES })
    const v1 = bigStack({ perType: 1, only: TYPES, variant: 1 })
    await unwrap(apply(v0.stack)(envFor(realHandlerFor(endpoints), first.dir)))

    // the process "dies" the moment the platform has applied ModifyApi: the disk is copied as it is
    // then, and nothing reaches the run again (its promises never settle; no timer is left behind)
    let dead = false
    const kill: Middleware = (next) => (req) => async () => {
      if (dead) return new Promise<never>(() => undefined)
      const r = await next(req)()
      if (req.headers['x-tc-action'] !== 'ModifyApi') return r
      dead = true
      cpSync(first.dir, after.dir, { recursive: true, filter: (src) => !src.endsWith('.lock') })
      return new Promise<never>(() => undefined)
    }
    const http = compose(kill, retry({ baseMs: 20, capMs: 200 }), capTimeout(300, 1000))(fetchClient())
    void apply(v1.stack)(envFor(realHandlerFor(endpoints, http), first.dir))()
    for (let i = 0; i < 400 && !dead; i++) await new Promise((r) => setTimeout(r, 25))
    assert.ok(dead, 'the run reached ModifyApi')

    const env = envFor(realHandlerFor(endpoints), after.dir)
    const disk = await unwrap(env.store.read('chaos'))
    const pending = Object.values(disk!.pending)
    assert.equal(
      pending.map((p) => [p.op, p.address]),
      [['update', API]],
      'the update is pending on disk',
    )
    assert.is(disk!.resources[API].inputs.requestConfigPath, '/orders/0', 'state still records the old path')

    // the program goes back to the old path: the platform holds the new one, so this is a change
    const p = await unwrap(plan(v0.stack)(env))
    const step = p.plan.steps.find((s) => s.address === API)!
    assert.is(step.action, 'update', 'a plain plan sees that the platform holds the new path')
    assert.equal(
      step.diff.map((d) => [d.path, d.before, d.after]),
      [['requestConfigPath', '/orders/0v1', '/orders/0']],
    )
    await unwrap(apply(v0.stack)(env))
    const clean = await unwrap(plan(v0.stack, { refresh: true })(env))
    assert.equal(clean.drift, [], 'nothing changed outside trellis')
    assert.equal(
      clean.plan.steps.filter((s) => s.action !== 'noop' && s.action !== 'read').map((s) => s.address),
      [],
    )
    const api = emus.cloud.objects().find((o) => o.kind === 'apigateway:Api')
    assert.is((api?.body as { RequestConfig?: { Path?: string } }).RequestConfig?.Path, '/orders/0')
  } finally {
    await Promise.all(served.map((s) => s.close()))
    first.remove()
    after.remove()
  }
})

test.run()
