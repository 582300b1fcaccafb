import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { redact, redactHeaders, redactor } from '../../clients/redact'
import { debugLog } from '#trellis/clients'
import { scripted } from '#trellis/clients'
import { compose, httpError, type HttpClient, type HttpRequest } from '#trellis/clients'

const test = suite('redact')
const TOKEN = 'vntg_tkn_6f1c2a9b8e7d'
const req: HttpRequest = {
  method: 'POST',
  url: 'https://api.vantage.test/v2/folders',
  headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'x-tc-token': 'tmp-token-1' },
  body: JSON.stringify({ title: 'Finance', secret_note: TOKEN }),
}

test('redactor blanks every occurrence of a secret value, also URL-encoded and JSON-escaped', () => {
  const r = redactor(['p@ss "word"/1'])
  assert.is(r('a=p@ss "word"/1 b=p@ss "word"/1'), 'a=[secret] b=[secret]')
  assert.is(r(`?k=${encodeURIComponent('p@ss "word"/1')}`), '?k=[secret]')
  assert.is(r(JSON.stringify({ k: 'p@ss "word"/1' })), '{"k":"[secret]"}')
})

test('redactor blanks bearer tokens and TC3 signatures without knowing them', () => {
  const r = redactor([])
  assert.is(r('Authorization: Bearer abc.def-ghi'), 'Authorization: Bearer [secret]')
  assert.is(
    r(
      'TC3-HMAC-SHA256 Credential=AKID/2025-01-01/vpc/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    ),
    'TC3-HMAC-SHA256 Credential=AKID/2025-01-01/vpc/tc3_request, SignedHeaders=content-type;host, Signature=[secret]',
  )
  assert.is(r('https://x.test/a?access_token=zzz&page=2'), 'https://x.test/a?access_token=[secret]&page=2')
})

test('redactor ignores empty values and prefers the longest match', () => {
  const r = redactor(['', 'abc', 'abcdef'])
  assert.is(r('xabcdefx abc'), 'x[secret]x [secret]')
  assert.is(redactor([''])('unchanged'), 'unchanged')
})

test('redactHeaders blanks credential headers and leaves the others', () => {
  const h = redactHeaders({
    authorization: 'Bearer x',
    cookie: 'sid=1',
    'x-tc-token': 't',
    'x-api-key': 'k',
    'content-type': 'application/json',
    'x-tc-action': 'DescribeVpcs',
  })
  assert.equal(h, {
    authorization: '[secret]',
    cookie: '[secret]',
    'x-tc-token': '[secret]',
    'x-api-key': '[secret]',
    'content-type': 'application/json',
    'x-tc-action': 'DescribeVpcs',
  })
})

test('the redact middleware removes secret values from error messages and URLs', async () => {
  const leaky: HttpClient = (r) => async () =>
    E.left(
      httpError(
        'ConnectionReset',
        { method: r.method, url: `${r.url}?token=${TOKEN}` },
        `failed while sending Bearer ${TOKEN} to ${r.url} (key ${TOKEN})`,
        true,
      ),
    )
  const r = await redact([TOKEN])(leaky)(req)()
  assert.ok(E.isLeft(r))
  if (E.isLeft(r)) {
    assert.not.match(r.left.message, TOKEN)
    assert.not.match(r.left.url, TOKEN)
    assert.is(r.left.kind, 'ConnectionReset')
    assert.is(r.left.sent, true)
  }
})

test('the redact middleware reads secrets lazily and leaves successes alone', async () => {
  let secrets: string[] = []
  const s = scripted()
  s.expect('GET', '/v2/me').reply(200, { token: TOKEN })
  s.expect('GET', '/v2/me').fail('Timeout', { message: `late ${TOKEN}` })
  const client = redact(() => secrets)(s.client)
  secrets = [TOKEN]
  const ok = await client({ method: 'GET', url: 'https://api.vantage.test/v2/me', headers: {} })()
  assert.ok(E.isRight(ok) && ok.right.body.includes(TOKEN))
  const bad = await client({ method: 'GET', url: 'https://api.vantage.test/v2/me', headers: {} })()
  assert.ok(E.isLeft(bad) && bad.left.message === 'late [secret]')
})

test('debugLog writes a line out and a line back, with status and elapsed time, and never the token', async () => {
  const lines: string[] = []
  const s = scripted()
  s.expect('POST', '/v2/folders').reply(201, { token: 'fldr_1', echo: TOKEN }, { 'set-cookie': 'sid=abc' })
  let t = 1000
  const client = debugLog((l) => lines.push(l), { secrets: () => [TOKEN], bodies: true, now: () => (t += 7) })(s.client)
  await client(req)()
  assert.is(lines.length, 2)
  assert.match(lines[0], /^http #1 → POST https:\/\/api\.vantage\.test\/v2\/folders /)
  assert.match(lines[1], /^http #1 ← 201 POST https:\/\/api\.vantage\.test\/v2\/folders 7ms /)
  assert.match(lines[0], '"authorization":"[secret]"')
  assert.match(lines[0], 'Finance')
  assert.match(lines[1], 'fldr_1')
  for (const l of lines) {
    assert.not.match(l, TOKEN)
    assert.not.match(l, 'tmp-token-1')
    assert.not.match(l, 'sid=abc')
  }
})

test('debugLog leaves bodies out unless asked, and redacts before truncating', async () => {
  const lines: string[] = []
  const s = scripted()
  s.expect('POST', '/v2/folders').reply(201, 'ok').times(2)
  await debugLog((l) => lines.push(l))(s.client)(req)()
  assert.not.match(lines.join('\n'), 'Finance')
  assert.not.match(lines.join('\n'), TOKEN) // a bearer header even without the secrets list
  const cut: string[] = []
  // the token starts at character 10 of a body cut at 14 characters: no half-token may show
  await debugLog((l) => cut.push(l), { secrets: () => [TOKEN], bodies: true, maxBodyChars: 14 })(s.client)({
    ...req,
    body: `0123456789${TOKEN}`,
  })()
  assert.match(cut[0], 'body="0123456789[sec… (18 chars)"')
  assert.not.match(cut[0], TOKEN.slice(0, 4))
})

test('debugLog logs transport errors redacted, with the error kind', async () => {
  const lines: string[] = []
  const s = scripted()
  s.expect('GET', '/v2/folders').fail('ConnectionReset', { message: `socket hang up (Bearer ${TOKEN})` })
  const client = compose(debugLog((l) => lines.push(l), { secrets: () => [TOKEN] }))(s.client)
  await client({ method: 'GET', url: 'https://api.vantage.test/v2/folders', headers: {} })()
  assert.match(lines[1], /^http #1 ✗ ConnectionReset \(may have been applied\) GET /)
  assert.match(lines[1], 'Bearer [secret]')
  assert.not.match(lines[1], TOKEN)
})

test.run()
