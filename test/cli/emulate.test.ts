/**
 * Two `--emulate` runs at once on one directory (issue 16): each loads the emulators' data file
 * when it opens and saves it when it closes, so without a lock the one that closes last would
 * write over the other's objects. Two child processes open the local platforms of one state
 * directory, each waits (boundedly) to see the other open too, creates a cost folder and closes:
 * both folders must be in the data file afterwards, with distinct tokens.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { emulators, readEmulatorData } from '#trellis/clients'
import { dataLockFile, lockEmulatorData } from '../../clients/emulators/data-lock'
import { defaultDataFile, openLocalPlatforms } from '../../clients/emulators/local-platforms'
import { seedEmulators, startEmulate } from '#src/cli/emulate'
import { inTempDir } from '../fixtures/in-temp-dir'

const test = suite('emulator data file: concurrent runs')
const root = process.cwd()

const RUN = `
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openLocalPlatforms } from '${root}/clients/emulators/local-platforms'
const [dir, me, other] = process.argv.slice(2)
const l = await openLocalPlatforms({ stateDir: dir, lockWaitMs: 20_000 })
writeFileSync(join(dir, me + '.open'), '')
// give the other run every chance to be open at the same time (it cannot, while we hold the file)
for (const end = Date.now() + 1_500; Date.now() < end && !existsSync(join(dir, other + '.open')); )
  await new Promise((r) => setTimeout(r, 25))
const r = await l.emulators!.cost.client({
  method: 'POST',
  url: 'https://api.vantage.sh/v2/folders',
  headers: { authorization: 'Bearer emulator-token', 'content-type': 'application/json' },
  body: JSON.stringify({ title: me, workspace_token: 'wrkspc_default' }),
})()
if (r._tag !== 'Right' || r.right.status !== 201) throw new Error('create failed: ' + JSON.stringify(r))
await l.close()
`

const child = (script: string, args: string[]) =>
  new Promise<{ code: number | null; log: string }>((resolve) => {
    const c = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    c.stdout.on('data', (b: Buffer) => (log += b.toString()))
    c.stderr.on('data', (b: Buffer) => (log += b.toString()))
    const timer = setTimeout(() => c.kill('SIGKILL'), 60_000)
    c.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, log })
    })
  })

test('two processes on one directory: neither loses the other’s objects', async () => {
  await inTempDir('emu-concurrent', async (dir) => {
    const script = join(dir, 'run.mts')
    writeFileSync(script, RUN)
    const [a, b] = await Promise.all([child(script, [dir, 'alpha', 'beta']), child(script, [dir, 'beta', 'alpha'])])
    assert.is(a.code, 0, a.log)
    assert.is(b.code, 0, b.log)
    const set = emulators()
    set.restore((await readEmulatorData(defaultDataFile(dir)))!)
    const folders = set.cost.objects().filter((o) => o.kind === 'folders')
    const titles = folders.map((o) => (o.body as { title: string }).title).sort()
    assert.equal(titles, ['alpha', 'beta'], 'both runs’ folders are in the data file')
    assert.is(new Set(folders.map((o) => o.id)).size, 2, 'with distinct tokens')
    assert.not.ok(existsSync(dataLockFile(defaultDataFile(dir))), 'the lock is gone')
  })
})

test('a run waits boundedly: a lock held past the wait is a clear error; a dead holder’s lock is taken over', async () => {
  await inTempDir('emu-concurrent', async (dir) => {
    const file = join(dir, 'emulator.json')
    const release = await lockEmulatorData(file)
    await lockEmulatorData(file, { waitMs: 100 }).then(
      () => assert.unreachable('took a held lock'),
      (e: Error) => assert.match(e.message, /is in use by another --emulate run \(pid \d+ on .+ since .+\)/),
    )
    await release()
    // a holder whose process is gone
    writeFileSync(
      dataLockFile(file),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), since: 'then' }),
    )
    const again = await lockEmulatorData(file, { waitMs: 1_000 })
    await again()
    assert.not.ok(existsSync(dataLockFile(file)))
  })
})

const folderTitles = async (dir: string): Promise<string[]> => {
  const set = emulators()
  set.restore((await readEmulatorData(defaultDataFile(dir)))!)
  return set.cost
    .objects()
    .filter((o) => o.kind === 'folders')
    .map((o) => (o.body as { title: string }).title)
    .sort()
}

const makeFolder = async (l: Awaited<ReturnType<typeof openLocalPlatforms>>, title: string): Promise<void> => {
  const r = await l.emulators!.cost.client({
    method: 'POST',
    url: 'https://api.vantage.sh/v2/folders',
    headers: { authorization: 'Bearer emulator-token', 'content-type': 'application/json' },
    body: JSON.stringify({ title, workspace_token: 'wrkspc_default' }),
  })()
  assert.ok(r._tag === 'Right' && r.right.status === 201, JSON.stringify(r))
}

test('`trellis emulate` and `emulate seed` take the same lock: they wait for an open --emulate run, and it waits for them', async () => {
  await inTempDir('emu-concurrent', async (dir) => {
    const open = await openLocalPlatforms({ stateDir: dir })
    await makeFolder(open, 'in-process')
    // the server does not start over an open run's data (it would serve, then save, without its objects)
    await startEmulate({ stateDir: dir, lockWaitMs: 150 }).then(
      async (r) => {
        await r.stop()
        assert.unreachable('served while an --emulate run held the data file')
      },
      (e: Error) => assert.match(e.message, /is in use by another --emulate run/),
    )
    // a seed waits for the run to close, then adds to what it saved
    const seedFile = join(dir, 'seed.json')
    writeFileSync(seedFile, JSON.stringify({ cost: { folders: [{ token: 'fldr_seeded', title: 'seeded' }] } }))
    const seeding = seedEmulators(seedFile, { stateDir: dir, lockWaitMs: 10_000 })
    await new Promise((r) => setTimeout(r, 200))
    await open.close()
    assert.match(await seeding, /Seeded .* with 1 cost folders/)
    assert.equal(await folderTitles(dir), ['in-process', 'seeded'])
    // the server holds the lock while it serves, so an in-process run cannot write under it
    const running = await startEmulate({ stateDir: dir, lockWaitMs: 1_000 })
    try {
      assert.ok(existsSync(dataLockFile(defaultDataFile(dir))), 'the server holds the data file')
      await lockEmulatorData(defaultDataFile(dir), { waitMs: 100 }).then(
        () => assert.unreachable('took the served data file'),
        (e: Error) => assert.match(e.message, /in use/),
      )
    } finally {
      await running.stop()
    }
    assert.not.ok(existsSync(dataLockFile(defaultDataFile(dir))), 'stopped: the lock is gone')
    assert.equal(await folderTitles(dir), ['in-process', 'seeded'])
  })
})

test.run()
