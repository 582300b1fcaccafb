/**
 * A create step is made by a constructor (V8 then gives it in-object room for all its fields):
 * it must still be the plain object a literal made — Object's prototype and constructor, the same
 * keys in the same order, equal to a plain copy of itself under deep comparison and JSON.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isDeepStrictEqual } from 'node:util'
import { stack } from '#trellis'
import { mockWith } from '#trellis/testing'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

test('create steps are plain objects', async () => {
  const shelf = demo.shelf('s', { title: 't' })
  const book = demo.book('b').shelfToken(shelf.out.token).title('x')
  const r = await mockWith(demoRegistry)(stack('lib').add(shelf, book))()
  if (r._tag === 'Left') throw new Error(JSON.stringify(r.left))
  const creates = r.right.plan.steps.filter((s) => s.action === 'create')
  assert.is(creates.length, 2)
  for (const step of creates) {
    assert.is(Object.getPrototypeOf(step), Object.prototype)
    assert.is(step.constructor, Object)
    const plain: Record<string, unknown> = {}
    for (const k of Object.keys(step)) plain[k] = (step as unknown as Record<string, unknown>)[k]
    assert.equal(step, plain)
    assert.ok(isDeepStrictEqual(step, plain), 'node:util deep strict equality (prototypes compared)')
    assert.is(JSON.stringify(step), JSON.stringify(plain))
  }
})

test.run()
