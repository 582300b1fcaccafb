import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight } from 'fp-ts/Either'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { mockWith } from '#trellis/testing'
import { renderPlan } from '#trellis'
import { planToJson } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const mock = mockWith(demoRegistry)
const test = suite('mock interpreter')

const shelf = demo.shelf('main', { title: 'Main' })
const book = demo.book('dune').shelfToken(shelf.out.token).title('Dune').code(secret('s3cret'))
const base = stack('lib').add(shelf, book)

test('a first run creates every resource, dependencies first, with refs resolved', async () => {
  const r = await mock(base)()
  if (isLeft(r)) throw new Error(JSON.stringify(r.left))
  const order = r.right.journal.map((j) => `${j.action} ${j.address}`)
  assert.equal(order, ['create demo:Shelf/main', 'create demo:Book/dune'])
  const b = r.right.state.resources['demo:Book/dune']
  assert.is(b.inputs.shelfToken, r.right.state.resources['demo:Shelf/main'].id)
})

test('a second run on the resulting state plans no changes', async () => {
  const r1 = await mock(base)()
  if (isLeft(r1)) throw new Error('first run failed')
  const r2 = await mock(base, { state: r1.right.state })()
  if (isLeft(r2)) throw new Error(JSON.stringify(r2.left))
  assert.equal(
    r2.right.plan.steps.map((s) => s.action),
    ['noop', 'noop'],
  )
  assert.is(r2.right.journal.length, 0)
})

test('state never holds a secret in plain text, yet a changed secret is detected', async () => {
  const r1 = await mock(base)()
  if (isLeft(r1)) throw new Error('first run failed')
  assert.not.ok(JSON.stringify(r1.right.state).includes('s3cret'))
  const changed = stack('lib').add(shelf, book.code(secret('other')))
  const r2 = await mock(changed, { state: r1.right.state })()
  if (isLeft(r2)) throw new Error(JSON.stringify(r2.left))
  const step = r2.right.plan.steps.find((s) => s.name === 'dune')!
  assert.is(step.action, 'replace')
  const text = renderPlan(r2.right.plan, demoRegistry)
  assert.ok(text.includes('code: [secret] → [secret]'), text)
  assert.not.ok(text.includes('other') || JSON.stringify(planToJson(r2.right.plan, demoRegistry)).includes('other'))
})

test('changing a create-only field replaces; other fields update in place', async () => {
  const r1 = await mock(base)()
  if (isLeft(r1)) throw new Error('first run failed')
  const moved = stack('lib').add(shelf.room('attic').tags(['x']), book)
  const r2 = await mock(moved, { state: r1.right.state })()
  if (isLeft(r2)) throw new Error(JSON.stringify(r2.left))
  const s = r2.right.plan.steps.find((x) => x.name === 'main')!
  assert.is(s.action, 'replace')
  assert.equal(
    s.diff.filter((d) => d.replaces).map((d) => d.path),
    ['room'],
  )
  const tagged = stack('lib').add(shelf.tags(['x']), book)
  const r3 = await mock(tagged, { state: r1.right.state })()
  if (isLeft(r3)) throw new Error(JSON.stringify(r3.left))
  assert.is(r3.right.plan.steps.find((x) => x.name === 'main')!.action, 'update')
})

test('a node removed from the stack is deleted; a protected one is refused with a clear error', async () => {
  const r1 = await mock(stack('lib').add(shelf.options({ protect: true }), book))()
  if (isLeft(r1)) throw new Error('first run failed')
  const r2 = await mock(stack('lib').add(shelf.options({ protect: true })), { state: r1.right.state })()
  if (isLeft(r2)) throw new Error(JSON.stringify(r2.left))
  assert.equal(
    r2.right.journal.map((j) => `${j.action} ${j.address}`),
    ['delete demo:Book/dune'],
  )
  const r3 = await mock(stack('lib'), { state: r2.right.state })()
  assert.ok(isLeft(r3))
  if (isLeft(r3)) {
    assert.is(r3.left._tag, 'PlanError')
    assert.match(JSON.stringify(r3.left), /is protected/)
  }
})

