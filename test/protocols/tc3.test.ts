import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { kindOfCode, tc3Client, type Tc3ClientOptions } from '../../clients/tc3'
import { signTc3 } from '#trellis/clients'
import { httpError } from '#trellis/clients'
import { secret } from '#trellis'
import { action, platformError, rest, type PlatformError } from '#trellis/engine'
import { fakeClock, fakeHttp, json, scriptedHttp, type Answer } from './fake-http'

const KEY = 'SECRET_KEY_never_printed'
const ok = (fields: Record<string, unknown>) => json(200, { Response: { ...fields, RequestId: 'req-1' } })
const apiError = (Code: string, Message = 'it failed') =>
  json(200, { Response: { Error: { Code, Message }, RequestId: 'req-2' } })

const client = (answers: ReadonlyArray<Answer>, extra: Partial<Tc3ClientOptions> = {}) => {
  const http = scriptedHttp(answers)
  const clock = fakeClock(1_700_000_000_000)
  const progress: string[] = []
  const c = tc3Client({
    credentials: () => TE.right({ secretId: 'AKIDtest', secretKey: secret(KEY) }),
    region: 'ap-guangzhou',
    http: http.client,
    ...clock,
    onProgress: (l) => progress.push(l),
    ...extra,
  })
  return { c, calls: http.calls, clock, progress }
}
const left = (r: E.Either<PlatformError, unknown>): PlatformError => {
  if (E.isRight(r)) throw new Error(`expected an error, got ${JSON.stringify(r.right)}`)
  return r.left
}

// ── requests ─────────────────────────────────────────────────────────────────
const test = suite('tc3Client: requests')

test('POSTs the revealed params to the service host, signed, with the protocol headers; the reply is Response', async () => {
  const { c, calls } = client([ok({ ServiceId: 'service-1' })])
  const r = await c.call(
    action('apigateway', '2018-08-08', 'CreateService', {
      ServiceName: 'svc',
      Secret: secret('s3'),
      Missing: undefined,
    }),
  )()
  assert.equal(r, E.right({ ServiceId: 'service-1', RequestId: 'req-1' }))
  const req = calls[0]
  assert.is(req.method, 'POST')
  assert.is(req.url, 'https://apigateway.tencentcloudapi.com/')
  assert.is(req.body, '{"ServiceName":"svc","Secret":"s3"}')
  const h = req.headers
  assert.is(h['content-type'], 'application/json')
  assert.is(h.host, 'apigateway.tencentcloudapi.com')
  assert.is(h['x-tc-action'], 'CreateService')
  assert.is(h['x-tc-version'], '2018-08-08')
  assert.is(h['x-tc-timestamp'], '1700000000')
  assert.is(h['x-tc-region'], 'ap-guangzhou')
  assert.is(h['x-tc-language'], 'en-US')
  assert.is(h['x-tc-token'], undefined)
  const expected = signTc3({
    secretId: 'AKIDtest',
    secretKey: KEY,
    service: 'apigateway',
    host: h.host,
    action: 'CreateService',
    version: '2018-08-08',
    timestamp: 1700000000,
    payload: req.body!,
  })
  assert.is(h.authorization, expected.authorization)
  assert.match(h.authorization, 'Credential=AKIDtest/2023-11-14/apigateway/tc3_request')
})

test('region null drops X-TC-Region; a per-request region wins; a session token is sent', async () => {
  const { c, calls } = client([ok({}), ok({})], {
    credentials: () => TE.right({ secretId: 'AKIDtmp', secretKey: KEY, token: secret('sess-tok') }),
  })
  await c.call(action('tag', '2018-08-13', 'DescribeTags', {}, { region: null }))()
  await c.call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}, { region: 'ap-beijing' }))()
  assert.is(calls[0].headers['x-tc-region'], undefined)
  assert.is(calls[0].body, '{}')
  assert.is(calls[1].headers['x-tc-region'], 'ap-beijing')
  assert.is(calls[0].headers['x-tc-token'], 'sess-tok')
})

test('protocol HTTP, a custom domain, and an emulator endpoint', async () => {
  const a = client([ok({})], { protocol: 'http', domain: 'internal.example' })
  await a.c.call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))()
  assert.is(a.calls[0].url, 'http://vpc.internal.example/')
  const b = client([ok({})], { endpoint: 'http://127.0.0.1:4100' })
  await b.c.call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))()
  assert.is(b.calls[0].url, 'http://127.0.0.1:4100/')
  assert.is(b.calls[0].headers.host, '127.0.0.1:4100')
  assert.match(b.calls[0].headers.authorization, '/vpc/tc3_request')
})

