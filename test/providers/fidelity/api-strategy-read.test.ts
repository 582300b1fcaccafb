/**
 * Issue 14 item 1: DescribeApiEnvironmentStrategy takes ServiceId, EnvironmentNames?, ApiId?,
 * Limit?, Offset?. The api's read sends ApiId (not the ApiIds list the real API refuses), and the
 * emulator, like the platform, refuses a parameter the action does not take and applies the filters.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import type { ActionRequest } from '#trellis/engine'
import { serviceWithApi, setup } from '../cloud/harness'
import { cloudProvider } from '#trellis/engine'
const { ApiGatewayApi } = cloudProvider.resources

const http = { serviceConfigUrl: 'http://backend', serviceConfigPath: '/', serviceConfigMethod: 'GET' }

/** The actions of a (sequenced) wire request, walked through the emulator's replies. */
const strategyParams = (h: ReturnType<typeof setup>) =>
  h
    .sent()
    .filter((r) => r.action === 'DescribeApiEnvironmentStrategy')
    .map((r) => Object.keys(r.params).sort())

test('the emulator refuses ApiIds on DescribeApiEnvironmentStrategy with UnknownParameter', async () => {
  const h = setup()
  const { serviceId, apiId } = await serviceWithApi(h)
  const r = await h.send({
    _tag: 'Action',
    service: 'apigateway',
    version: '2018-08-08',
    action: 'DescribeApiEnvironmentStrategy',
    params: { ServiceId: serviceId, ApiIds: [apiId] },
  } satisfies ActionRequest)
  assert.ok(E.isLeft(r) && r.left.code === 'UnknownParameter', JSON.stringify(r))
})

test('the emulator filters by ApiId and EnvironmentNames', async () => {
  const h = setup()
  const { serviceId, apiId } = await serviceWithApi(h)
  await h.apigw('CreateApi', {
    ServiceId: serviceId,
    ApiName: 'second',
    RequestConfig: { Path: '/second', Method: 'GET' },
    ServiceType: 'MOCK',
    ServiceMockReturnMessage: 'ok',
  })
  const all = await h.apigw('DescribeApiEnvironmentStrategy', { ServiceId: serviceId })
  assert.is(all.Result.ApiEnvironmentStrategySet.length, 2)
  const one = await h.apigw('DescribeApiEnvironmentStrategy', {
    ServiceId: serviceId,
    ApiId: apiId,
    EnvironmentNames: ['release'],
  })
  assert.equal(
    one.Result.ApiEnvironmentStrategySet.map((s: any) => [
      s.ApiId,
      s.EnvironmentStrategySet.map((e: any) => e.EnvironmentName),
    ]),
    [[apiId, ['release']]],
  )
})

test('ApiGatewayApi create and read send DescribeApiEnvironmentStrategy with ApiId and read the limits back', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  const inputs = { serviceId, apiName: 'limited', requestConfigPath: '/limited', ...http, releaseLimit: 100 }
  const created = await h.create(ApiGatewayApi, inputs)
  const read = await h.read(ApiGatewayApi, created.id, inputs)
  assert.is(read.inputs.releaseLimit, 100)
  assert.ok(strategyParams(h).length >= 2)
  for (const keys of strategyParams(h)) assert.equal(keys, ['ApiId', 'Limit', 'Offset', 'ServiceId'])
})

test('ApiGatewayApi: a read with inputs that set no limit (an import) still reads the limits', async () => {
  const h = setup()
  const { serviceId } = await serviceWithApi(h)
  const inputs = { serviceId, apiName: 'limited', requestConfigPath: '/limited', ...http, releaseLimit: 100 }
  const created = await h.create(ApiGatewayApi, inputs)
  // only a refresh, which compares the inputs the program set, leaves out the limits of an API that sets none
  const read = await h.read(ApiGatewayApi, created.id, { serviceId } as typeof inputs)
  assert.is(read.inputs.releaseLimit, 100)
})

test.run()
