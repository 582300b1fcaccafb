import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { cloudEmulator, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../../clients/emulators/cloud'
import { signTc3 } from '#trellis/clients'

const T0 = Date.UTC(2024, 0, 1, 12)
const post = async (
  emu: ReturnType<typeof cloudEmulator>,
  o: {
    action: string
    service?: string
    version?: string
    body?: string
    secretId?: string
    secretKey?: string
    ts?: number
    host?: string
    tamper?: boolean
    region?: string | null
  },
) => {
  const service = o.service ?? 'apigateway'
  const body = o.body ?? '{}'
  const host = o.host ?? `${service}.tencentcloudapi.com`
  const s = signTc3({
    secretId: o.secretId ?? EMULATOR_SECRET_ID,
    secretKey: o.secretKey ?? EMULATOR_SECRET_KEY,
    service,
    host,
    action: o.action,
    version: o.version ?? '2018-08-08',
    region: o.region === null ? undefined : (o.region ?? 'ap-guangzhou'),
    timestamp: o.ts ?? T0 / 1000,
    payload: body,
  })
  const r = await emu.client({
    method: 'POST',
    url: `https://${host}/`,
    headers: { ...s.headers },
    body: o.tamper ? body.replace('}', ',"X":1}') : body,
  })()
  if (E.isLeft(r)) throw new Error(r.left.message)
  return { status: r.right.status, json: JSON.parse(r.right.body) as { Response: Record<string, any> } }
}

test('emulator: a good signature gets the Response envelope with a RequestId', async () => {
  const emu = cloudEmulator({ now: () => new Date(T0) })
  const r = await post(emu, { action: 'DescribeServicesStatus' })
  assert.is(r.status, 200)
  assert.is(r.json.Response.Result.TotalCount, 0)
  assert.match(r.json.Response.RequestId, /^[0-9a-f-]{36}$/)
})

test('emulator: signature failures carry the real error codes', async () => {
  const emu = cloudEmulator({ now: () => new Date(T0) })
  const code = async (o: Parameters<typeof post>[1]) => (await post(emu, o)).json.Response.Error?.Code
  assert.is(await code({ action: 'DescribeServicesStatus', secretKey: 'wrong' }), 'AuthFailure.SignatureFailure')
  assert.is(await code({ action: 'DescribeServicesStatus', tamper: true }), 'AuthFailure.SignatureFailure')
  assert.is(await code({ action: 'DescribeServicesStatus', secretId: 'AKIDunknown' }), 'AuthFailure.SecretIdNotFound')
  assert.is(await code({ action: 'DescribeServicesStatus', ts: T0 / 1000 - 301 }), 'AuthFailure.SignatureExpire')
  assert.is(await code({ action: 'DescribeServicesStatus', version: '2017-03-12' }), 'NoSuchVersion')
  assert.is(await code({ action: 'DescribeNothing' }), 'InvalidAction')
  assert.is(await code({ action: 'DescribeServicesStatus', region: null }), 'MissingParameter')
  // every failure is still HTTP 200 (the envelope is the signal)
  assert.is((await post(emu, { action: 'DescribeServicesStatus', secretKey: 'wrong' })).status, 200)
})

test('emulator: routes on the credential scope, so one loopback host serves every service', async () => {
  const emu = cloudEmulator({
    now: () => new Date(T0),
    fixtures: {
      addressTemplates: [{ AddressTemplateId: 'ipm-1', AddressTemplateName: 'a', AddressSet: ['10.0.0.1'] }],
    },
  })
  const r = await post(emu, {
    action: 'DescribeAddressTemplates',
    service: 'vpc',
    version: '2017-03-12',
    host: '127.0.0.1:4100',
    body: '{"Offset":"0","Limit":"100"}',
  })
  assert.is(r.json.Response.TotalCount, 1)
  const numbers = await post(emu, {
    action: 'DescribeAddressTemplates',
    service: 'vpc',
    version: '2017-03-12',
    host: '127.0.0.1:4100',
    body: '{"Offset":0,"Limit":100}',
  })
  assert.is(numbers.json.Response.Error.Code, 'InvalidParameter', 'VPC wants Offset/Limit as strings')
  assert.is(emu.requests()['vpc:DescribeAddressTemplates'], 2)
})

test('emulator: RequestLimitExceeded past the rate limit', async () => {
  const emu = cloudEmulator({ now: () => new Date(T0), rateLimit: { limit: 2, windowMs: 1000 } })
  const codes = []
  for (let i = 0; i < 3; i++)
    codes.push((await post(emu, { action: 'DescribeServicesStatus' })).json.Response.Error?.Code)
  assert.equal(codes, [undefined, undefined, 'RequestLimitExceeded'])
})

test('emulator: a per-action rate limit counts each action on its own', async () => {
  const emu = cloudEmulator({ now: () => new Date(T0), rateLimit: { limit: 2, windowMs: 1000, perAction: true } })
  const codes = []
  for (const action of ['DescribeServicesStatus', 'DescribeUsagePlansStatus', 'DescribeServicesStatus'])
    for (let i = 0; i < 2; i++) codes.push((await post(emu, { action })).json.Response.Error?.Code)
  codes.push((await post(emu, { action: 'DescribeUsagePlansStatus' })).json.Response.Error?.Code)
  assert.equal(codes, [
    undefined,
    undefined,
    undefined,
    undefined,
    'RequestLimitExceeded',
    'RequestLimitExceeded',
    'RequestLimitExceeded',
  ])
})

test('emulator: a new service is invisible to DescribeService for the configured polls', async () => {
  const emu = cloudEmulator({ now: () => new Date(T0), visibleAfter: 2 })
  const c = await post(emu, {
    action: 'CreateService',
    body: JSON.stringify({ ServiceName: 's', Protocol: 'http', NetTypes: ['OUTER'] }),
  })
  const id = c.json.Response.ServiceId
  assert.match(id, /^service-[a-z0-9]{8}$/)
  const seen = []
  for (let i = 0; i < 3; i++)
    seen.push(
      (await post(emu, { action: 'DescribeService', body: JSON.stringify({ ServiceId: id }) })).json.Response.Error
        ?.Code ?? 'ok',
    )
  assert.equal(seen, ['ResourceNotFound.InvalidService', 'ResourceNotFound.InvalidService', 'ok'])
})

test('emulator: a new service joins the listings after the configured looks, not only after polls by id', async () => {
  const emu = cloudEmulator({ now: () => new Date(T0), visibleAfter: 2 })
  const c = await post(emu, {
    action: 'CreateService',
    body: JSON.stringify({ ServiceName: 'orphan', Protocol: 'http', NetTypes: ['OUTER'] }),
  })
  const listed = async () =>
    (
      (await post(emu, { action: 'DescribeServicesStatus', body: JSON.stringify({ Offset: 0, Limit: 100 }) })).json
        .Response.Result.ServiceSet as Array<{ ServiceId: string }>
    ).map((s) => s.ServiceId)
  // nobody asks for it by id: the listings alone make it visible, as on the platform
  assert.equal([await listed(), await listed(), await listed()], [[], [], [c.json.Response.ServiceId]])
  // and it is visible by id from then on
  assert.is(
    (await post(emu, { action: 'DescribeService', body: JSON.stringify({ ServiceId: c.json.Response.ServiceId }) }))
      .json.Response.ServiceName,
    'orphan',
  )
  // a listing that would not show it (another name) does not count as a look
  const p = await post(emu, { action: 'CreateUsagePlan', body: JSON.stringify({ UsagePlanName: 'quiet' }) })
  const plans = async (name: string) =>
    (
      (
        await post(emu, {
          action: 'DescribeUsagePlansStatus',
          body: JSON.stringify({ Filters: [{ Name: 'UsagePlanName', Values: [name] }], Offset: 0, Limit: 100 }),
        })
      ).json.Response.Result.UsagePlanStatusSet as unknown[]
    ).length
  assert.equal(
    [await plans('other'), await plans('other'), await plans('quiet'), await plans('quiet'), await plans('quiet')],
    [0, 0, 0, 0, 1],
  )
  assert.ok(p.json.Response.Result.UsagePlanId)
})

test('emulator: a new service is visible everywhere once visibleAfterMs have passed, looked for or not', async () => {
  let t = T0
  const emu = cloudEmulator({ now: () => new Date(t), visibleAfter: 100, visibleAfterMs: 2000 })
  const c = await post(emu, {
    action: 'CreateService',
    body: JSON.stringify({ ServiceName: 'slow', Protocol: 'http', NetTypes: ['OUTER'] }),
  })
  const count = async () =>
    (await post(emu, { action: 'DescribeServicesStatus', ts: Math.floor(t / 1000) })).json.Response.Result.TotalCount
  assert.is(await count(), 0)
  t += 1999
  assert.is(await count(), 0)
  t += 1
  assert.is(await count(), 1)
  assert.is(
    (
      await post(emu, {
        action: 'DescribeService',
        ts: Math.floor(t / 1000),
        body: JSON.stringify({ ServiceId: c.json.Response.ServiceId }),
      })
    ).json.Response.ServiceName,
    'slow',
  )
})

test('emulator: the metadata service hands out keys for known CAM roles only', async () => {
  const emu = cloudEmulator({ camRoles: ['r1'] })
  const ok = await emu.client({
    method: 'GET',
    url: 'http://metadata.tencentyun.com/latest/meta-data/cam/security-credentials/r1',
    headers: {},
  })()
  assert.ok(E.isRight(ok) && ok.right.status === 200 && JSON.parse(ok.right.body).Code === 'Success')
  const no = await emu.client({
    method: 'GET',
    url: 'http://metadata.tencentyun.com/latest/meta-data/cam/security-credentials/r2',
    headers: {},
  })()
  assert.ok(E.isRight(no) && no.right.status === 404)
})

test('emulator: validation refusals use the platform codes', async () => {
  const emu = cloudEmulator({ now: () => new Date(T0) })
  const code = async (action: string, body: unknown) =>
    (await post(emu, { action, body: JSON.stringify(body) })).json.Response.Error?.Code
  assert.is(await code('CreateService', { Protocol: 'http', NetTypes: ['OUTER'] }), 'MissingParameter')
  assert.is(
    await code('CreateService', { ServiceName: 's', Protocol: 'ftp', NetTypes: ['OUTER'] }),
    'InvalidParameterValue',
  )
  assert.is(await code('CreateUsagePlan', { UsagePlanName: 'p', MaxRequestNumPreSec: 5000 }), 'InvalidParameterValue')
  assert.is(
    await code('CreatePlugin', { PluginName: 'p1', PluginType: 'IPControl', PluginData: '{nope' }),
    'InvalidParameterValue.InvalidPluginData',
  )
  assert.is(await code('DescribeApi', { ServiceId: 'service-none', ApiId: 'api-none' }), 'ResourceNotFound.InvalidApi')
  const k = await post(emu, { action: 'CreateApiKey', body: JSON.stringify({ SecretName: 'k' }) })
  assert.is(
    await code('DeleteApiKey', { AccessKeyId: k.json.Response.Result.AccessKeyId }),
    'UnsupportedOperation.InvalidStatus',
  )
})

test.run()
