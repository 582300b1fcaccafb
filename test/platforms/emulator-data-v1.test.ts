/**
 * A data file written before the emulators were split into route tables and state records stays
 * readable: test/fixtures/emulator-data-v1/emulator.json was written by the emulators of commit
 * 9fcd18b (format 1: `trellisEmulators: 1`, each platform's snapshot `version: 1`) after every row of
 * the every-resource table was applied. Read into today's emulators, every container the file names
 * is one they hold, with the same contents, and the objects are served.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { emulators, readEmulatorData, writeEmulatorData, type EmulatorData } from '#trellis/clients'
import { withEmulatorCredentials } from '../../clients/emulators/local-platforms'
import { platformClients } from '#trellis/clients'
import { action } from '#trellis/engine'
import { inTempDir } from '../fixtures/in-temp-dir'

const test = suite('emulator data: a format 1 file from before the route tables')
const fixture = join(process.cwd(), 'test', 'fixtures', 'emulator-data-v1')

const read = async (): Promise<EmulatorData> => {
  const d = await readEmulatorData(join(fixture, 'emulator.json'))
  assert.ok(d, 'the fixture is read')
  return d
}
const get = async (client: ReturnType<typeof emulators>['cost']['client'], url: string): Promise<unknown> => {
  const r = await client({ method: 'GET', url, headers: { authorization: 'Bearer emulator-token' } })()
  if (E.isLeft(r)) throw new Error(r.left.message)
  assert.is(r.right.status, 200, url)
  return JSON.parse(r.right.body)
}
const idsOf = (held: unknown): string[] => ((held as { $map: Array<[string, unknown]> }).$map ?? []).map(([k]) => k)

test('every container the file names is restored whole (a renamed one would come back empty)', async () => {
  const data = await read()
  const set = emulators()
  set.restore(data)
  for (const p of ['cost', 'hosting', 'cloud'] as const) {
    const file = data.platforms[p]!.data
    const now = set[p].snapshot().data
    assert.ok(Object.keys(file).length > 2, `${p}: the file holds containers`)
    for (const [name, held] of Object.entries(file)) assert.equal(now[name], held, `${p}.${name} restored as written`)
    assert.ok(set[p].objects().length > 0, `${p} holds objects`)
  }
})

test('the restored objects are served: cost folders, hosting sites, cloud services', async () => {
  const data = await read()
  const set = emulators()
  set.restore(data)
  const store = (data.platforms.cost!.data.store as { $map: Array<[string, unknown]> }).$map
  const folders = idsOf(store.find(([k]) => k === 'folders')![1])
  assert.ok(folders.length > 0)
  const listed = (await get(set.cost.client, 'https://api.vantage.sh/v2/folders')) as {
    folders: Array<{ token: string }>
  }
  assert.equal(listed.folders.map((f) => f.token).sort(), [...folders].sort())

  const sites = idsOf(data.platforms.hosting!.data.sites)
  assert.ok(sites.length > 0)
  for (const id of sites) {
    const site = (await get(set.hosting.client, `https://api.netlify.com/api/v1/sites/${id}`)) as { id: string }
    assert.is(site.id, id)
  }

  const services = idsOf(data.platforms.cloud!.data['apigateway.services'])
  assert.ok(services.length > 0)
  const cloud = platformClients({ http: set.cloud.client })('cloud', withEmulatorCredentials('cloud', {}))
  for (const ServiceId of services) {
    const r = await cloud.call(action('apigateway', '2018-08-08', 'DescribeService', { ServiceId }))()
    assert.ok(E.isRight(r) && (r.right as { ServiceId: string }).ServiceId === ServiceId, ServiceId)
  }
})

test('written again by today’s emulators, the file reads back to the same data', () =>
  inTempDir('emulator-data-v1', async (dir) => {
    copyFileSync(join(fixture, 'emulator.key'), join(dir, 'emulator.key'))
    const set = emulators()
    set.restore(await read())
    await writeEmulatorData(join(dir, 'emulator.json'), set.snapshot())
    const again = await readEmulatorData(join(dir, 'emulator.json'))
    const fresh = emulators()
    fresh.restore(again!)
    for (const p of ['cost', 'hosting', 'cloud'] as const)
      assert.equal(fresh[p].objects(), set[p].objects(), `${p} holds the same objects`)
  }))

test.run()
