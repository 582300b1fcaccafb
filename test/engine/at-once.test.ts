/**
 * The mock handler's creates and the memory store's appends are taken at once through declared
 * capabilities (`Handler.createSync`, `StateStore.appendSync`). A run that way must record exactly
 * what the same run records through their tasks, and through wrappers that replace `create` or
 * `append` (and so drop the capability): the same state, journal, outputs and mock objects, each
 * create written ahead. A decorator forwards, wraps or drops a capability explicitly.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { secret } from '#trellis'
import { stack, type Stack } from '#trellis'
import { apply, formatEngineError, mapHandler } from '#trellis/engine'
import { mockHandler, type Mocks } from '#trellis/testing'
import type { Handler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import type { StateStore } from '#trellis'
import type { JournalRecord } from '#trellis/engine'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('at once')

type Way = 'at once' | 'tasks' | 'promise tasks'
const WAYS: ReadonlyArray<Way> = ['at once', 'tasks', 'promise tasks']

/** a mock platform and a memory store, taken the given way; `calls` counts the wrappers' calls */
const world = (way: Way, mocks?: Mocks) => {
  const m = mockHandler(mocks)
  const store = memoryStore()
  const calls = { create: 0, append: 0 }
  // every record the store is given, in order, whichever way it is given
  const records: JournalRecord[] = []
  const { createSync: _createSync, ...tasksOnly } = m
  const { appendSync, ...appendsOnly } = store
  void _createSync
  const handler: Handler =
    way === 'at once'
      ? m
      : way === 'tasks'
        ? tasksOnly
        : {
            ...tasksOnly,
            create: (c, i) => {
              calls.create++
              return () => m.create(c, i)()
            },
          }
  const wrapped: StateStore =
    way === 'at once'
      ? {
          ...store,
          appendSync: {
            of: store.append,
            run: (s, r) => {
              records.push(r)
              return appendSync!.run(s, r)
            },
          },
        }
      : {
          ...appendsOnly,
          append: (s, rs) => {
            calls.append++
            records.push(...rs)
            return way === 'tasks' ? store.append(s, rs) : () => store.append(s, rs)()
          },
        }
  const env: Env = {
    registry: demoRegistry,
    handler,
    store: wrapped,
    events: () => undefined,
    concurrency: 3,
    now: () => new Date('2026-01-01T00:00:00Z'),
    newState: () => ({ lineage: 'lineage-w', salt: 'salt-w' }),
  }
  return { m, store, env, calls, records }
}

const first = (): Stack => {
  const lib = demo.getLibrary('lib')
  const a = demo.shelf('a', { title: 'A' })
  const b = demo.shelf('b', { title: 'B', tags: ['x'] }).room(lib.out.rooms.map((r) => r[0]))
  const books = [0, 1, 2, 3].map((i) =>
    demo.book(`k${i}`, { title: `K${i}` }).shelfToken(i % 2 ? a.out.token : b.out.token),
  )
  return stack('w')
    .add(lib, a, b, ...books, demo.book('coded', { title: 'C', code: secret('s3cret') }).shelfToken(a.out.token))
    .export('last', books[3].out.token)
}
// the second run replaces a book (no update: a changed title replaces it), updates a shelf and
// drops another book
const second = (): Stack => {
  const a = demo.shelf('a', { title: 'A2' })
  const b = demo.shelf('b', { title: 'B', tags: ['x'] })
  return stack('w').add(
    a,
    b,
    demo.book('k0', { title: 'K0 again' }).shelfToken(b.out.token),
    demo.book('k1', { title: 'K1' }).shelfToken(a.out.token),
  )
}

// promise tasks let steps finish in other turns, so other orders: compared as sets there
const sorted = <A>(xs: ReadonlyArray<A>, ordered: boolean): ReadonlyArray<A> =>
  ordered ? xs : [...xs].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
const byKey = (o: Readonly<Record<string, unknown>>, ordered: boolean) => sorted(Object.entries(o), ordered)

const runOf = async (way: Way, ordered = way !== 'promise tasks') => {
  const w = world(way)
  const seen: unknown[] = []
  for (const s of [first(), second()]) {
    const r = await apply(s)(w.env)()
    if (isLeft(r)) throw new Error(formatEngineError(r.left))
    const { resources, pending, ...rest } = r.right.state
    seen.push({
      journal: sorted(
        r.right.journal.map((j) => ({ ...j, seq: ordered ? j.seq : 0, ms: 0 })),
        ordered,
      ),
      outputs: r.right.outputs,
      state: { ...rest, resources: byKey(resources, ordered), pending: byKey(pending, ordered) },
    })
  }
  seen.push(sorted([...w.m.objects()], ordered))
  const { resources, ...rest } = w.store.snapshot('w')!
  seen.push({ ...rest, resources: byKey(resources, ordered) })
  return { seen: JSON.parse(JSON.stringify(seen)) as unknown, calls: w.calls }
}