test('credential errors and REST requests fail before any HTTP', async () => {
  const a = client([], {
    credentials: () =>
      TE.left(platformError('Unauthorized', 'cloud credentials', 'no cloud credentials: set secretId')),
  })
  const e = left(await a.c.call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))())
  assert.is(e.kind, 'Unauthorized')
  assert.is(e.request, 'vpc:DescribeAddressTemplates')
  assert.is(a.calls.length, 0)
  const b = client([])
  assert.is(left(await b.c.call(rest('GET', '/v2/folders'))()).kind, 'Refused')
})

test.run()

// ── errors and retries ───────────────────────────────────────────────────────
const errors = suite('tc3Client: errors and retries')

errors('Response.Error becomes a typed PlatformError carrying the code', async () => {
  const { c } = client([
    apiError('ResourceNotFound.InvalidService', 'service not found'),
    apiError('AuthFailure.SignatureFailure'),
    apiError('InvalidParameterValue', 'bad value'),
  ])
  const a = left(await c.call(action('apigateway', '2018-08-08', 'DescribeService', { ServiceId: 's' }))())
  assert.equal(
    [a.kind, a.code, a.ambiguous, a.request],
    ['NotFound', 'ResourceNotFound.InvalidService', false, 'apigateway:DescribeService'],
  )
  assert.match(a.message, 'service not found')
  assert.match(a.message, 'req-2')
  const b = left(await c.call(action('apigateway', '2018-08-08', 'DescribeService', {}))())
  assert.equal([b.kind, b.code], ['Unauthorized', 'AuthFailure.SignatureFailure'])
  const d = left(await c.call(action('apigateway', '2018-08-08', 'CreateService', {}))())
  assert.equal([d.kind, d.code], ['Invalid', 'InvalidParameterValue'])
})

errors('error codes map to kinds', () => {
  const cases: ReadonlyArray<[string, string, string?]> = [
    ['RequestLimitExceeded.UinLimitExceeded', 'RateLimited'],
    ['AuthFailure.SecretIdNotFound', 'Unauthorized'],
    ['UnauthorizedOperation', 'Forbidden'],
    ['FailedOperation.ServiceNotExist', 'NotFound'],
    ['InvalidParameter', 'NotFound', 'The instance ddos-123 does not exist'],
    ['InvalidParameter', 'Invalid', 'Limit must be below 100'],
    ['InternalError.OssException', 'Server'],
    ['ResourceInUse', 'Conflict'],
    ['UnsupportedOperation.UnsupportedDeleteService', 'Conflict'],
    ['MissingParameter', 'Invalid'],
  ]
  for (const [code, kind, message] of cases) assert.is(kindOfCode(code, message), kind, code)
})

errors('RequestLimitExceeded is retried with backoff, then succeeds (even for a write)', async () => {
  const { c, calls, clock, progress } = client([
    apiError('RequestLimitExceeded'),
    apiError('RequestLimitExceeded.UinLimitExceeded'),
    ok({ ServiceId: 's-1' }),
  ])
  const r = await c.call(action('apigateway', '2018-08-08', 'CreateService', { ServiceName: 'x' }))()
  assert.equal(r, E.right({ ServiceId: 's-1', RequestId: 'req-1' }))
  assert.is(calls.length, 3)
  assert.equal(clock.sleeps, [500, 1000])
  assert.is(progress.length, 2)
  assert.match(progress[0], 'RequestLimitExceeded')
  // each attempt is signed afresh with the current time
  assert.is.not(calls[0].headers['x-tc-timestamp'], calls[2].headers['x-tc-timestamp'])
})

errors('retries stop at the time budget with the last error', async () => {
  const { c, calls } = client(
    Array.from({ length: 30 }, () => apiError('RequestLimitExceeded')),
    { readRetryMs: 20_000 },
  )
  const e = left(await c.call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))())
  assert.is(e.kind, 'RateLimited')
  assert.match(e.message, 'gave up after')
  // 0.5 + 1 + 2 + 4 + 8 = 15.5 s of waits fit in 20 s; the next 10 s wait does not
  assert.is(calls.length, 6)
})

