/**
 * Engine regression (was a bug: fixed in src/engine/run.ts):
 * rename to .test.ts once it passes): adopting an object with the `importId` node option records
 * every input the platform reports, including those the stack leaves to the platform, so the next
 * plan "removes" them — an update for most types, a REPLACEMENT of the adopted object where such a
 * field forces one (an API key's accessKeyType/accessKeyId: the adopted key would be deleted).
 *
 * src/engine/run.ts, the `import` action: `record(rv, got.id, observedInputs, got)` keeps all of
 * `observedInputs`; `importResource` (operations.ts) keeps only the fields the stack sets (or the
 * import id carries), which is what the import action needs too.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { stack } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { changes } from '#trellis'
import { memoryStore } from '#trellis'
import * as cloud from '#trellis/cloud'
import { platforms } from './harness'

const ok = <A>(r: { _tag: 'Left'; left: unknown } | { _tag: 'Right'; right: A }): A => {
  if (isLeft(r as never)) throw new Error(JSON.stringify((r as { left: unknown }).left))
  return (r as { right: A }).right
}

test('an API key adopted with importId plans no change (no replacement) afterwards', async () => {
  const p = await platforms('in-process')
  const key = cloud.apiGatewayApiKey('partner', { secretName: 'partner_a', status: 'on' })
  const made = ok(await apply(stack('made').add(key))(p.env())())
  const id = made.state.resources['cloud:ApiGatewayApiKey/partner'].id
  const adopting = stack('adopt').add(key.options({ importId: id }))
  const env = { ...p.env(), store: memoryStore() }
  ok(await apply(adopting)(env)())
  const again = ok(await plan(adopting)(env)())
  assert.equal(
    changes(again.plan).map((s) => `${s.action} ${s.address}: ${s.diff.map((d) => d.path).join(', ')}`),
    [],
  )
})

test('a service adopted with importId plans no update of the limits the platform chose', async () => {
  const p = await platforms('in-process')
  const service = cloud.apiGatewayService('orders', { serviceName: 'orders', protocol: 'http', netTypes: ['OUTER'] })
  const made = ok(await apply(stack('made').add(service))(p.env())())
  const adopting = stack('adopt').add(
    service.options({ importId: made.state.resources['cloud:ApiGatewayService/orders'].id }),
  )
  const env = { ...p.env(), store: memoryStore() }
  ok(await apply(adopting)(env)())
  const again = ok(await plan(adopting)(env)())
  assert.equal(
    changes(again.plan).map((s) => `${s.action} ${s.address}: ${s.diff.map((d) => d.path).join(', ')}`),
    [],
  )
})

test.run()
