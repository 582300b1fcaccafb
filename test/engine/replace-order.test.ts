/**
 * Replacements: the order is a declaration (the spec's or the node's deleteBeforeReplace), shown
 * in plan text and JSON, journaled operation by operation in the order sent; and a create-first
 * replace writes the old object's delete ahead, so dying between the create and the delete leaves
 * it to the next run instead of on the platform forever.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { stack } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import type { Handler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { renderPlan } from '#trellis'
import { planToJson } from '#trellis'
import { memoryStore } from '#trellis'
import type { State } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'
import { ok } from '../helpers'

const test = suite('replace order')
const envOf = (handler: Handler, store = memoryStore()): Env => ({
  registry: demoRegistry,
  handler,
  store,
  events: () => undefined,
  concurrency: 4,
  now: () => new Date('2026-01-01T00:00:00Z'),
})
// books cannot be updated: a new title replaces the book
const book = (title: string, deleteFirst?: boolean) => {
  const b = demo.book('b', { shelfToken: 'shf', title })
  return stack('r').add(deleteFirst === undefined ? b : b.options({ deleteBeforeReplace: deleteFirst }))
}
/** the handler's calls in the order sent, as `create <title>` / `delete <id>` */
const recording = (m = mockHandler()) => {
  const calls: string[] = []
  const h: Handler = {
    ...m,
    create: (c, i) => {
      calls.push(`create ${String(i.title)}`)
      return m.create(c, i)
    },
    delete: (c, id, i, o) => {
      calls.push(`delete ${id}`)
      return m.delete(c, id, i, o)
    },
  }
  return { h, calls, m }
}

test('plan text and JSON say which goes first', async () => {
  const { h } = recording()
  const env = envOf(h)
  ok(await apply(book('One'))(env)())
  for (const [first, symbol, words] of [
    [false, '+/-', 'create first: the new Book is created, then the old one is deleted'],
    [true, '-/+', 'delete first: the old Book is deleted before the new one is created'],
  ] as const) {
    const p = ok(await plan(book('Two', first))(env)()).plan
    const text = renderPlan(p, demoRegistry)
    assert.match(text, `${symbol} demo:Book "b" will be replaced`)
    assert.match(text, words)
    const json = planToJson(p, demoRegistry) as { steps: Array<{ action: string; deleteBeforeReplace?: boolean }> }
    assert.equal(
      json.steps.map((s) => [s.action, s.deleteBeforeReplace]),
      [['replace', first]],
    )
  }
})

test('a delete-first replace journals the old object delete, then the create, in the order sent', async () => {
  const { h, calls } = recording()
  const env = envOf(h)
  const first = ok(await apply(book('One'))(env)()).state.resources['demo:Book/b'].id
  calls.length = 0
  const r = ok(await apply(book('Two', true))(env)())
  assert.equal(calls, [`delete ${first}`, 'create Two'])
  assert.equal(
    r.journal.map((j) => `${j.action} ${j.status} ${j.id ?? ''}`),
    [`delete done ${first}`, `replace done ${r.state.resources['demo:Book/b'].id}`],
  )
})

test('a create-first replace journals the create, then the old object delete', async () => {
  const { h, calls } = recording()
  const env = envOf(h)
  const first = ok(await apply(book('One'))(env)()).state.resources['demo:Book/b'].id
  calls.length = 0
  const r = ok(await apply(book('Two'))(env)())
  assert.equal(calls, ['create Two', `delete ${first}`])
  assert.equal(
    r.journal.map((j) => `${j.action} ${j.status}`),
    ['replace done', 'delete done'],
  )
  assert.equal(r.state.pending, {}, 'nothing left pending')
})

test('a crash between the new create and the old delete: the next run deletes the old object', async () => {
  const m = mockHandler()
  const store = memoryStore()
  const first = ok(await apply(book('One'))(envOf(m, store))()).state.resources['demo:Book/b'].id
  // what is durable the moment the replacement's create comes back — where a kill would leave it
  let durable: State | undefined
  let platform: ReturnType<typeof m.objects> | undefined
  const h: Handler = {
    ...m,
    create: (c, i) => async () => {
      durable = store.snapshot('r')
      const made = await m.create(c, i)()
      platform = new Map(m.objects())
      return made
    },
  }
  ok(await apply(book('Two'))(envOf(h, store))())
  assert.ok(durable)
  const pendingDeletes = Object.values(durable.pending).filter((p) => p.op === 'delete')
  assert.equal(
    pendingDeletes.map((p) => p.id),
    [first],
    'the old object delete is written ahead before the create is sent',
  )

  // the crash, as the create's reply arrives: the platform holds both books, state what was durable
  const crashed = memoryStore({ r: durable })
  const m2 = mockHandler({}, platform)
  assert.is(m2.objects().size, 2)
  const again = ok(await apply(book('Two'))(envOf(m2, crashed))())
  assert.equal([...m2.objects().keys()], [again.state.resources['demo:Book/b'].id], 'one book left: the new one')
  assert.is.not(again.state.resources['demo:Book/b'].id, first)
  assert.equal(again.state.pending, {})
})

test('a failed create settles the written-ahead delete: the old object stays and is not deleted later', async () => {
  const m = mockHandler()
  const store = memoryStore()
  const first = ok(await apply(book('One'))(envOf(m, store))()).state.resources['demo:Book/b'].id
  const h: Handler = {
    ...m,
    create: (c) => async () => ({
      _tag: 'Left',
      left: { _tag: 'StepFailure', node: c.address, op: 'create', message: 'refused', ambiguous: false },
    }),
  }
  const r = await apply(book('Two'))(envOf(h, store))()
  assert.ok(isLeft(r))
  assert.equal(store.snapshot('r')!.pending, {})
  assert.is(store.snapshot('r')!.resources['demo:Book/b'].id, first)
  ok(await plan(book('One'))(envOf(m, store))())
  assert.ok(m.objects().has(first), 'the old book is still there')
})

test.run()