errors('InternalError is retried on a Describe action but not on a write, which is ambiguous', async () => {
  const a = client([apiError('InternalError'), ok({ TotalCount: 0 })])
  assert.ok(E.isRight(await a.c.call(action('apigateway', '2018-08-08', 'DescribeServicesStatus', {}))()))
  assert.is(a.calls.length, 2)
  const b = client([apiError('InternalError.OssException'), ok({})])
  const e = left(await b.c.call(action('apigateway', '2018-08-08', 'CreateService', {}))())
  assert.equal([e.kind, e.ambiguous, e.code], ['Server', true, 'InternalError.OssException'])
  assert.is(b.calls.length, 1)
})

errors(
  'a write whose connection broke after sending is not retried and is ambiguous; an unsent one is retried',
  async () => {
    const sent = fakeHttp((req) => httpError('ConnectionReset', req, 'socket hang up', true))
    const a = tc3Client({
      credentials: () => TE.right({ secretId: 'id', secretKey: KEY }),
      region: 'r',
      http: sent.client,
      ...fakeClock(),
    })
    const e = left(await a.call(action('apigateway', '2018-08-08', 'CreateApi', {}))())
    assert.equal([e.kind, e.ambiguous], ['Network', true])
    assert.is(sent.calls.length, 1)
    const unsent = fakeHttp((req, n) =>
      n === 0 ? httpError('ConnectFailed', req, 'ECONNREFUSED', false) : ok({ ApiId: 'api-1' }),
    )
    const b = tc3Client({
      credentials: () => TE.right({ secretId: 'id', secretKey: KEY }),
      region: 'r',
      http: unsent.client,
      ...fakeClock(),
    })
    assert.equal(
      await b.call(action('apigateway', '2018-08-08', 'CreateApi', {}))(),
      E.right({ ApiId: 'api-1', RequestId: 'req-1' }),
    )
  },
)

errors('non-200 statuses and broken envelopes', async () => {
  const { c } = client([
    { status: 502, headers: {}, body: '<html><title>Bad Gateway</title></html>' },
    { status: 200, headers: {}, body: '{"Response": {"Serv' },
    json(200, { NoEnvelope: true }),
  ])
  const a = left(await c.call(action('apigateway', '2018-08-08', 'ModifyService', {}))())
  assert.equal([a.kind, a.status, a.ambiguous], ['Server', 502, true])
  const b = left(await c.call(action('apigateway', '2018-08-08', 'ModifyService', {}))())
  assert.equal([b.kind, b.ambiguous], ['Malformed', true])
  const d = left(await c.call(action('apigateway', '2018-08-08', 'DescribeService', {}))())
  assert.equal([d.kind, d.ambiguous], ['Malformed', false])
})

errors('the secret key and session token never appear in errors', async () => {
  const { c } = client([apiError('AuthFailure.InvalidSecretId', `key ${KEY} and sess-token-xyz rejected`)], {
    credentials: () => TE.right({ secretId: 'id', secretKey: secret(KEY), token: 'sess-token-xyz' }),
  })
  const e = left(await c.call(action('vpc', '2017-03-12', 'DescribeAddressTemplates', {}))())
  assert.not.match(JSON.stringify(e), KEY)
  assert.not.match(JSON.stringify(e), 'sess-token-xyz')
})

errors.run()

// ── pagination, poll, then ───────────────────────────────────────────────────
const seq = suite('tc3Client: pagination, poll and then')

seq('Offset/Limit paging across 3 pages up to TotalCount (items under Result)', async () => {
  const page = (ids: number[]) => ok({ Result: { TotalCount: 5, ApiKeySet: ids.map((id) => ({ id })) } })
  const { c, calls } = client([page([1, 2]), page([3, 4]), page([5])])
  const r = await c.call(
    action(
      'apigateway',
      '2018-08-08',
      'DescribeApiKeysStatus',
      { Filters: [] },
      { paginate: { items: 'Result.ApiKeySet', pageSize: 2 } },
    ),
  )()
  assert.equal(r, E.right([1, 2, 3, 4, 5].map((id) => ({ id }))))
  assert.equal(
    calls.map((c) => JSON.parse(c.body!)),
    [0, 2, 4].map((Offset) => ({ Filters: [], Offset, Limit: 2 })),
  )
})