test('the mock and the memory store declare their at-once capabilities, each for its own method', () => {
  const m = mockHandler()
  assert.type(m.createSync?.run, 'function')
  assert.is(m.createSync?.of, m.create)
  const store = memoryStore()
  assert.type(store.appendSync?.run, 'function')
  assert.is(store.appendSync?.of, store.append)
})

test('mapHandler forwards createSync untouched, wraps it when asked, and drops it under a task mapping', () => {
  const m = mockHandler()
  const forwarded = mapHandler(m, { context: (c) => c })
  assert.is(forwarded.createSync?.run, m.createSync?.run)
  // it stands for the create mapHandler made, not the inner one
  assert.is(forwarded.createSync?.of, forwarded.create)
  assert.is(mapHandler(m, { task: (_method, make) => make() }).createSync, undefined)
  const seen: string[] = []
  const wrapped = mapHandler(m, {
    task: (_method, make) => make(),
    createSync: (inner, spec, name, inputs) => (seen.push(name), inner(spec, name, inputs)),
  })
  const spec = demoRegistry.resources.get('demo:Shelf')!
  assert.is(wrapped.createSync?.of, wrapped.create)
  const made = wrapped.createSync!.run(spec, 'x', { title: 'X' })
  assert.equal(seen, ['x'])
  assert.ok(m.objects().has((made as { id: string }).id))
})

test('taken at once, every create is written ahead and settled, as through tasks', async () => {
  const order = async (way: Way) => {
    const w = world(way)
    const r = await apply(first())(w.env)()
    assert.ok(!isLeft(r))
    // per address: the kinds of record it got, in order
    const by = new Map<string, string[]>()
    const opAt = new Map<string, string>()
    for (const x of w.records) {
      const a = x.t === 'pending' ? x.op.address : x.t === 'put' ? x.resource.address : x.t === 'drop' ? x.address : ''
      if (x.t === 'pending') opAt.set(x.op.opId, a)
      const at = x.t === 'settled' ? opAt.get(x.opId)! : a
      by.set(at, [...(by.get(at) ?? []), x.t === 'pending' ? `pending ${x.op.op}` : x.t])
    }
    return [...by].sort()
  }
  const atOnce = await order('at once')
  assert.equal(atOnce, await order('tasks'))
  assert.is(atOnce.length, 7)
  for (const [, kinds] of atOnce) assert.equal(kinds, ['pending create', 'put', 'settled'])
})

test('a run taken at once records what it records through tasks and through wrappers', async () => {
  // tasks let steps finish in other turns: the same, but for the order steps finished in
  const [atOnce, tasks, promises] = await Promise.all(WAYS.map((w) => runOf(w, false)))
  assert.equal(tasks.seen, atOnce.seen)
  assert.equal(promises.seen, atOnce.seen)
  // the wrappers were asked for every create and every append
  assert.is(promises.calls.create, 7 + 2)
  assert.ok(promises.calls.append > 0)
})

test('a wrapper that spreads the mock or the memory store and replaces create or append is called for each', async () => {
  const m = mockHandler()
  const store = memoryStore()
  const created: string[] = []
  const appended: string[] = []
  // the at-once forms ride along in the spread, tied to the methods replaced: not used
  const handler: Handler = { ...m, create: (c, i) => (created.push(c.name), m.create(c, i)) }
  const wrapped: StateStore = {
    ...store,
    append: (s, rs) => (appended.push(...rs.map((x) => x.t)), store.append(s, rs)),
  }
  const env = { ...world('at once').env, handler, store: wrapped }
  const r = await apply(first())(env)()
  if (isLeft(r)) throw new Error(formatEngineError(r.left))
  assert.equal([...created].sort(), ['a', 'b', 'coded', 'k0', 'k1', 'k2', 'k3'])
  assert.is(appended.filter((t) => t === 'pending').length, 7)
  assert.is(appended.filter((t) => t === 'settled').length, 7)
  // and what the wrappers passed on reached the platform and the store
  assert.is(m.objects().size, 7)
  assert.is(Object.keys(store.snapshot('w')!.resources).length, 7)
})

test('a create that throws fails its step the same way, its write-ahead entry settled', async () => {
  const mocks: Mocks = {
    newResource: (a) => {
      if (a.name === 'k2') throw new Error('the mock refuses k2')
      return undefined
    },
  }
  const results = await Promise.all(
    WAYS.map(async (way) => {
      const w = world(way, mocks)
      const r = await apply(first())(w.env)()
      assert.ok(isLeft(r))
      const snapshot = w.store.snapshot('w')!
      return JSON.stringify({
        error: isLeft(r) ? formatEngineError(r.left) : '',
        resources: Object.keys(snapshot.resources).sort(),
        pending: snapshot.pending,
      })
    }),
  )
  assert.match(results[0], 'the mock refuses k2')
  assert.equal(results.slice(1), [results[0], results[0]])
})

test.run()