test('lookups are read at plan time and their results flow through refs', async () => {
  const lib = demo.getLibrary('lib')
  const s = demo.shelf('first', { title: lib.out.rooms.map((r) => r[0]) })
  const r = await mock(stack('x').add(lib, s))()
  if (isLeft(r)) throw new Error(JSON.stringify(r.left))
  assert.is(r.right.state.resources['demo:Shelf/first'].inputs.title, 'north')
  const p = r.right.plan.steps.find((x) => x.name === 'first')!
  assert.equal(p.inputs.title, 'north')
})

test('custom mocks give ids and outputs', async () => {
  const r = await mock(base, {
    mocks: {
      newResource: ({ token, name }) => ({
        id: `${token}#${name}`,
        outputs: token === 'demo:Book' ? { createdAt: 'yesterday' } : {},
      }),
    },
  })()
  if (isLeft(r)) throw new Error(JSON.stringify(r.left))
  assert.is(r.right.state.resources['demo:Book/dune'].id, 'demo:Book#dune')
  assert.is(r.right.state.resources['demo:Book/dune'].outputs.createdAt, 'yesterday')
})

test('a fixed field change warns and keeps the existing value', async () => {
  const r1 = await mock(stack('lib').add(shelf, book.label('one')))()
  if (isLeft(r1)) throw new Error('first run failed')
  const r2 = await mock(stack('lib').add(shelf, book.label('two')), { state: r1.right.state })()
  if (isLeft(r2)) throw new Error(JSON.stringify(r2.left))
  const st = r2.right.plan.steps.find((x) => x.name === 'dune')!
  assert.is(st.action, 'noop')
  assert.is(r2.right.plan.warnings[0].path, 'label')
})

test('ignoreChanges: a change to an ignored field plans nothing and keeps the applied value', async () => {
  const r1 = await mock(stack('lib').add(shelf.tags(['a']).options({ ignoreChanges: ['tags'] })))()
  if (isLeft(r1)) throw new Error('first run failed')
  const r2 = await mock(stack('lib').add(shelf.tags(['b']).options({ ignoreChanges: ['tags'] })), {
    state: r1.right.state,
  })()
  if (isLeft(r2)) throw new Error(JSON.stringify(r2.left))
  assert.is(r2.right.plan.steps[0].action, 'noop')
  assert.equal(r2.right.state.resources['demo:Shelf/main'].inputs.tags, ['a'])
})

test('deleteBeforeReplace deletes the old object first; by default the new one is created first', async () => {
  for (const dbr of [true, false]) {
    const order: string[] = []
    const base = mockWith(demoRegistry)
    const s1 = stack('lib').add(shelf.options({ deleteBeforeReplace: dbr }))
    const r1 = await base(s1)()
    if (isLeft(r1)) throw new Error('first run failed')
    const r2 = await mock(stack('lib').add(shelf.room('attic').options({ deleteBeforeReplace: dbr })), {
      state: r1.right.state,
      events: (e) => void (e.type === 'step-done' && order.push(e.action)),
      mocks: {
        newResource: () => {
          order.push('new')
          return undefined
        },
      },
    })()
    if (isLeft(r2)) throw new Error(JSON.stringify(r2.left))
    const objs = [...r2.right.objects().keys()]
    assert.is(objs.length, 1, 'exactly one shelf remains')
    assert.is.not(objs[0], r1.right.state.resources['demo:Shelf/main'].id)
    assert.is(r2.right.journal.map((j) => j.action).join(','), dbr ? 'delete,replace' : 'replace,delete')
  }
})

test('stack outputs resolve after apply', async () => {
  const r = await mock(base.export('shelf', shelf.out.token))()
  assert.ok(isRight(r))
  if (isRight(r)) assert.is(r.right.outputs.shelf, 'shelf-main')
})

test.run()
