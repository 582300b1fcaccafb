/**
 * Every cloud lookup accepts `resultOutputFile`: the result is written there as JSON by the real
 * interpreter (against the cloud emulator), and equals what the lookup returned.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isLeft, type Either } from 'fp-ts/Either'
import { stack } from '#trellis'
import { apply, lookup, formatEngineError } from '#trellis/engine'
import { cloudProvider } from '#trellis/engine'
import * as cloud from '#trellis/cloud'
import { platforms } from './harness'

const test = suite('cloud lookups: resultOutputFile')
const ok = <A>(r: Either<unknown, A>): A => {
  if (isLeft(r)) throw new Error(formatEngineError(r.left as never))
  return r.right
}

test('each of the cloud lookups writes its result to resultOutputFile', async () => {
  const p = await platforms('in-process')
  try {
    const env = p.env()
    const svc = cloud.apiGatewayService('orders', { serviceName: 'orders', protocol: 'https', netTypes: ['OUTER'] })
    const api = cloud
      .apiGatewayApi('list', {
        apiName: 'list-orders',
        authType: 'NONE',
        protocol: 'HTTP',
        requestConfigPath: '/orders',
        requestConfigMethod: 'GET',
        serviceConfigType: 'HTTP',
        serviceConfigTimeout: 15,
        serviceConfigUrl: 'http://orders.internal',
        serviceConfigPath: '/orders',
        serviceConfigMethod: 'GET',
      })
      .serviceId(svc.out.id)
    const applied = ok(await apply(stack('lookups').add(svc, api))(env)())
    const serviceId = applied.state.resources['cloud:ApiGatewayService/orders'].id
    const apiId = applied.state.resources['cloud:ApiGatewayApi/list'].outputs.apiGatewayApiId as string
    const dir = mkdtempSync(join(tmpdir(), 'trellis-rof-'))
    const failures: string[] = []
    for (const spec of Object.values(cloudProvider.lookups)) {
      const args: Record<string, unknown> = { ...(spec.examples.valid as Record<string, unknown>) }
      if ('serviceId' in args) args.serviceId = serviceId
      if ('apiId' in args) args.apiId = apiId
      if ('apiIds' in args) args.apiIds = [apiId]
      const file = join(dir, `${spec.fn}.json`)
      args.resultOutputFile = file
      const r = await lookup(spec.token, spec.fn, args)(env)()
      if (isLeft(r)) {
        failures.push(`${spec.fn}: ${formatEngineError(r.left)}`)
        continue
      }
      assert.ok(existsSync(file), `${spec.fn} wrote ${file}`)
      const written = JSON.parse(readFileSync(file, 'utf8'))
      assert.is(written.id, r.right.id, spec.fn)
      assert.equal(Object.keys(written).sort(), Object.keys(JSON.parse(JSON.stringify(r.right))).sort(), spec.fn)
    }
    assert.equal(failures, [])
    assert.is(Object.keys(cloudProvider.lookups).length, 18)
  } finally {
    await p.close()
  }
})

test.run()
