/**
 * The mock handler's creates and the memory store's appends are taken at once, with no task per
 * call (createNowOf, appendNowOf). A run that way must record exactly what the same run records
 * through their immediate tasks, and through plain promise tasks: the same state, journal, outputs
 * and mock objects; and a wrapper that replaces `create` or `append` is called for each.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { secret } from '#trellis'
import { stack, type Stack } from '#trellis'
import { apply, formatEngineError } from '#trellis/engine'
import { mockHandler, type Mocks } from '#trellis/testing'
import { createNowOf } from '#src/engine/create-now'
import type { Handler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { appendNowOf } from '#src/state/append-now'
import type { StateStore } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('at once')

type Way = 'at once' | 'immediate tasks' | 'promise tasks'
const WAYS: ReadonlyArray<Way> = ['at once', 'immediate tasks', 'promise tasks']

/** a mock platform and a memory store, taken the given way; `calls` counts the wrappers' calls */
const world = (way: Way, mocks?: Mocks) => {
  const m = mockHandler(mocks)
  const store = memoryStore()
  const calls = { create: 0, append: 0 }
  const handler: Handler =
    way === 'at once'
      ? m
      : {
          ...m,
          create: (c, i) => {
            calls.create++
            return way === 'immediate tasks' ? m.create(c, i) : () => m.create(c, i)()
          },
        }
  const wrapped: StateStore =
    way === 'at once'
      ? store
      : {
          ...store,
          append: (s, r) => {
            calls.append++
            return way === 'immediate tasks' ? store.append(s, r) : () => store.append(s, r)()
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
  return { m, store, env, calls }
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

test('the mock and the memory store answer at once; wrappers replacing create or append do not', () => {
  const m = mockHandler()
  const store = memoryStore()
  assert.ok(createNowOf(m.create))
  assert.ok(appendNowOf(store.append))
  const w = world('immediate tasks')
  assert.not.ok(createNowOf(w.env.handler.create))
  assert.not.ok(appendNowOf(w.env.store.append))
  // a copy that keeps the functions keeps the way they answer
  assert.ok(createNowOf({ ...m }.create))
  assert.ok(appendNowOf({ ...store }.append))
})

test('a run taken at once records what it records through immediate and through promise tasks', async () => {
  const [atOnce, immediate, promises] = await Promise.all(WAYS.map((w) => runOf(w)))
  assert.equal(immediate.seen, atOnce.seen)
  // the same, but for the order steps finished in
  assert.equal(promises.seen, (await runOf('at once', false)).seen)
  const others = [immediate, promises]
  // the wrappers were asked for every create and every append
  for (const o of others) {
    assert.is(o.calls.create, 7 + 2)
    assert.ok(o.calls.append > 0)
  }
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
