import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { validateValue } from '#trellis/engine'
import { setup } from './harness'
import { cloudProvider } from '#trellis/engine'
const { ApiGatewayService } = cloudProvider.resources

const rulesOf = (
  spec: { rules: ReadonlyArray<{ check: (i: any, c: any) => ReadonlyArray<{ path: string }> }> },
  inputs: unknown,
  prior?: unknown,
) => spec.rules.flatMap((r) => r.check(inputs, { config: {}, now: new Date(), prior })).map((f) => f.path)

test('ApiGatewayService: codec requires name, protocol and network types, with their enums', () => {
  assert.equal(
    validateValue(ApiGatewayService.inputs, { serviceName: 's', protocol: 'http&https', netTypes: ['INNER'] }),
    [],
  )
  assert.equal(
    validateValue(ApiGatewayService.inputs, { serviceName: 's', protocol: 'grpc', netTypes: ['INNER'] }).map(
      (f) => f.path,
    ),
    ['protocol'],
  )
  assert.equal(
    validateValue(ApiGatewayService.inputs, { serviceName: 's', protocol: 'http', netTypes: ['PUBLIC'] }).map(
      (f) => f.path,
    ),
    ['netTypes.0'],
  )
  assert.equal(rulesOf(ApiGatewayService, { serviceName: 's', protocol: 'http', netTypes: [] }), ['netTypes'])
})

test('ApiGatewayService: import by service id', () => {
  assert.equal(ApiGatewayService.identity.parseImportId('service-pg6ud8pa'), E.right({ id: 'service-pg6ud8pa' }))
  const bad = ApiGatewayService.identity.parseImportId('api-1')
  assert.equal(bad, E.left('is not a service id'))
  assert.ok(ApiGatewayService.identity.importFormat.includes('service-'))
})

test('ApiGatewayService: create waits until visible, then limits, tags and read; update; delete', async () => {
  const h = setup({ visibleAfter: 3 })
  const inputs = {
    serviceName: 'orders',
    protocol: 'http' as const,
    netTypes: ['OUTER' as const, 'INNER' as const],
    serviceDesc: 'd',
    releaseLimit: 300,
    tags: { team: 'shop' },
  }
  const o = await h.create(ApiGatewayService, inputs)
  assert.match(o.id, /^service-[a-z0-9]{8}$/)
  assert.is(o.outputs.apiGatewayServiceId, o.id)
  assert.equal(o.inputs.tags, { team: 'shop' })
  assert.is(o.inputs.releaseLimit, 300)
  assert.is(o.inputs.testLimit, 5000)
  assert.ok(ApiGatewayService.equals!.netTypes!(o.inputs.netTypes, inputs.netTypes))
  assert.ok(
    h.progress.some((l) => l.includes('to become visible')),
    'the create polled',
  )
  assert.is(h.emu.requests()['apigateway:DescribeService'], 4 + 1)

  const next = { ...inputs, serviceDesc: 'e', tags: { env: 'prod' }, releaseLimit: 400 }
  const u = await h.update(ApiGatewayService, o.id, next, inputs)
  assert.is(u.inputs.serviceDesc, 'e')
  assert.equal(u.inputs.tags, { env: 'prod' })
  assert.is(u.inputs.releaseLimit, 400)

  const listed = await h.list(ApiGatewayService)
  assert.equal(
    listed.map((x) => x.id),
    [o.id],
  )

  await h.del(ApiGatewayService, o.id, next)
  const gone = await h.readE(ApiGatewayService, o.id, next)
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound' && gone.left.code === 'ResourceNotFound.InvalidService')
  assert.equal(h.emu.objects(), [])
})

test('ApiGatewayService: the example reply decodes', () => {
  const d = ApiGatewayService.wire.decode(ApiGatewayService.examples.reply, { config: {}, inputs: {} })
  assert.ok(E.isRight(d) && d.right.id === 'service-pg6ud8pa')
})

test.run()
