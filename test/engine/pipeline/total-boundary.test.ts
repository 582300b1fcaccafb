import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight, type Either } from 'fp-ts/Either'
import { stack } from '#trellis'
import { apply, refresh, type EngineError } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import type { Handler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import type { Defect } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { exitCodeOf } from '#trellis'
import { fromEngineError } from '#trellis/engine'
import { demo } from '../../fixtures/demo-builders'
import { demoRegistry } from '../../fixtures/demo-provider'

const test = suite('a total boundary: nothing handed to the engine makes an operation reject')
const envOf = (extra: Partial<Env> = {}): Env => ({
  registry: demoRegistry,
  handler: mockHandler(),
  store: memoryStore(),
  events: () => undefined,
  concurrency: 1,
  now: () => new Date('2026-01-01T00:00:00Z'),
  ...extra,
})
// a chain s0 <- s1 <- s2 <- s3: one step at a time, in a known order
const chain = () => {
  const s0 = demo.shelf('s0', { title: 'S0' })
  const s1 = demo.shelf('s1', { title: 'S1' }).options({ dependsOn: [s0] })
  const s2 = demo.shelf('s2', { title: 'S2' }).options({ dependsOn: [s1] })
  const s3 = demo.shelf('s3', { title: 'S3' }).options({ dependsOn: [s2] })
  return stack('chain').add(s0, s1, s2, s3)
}
const defectOf = (r: Either<EngineError, unknown>): Defect => {
  assert.ok(isLeft(r), 'a Left')
  const e = (r as { left: EngineError }).left
  assert.is(e._tag, 'Defect')
  return e as Defect
}
const done = (d: Defect) => d.result!.journal.filter((j) => j.status === 'done').map((j) => j.address)

test('a throwing confirm: Left Defect, nothing run, the result says cancelled', async () => {
  const r = await apply(chain(), {
    confirm: () => {
      throw new Error('prompt broke')
    },
  })(envOf())()
  const d = defectOf(r)
  assert.is(d.where, 'confirm')
  assert.is((d.cause as Error).message, 'prompt broke')
  assert.equal(d.result?.cancelled, true)
  assert.equal(d.result?.journal, [])
})

test('a throwing event sink: Left Defect; the step that threw and those before are recorded, no new step', async () => {
  const store = memoryStore()
  let seen = 0
  const r = await apply(chain())(
    envOf({
      store,
      events: (e) => {
        if (e.type === 'step-done' && ++seen === 2) throw new Error('sink broke')
      },
    }),
  )()
  const d = defectOf(r)
  assert.is(d.where, 'events')
  assert.equal(done(d), ['demo:Shelf/s0', 'demo:Shelf/s1'])
  assert.equal(d.result!.journal.filter((j) => j.status === 'skipped').length, 2)
  // what was recorded is saved: the store holds the two shelves made
  const saved = await store.read('chain')()
  assert.ok(isRight(saved) && saved.right)
  assert.equal(Object.keys(isRight(saved) ? saved.right.resources : {}).sort(), ['demo:Shelf/s0', 'demo:Shelf/s1'])
})

test('a throwing store write: Left Defect whose result lists the steps done', async () => {
  const inner = memoryStore()
  let writes = 0
  const store = {
    ...inner,
    write: ((s, st) => {
      // the first write is the new stack's snapshot; the second is the save after the run
      if (++writes === 2) throw new Error('disk gone')
      return inner.write(s, st)
    }) as typeof inner.write,
  }
  const r = await apply(chain())(envOf({ store }))()
  const d = defectOf(r)
  assert.is(d.where, 'store.write')
  assert.equal(done(d), ['demo:Shelf/s0', 'demo:Shelf/s1', 'demo:Shelf/s2', 'demo:Shelf/s3'])
})

test('a handler that throws (not a failure it answers): Left Defect, the steps before it recorded', async () => {
  const m = mockHandler()
  const handler: Handler = {
    ...m,
    create: (c, i) => {
      if (c.name === 's2') throw new TypeError('handler bug')
      return m.create(c, i)
    },
  }
  const r = await apply(chain())(envOf({ handler }))()
  const d = defectOf(r)
  assert.is(d.where, 'handler.create')
  assert.equal(done(d), ['demo:Shelf/s0', 'demo:Shelf/s1'])
  assert.ok(d.result!.journal.some((j) => j.address === 'demo:Shelf/s2' && j.status === 'failed'))
})

test('a task that rejects is a defect too; refresh with a throwing confirm resolves', async () => {
  const m = mockHandler()
  const handler: Handler = { ...m, create: () => () => Promise.reject(new Error('rejected')) }
  const d = defectOf(await apply(chain())(envOf({ handler }))())
  assert.is(d.where, 'handler.create')
  assert.equal(done(d), [])
  const env = envOf()
  assert.ok(isRight(await apply(chain())(env)()))
  // drift: each shelf's title changed on the (mock) platform
  const m2 = env.handler as ReturnType<typeof mockHandler>
  const spec = demoRegistry.resources.get('demo:Shelf')!
  for (const [id, o] of [...m2.objects()]) {
    const c = { spec, address: `demo:Shelf/${id}`, name: id, provider: 'demo', config: {} }
    await m2.update(c, id, { ...o.inputs, title: 'changed outside' }, o.inputs, o.outputs)()
  }
  const rr = await refresh(chain(), {
    confirm: () => {
      throw new Error('no')
    },
  })(env)()
  assert.is(defectOf(rr).where, 'confirm')
})

test('a defect is a TrellisError of kind failed, exit code 1, naming where it came from', () => {
  const e = fromEngineError({ _tag: 'Defect', cause: new Error('x'), where: 'events' })
  assert.is(e.kind, 'failed')
  assert.is(exitCodeOf({ _tag: 'Defect', cause: 'x', where: 'events' }), 1)
  assert.is(exitCodeOf({ _tag: 'StateError', kind: 'Locked', message: 'held' }), 4)
  assert.match(e.message, /events threw: x/)
})

test('an aborted apply answers with its partial outcome: the steps done, the rest skipped', async () => {
  const stop = new AbortController()
  const r = await apply(chain())(
    envOf({
      signal: stop.signal,
      events: (e) => {
        if (e.type === 'step-done' && e.address === 'demo:Shelf/s1') stop.abort()
      },
    }),
  )()
  assert.ok(isRight(r))
  const out = isRight(r) ? r.right : undefined
  assert.is(out?.interrupted, true)
  assert.equal(
    out?.journal.filter((j) => j.status === 'done').map((j) => j.address),
    ['demo:Shelf/s0', 'demo:Shelf/s1'],
  )
  assert.equal(Object.keys(out!.state.resources).sort(), ['demo:Shelf/s0', 'demo:Shelf/s1'])
})

test('the mock handler is lazy: its tasks change nothing until run', async () => {
  const m = mockHandler()
  const env = envOf({ handler: m })
  assert.ok(isRight(await apply(chain())(env)()))
  const [id, before] = [...m.objects()].find(([, o]) => o.token === 'demo:Shelf')!
  const spec = demoRegistry.resources.get('demo:Shelf')!
  const c = { spec, address: 'demo:Shelf/s0', name: 's0', provider: 'demo', config: {} }
  const u = m.update(c, id, { title: 'new' }, before.inputs, before.outputs)
  const d = m.delete(c, id, before.inputs, before.outputs)
  assert.equal(m.objects().get(id)?.inputs, before.inputs, 'update not run yet')
  await u()
  assert.equal(m.objects().get(id)?.inputs, { title: 'new' })
  assert.ok(m.objects().has(id), 'delete not run yet')
  await d()
  assert.not.ok(m.objects().has(id))
})

test.run()
