import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, writeFileSync, readdirSync, existsSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isLeft, isRight } from 'fp-ts/Either'
import { fileStore } from '#src/state/file-store'
import { emptyState } from '#trellis/engine'
import type { State } from '#trellis'

const test = suite('file store')
const fresh = () => fileStore({ dir: mkdtempSync(join(tmpdir(), 'trellis-')) })
const base = (): State => emptyState('web', 'lin-1', 'salt')
const put = (n: number) => ({
  t: 'put' as const,
  resource: {
    address: `demo:Shelf/s${n}`,
    token: 'demo:Shelf',
    name: `s${n}`,
    provider: 'demo',
    id: `id${n}`,
    inputs: {},
    outputs: {},
    dependencies: [],
    changedAt: {},
  },
})

test('a snapshot round-trips and the serial increments on each write', async () => {
  const s = fresh()
  const w1 = await s.write('web', base())()
  assert.ok(isRight(w1))
  const r = await s.read('web')()
  assert.ok(isRight(r) && r.right?.serial === 1)
})

test('journal records are durable before the snapshot is rewritten, and fold into it', async () => {
  const s = fresh()
  const w = await s.write('web', base())()
  if (isLeft(w)) throw new Error(w.left.message)
  await s.append('web', [put(1)])()
  await s.append('web', [put(2), put(3)])()
  // a second store instance (another process) sees them
  const other = fileStore({ dir: s.dir })
  const r = await other.read('web')()
  assert.ok(isRight(r))
  if (isRight(r))
    assert.equal(Object.keys(r.right!.resources).sort(), ['demo:Shelf/s1', 'demo:Shelf/s2', 'demo:Shelf/s3'])
  const w2 = await s.write('web', r.right!)()
  assert.ok(isRight(w2))
  assert.not.ok(existsSync(join(s.dir, 'web.journal')))
})

test('under the lock the journal stays open across appends, and never outlives the file it names', async () => {
  const s = fresh()
  const ok = async <A>(te: () => Promise<import('fp-ts/Either').Either<{ message: string }, A>>): Promise<A> => {
    const r = await te()
    if (isLeft(r)) throw new Error(r.left.message)
    return r.right
  }
  await ok(s.write('web', base()))
  const lock = await ok(s.lock('web'))
  await ok(s.append('web', [put(1)]))
  await ok(s.append('web', [put(2)]))
  // the snapshot folds the journal and removes it: the next append starts a new file
  const folded = await ok(s.read('web'))
  const snap = await ok(s.write('web', folded!))
  await ok(s.append('web', [put(3)]))
  const other = fileStore({ dir: s.dir })
  assert.equal(Object.keys((await ok(other.read('web')))!.resources).sort(), [
    'demo:Shelf/s1',
    'demo:Shelf/s2',
    'demo:Shelf/s3',
  ])
  await ok(lock.release())
  // another holder folds and removes the journal; this instance, locking again, appends to a new one
  const lock2 = await ok(other.lock('web'))
  await ok(other.write('web', (await ok(other.read('web')))!))
  await ok(lock2.release())
  assert.not.ok(existsSync(join(s.dir, 'web.journal')))
  const lock3 = await ok(s.lock('web'))
  await ok(s.read('web'))
  await ok(s.append('web', [put(4)]))
  await ok(lock3.release())
  const after = (await ok(fileStore({ dir: s.dir }).read('web')))!
  assert.is(after.serial, snap.serial + 1)
  assert.ok(after.resources['demo:Shelf/s4'], 'the append after another holder folded the journal is durable')
})

test('a torn last journal line (crash mid-append) loses only that record', async () => {
  const s = fresh()
  await s.write('web', base())()
  await s.append('web', [put(1)])()
  writeFileSync(
    join(s.dir, 'web.journal'),
    readFileSync(join(s.dir, 'web.journal'), 'utf8') + '{"s":1,"r":{"t":"put","reso',
    { flag: 'w' },
  )
  const r = await s.read('web')()
  assert.ok(isRight(r))
  if (isRight(r)) assert.equal(Object.keys(r.right!.resources), ['demo:Shelf/s1'])
})

test('a write based on an older serial or another lineage is refused', async () => {
  const s = fresh()
  const w1 = await s.write('web', base())()
  if (isLeft(w1)) throw new Error()
  await s.write('web', w1.right)()
  const stale = await s.write('web', w1.right)()
  assert.ok(isLeft(stale) && stale.left.kind === 'Conflict')
  const other = await s.write('web', { ...w1.right, serial: 2, lineage: 'lin-2' })()
  assert.ok(isLeft(other) && /lineage/.test(other.left.message))
})

