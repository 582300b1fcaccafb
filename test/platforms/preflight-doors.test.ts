/**
 * The preflight refuses a cloud account outside `allowedAccountIds` before any provider changes
 * anything, whichever door is used — trellis/engine's `apply` over `liveEnv`, `workspace()`, and
 * the CLI — on the real wiring (fetch transport, retries, TC3 signing, the credential chain)
 * pointed at the emulators served on 127.0.0.1 by the providers' own settings (cost `host`, hosting
 * `endpoint`, the cloud's `domain` + `protocol: 'HTTP'`, as `trellis emulate` prints them). Every
 * request each emulator receives is counted: cost and hosting receive none, the cloud only the
 * credential chain's identity question to its STS.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stack, workspace, TrellisError } from '#trellis'
import { apply, liveEnv, memoryStore } from '#trellis/engine'
import { secret } from '#trellis'
import { main } from '#src/cli/main'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import * as cloud from '#trellis/cloud'
import { emulators, type EmulatorSet } from '#trellis/clients'
import { serveEmulators, type ServedEmulators } from '../../clients/emulators/serve-emulators'
import { EMULATOR_ACCOUNT_ID, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../clients/emulators/cloud'
import type { HttpClient } from '#trellis/clients'

const test = suite('preflight through every door, on served emulators')
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const tempDir = () => mkdtempSync(join(tmpdir(), 'trellis-preflight-'))

let set: EmulatorSet
let served: ServedEmulators
// every request each emulator was sent: `<host> <action or METHOD path>`
const sent: Record<'cost' | 'hosting' | 'cloud', string[]> = { cost: [], hosting: [], cloud: [] }
test.before(async () => {
  set = emulators()
  const platformOf = (c: HttpClient) =>
    c === set.cost.client ? 'cost' : c === set.hosting.client ? 'hosting' : 'cloud'
  const counting = (c: HttpClient): HttpClient => {
    const log = sent[platformOf(c)]
    return (req) => {
      const u = new URL(req.url)
      log.push(`${req.headers['host'] ?? u.host} ${req.headers['x-tc-action'] ?? `${req.method} ${u.pathname}`}`)
      return c(req)
    }
  }
  served = await serveEmulators(set, { middleware: counting })
})
test.after(() => served.close())
test.before.each(() => {
  for (const k of ['cost', 'hosting', 'cloud'] as const) sent[k].length = 0
})

const cloudPort = () => new URL(served.endpoints.cloud).port
// the provider settings as a program writes them, pointed at the served emulators
const settings = () => ({
  cost: { apiToken: 'emulator-token', host: served.endpoints.cost },
  hosting: { token: 'emulator-token', endpoint: served.endpoints.hosting },
  cloud: {
    secretId: EMULATOR_SECRET_ID,
    region: 'ap-guangzhou',
    domain: `localhost:${cloudPort()}`,
    protocol: 'HTTP' as const,
    allowedAccountIds: ['999999'],
  },
})
const mixed = () => {
  const s = settings()
  return stack('mixed', {
    providers: {
      cost: cost.provider({ ...s.cost, apiToken: secret(s.cost.apiToken) }),
      hosting: hosting.provider({ ...s.hosting, token: secret(s.hosting.token) }),
      cloud: cloud.provider({ ...s.cloud, secretKey: secret(EMULATOR_SECRET_KEY) }),
    },
  }).add(
    cost.folder('first', { title: 'First', workspaceToken: 'wrkspc_default' }),
    hosting.dnsZone('z', { name: 'example.test', teamSlug: 'acme' }),
    cloud.apiGatewayService('svc', { serviceName: 'svc', protocol: 'https', netTypes: ['OUTER'] }),
  )
}

/**
 * Cost and hosting heard at most their read-only credential checks (issue 36's preflight probe: a
 * one-item list, "who am I"); the cloud only its STS asked who the caller is; nothing made.
 */
