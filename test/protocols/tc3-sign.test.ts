import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createHash } from 'node:crypto'
import { signTc3, tc3Date } from '../../clients/tc3-sign'

const test = suite('signTc3')

// wire/cloud.md §2: the official documentation's worked example
const DOC = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  action: 'DescribeInstances',
  version: '2017-03-12',
  region: 'ap-guangzhou',
  timestamp: 1551113065,
  contentType: 'application/json; charset=utf-8',
  payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
}

test('the documented example vector gives the exact signature and Authorization header', () => {
  const s = signTc3(DOC)
  assert.is(
    s.authorization,
    'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
  )
  assert.is(
    s.canonicalRequest,
    'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
  )
  assert.is(
    createHash('sha256').update(s.canonicalRequest).digest('hex'),
    '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
  )
  assert.is(s.stringToSign.split('\n').slice(0, 3).join('|'), 'TC3-HMAC-SHA256|1551113065|2019-02-25/cvm/tc3_request')
})

test('headers: the action, version, timestamp and region travel unsigned; the token only when present', () => {
  const s = signTc3(DOC)
  assert.equal(s.headers, {
    authorization: s.authorization,
    'content-type': 'application/json; charset=utf-8',
    host: 'cvm.tencentcloudapi.com',
    'x-tc-action': 'DescribeInstances',
    'x-tc-version': '2017-03-12',
    'x-tc-timestamp': '1551113065',
    'x-tc-region': 'ap-guangzhou',
  })
  const t = signTc3({ ...DOC, region: undefined, token: 'sess-token' })
  assert.is(t.headers['x-tc-region'], undefined)
  assert.is(t.headers['x-tc-token'], 'sess-token')
  // unsigned headers do not change the signature
  assert.is(t.authorization, s.authorization)
})

test('the content type defaults to application/json and is signed', () => {
  const a = signTc3({ ...DOC, contentType: undefined })
  assert.is(a.headers['content-type'], 'application/json')
  assert.match(a.canonicalRequest, 'content-type:application/json\nhost:')
  assert.is.not(a.authorization, signTc3(DOC).authorization)
})

test('the payload and the secret key both change the signature; the key never appears in the output', () => {
  const base = signTc3(DOC)
  assert.is.not(signTc3({ ...DOC, payload: '{}' }).authorization, base.authorization)
  assert.is.not(signTc3({ ...DOC, secretKey: 'other' }).authorization, base.authorization)
  assert.not.match(JSON.stringify(base), DOC.secretKey)
})

test('the scope date is the UTC date, also one second before midnight', () => {
  const ts = Date.UTC(2024, 2, 31, 23, 59, 59) / 1000
  assert.is(tc3Date(ts), '2024-03-31')
  assert.is(tc3Date(ts + 1), '2024-04-01')
  assert.match(signTc3({ ...DOC, timestamp: ts }).authorization, '/2024-03-31/cvm/tc3_request')
})

test.run()
