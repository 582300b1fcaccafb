/**
 * The StateStore conformance suite: every store (memory, file, PostgreSQL) runs these same cases —
 * round trip, serial and lineage checks, durable journal appends folded by the next write, a lock
 * that names its holder and is recovered when the holder is gone, backups and restore.
 *
 * A store lacking a capability by design (the memory store has no process to lose and nothing to
 * back up) says so in its harness; the suite prints which cases it left out and why.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { hostname } from 'node:os'
import { isLeft, isRight, type Either } from 'fp-ts/Either'
import { emptyState, type JournalRecord } from '#trellis/engine'
import type { ResourceState, State } from '#trellis'
import type { StateError, StateStore } from '#trellis/engine'

/** what a store can do by design; the cases needing what it lacks are not registered */
export interface StoreCapabilities {
  /** `lock` waits up to `waitMs` for a live holder */
  readonly waits: boolean
  /** a lock's holder can be gone (a process, a session) and the lock recovered */
  readonly recovers: boolean
  /** snapshots are stored (can be damaged), kept as backups and restored */
  readonly backups: boolean
}

export interface StoreHarness {
  readonly store: StateStore
  /** another instance over the same storage, as a second process would open it */
  readonly reopen: () => StateStore
  /** leave the stack locked by a holder that is gone (a dead process, a killed session) */
  readonly abandonLock?: (stack: string) => Promise<void>
  /** damage the stored snapshot of a stack */
  readonly corrupt?: (stack: string) => Promise<void>
  /** serials of the kept backups, newest first */
  readonly backups?: (stack: string) => Promise<ReadonlyArray<number>>
  readonly restore?: (stack: string) => Promise<Either<StateError, State>>
  readonly cleanup?: () => Promise<void>
}

export const resource = (n: number, extra: Partial<ResourceState> = {}): ResourceState => ({
  address: `demo:Shelf/s${n}`,
  token: 'demo:Shelf',
  name: `s${n}`,
  provider: 'demo',
  id: `id${n}`,
  inputs: { title: `Shelf ${n} — «ünïcode» \u2603`, tags: ['a', 'b'], nested: { deep: [1, 2, { x: null }] } },
  outputs: { token: `id${n}` },
  dependencies: [],
  changedAt: { title: '2024-01-01T00:00:00.000Z' },
  ...extra,
})
const put = (n: number): JournalRecord => ({ t: 'put', resource: resource(n) })

const right = async <A>(te: () => Promise<Either<StateError, A>>, what: string): Promise<A> => {
  const r = await te()
  if (isLeft(r)) throw new Error(`${what}: ${r.left.kind}: ${r.left.message}`)
  return r.right
}
const left = async <A>(te: () => Promise<Either<StateError, A>>, what: string): Promise<StateError> => {
  const r = await te()
  if (isRight(r)) throw new Error(`${what}: expected a refusal, got ${JSON.stringify(r.right)?.slice(0, 200)}`)
  return r.left
}

let counter = 0
/** a stack name no other case uses (stores may be shared between cases) */
const fresh = (what: string) => `${what}-${process.pid}-${++counter}`

