/**
 * Regression (found by the chaos work, fixed in src/engine/adopt.ts): an object adopted after a lost
 * create reply is recorded with what the platform shows, not with what was sent. A cloud service's
 * create is a chain (CreateService, then a limit per environment, then tags); when a later step's
 * answer is lost, the adopted service must not be recorded as having limits and tags it lacks —
 * the run finishes what the create still owes, and a refreshed plan is clean.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { apply, plan } from '#trellis/engine'
import { serve } from '#trellis/clients'
import type { HttpClient } from '#trellis/clients'
import { bigStack, emulators } from './fixtures/big-stack'
import { envFor, realHandlerFor, tempDir, unwrap } from './fixtures/world'

test('a service adopted after its limit step was lost: a refreshed plan shows no change owed', async () => {
  const emus = emulators(3)
  let armed = true
  // the first ModifyServiceEnvironmentStrategy is answered 503 and not applied
  const cloud: HttpClient = (req) => async () => {
    if (armed && req.headers['x-tc-action'] === 'ModifyServiceEnvironmentStrategy') {
      armed = false
      return E.right({
        status: 503,
        headers: { 'content-type': 'application/json' },
        body: '{"code":503,"message":"unavailable"}',
      })
    }
    return emus.cloud.client(req)()
  }
  const served = await Promise.all([serve(cloud), serve(emus.hosting.client), serve(emus.cost.client)])
  const tmp = tempDir('adopt-sent')
  try {
    const env = envFor(
      realHandlerFor({ cloud: `${served[0].url}/`, hosting: served[1].url, cost: served[2].url }),
      tmp.dir,
    )
    const b = bigStack({ perType: 1, only: ['cloud:ApiGatewayService'] })
    await unwrap(apply(b.stack)(env))
    assert.ok(!armed, 'the limit step was answered 503')
    assert.ok(
      env.events_.some((e) => e.type === 'progress' && e.message.includes('adopted')),
      'the service was adopted',
    )
    const again = await unwrap(plan(b.stack, { refresh: true })(env))
    assert.equal(
      again.plan.steps
        .filter((s) => s.action !== 'noop' && s.action !== 'read')
        .map((s) => `${s.address} ${s.action} ${s.diff.map((d) => d.path).join(',')}`),
      [],
    )
  } finally {
    await Promise.all(served.map((s) => s.close()))
    tmp.remove()
  }
})

test.run()
