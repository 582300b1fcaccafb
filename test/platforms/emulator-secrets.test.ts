/**
 * Secrets in the emulators' data file (issue 16): after emulated applies with secrets (secret env
 * values, log-drain URLs and authorization headers, API key secrets, for every row of the secret
 * table), `.trellis/emulator.json` holds none of them in plain text — they are sealed the way state
 * keeps a secret — and the next run opens them again: a refreshed plan shows no change.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { readFileSync, statSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { registry } from '#trellis'
import { apply, plan, formatEngineError } from '#trellis/engine'
import { hasChanges } from '#trellis'
import { httpHandler } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { DEFAULT_CONCURRENCY, type Env } from '#trellis/engine'
import type { StateStore } from '#trellis'
import { openLocalPlatforms, type LocalPlatforms } from '../../clients/emulators/local-platforms'
import { emulatorKeyFile, emulators, readEmulatorData, writeEmulatorData } from '../../clients/emulators/emulators'
import { SECRET_ROWS } from '../interpreter/every-resource-rows'
import { inTempDir } from '../fixtures/in-temp-dir'

const test = suite('emulator data file: secrets sealed')

const envOn = (l: LocalPlatforms, store: StateStore): Env => ({
  registry,
  handler: httpHandler({ clients: l.clients(registry) }),
  store,
  events: () => undefined,
  concurrency: DEFAULT_CONCURRENCY,
  now: () => new Date(),
})

const ok = async <A>(r: Promise<E.Either<unknown, A>>, what: string): Promise<A> => {
  const x = await r
  if (E.isLeft(x)) throw new Error(`${what}: ${formatEngineError(x.left as never)}`)
  return x.right
}

for (const row of SECRET_ROWS.filter((r) => r.afterChanges))
  test(`${row.provider}: ${row.title} — not in the data file, and back after a restart`, async () => {
    await inTempDir('emu-secrets', async (dir) => {
      const store = memoryStore()
      const first = await openLocalPlatforms({ stateDir: dir })
      await ok(apply(row.before)(envOn(first, store))(), 'apply BEFORE')
      await ok(apply(row.after)(envOn(first, store))(), 'apply AFTER')
      // what the emulator holds right now: the API key secret it may have generated, too
      const held = JSON.stringify(first.emulators!.cloud.objects())
      await first.close()

      const text = readFileSync(first.data, 'utf8')
      for (const c of row.canaries) assert.not.ok(text.includes(c), `the data file holds ${c}`)
      for (const m of held.matchAll(/"AccessKeySecret":"([^"]+)"/g))
        assert.not.ok(text.includes(m[1]), 'the data file holds an API key secret')
      assert.match(text, /"_tag":"Secret"/, 'the secrets are there, sealed')
      const key = emulatorKeyFile(first.data)
      assert.is(statSync(key).mode & 0o077, 0, 'the key file is readable by its owner only')

      // a later run opens them: the platform answers as before, so a refresh plans nothing
      const second = await openLocalPlatforms({ stateDir: dir })
      const again = await ok(plan(row.after, { refresh: true })(envOn(second, store))(), 'plan --refresh')
      assert.not.ok(hasChanges(again.plan), 'a refreshed plan after the restart shows no change')
      await second.close()
    })
  })

test('with a passphrase no key file is made; another passphrase (or a lost key) is a clear error', async () => {
  await inTempDir('emu-secrets', async (dir) => {
    const file = join(dir, 'emulator.json')
    const set = emulators({
      cloud: { fixtures: { apiApps: [{ ApiAppId: 'app-1', ApiAppName: 'mobile' }] } },
    })
    const appSecret = JSON.stringify(set.cloud.snapshot()).match(/"ApiAppSecret":"([^"]+)"/)![1]
    await writeEmulatorData(file, set.snapshot(), { passphrase: 'correct horse' })
    assert.not.ok(readFileSync(file, 'utf8').includes(appSecret))
    assert.not.ok(existsSync(emulatorKeyFile(file)))
    const back = await readEmulatorData(file, { passphrase: 'correct horse' })
    assert.ok(JSON.stringify(back).includes(appSecret))
    await readEmulatorData(file, { passphrase: 'battery staple' }).then(
      () => assert.unreachable('opened with another passphrase'),
      (e: Error) => assert.match(e.message, /sealed with another key/),
    )
    // a key file that is not the one they were sealed with
    await writeEmulatorData(join(dir, 'b.json'), set.snapshot())
    writeFileSync(emulatorKeyFile(join(dir, 'b.json')), 'another-key')
    await readEmulatorData(join(dir, 'b.json')).then(
      () => assert.unreachable('opened with another key'),
      (e: Error) => assert.match(e.message, /b\.json: a secret in it was sealed with another key/),
    )
  })
})

test('a data file without secrets needs no key file', async () => {
  await inTempDir('emu-secrets', async (dir) => {
    const file = join(dir, 'emulator.json')
    await writeEmulatorData(file, emulators().snapshot())
    assert.not.ok(existsSync(emulatorKeyFile(file)))
    assert.ok(await readEmulatorData(file))
  })
})

test.run()
