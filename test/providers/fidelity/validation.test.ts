/**
 * Validation that matches the platform (issue 14, items 5–7): what the upstream provider's own
 * acceptance tests send is accepted by the spec and by the emulator alike, and what the platform
 * refuses is refused at plan time, with the same answer from the emulator.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { secret } from '#trellis'
import { validateValue } from '#trellis/engine'
import { emulated, errorPaths, roundTrip, callError } from '../cost/helpers'
import { acmeId, setup as hostingSetup } from '../hosting/harness'
import { setup as cloudSetup } from '../cloud/harness'
import { costProvider, hostingProvider, cloudProvider } from '#trellis/engine'
const { BillingRule } = costProvider.resources
const { EnvironmentVariable } = hostingProvider.resources
const { ApiGatewayService } = cloudProvider.resources

const rulePaths = (spec: typeof EnvironmentVariable, inputs: unknown) =>
  spec.rules.flatMap((r) => r.check(inputs as never, { config: {}, now: new Date() })).map((f) => f.path)

test('BillingRule Custom: `UPDATE aws SET …` (the upstream acceptance test) is accepted, created and updated', async () => {
  const create = {
    title: 'Discount',
    type: 'custom',
    sqlQuery: "UPDATE aws SET amount = amount * 0.9 WHERE service = 'AmazonEC2'",
  }
  const update = {
    title: 'Discount',
    type: 'custom',
    sqlQuery: "UPDATE aws SET amount = amount * 0.8 WHERE service = 'AmazonEC2'",
  }
  assert.equal(errorPaths(BillingRule, create), [])
  const { client } = emulated()
  const r = await roundTrip(BillingRule, client, create, update)
  assert.is(r.updated?.sqlQuery, update.sqlQuery)
})

test('BillingRule Custom: what is not an UPDATE is refused by the spec and by the emulator', async () => {
  const bad = { title: 'x', type: 'custom', sqlQuery: 'DELETE FROM aws' }
  assert.equal(errorPaths(BillingRule, bad), ['sqlQuery'])
  const { client } = emulated()
  const e = await callError(client, BillingRule.wire.create(bad, { config: {} }))
  assert.is(e.kind, 'Invalid')
})

test('EnvironmentVariable: a secret without scopes passes validation and is created with all four scopes', async () => {
  const h = hostingSetup()
  const team = await acmeId(h)
  const inputs = {
    key: 'STRIPE',
    teamId: team,
    secretValues: [{ context: 'production' as const, value: secret('sk_live_1') }],
  }
  assert.equal(rulePaths(EnvironmentVariable, inputs), [])
  const sent = EnvironmentVariable.wire.create(inputs, { config: h.config })
  assert.not.ok(
    JSON.stringify(sent).includes('scopes'),
    'all four scopes are left out of the request, as upstream does',
  )
  const created = await h.create(EnvironmentVariable, inputs)
  assert.equal(created.outputs.scopes, ['builds', 'functions', 'runtime', 'post-processing'])
})

test('ApiGatewayService ipVersion: only IPv4, as the spec lists; IPv6 is refused at plan time and by the emulator', async () => {
  const base = { serviceName: 'orders', protocol: 'http', netTypes: ['OUTER'] }
  assert.equal(validateValue(ApiGatewayService.inputs, { ...base, ipVersion: 'IPv4' }), [])
  assert.equal(
    validateValue(ApiGatewayService.inputs, { ...base, ipVersion: 'IPv6' }).map((f) => f.path),
    ['ipVersion'],
  )
  const h = cloudSetup()
  const r = await h.send(ApiGatewayService.wire.create({ ...base, ipVersion: 'IPv6' } as never, { config: h.config }))
  assert.ok(E.isLeft(r) && r.left.code === 'InvalidParameterValue', JSON.stringify(r))
})

test.run()
