/**
 * The memory store against the StateStore conformance suite. It keeps nothing durable and has no
 * holder process to lose, so one instance stands for every "process" and the lock, backup and
 * restore cases that need storage are left out (the suite prints which).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { memoryStore } from '#src/state/memory-store'
import { emptyState, type JournalRecord } from '#trellis/engine'
import { resource, storeConformance } from './store-conformance'

storeConformance(
  'memory store',
  async () => {
    const store = memoryStore()
    return { store, reopen: () => store }
  },
  { waits: true, recovers: false, backups: false },
)

// the memory store keeps journal records as they come and folds them when the state is read, or
// once 65,536 are waiting: every way through must read as the records say, in order
const journal = suite('memory store: journal records read as appended')

const appendAll = async (store: ReturnType<typeof memoryStore>, records: JournalRecord[]): Promise<void> => {
  const r = await store.append('j', records)()
  if (isLeft(r)) throw new Error(r.left.message)
}

journal('read before, between and after appends (folded more than once), and past the bound', async () => {
  const store = memoryStore()
  const w = await store.write('j', { ...emptyState('j', 'lineage-j', 'salt'), serial: 0 })()
  if (isLeft(w)) throw new Error(w.left.message)
  assert.equal(store.snapshot('j')!.resources, {})
  await appendAll(store, [
    { t: 'put', resource: resource(1) },
    { t: 'put', resource: resource(2) },
  ])
  assert.equal(Object.keys(store.snapshot('j')!.resources), ['demo:Shelf/s1', 'demo:Shelf/s2'])
  // after a read: a drop, a pending entry and a put that replaces an earlier one
  const op = { op: 'create' as const, opId: 'op-1', address: 'demo:Shelf/s3', token: 'demo:Shelf', name: 's3' }
  await appendAll(store, [
    { t: 'drop', address: 'demo:Shelf/s1' },
    { t: 'pending', op: { ...op, provider: 'demo', inputs: {}, startedAt: '2024-01-01T00:00:00.000Z' } },
    { t: 'put', resource: resource(2, { id: 'id2-new' }) },
  ])
  const mid = store.snapshot('j')!
  assert.equal(Object.keys(mid.resources), ['demo:Shelf/s2'])
  assert.is(mid.resources['demo:Shelf/s2'].id, 'id2-new')
  assert.equal(Object.keys(mid.pending), ['op-1'])
  // past the bound without a read: 70,000 records, one by one (folded once on the way)
  for (let i = 0; i < 35_000; i++)
    await appendAll(store, [
      { t: 'put', resource: resource(100 + i) },
      i % 2 === 0 ? { t: 'drop', address: `demo:Shelf/s${100 + i}` } : { t: 'outputs', outputs: { last: i } },
    ])
  await appendAll(store, [{ t: 'settled', opId: 'op-1' }])
  const end = store.snapshot('j')!
  assert.is(Object.keys(end.resources).length, 1 + 17_500)
  assert.ok(end.resources['demo:Shelf/s101'] && !end.resources['demo:Shelf/s100'])
  assert.equal(end.pending, {})
  assert.equal(end.outputs, { last: 34_999 })
  // a snapshot drops the records: what is read is what was written
  const next = await store.write('j', end)()
  if (isLeft(next)) throw new Error(next.left.message)
  assert.is(Object.keys(store.snapshot('j')!.resources).length, 17_501)
})

journal.run()
