/**
 * `.out.<field>` of a field that does not exist is an error naming the node, the field and the
 * closest field, in plain JS as in TypeScript; the same in a stack read from JSON (compile).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { stack } from '#trellis'
import { ref as makeRef } from '#trellis'
import { compileWith as compile } from '#trellis/engine'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('.out fields')

test('a mistyped output field throws, naming the node, the field and the closest field', () => {
  const shelf = demo.shelf('main', { title: 'Main' })
  const out = shelf.out as unknown as Record<string, unknown>
  assert.throws(
    () => out.tokn,
    (e: Error) =>
      e.message.startsWith('demo:Shelf "main" has no output `tokn`; did you mean `token`?') &&
      e.message.includes('its fields: id, title, room, tags, colour, token'),
  )
  const lib = demo.getLibrary('lib').out as unknown as Record<string, unknown>
  assert.throws(() => lib.room, /demo:getLibrary "lib" has no output `room`; did you mean `rooms`\?/)
})

test('known fields, symbols and the names promises and serialisers ask for still work', () => {
  const out = demo.shelf('main', { title: 'Main' }).out
  assert.equal(out.token.path, ['token'])
  assert.is(out.id.node, 'demo:Shelf/main')
  const loose = out as unknown as Record<string | symbol, unknown>
  assert.is(loose.then, undefined)
  assert.is(loose.toJSON, undefined)
  assert.is(loose[Symbol.iterator], undefined)
  assert.is(typeof loose.hasOwnProperty, 'function')
  assert.is('tokn' in out, false)
})

test('a ref to an undeclared output from a stack read as data: compile names the closest field', () => {
  const book = demo.book('b', { title: 'B' }).shelfToken(makeRef('demo:Shelf/main', ['tokn']) as never)
  const r = compile(demoRegistry)(stack('s').add(demo.shelf('main', { title: 'Main' }), book))
  assert.ok(isLeft(r))
  if (isLeft(r)) assert.match(r.left.issues[0].message ?? '', 'ref to undeclared output `tokn` (did you mean `token`?)')
})

test.run()
