/**
 * Secrets against platforms that quote requests in their errors, and a wrong passphrase.
 * The emulators are wrapped so that chosen requests are answered with errors quoting the request
 * whole — body and authorization header: a 400 on an environment variable create, a 500 on a log
 * drain create, a 401 on the cost platform, a cloud error envelope and an HTTP 500 on CreateApiKey,
 * and a 200 whose body does not decode and holds the secrets. No canary may reach the engine's
 * error text, its JSON, or the events. With a passphrase, a state encrypted with another one (or
 * with none given) is refused before planning, naming the cause, and the state file is untouched.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { secret } from '#trellis'
import { stack, type Stack } from '#trellis'
import { apply, formatEngineError, plan } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import { platformClients } from '#trellis/clients'
import { secretValues } from '../../clients/redact'
import type { HttpClient, HttpRequest, HttpResponse } from '#trellis/clients'
import { costEmulator } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import { cloudEmulator, EMULATOR_SECRET_ID } from '../../clients/emulators/cloud'
import { cloud } from '#trellis/cloud'
import { hostingFixtures } from './fixtures/big-stack'
import { envFor, tempDir, unwrap } from './fixtures/world'
import { recordFigures } from './fixtures/figures'
import { canaries, canaryProviders, secretCanaries, secretNodes } from './fixtures/canaries'

const seen = canaries('ECHO')
const { canary, scan, scanDir } = seen

/** The request whole, as an echoing platform quotes it. */
const quote = (req: HttpRequest): string =>
  `${req.method} ${req.url} authorization=${req.headers.authorization ?? ''} body=${req.body ?? ''}`

type Echo = (req: HttpRequest) => HttpResponse | undefined
const echoing =
  (echo: Echo) =>
  (client: HttpClient): HttpClient =>
  (req) => {
    const r = echo(req)
    return r ? async () => E.right(r) : client(req)
  }
const json = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

const { tokens, values } = secretCanaries(seen)
const providers = () => canaryProviders(tokens)
const secretStack = (name: string): Stack => stack(name, { providers: providers() }).add(...secretNodes('Echo', values))

const ECHOES: ReadonlyArray<{
  readonly name: string
  readonly cost?: Echo
  readonly hosting?: Echo
  readonly cloud?: Echo
}> = [
  {
    name: 'a 400 on the environment variable create quoting the request',
    hosting: (r) =>
      r.method === 'POST' && /\/env$/.test(new URL(r.url).pathname)
        ? json(400, { code: 400, message: `invalid variable: ${quote(r)}` })
        : undefined,
  },
  {
    name: 'a 500 on the log drain create quoting the request and its authorization header',
    hosting: (r) =>
      r.method === 'POST' && /log_drains/.test(r.url)
        ? json(500, { code: 500, message: `drain upstream failed for ${quote(r)}` })
        : undefined,
  },
  {
    name: 'a 401 on the cost platform quoting the bearer token',
    cost: (r) => (r.method === 'POST' ? json(401, { errors: [`token rejected: ${quote(r)}`] }) : undefined),
  },
  {
    name: 'a cloud error envelope on CreateApiKey quoting the payload',
    cloud: (r) =>
      r.headers['x-tc-action'] === 'CreateApiKey'
        ? json(200, {
            Response: { Error: { Code: 'InvalidParameterValue', Message: `bad key: ${quote(r)}` }, RequestId: 'r1' },
          })
        : undefined,
  },
  {
    name: 'an HTTP 500 on CreateApiKey quoting the payload',
    cloud: (r) => (r.headers['x-tc-action'] === 'CreateApiKey' ? json(500, { echo: quote(r) }) : undefined),
  },
  {
    name: 'a 200 that does not decode and holds the request (the log drain create)',
    hosting: (r) =>
      r.method === 'POST' && /log_drains/.test(r.url)
        ? json(200, { id: { echoed: JSON.parse(r.body ?? '{}') as unknown } })
        : undefined,
  },
]

for (const echo of ECHOES)
  test(`platforms echoing requests in errors: ${echo.name} — no secret in the error, its JSON or the events`, async () => {
    const tmp = tempDir('secrets-echo')
    try {
      const emus = {
        cost: costEmulator({ token: tokens.cost }),
        hosting: hostingEmulator({ token: tokens.hosting, fixtures: hostingFixtures }),
        cloud: cloudEmulator({ credentials: { [EMULATOR_SECRET_ID]: tokens.cloud } }),
      }
      const secrets = secretValues()
      const handler = httpHandler({
        clients: (p, c) => {
          const platform = p as 'cost' | 'hosting' | 'cloud'
          const e = echo[platform]
          const client = emus[platform].client
          return platformClients({ http: e ? echoing(e)(client) : client, secrets, sleep: async () => undefined })(p, c)
        },
      })
      const env = envFor(handler, tmp.dir)
      const r = await apply(secretStack('echo'))(env)()
      assert.ok(E.isLeft(r), 'the echoing platform refused the request')
      const text = formatEngineError(r.left)
      assert.match(text, /authorization=|echoed|"echo"/, `the platform's quote reached the message: ${text}`)
      scan('error text', text)
      scan('error JSON', JSON.stringify(r.left))
      scan('events', JSON.stringify(env.events_))
      scanDir(tmp.dir)
    } finally {
      tmp.remove()
    }
  })

test('a wrong or missing TRELLIS_PASSPHRASE over an encrypted state is refused before planning, and nothing is overwritten', async () => {
  const tmp = tempDir('secrets-passphrase')
  try {
    const s = stack('pass', {
      providers: {
        cloud: cloud.provider({ secretId: 'AKIDx', secretKey: secret('sk-not-canary'), region: 'ap-guangzhou' }),
      },
    }).add(
      cloud.apiGatewayApiKey('k', {
        secretName: 'k',
        accessKeyType: 'manual',
        accessKeyId: 'passkeyid01',
        accessKeySecret: secret(canary('passKey')),
      }),
    )
    const handler = mockHandler()
    await unwrap(apply(s)(envFor(handler, tmp.dir, { passphrase: 'the right one' })))
    const file = join(tmp.dir, 'pass.json')
    const before = readFileSync(file, 'utf8')
    for (const passphrase of ['a wrong one', undefined]) {
      const env = envFor(handler, tmp.dir, passphrase ? { passphrase } : {})
      const p = await plan(s)(env)()
      const a = await apply(s)(env)()
      for (const r of [p, a]) {
        assert.ok(E.isLeft(r), `refused with ${passphrase ?? 'no passphrase'}`)
        assert.is(r.left._tag, 'StateError')
        assert.match(
          formatEngineError(r.left),
          passphrase ? /TRELLIS_PASSPHRASE does not open the secrets in this state/ : /none is given/,
        )
      }
      assert.equal(env.events_, [], 'nothing was planned or sent')
      assert.is(readFileSync(file, 'utf8'), before, 'the state file is untouched')
    }
    // the right passphrase still opens it, and sees no change
    const ok = await unwrap(plan(s)(envFor(handler, tmp.dir, { passphrase: 'the right one' })))
    assert.equal(
      ok.plan.steps.filter((x) => x.action !== 'noop').map((x) => x.address),
      [],
    )
  } finally {
    tmp.remove()
  }
})

test.after(() => {
  console.log(`  [secrets-echo] ${ECHOES.length} echoing platforms, ${seen.scanned()} texts scanned, 0 secrets found`)
  recordFigures('secretsEcho', {
    echoes: ECHOES.length,
    canaries: seen.count(),
    scanned: seen.scanned(),
    found: seen.found(),
  })
})

test.run()