export const storeConformance = (name: string, make: () => Promise<StoreHarness>, caps: StoreCapabilities): void => {
  const test = suite(`${name}: StateStore conformance`)
  const harnesses: StoreHarness[] = []
  const open = async () => {
    const h = await make()
    harnesses.push(h)
    return h
  }
  test.after(async () => {
    for (const h of harnesses.splice(0)) await h.cleanup?.()
  })
  const skipped = [
    ...(caps.waits ? [] : ['waiting for a lock (this store refuses at once)']),
    ...(caps.recovers ? [] : ['recovering the lock of a gone holder (no holder process to lose)']),
    ...(caps.backups ? [] : ['backups, corruption and restore (nothing stored)']),
  ]
  if (skipped.length)
    console.log(`${name}: conformance cases not applicable by design, not registered: ${skipped.join('; ')}`)
  const need = <K extends keyof StoreHarness>(h: StoreHarness, k: K): NonNullable<StoreHarness[K]> => {
    if (!h[k]) throw new Error(`${name}: the harness must provide ${String(k)} for this capability`)
    return h[k]
  }
  const base = (stack: string, lineage = 'lin-1'): State => emptyState(stack, lineage, 'salt-1')

  test('an unknown stack reads as undefined', async () => {
    const { store } = await open()
    assert.is(await right(store.read(fresh('none')), 'read'), undefined)
  })

  test('a snapshot round-trips exactly, and the stack is listed', async () => {
    const { store, reopen } = await open()
    const stack = fresh('round')
    const s: State = {
      ...base(stack),
      resources: { [resource(1).address]: resource(1) },
      outputs: { url: 'https://x', n: 3, secret: { _tag: 'Secret', digest: 'd' } },
    }
    const w = await right(store.write(stack, s), 'write')
    assert.is(w.serial, 1)
    assert.equal(await right(reopen().read(stack), 'read'), { ...s, serial: 1 })
    assert.ok((await right(store.list(), 'list')).includes(stack))
  })

  test('the serial increments on every write', async () => {
    const { store } = await open()
    const stack = fresh('serial')
    let s = base(stack)
    const seen: number[] = []
    for (let i = 0; i < 4; i++) {
      s = await right(store.write(stack, { ...s, outputs: { i } }), `write ${i}`)
      seen.push(s.serial)
    }
    assert.equal(seen, [1, 2, 3, 4])
    const r = await right(store.read(stack), 'read')
    assert.is(r?.serial, 4)
    assert.equal(r?.outputs, { i: 3 })
  })

  test('remove forgets a stack (read undefined, not listed), and refuses a stale serial', async () => {
    const { store, reopen } = await open()
    const remove = store.remove
    if (!remove) throw new Error(`${name}: the store must remove a stack (trellis stack rm)`)
    const stack = fresh('removed')
    const w1 = await right(store.write(stack, base(stack)), 'write 1')
    const w2 = await right(store.write(stack, w1), 'write 2')
    // journal records on top of the snapshot go with it
    await right(store.append(stack, [put(1)]), 'append')
    const stale = await left(remove(stack, w1.serial), 'remove at an older serial')
    assert.is(stale.kind, 'Conflict')
    assert.ok(await right(reopen().read(stack), 'read'), 'a refused remove changes nothing')
    await right(remove(stack, w2.serial), 'remove')
    assert.is(await right(reopen().read(stack), 'read after remove'), undefined)
    assert.not.ok((await right(reopen().list(), 'list')).includes(stack))
    // a new stack of that name starts afresh (another lineage is no conflict)
    const again = await right(store.write(stack, base(stack, 'lin-2')), 'first write again')
    assert.is(again.serial, 1)
  })

  test('a write based on an older serial is refused and changes nothing', async () => {
    const { store, reopen } = await open()
    const stack = fresh('stale')
    const w1 = await right(store.write(stack, base(stack)), 'write 1')
    await right(reopen().write(stack, { ...w1, outputs: { by: 'other run' } }), 'write 2')
    const e = await left(store.write(stack, { ...w1, outputs: { by: 'stale run' } }), 'stale write')
    assert.is(e.kind, 'Conflict')
    assert.match(e.message, /serial 2/)
    assert.equal((await right(store.read(stack), 'read'))?.outputs, { by: 'other run' })
  })

  test("a write from another lineage is refused (another stack's history)", async () => {
    const { store } = await open()
    const stack = fresh('lineage')
    const w1 = await right(store.write(stack, base(stack)), 'write')
    const e = await left(store.write(stack, { ...w1, lineage: 'lin-2' }), 'other lineage')
    assert.is(e.kind, 'Conflict')
    assert.match(e.message, /lineage/)
    assert.is((await right(store.read(stack), 'read'))?.lineage, 'lin-1')
  })

  test('journal appends are durable for a new store instance and replayed in order', async () => {
    const { store, reopen } = await open()
    const stack = fresh('journal')
    await right(store.write(stack, base(stack)), 'write')
    await right(store.read(stack), 'read')
    const op = {
      opId: 'op-1',
      op: 'create' as const,
      address: 'demo:Shelf/s9',
      token: 'demo:Shelf',
      name: 's9',
      provider: 'demo',
      inputs: { title: 'x' },
      startedAt: '2024-01-01T00:00:00.000Z',
    }
    await right(store.append(stack, [put(1)]), 'append 1')
    await right(store.append(stack, [put(2), { t: 'pending', op }, put(3)]), 'append 2')
    await right(
      store.append(stack, [
        { t: 'drop', address: 'demo:Shelf/s2' },
        { t: 'outputs', outputs: { o: 1 } },
      ]),
      'append 3',
    )
    const r = await right(reopen().read(stack), 'read from another instance')
    assert.equal(Object.keys(r!.resources).sort(), ['demo:Shelf/s1', 'demo:Shelf/s3'])
    assert.equal(r!.resources['demo:Shelf/s1'], resource(1))
    assert.equal(Object.keys(r!.pending), ['op-1'], 'a pending write-ahead record survives for reconciliation')
    assert.equal(r!.outputs, { o: 1 })
    assert.is(r!.serial, 1, 'appends do not change the serial')
    await right(store.append(stack, [{ t: 'settled', opId: 'op-1' }]), 'append settled')
    assert.equal((await right(reopen().read(stack), 'read'))!.pending, {})
  })

  test('a write folds the journal: its records are not replayed on top of a later snapshot', async () => {
    const { store, reopen } = await open()
    const stack = fresh('fold')
    await right(store.write(stack, base(stack)), 'write 1')
    await right(store.read(stack), 'read')
    await right(store.append(stack, [put(1), put(2)]), 'append')
    const folded = await right(reopen().read(stack), 'read')
    // the next snapshot drops s1: were the journal kept, s1 would come back
    const { ['demo:Shelf/s1']: _gone, ...rest } = folded!.resources
    const w2 = await right(store.write(stack, { ...folded!, resources: rest }), 'write 2')
    assert.is(w2.serial, 2)
    const r = await right(reopen().read(stack), 'read after write')
    assert.equal(Object.keys(r!.resources), ['demo:Shelf/s2'])
    const again = await right(store.read(stack), 'read again')
    assert.equal(again, r)
  })

  test('a second lock holder is refused after a bounded wait, naming the holder (owner, pid, host, since)', async () => {
    const { store, reopen } = await open()
    const stack = fresh('lock')
    const before = Date.now()
    const l1 = await right(store.lock(stack, { owner: 'alice' }), 'lock 1')
    const e = await left(reopen().lock(stack, { owner: 'bob', waitMs: 300 }), 'lock 2')
    assert.is(e.kind, 'Locked')
    assert.ok(e.holder, 'the refusal carries the holder')
    assert.is(e.holder.owner, 'alice')
    assert.is(e.holder.pid, process.pid)
    assert.is(e.holder.host, hostname())
    const since = Date.parse(e.holder.since)
    assert.ok(since >= before - 1000 && since <= Date.now() + 1000, `since ${e.holder.since}`)
    assert.match(e.message, `alice (pid ${process.pid} on ${hostname()}) since ${e.holder.since}`)
    await right(l1.release(), 'release')
    const l2 = await right(reopen().lock(stack, { owner: 'bob' }), 'lock after release')
    await right(l2.release(), 'release 2')
  })

  test('locks are per stack', async () => {
    const { store, reopen } = await open()
    const a = await right(store.lock(fresh('a'), { owner: 'alice' }), 'lock a')
    const b = await right(reopen().lock(fresh('b'), { owner: 'bob' }), 'lock b')
    await right(a.release(), 'release a')
    await right(b.release(), 'release b')
  })

  if (caps.waits)
    test('a waiting second holder gets the lock once the first releases it', async () => {
      const h = await open()
      const stack = fresh('wait')
      const l1 = await right(h.store.lock(stack, { owner: 'alice' }), 'lock 1')
      let settled = false
      const waiting = h
        .reopen()
        .lock(stack, { owner: 'bob', waitMs: 20_000 })()
        .then((r) => ((settled = true), r))
      await new Promise((r) => setTimeout(r, 100))
      assert.not.ok(settled, 'the second holder is still waiting while the first holds the lock')
      await right(l1.release(), 'release 1')
      const r = await waiting
      assert.ok(isRight(r), isLeft(r) ? r.left.message : '')
      if (isRight(r)) await right(r.right.release(), 'release 2')
    })

  if (caps.recovers)
    test('a lock whose holder is gone is recovered', async () => {
      const h = await open()
      const stack = fresh('stale-lock')
      await need(h, 'abandonLock')(stack)
      const l = await right(h.reopen().lock(stack, { owner: 'carol', waitMs: 5_000 }), 'lock after the holder died')
      const e = await left(h.store.lock(stack, { owner: 'dave' }), 'lock held by carol')
      assert.is(e.holder?.owner, 'carol', 'the recovered lock names its new holder')
      await right(l.release(), 'release')
    })

  if (caps.backups)
    test('the last 5 snapshots are kept as backups', async () => {
      const h = await open()
      const stack = fresh('backups')
      let s = base(stack)
      for (let i = 0; i < 8; i++) s = await right(h.store.write(stack, { ...s, outputs: { i } }), `write ${i}`)
      assert.equal(await need(h, 'backups')(stack), [8, 7, 6, 5, 4])
    })

  if (caps.backups)
    test('a damaged snapshot is Corrupt (never empty) and restore brings back the last good one', async () => {
      const h = await open()
      const stack = fresh('corrupt')
      const w1 = await right(h.store.write(stack, { ...base(stack), outputs: { v: 1 } }), 'write 1')
      const w2 = await right(
        h.store.write(stack, { ...w1, outputs: { v: 2 }, resources: { [resource(1).address]: resource(1) } }),
        'write 2',
      )
      await need(h, 'corrupt')(stack)
      for (const s of [h.store, h.reopen()]) {
        const e = await left(s.read(stack), 'read of a damaged snapshot')
        assert.is(e.kind, 'Corrupt')
        assert.match(e.message, /NOT treated as empty/)
        assert.match(e.message, /trellis state restore/)
      }
      const restored = await need(h, 'restore')(stack)
      assert.ok(isRight(restored), isLeft(restored) ? restored.left.message : '')
      if (isRight(restored)) {
        assert.equal(restored.right.outputs, { v: 2 })
        assert.ok(restored.right.serial > w2.serial, 'the restored copy continues the history with a higher serial')
      }
      const r = await right(h.reopen().read(stack), 'read after restore')
      assert.equal(r!.resources, w2.resources)
      // and the history goes on from there
      await right(h.store.write(stack, r!), 'write after restore')
    })

  test.run()
}
