import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as TE from 'fp-ts/TaskEither'
import { isLeft, isRight } from 'fp-ts/Either'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stack } from '#trellis'
import { apply, plan, destroy } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import type { Handler } from '#trellis/engine'
import { stepFailure } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { fileStore } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('run loop')
const envOf = (handler: Handler, extra: Partial<Env> = {}): Env => ({
  registry: demoRegistry,
  handler,
  store: memoryStore(),
  events: () => undefined,
  concurrency: 4,
  now: () => new Date('2026-01-01T00:00:00Z'),
  ...extra,
})
const shelves = (n: number) =>
  stack('many').add(...Array.from({ length: n }, (_, i) => demo.shelf(`s${i}`, { title: `S${i}` })))
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('never more steps in flight than the concurrency bound', async () => {
  const m = mockHandler()
  let inFlight = 0
  let max = 0
  const h: Handler = {
    ...m,
    create: (c, i) => async () => {
      inFlight++
      max = Math.max(max, inFlight)
      await delay(2)
      inFlight--
      return m.create(c, i)()
    },
  }
  const r = await apply(shelves(20))(envOf(h, { concurrency: 3 }))()
  assert.ok(isRight(r))
  assert.is(max, 3)
})

test('the first failure stops new work; in-flight steps finish and are recorded; all failures reported', async () => {
  const m = mockHandler()
  let started = 0
  const h: Handler = {
    ...m,
    create: (c, i) => async () => {
      started++
      await delay(c.name === 's0' ? 1 : 5)
      if (c.name === 's0' || c.name === 's1') return TE.left(stepFailure(c.address, 'create', `boom ${c.name}`))()
      return m.create(c, i)()
    },
  }
  const store = memoryStore()
  const r = await apply(shelves(10))(envOf(h, { concurrency: 3, store }))()
  assert.ok(isLeft(r))
  if (isLeft(r) && r.left._tag === 'ApplyError') {
    assert.equal(r.left.failures.map((f) => f.message).sort(), ['boom s0', 'boom s1'])
    assert.is(started, 3)
    const done = r.left.result.journal.filter((j) => j.status === 'done').map((j) => j.address)
    assert.equal(done, ['demo:Shelf/s2'])
    assert.is(r.left.result.journal.filter((j) => j.status === 'skipped').length, 7)
    assert.ok(store.snapshot('many')!.resources['demo:Shelf/s2'])
  } else assert.unreachable('expected an ApplyError')
})

test('cancellation: after abort no new step starts, in-flight ones finish and are saved', async () => {
  const m = mockHandler()
  const ac = new AbortController()
  let sent = 0
  const h: Handler = {
    ...m,
    // aborted once two creates are in flight (on the memory store a step's create is sent in the
    // turn the step starts, so aborting at the first would leave the second not started)
    create: (c, i) => async () => {
      if (++sent === 2) ac.abort()
      await delay(2)
      return m.create(c, i)()
    },
  }
  const store = memoryStore()
  const r = await apply(shelves(10))(envOf(h, { concurrency: 2, signal: ac.signal, store }))()
  assert.ok(isRight(r))
  if (isRight(r)) {
    assert.is(r.right.journal.filter((j) => j.status === 'done').length, 2)
    assert.is(Object.keys(store.snapshot('many')!.resources).length, 2)
  }
})

test('an ambiguous create stays pending and the next run adopts the object instead of duplicating it', async () => {
  const m = mockHandler()
  let fail = true
  const h: Handler = {
    ...m,
    create: (c, i) => async () => {
      const r = await m.create(c, i)()
      // the platform made it, but the reply was lost
      if (fail)
        return TE.left(stepFailure(c.address, 'create', 'connection reset after sending', { ambiguous: true }))()
      return r
    },
  }
  const store = memoryStore()
  const s = stack('one').add(demo.shelf('a', { title: 'A' }))
  const r1 = await apply(s)(envOf(h, { store }))()
  assert.ok(isLeft(r1))
  assert.is(Object.keys(store.snapshot('one')!.pending).length, 1)
  fail = false
  const r2 = await apply(s)(envOf(h, { store }))()
  assert.ok(isRight(r2))
  assert.is(m.objects().size, 1)
  assert.is(Object.keys(store.snapshot('one')!.pending).length, 0)
  assert.is(store.snapshot('one')!.resources['demo:Shelf/a'].id, [...m.objects().keys()][0])
})

