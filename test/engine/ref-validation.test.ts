/**
 * Values that arrive through refs are validated like values written in the stack: by the
 * field's codec and the spec's rules, before any request — at plan time when they are known then
 * (a lookup read at plan), at apply otherwise — naming node, field, expected, given and the ref.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight } from 'fp-ts/Either'
import { stack } from '../../src/core/stack'
import { apply, plan, formatEngineError } from '../../src/engine/operations'
import { mockHandler } from '../../src/engine/mock-handler'
import type { Env } from '../../src/engine/env'
import type { Handler } from '../../src/engine/handler'
import { memoryStore } from '../../src/state/memory-store'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('ref validation')
const sent: string[] = []
const envOf = (m = mockHandler(), store = memoryStore()): Env => {
  const h: Handler = {
    ...m,
    create: (c, i) => {
      sent.push(`${c.address} ${JSON.stringify(i)}`)
      return m.create(c, i)
    },
  }
  return {
    registry: demoRegistry,
    handler: h,
    store,
    events: () => undefined,
    concurrency: 4,
    now: () => new Date('2026-01-01T00:00:00Z'),
  }
}

test('a lookup array given to a string field fails the plan, naming field, expected, given and the ref', async () => {
  sent.length = 0
  const lib = demo.getLibrary('lib')
  const shelf = demo.shelf('s', { title: 'S' }).room(lib.out.rooms as never)
  const r = await plan(stack('v').add(lib, shelf))(envOf())()
  assert.ok(isLeft(r))
  if (isLeft(r)) {
    const text = formatEngineError(r.left)
    assert.is(
      text,
      'demo:Shelf "s" field `room`: the value comes from demo:getLibrary "lib".out.rooms. expected string, got ["north","south"]',
    )
  }
  assert.equal(sent, [])
})

test('a mapped output of a resource being created is checked at apply, before its request', async () => {
  sent.length = 0
  const shelf = demo.shelf('s', { title: 'S' })
  // a number where a string is expected, known only once the shelf exists
  const book = demo.book('b', { title: 'B' }).shelfToken(shelf.out.token.map((t) => t.length) as never)
  const r = await apply(stack('v').add(shelf, book))(envOf())()
  assert.ok(isLeft(r))
  if (isLeft(r)) {
    assert.match(
      formatEngineError(r.left),
      'demo:Book "b": create failed: field `shelfToken`: the value comes from demo:Shelf "s".out.token (through map). expected string, got 7',
    )
  }
  assert.equal(
    sent.map((x) => x.split(' ')[0]),
    ['demo:Shelf/s'],
    'the book was never sent',
  )
})

test('a rule that a ref-fed value breaks runs once the value is known', async () => {
  sent.length = 0
  const source = demo.shelf('src', { title: 'poem' })
  // kind comes through a ref: compile cannot know a poem needs a rhyme
  const book = demo.book('b', { title: 'B', shelfToken: 'shf' }).kind(source.out.title as never)
  const r = await apply(stack('v').add(source, book))(envOf())()
  assert.ok(isLeft(r))
  if (isLeft(r))
    assert.match(
      formatEngineError(r.left),
      'demo:Book "b" field `rhyme`: expected a rhyme scheme for a poem, got nothing',
    )
  assert.equal(sent, [], 'found at plan time: the title of a shelf to create is known then')
})

test('valid values through refs pass, at plan and at apply', async () => {
  const lib = demo.getLibrary('lib')
  const shelf = demo.shelf('s', { title: 'S' }).tags(lib.out.rooms)
  const book = demo.book('b', { title: 'B' }).shelfToken(shelf.out.token)
  const r = await apply(stack('v').add(lib, shelf, book))(envOf())()
  assert.ok(isRight(r), isLeft(r) ? formatEngineError(r.left) : '')
})

test.run()