seq('paging stops when collected reaches TotalCount even on a full page; max caps', async () => {
  const a = client([
    ok({ TotalCount: 4, AddressTemplateSet: [1, 2] }),
    ok({ TotalCount: 4, AddressTemplateSet: [3, 4] }),
  ])
  const r = await a.c.call(
    action(
      'vpc',
      '2017-03-12',
      'DescribeAddressTemplates',
      { Offset: '0', Limit: '2' },
      { paginate: { items: 'AddressTemplateSet' } },
    ),
  )()
  assert.equal(r, E.right([1, 2, 3, 4]))
  assert.is(a.calls.length, 2)
  // VPC takes Offset/Limit as strings: the type the spec used is kept
  assert.equal(JSON.parse(a.calls[1].body!), { Offset: '2', Limit: '2' })
  const b = client([
    ok({ Total: 300, BGPInstanceList: Array.from({ length: 100 }, (_, i) => i) }),
    ok({ Total: 300, BGPInstanceList: [] }),
  ])
  const m = await b.c.call(
    action('antiddos', '2020-03-09', 'DescribeBgpInstances', {}, { paginate: { items: 'BGPInstanceList', max: 30 } }),
  )()
  assert.ok(E.isRight(m) && (m.right as unknown[]).length === 30)
  assert.is(JSON.parse(b.calls[0].body!).Limit, 100)
  assert.is(b.calls.length, 1)
})

seq('per-action default page size (20 for DescribePluginsByApi)', async () => {
  const { c, calls } = client([ok({ Result: { PluginSet: [1] } })])
  await c.call(
    action('apigateway', '2018-08-08', 'DescribePluginsByApi', {}, { paginate: { items: 'Result.PluginSet' } }),
  )()
  assert.is(JSON.parse(calls[0].body!).Limit, 20)
})

seq('a short page ends paging without a total', async () => {
  const { c, calls } = client([ok({ Result: { PluginSet: [1, 2, 3] } }), ok({ Result: { PluginSet: [4] } })])
  const r = await c.call(
    action(
      'apigateway',
      '2018-08-08',
      'DescribePluginsByApi',
      {},
      { paginate: { items: 'Result.PluginSet', pageSize: 3 } },
    ),
  )()
  assert.equal(r, E.right([1, 2, 3, 4]))
  assert.is(calls.length, 2)
})

seq('poll until the created object is visible, ResourceNotFound meaning not yet', async () => {
  const { c, calls, clock } = client([
    apiError('ResourceNotFound.InvalidService'),
    ok({ ServiceId: 's-1', Status: 'creating' }),
    ok({ ServiceId: 's-1', Status: 'ok' }),
  ])
  const r = await c.call(
    action(
      'apigateway',
      '2018-08-08',
      'DescribeService',
      { ServiceId: 's-1' },
      {
        poll: {
          until: (x) => (x as { Status: string }).Status === 'ok',
          intervalMs: 3000,
          timeoutMs: 180_000,
          what: 'service s-1 to appear',
        },
      },
    ),
  )()
  assert.ok(E.isRight(r))
  assert.is(calls.length, 3)
  assert.equal(clock.sleeps, [3000, 3000])
})

seq('poll timeout names what it waited for', async () => {
  const { c } = client(Array.from({ length: 10 }, () => apiError('ResourceNotFound.InvalidService')))
  const e = left(
    await c.call(
      action(
        'apigateway',
        '2018-08-08',
        'DescribeService',
        {},
        { poll: { until: () => true, intervalMs: 1000, timeoutMs: 3000, what: 'service s-9 to appear' } },
      ),
    )(),
  )
  assert.is(e.kind, 'Timeout')
  assert.match(e.message, 'service s-9 to appear')
})

seq('then: create, then read back by the returned id', async () => {
  const { c, calls } = client([
    ok({ Result: { AccessKeyId: 'AK-1' } }),
    ok({ Result: { AccessKeyId: 'AK-1', Status: 1 } }),
  ])
  const r = await c.call(
    action(
      'apigateway',
      '2018-08-08',
      'CreateApiKey',
      { SecretName: 'k' },
      {
        then: (x) =>
          action('apigateway', '2018-08-08', 'DescribeApiKey', {
            AccessKeyId: (x as { Result: { AccessKeyId: string } }).Result.AccessKeyId,
          }),
      },
    ),
  )()
  assert.equal(r, E.right({ Result: { AccessKeyId: 'AK-1', Status: 1 }, RequestId: 'req-1' }))
  assert.equal(
    calls.map((c) => c.headers['x-tc-action']),
    ['CreateApiKey', 'DescribeApiKey'],
  )
  assert.equal(JSON.parse(calls[1].body!), { AccessKeyId: 'AK-1' })
})

seq.run()