test('a lost reply is looked for within the run: adopted when the platform made it, created again when it did not', async () => {
  for (const made of [true, false]) {
    const m = mockHandler()
    let lose = true
    const lost = (c: { address: string }) =>
      stepFailure(c.address, 'create', 'socket hang up', {
        ambiguous: true,
        cause: {
          _tag: 'PlatformError',
          kind: 'Network',
          request: 'POST /shelves',
          message: 'socket hang up',
          ambiguous: true,
        },
      })
    const h: Handler = {
      ...m,
      create: (c, i) => async () => {
        if (lose) {
          lose = false
          if (made) await m.create(c, i)()
          return TE.left(lost(c))()
        }
        return m.create(c, i)()
      },
    }
    const store = memoryStore()
    const r = await apply(stack('one').add(demo.shelf('a', { title: 'A' })))(envOf(h, { store }))()
    assert.ok(isRight(r), `made=${made}`)
    assert.is(m.objects().size, 1, 'exactly one shelf on the platform')
    assert.is(Object.keys(store.snapshot('one')!.pending).length, 0)
    assert.is(store.snapshot('one')!.resources['demo:Shelf/a'].id, [...m.objects().keys()][0])
  }
})

test('a non-ambiguous failure clears its pending entry', async () => {
  const m = mockHandler()
  const h: Handler = {
    ...m,
    create: (c) => TE.left(stepFailure(c.address, 'create', '400 bad request')),
  }
  const store = memoryStore()
  await apply(stack('one').add(demo.shelf('a', { title: 'A' })))(envOf(h, { store }))()
  assert.is(Object.keys(store.snapshot('one')!.pending).length, 0)
})

test('durable apply on the file store: every step journalled, then compacted', async () => {
  const store = fileStore({ dir: mkdtempSync(join(tmpdir(), 'trellis-run-')) })
  const r = await apply(shelves(50))(envOf(mockHandler(), { store }))()
  assert.ok(isRight(r))
  const back = await store.read('many')()
  assert.ok(isRight(back) && Object.keys(back.right!.resources).length === 50)
  const p = await plan(shelves(50))(envOf(mockHandler(), { store }))()
  assert.ok(isRight(p) && p.right.plan.steps.every((s) => s.action === 'noop'))
})

test('destroy deletes dependents before what they depend on', async () => {
  const m = mockHandler()
  const store = memoryStore()
  const shelf = demo.shelf('a', { title: 'A' })
  const s = stack('d').add(shelf, demo.book('b', { shelfToken: shelf.out.token, title: 'B' }))
  await apply(s)(envOf(m, { store }))()
  const r = await destroy(s)(envOf(m, { store }))()
  assert.ok(isRight(r))
  if (isRight(r))
    assert.equal(
      r.right.journal.map((j) => `${j.action} ${j.address}`),
      ['delete demo:Book/b', 'delete demo:Shelf/a'],
    )
  assert.is(m.objects().size, 0)
})

test('a burst of steps that go on later gives the event loop a turn every 8 starts; steps done at once never wait', async () => {
  const m = mockHandler()
  let started = 0
  let startedAtFirstTurn = -1
  const h: Handler = {
    ...m,
    create: (c, i) => async () => {
      // a turn asked for at the first start runs before the loop's own turn, whenever that comes
      if (++started === 1) setImmediate(() => (startedAtFirstTurn = started))
      await delay(1)
      return m.create(c, i)()
    },
  }
  const r = await apply(shelves(20))(envOf(h, { concurrency: 64 }))()
  assert.ok(isRight(r))
  assert.is(started, 20)
  assert.is(startedAtFirstTurn, 8)
  // the mock's creates are done at once: a whole apply of them takes no turn of the event loop
  let turned = false
  setImmediate(() => (turned = true))
  const at = await apply(shelves(50))(envOf(mockHandler(), { concurrency: 64 }))()
  assert.ok(isRight(at))
  assert.is(turned, false)
})

test.run()

const inst = suite('provider instances')
inst(
  'a node uses the instance named after its provider unless it names another; each gets its own configuration',
  async () => {
    const m = mockHandler()
    const seen: Record<string, unknown> = {}
    const h: Handler = {
      ...m,
      create: (c, i) => ((seen[c.name] = c.config.region), m.create(c, i)),
    }
    const { providerInstance } = await import('#trellis')
    const s = stack('regions', {
      providers: {
        demo: providerInstance('demo', { region: 'us' }),
        'demo-asia': providerInstance('demo', { region: 'asia' }),
      },
    }).add(
      demo.shelf('default', { title: 'D' }),
      demo.shelf('asian', { title: 'A' }).options({ provider: 'demo-asia' }),
    )
    const r = await apply(s)(envOf(h))()
    assert.ok(isRight(r))
    assert.equal(seen, { default: 'us', asian: 'asia' })
    const bare = await apply(stack('bare').add(demo.shelf('x', { title: 'X' })))(envOf(h))()
    assert.ok(isRight(bare))
    assert.is(seen.x, 'eu', 'with no instance configured, the provider defaults apply')
  },
)
inst.run()
