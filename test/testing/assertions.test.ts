import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { stack } from '#trellis'
import { mockWith } from '#trellis/testing'
import { AssertionError } from 'node:assert'
import { expectPlan } from '#trellis/testing'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('trellis/testing')
const run = async (s: ReturnType<typeof stack>, state?: never) => {
  const r = await mockWith(demoRegistry)(s, state ? { state } : {})()
  if (isLeft(r)) throw new Error(JSON.stringify(r.left))
  return r.right
}
const shelf = demo.shelf('main', { title: 'Main', colour: 'red' })

test('toCreate passes on a matching step and fails showing the closest mismatch', async () => {
  const r = await run(stack('s').add(shelf))
  expectPlan(r).toCreate('demo:Shelf', 'main', { title: 'Main' })
  try {
    expectPlan(r).toCreate('demo:Shelf', 'main', { title: 'Other', colour: 'red' })
    assert.unreachable()
  } catch (e) {
    assert.instance(e, AssertionError)
    assert.is(
      (e as Error).message,
      'the plan will create demo:Shelf "main", but its inputs differ:\n  title: expected "Other", got "Main"',
    )
  }
  try {
    expectPlan(r).toCreate('demo:Shelf', 'mian', { title: 'Main' })
    assert.unreachable()
  } catch (e) {
    assert.match((e as Error).message, /no such step\.\nclosest: create demo:Shelf "main"/)
  }
})

test('toHaveNoChanges, toReplace and not.toDelete read as sentences', async () => {
  const r1 = await run(stack('s').add(shelf))
  const r2 = await run(stack('s').add(shelf), r1.state as never)
  expectPlan(r2).toHaveNoChanges().not.toDelete('demo:Shelf', 'main')
  const r3 = await run(stack('s').add(shelf.room('attic')), r1.state as never)
  expectPlan(r3).toReplace('demo:Shelf', 'main')
  assert.throws(() => expectPlan(r3).toHaveNoChanges(), /will replace demo:Shelf "main" \(room\)/)
  assert.throws(
    () => expectPlan(r3).toUpdate('demo:Shelf', 'main'),
    /expected to update demo:Shelf "main", but the plan will replace it/,
  )
})

test.run()
