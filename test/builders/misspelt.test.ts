/**
 * What a plain-JavaScript program (no type checker) is told of a misspelt name: a setter that does
 * not exist names the builder and the nearest input; a misspelt field of the initial object is a
 * compile error suggesting the nearest field. Names asked by tools (then, toJSON, inspect) pass.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { inspect } from 'node:util'
import { demo } from '../fixtures/demo-builders'
import * as cost from '#trellis/cost'
import { stack } from '#trellis'
import { compile } from '#trellis'

const test = suite('builders: misspelt names in JavaScript')
type Loose = Record<string, (v: unknown) => unknown>

test('a misspelt setter names the builder and the nearest input', () => {
  const shelf = demo.shelf('main') as unknown as Loose
  assert.throws(
    () => shelf['titel']('A'),
    (e: unknown) =>
      e instanceof TypeError &&
      e.message.startsWith('demo:Shelf "main" has no input `titel`; did you mean `title`?') &&
      e.message.includes('its inputs: title, room, tags, colour'),
  )
  // a name near no input is undefined, as on any object (tools probe objects for names of their own)
  assert.is(shelf['zzzzzz'], undefined)
})

test('names tools ask of any object still answer', async () => {
  const shelf = demo.shelf('main', { title: 'A' })
  assert.is((shelf as unknown as { then?: unknown }).then, undefined)
  assert.is(await Promise.resolve(shelf), shelf)
  assert.match(inspect(shelf), /node/)
  assert.ok(JSON.stringify(shelf).includes('"title":"A"'))
  assert.is(shelf.title('B').node.inputs['title'], 'B')
})

test('a misspelt field of the initial object: compile suggests the nearest field', () => {
  const r = compile(stack('s').add(cost.folder('f', { title: 'F', workspaceTokn: 'w' } as { title: string })))
  assert.is(r._tag, 'Left')
  const issues = r._tag === 'Left' && r.left._tag === 'CompileError' ? r.left.issues : []
  assert.equal(
    issues.map((i) => [i.path, i.message]),
    [['workspaceTokn', 'unknown field (did you mean `workspaceToken`?).']],
  )
})

test.run()
