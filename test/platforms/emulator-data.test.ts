/**
 * What the emulators hold survives a snapshot through JSON and a restore into fresh emulators
 * (the data file of `trellis emulate` and `--emulate`), and seeding from code puts objects made
 * elsewhere in, in the platforms' own shapes, all or nothing.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import quickstart from '../../examples/quickstart'
import { registry } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { hasChanges } from '#trellis'
import { httpHandler } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { DEFAULT_CONCURRENCY, type Env } from '#trellis/engine'
import { action } from '#trellis/engine'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { emulators, readEmulatorData, writeEmulatorData, type EmulatorSet, type EmulatorData } from '#trellis/clients'
import { withEmulatorCredentials } from '../../clients/emulators/local-platforms'
import { platformClients } from '#trellis/clients'
import type { HttpRequest } from '#trellis/clients'
import { inTempDir } from '../fixtures/in-temp-dir'

const test = suite('emulator data and seeding')

const envOn = (set: EmulatorSet, store = memoryStore()): Env => ({
  registry,
  handler: httpHandler({
    clients: (p, c) =>
      platformClients({ http: set[p as 'cost'].client, sleep: async () => undefined })(
        p,
        withEmulatorCredentials(p, c),
      ),
  }),
  store,
  events: () => undefined,
  concurrency: DEFAULT_CONCURRENCY,
  now: () => new Date(),
})

const get = async (set: EmulatorSet, p: 'cost' | 'hosting', url: string) => {
  const req: HttpRequest = {
    method: 'GET',
    url,
    headers: { authorization: 'Bearer emulator-token' },
  }
  const r = await set[p].client(req)()
  if (E.isLeft(r)) throw new Error(r.left.message)
  return { status: r.right.status, body: JSON.parse(r.right.body || 'null') as unknown }
}

test('a restored copy holds the same objects, plans no changes after a refresh and never reuses an id', async () => {
  const first = emulators()
  const store = memoryStore()
  const a = await apply(quickstart)(envOn(first, store))()
  assert.ok(E.isRight(a), E.isLeft(a) ? JSON.stringify(a.left) : '')
  const data = JSON.parse(JSON.stringify(first.snapshot())) as EmulatorData

  const second = emulators()
  second.restore(data)
  for (const p of ['cost', 'hosting', 'cloud'] as const)
    assert.equal(second[p].objects(), first[p].objects(), `${p} holds the same objects`)
  const again = await plan(quickstart, { refresh: true })(envOn(second, store))()
  assert.ok(E.isRight(again) && !hasChanges(again.right.plan), 'no changes after a refresh')

  // a new service on the restored cloud gets an id the old one never handed out
  const cloud = platformClients({ http: second.cloud.client })('cloud', withEmulatorCredentials('cloud', {}))
  const made = await cloud.call(
    action('apigateway', '2018-08-08', 'CreateService', { ServiceName: 'x', Protocol: 'http', NetTypes: ['OUTER'] }),
  )()
  assert.ok(E.isRight(made))
  const ids = first.cloud.objects().map((o) => o.id)
  assert.not.ok(ids.includes((made as E.Right<{ ServiceId: string }>).right.ServiceId))
})

test('restore refuses another platform’s snapshot and a file that is not emulator data', () => {
  const set = emulators()
  assert.throws(() => set.cost.restore(set.hosting.snapshot()), /expected a version 1 snapshot of the cost emulator/)
  assert.throws(() => set.restore({ nope: 1 } as never), /not a trellis emulator data file/)
})

test('seed from code: objects in the platforms’ shapes, served as the platforms would', async () => {
  const set = emulators()
  set.seed({
    cost: { folders: [{ token: 'fldr_elsewhere', title: 'Made elsewhere' }] },
    hosting: {
      accounts: [{ id: 'acct-2', slug: 'globex', name: 'Globex' }],
      sites: [{ id: 'site-2', name: 'globex-www', account_slug: 'globex', custom_domain: 'www.globex.test' }],
    },
    cloud: {
      services: [{ ServiceId: 'service-seeded1', ServiceName: 'legacy', Protocol: 'https', NetTypes: ['OUTER'] }],
      addressTemplates: [{ AddressTemplateId: 'ipm-seeded', AddressTemplateName: 'office', AddressSet: ['10.0.0.1'] }],
    },
  })
  const f = await get(set, 'cost', 'https://api.vantage.sh/v2/folders/fldr_elsewhere')
  assert.is(f.status, 200)
  assert.is((f.body as { title: string }).title, 'Made elsewhere')
  const s = await get(set, 'hosting', 'https://api.netlify.com/api/v1/sites/site-2')
  assert.equal(
    [(s.body as { account_id: string }).account_id, (s.body as { url: string }).url],
    ['acct-2', 'https://globex-www.netlify.app'],
  )
  const cloud = platformClients({ http: set.cloud.client })('cloud', withEmulatorCredentials('cloud', {}))
  const svc = await cloud.call(
    action('apigateway', '2018-08-08', 'DescribeService', { ServiceId: 'service-seeded1' }),
  )()
  assert.ok(E.isRight(svc), E.isLeft(svc) ? svc.left.message : '')
  assert.is((svc as E.Right<{ ServiceName: string }>).right.ServiceName, 'legacy')
})

test('seed refuses a wrong field naming platform, kind, index and field, and adds nothing anywhere', () => {
  const set = emulators()
  const before = JSON.stringify(set.snapshot())
  assert.throws(
    () =>
      set.seed({
        cost: { folders: [{ token: 'fldr_a', title: 'A' }] },
        hosting: { sites: [{ name: 'x', account_slug: 'acme' }, { account_slug: 'acme' }] },
      }),
    /seed hosting\.sites\[1\]\.name: expected a non-empty string, got undefined/,
  )
  assert.is(JSON.stringify(set.snapshot()), before)
  assert.throws(() => set.seed({ moon: {} } as never), /unknown platform "moon" \(known: cost, hosting, cloud\)/)
})

test('objects made through a create action (APIs, releases, bindings, variables) are refused naming kind and index', () => {
  const set = emulators()
  const before = JSON.stringify(set.snapshot())
  const service = { ServiceId: 'service-s1', ServiceName: 's', Protocol: 'https', NetTypes: ['OUTER'] }
  assert.throws(
    () =>
      set.seed({
        cloud: {
          services: [service],
          releases: [{ ServiceId: 'service-s1', EnvironmentName: 'release', ReleaseDesc: 'd' }],
        },
      }),
    /seed cloud\.releases\[0\]: FailedOperation\.ServiceError: The service service-s1 has no API to release/,
  )
  assert.throws(
    () =>
      set.seed({
        hosting: { env_vars: [{ account_slug: 'acme', key: 'K', values: [{ context: 'moon', value: 'v' }] }] },
      }),
    /seed hosting\.env_vars\[0\]: context must be one of/,
  )
  assert.is(JSON.stringify(set.snapshot()), before)
})

test('the data file never holds a secret environment value in plain text', async () => {
  const set = emulators()
  const r = await set.hosting.client({
    method: 'POST',
    url: 'https://api.netlify.com/api/v1/accounts/acme/env',
    headers: { authorization: 'Bearer emulator-token', 'content-type': 'application/json' },
    body: JSON.stringify([
      {
        key: 'API_KEY',
        is_secret: true,
        scopes: ['builds'],
        values: [{ value: 'canary-s3cr3t-value', context: 'all' }],
      },
    ]),
  })()
  assert.ok(E.isRight(r) && r.right.status < 300, E.isRight(r) ? r.right.body : '')
  await inTempDir('emu-data', async (dir) => {
    await writeEmulatorData(join(dir, 'emulator.json'), set.snapshot())
    const text = readFileSync(join(dir, 'emulator.json'), 'utf8')
    assert.not.ok(text.includes('canary-s3cr3t-value'))
    assert.match(text, /"_tag":"Secret","digest":"[\w-]+","enc":/)
    // and the emulator restored from it still holds the value (it never answers with it)
    const back = emulators()
    back.restore((await readEmulatorData(join(dir, 'emulator.json')))!)
    assert.ok(JSON.stringify(back.snapshot()).includes('canary-s3cr3t-value'))
  })
})

test.run()
