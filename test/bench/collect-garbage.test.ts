/**
 * bench/collect-garbage.ts: a full collection on demand, in a process started without --expose-gc
 * (as the scenarios are): an object nothing holds any more is gone after it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { collectGarbage } from '../../bench/collect-garbage'

const test = suite('bench collect garbage')

test('an object only a WeakRef holds is collected', async () => {
  const refs = Array.from({ length: 8 }, () => new WeakRef({ payload: new Array<number>(1000).fill(1) }))
  // a WeakRef keeps its target for the rest of the job that made or read it
  await new Promise((r) => setTimeout(r, 0))
  collectGarbage()
  assert.is(refs.filter((r) => r.deref() !== undefined).length, 0, 'every target should be collected')
})

test('a second call works as the first', () => {
  collectGarbage()
  collectGarbage()
})

test.run()