const nothingWritten = () => {
  for (const r of sent.cost) assert.match(r, /^127\.0\.0\.1:\d+ GET \/v2\/workspaces$/, `cost: ${r}`)
  for (const r of sent.hosting) assert.match(r, /^127\.0\.0\.1:\d+ GET \/api\/v1\/accounts$/, `hosting: ${r}`)
  assert.ok(sent.cloud.length >= 1, 'the account was asked of the cloud')
  for (const r of sent.cloud) assert.match(r, /^sts\.localhost:\d+ GetCallerIdentity$/, r)
  assert.is(set.cost.objects().filter((o) => o.kind === 'folders').length, 0)
  assert.is(set.hosting.objects().filter((o) => o.kind === 'dns_zones').length, 0)
  assert.is(set.cloud.objects().filter((o) => o.kind === 'apigateway:Service').length, 0)
}

test('trellis/engine apply over liveEnv: a Left naming allowedAccountIds, nothing written anywhere', async () => {
  const store = memoryStore()
  const r = await apply(mixed())(liveEnv({ store, env: {} }))()
  assert.ok(E.isLeft(r))
  const e = r.left
  assert.is(e._tag, 'CompileError')
  const issues = e._tag === 'CompileError' ? e.issues : []
  assert.equal(
    issues.map((i) => [i.node, i.path]),
    [['provider cloud', 'allowedAccountIds']],
  )
  assert.match(issues[0]?.message ?? '', new RegExp(`${EMULATOR_ACCOUNT_ID} is not in allowedAccountIds`))
  nothingWritten()
  assert.equal(await store.list()(), E.right([]), 'no state')
})

test('workspace(): rejects with a TrellisError invalid (exit 3), nothing written anywhere', async () => {
  const ws = workspace({ stateDir: tempDir(), env: {} })
  const e = await ws.apply(mixed()).catch((x: unknown) => x)
  assert.instance(e, TrellisError)
  assert.is((e as TrellisError).kind, 'invalid')
  assert.is((e as TrellisError).exitCode, 3)
  assert.match((e as TrellisError).message, /allowedAccountIds/)
  nothingWritten()
  assert.equal(await ws.stacks(), [])
})

test('the CLI: trellis apply --yes exits 3 naming the account check, nothing written anywhere', async () => {
  const dir = tempDir()
  const program = join(dir, 'mixed.ts')
  const s = settings()
  writeFileSync(
    program,
    [
      `import { stack, secret } from '${ROOT}src/index'`,
      `import * as cost from '${ROOT}builders/cost'`,
      `import * as hosting from '${ROOT}builders/hosting'`,
      `import * as cloud from '${ROOT}builders/cloud'`,
      `export default stack('mixed', {`,
      `  providers: {`,
      `    cost: cost.provider({ ...${JSON.stringify(s.cost)}, apiToken: secret('emulator-token') }),`,
      `    hosting: hosting.provider({ ...${JSON.stringify(s.hosting)}, token: secret('emulator-token') }),`,
      `    cloud: cloud.provider({ ...${JSON.stringify(s.cloud)}, secretKey: secret(${JSON.stringify(EMULATOR_SECRET_KEY)}) }),`,
      `  },`,
      `}).add(`,
      `  cost.folder('first', { title: 'First', workspaceToken: 'wrkspc_default' }),`,
      `  hosting.dnsZone('z', { name: 'example.test', teamSlug: 'acme' }),`,
      `  cloud.apiGatewayService('svc', { serviceName: 'svc', protocol: 'https', netTypes: ['OUTER'] }),`,
      `)`,
    ].join('\n'),
  )
  const out: string[] = []
  const err: string[] = []
  const stateDir = join(dir, '.trellis')
  const code = await main(['apply', program, '--yes', '--state-dir', stateDir], {
    line: (l) => out.push(l),
    err: (l) => err.push(l),
    colour: false,
  })
  assert.is(code, 3, err.join('\n'))
  assert.match(err.join('\n'), new RegExp(`${EMULATOR_ACCOUNT_ID} is not in allowedAccountIds`))
  assert.not.match(out.join('\n'), /Plan for stack/, 'refused before any plan is shown')
  nothingWritten()
  assert.ok(!existsSync(stateDir) || readdirSync(stateDir).every((f) => !f.startsWith('mixed')), 'no state')
})

test.run()