test('a corrupted state file is an error with restore advice, never an empty state; restore works', async () => {
  const s = fresh()
  const w1 = await s.write('web', base())()
  if (isLeft(w1)) throw new Error()
  await s.write('web', { ...w1.right, outputs: { a: 1 } })()
  writeFileSync(join(s.dir, 'web.json'), readFileSync(join(s.dir, 'web.json'), 'utf8').slice(0, 40))
  const r = await s.read('web')()
  assert.ok(isLeft(r))
  if (isLeft(r)) {
    assert.is(r.left.kind, 'Corrupt')
    assert.match(r.left.message, /trellis state restore/)
  }
  const restored = await s.restore('web')()
  assert.ok(isRight(restored))
  if (isRight(restored)) assert.equal(restored.right.outputs, { a: 1 })
  const again = await s.read('web')()
  assert.ok(isRight(again))
})

test('at most 5 backups are kept', async () => {
  const s = fresh()
  let st = base()
  for (let i = 0; i < 8; i++) {
    const w = await s.write('web', st)()
    if (isLeft(w)) throw new Error(w.left.message)
    st = w.right
  }
  assert.is(readdirSync(join(s.dir, 'backups')).length, 5)
})

test('a live lock refuses a second holder, naming it; a stale lock is recovered', async () => {
  const s = fresh()
  const l1 = await s.lock('web', { owner: 'alice' })()
  assert.ok(isRight(l1))
  const l2 = await s.lock('web', { owner: 'bob', waitMs: 50 })()
  assert.ok(isLeft(l2))
  if (isLeft(l2)) {
    assert.is(l2.left.kind, 'Locked')
    assert.match(l2.left.message, new RegExp(`alice \\(pid ${process.pid} on .+\\) since `))
  }
  if (isRight(l1)) await l1.right.release()()
  // a lock left by a process that no longer exists
  writeFileSync(
    join(s.dir, 'web.lock'),
    JSON.stringify({
      owner: 'ghost',
      pid: 2 ** 22 + 12345,
      host: (await import('node:os')).hostname(),
      since: new Date().toISOString(),
    }),
  )
  const l3 = await s.lock('web', { owner: 'carol' })()
  assert.ok(isRight(l3))
})

test('restore keeps journal progress made on top of the restored snapshot', async () => {
  const s = fresh()
  const w = await s.write('web', base())()
  if (isLeft(w)) throw new Error(w.left.message)
  await s.read('web')()
  await s.append('web', [put(4)])()
  // the snapshot is damaged after the journal recorded a created resource
  writeFileSync(join(s.dir, 'web.json'), '{"checksum":"x"')
  const r = await s.restore('web')()
  assert.ok(isRight(r), isLeft(r) ? r.left.message : '')
  if (isRight(r)) assert.equal(Object.keys(r.right.resources), ['demo:Shelf/s4'])
  const again = await fileStore({ dir: s.dir }).read('web')()
  assert.ok(isRight(again) && again.right?.resources['demo:Shelf/s4']?.id === 'id4')
})

test('a holder whose lock was taken over as stale does not remove the new holder’s lock on release', async () => {
  const s = fresh()
  const l1 = await s.lock('web', { owner: 'alice' })()
  if (isLeft(l1)) throw new Error(l1.left.message)
  // a store that judges every lock stale (as after staleAfterMs) takes it over
  const l2 = await fileStore({ dir: s.dir, staleAfterMs: -1 }).lock('web', { owner: 'bob' })()
  assert.ok(isRight(l2))
  await l1.right.release()()
  const l3 = await fileStore({ dir: s.dir }).lock('web', { owner: 'carol' })()
  assert.ok(isLeft(l3) && l3.left.holder?.owner === 'bob', 'bob still holds the lock')
  if (isRight(l2)) await l2.right.release()()
  const l4 = await fileStore({ dir: s.dir }).lock('web', { owner: 'carol' })()
  assert.ok(isRight(l4))
})

test('a damaged lock file is not a holder: refused while fresh, recovered once old', async () => {
  const s = fresh()
  writeFileSync(join(s.dir, 'web.lock'), '{"owner":"half-writ')
  const l1 = await s.lock('web', { owner: 'alice' })()
  assert.ok(isLeft(l1) && l1.left.kind === 'Locked')
  const old = new Date(Date.now() - 60_000)
  utimesSync(join(s.dir, 'web.lock'), old, old)
  const l2 = await s.lock('web', { owner: 'alice' })()
  assert.ok(isRight(l2))
})

test.run()
