/**
 * core/memo.ts: a remembered function of a string gives what the function gives, calls it once per
 * string (undefined and null results included), and forgets everything past its bound.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memo } from '#src/core/memo'

const test = suite('memo')

const counted = <V>(f: (s: string) => V) => {
  const calls: string[] = []
  return { calls, f: (s: string) => (calls.push(s), f(s)) }
}

test('the same results as the function, one call per string', () => {
  const c = counted((s) => s.toUpperCase())
  const m = memo(c.f)
  assert.is(m('a'), 'A')
  assert.is(m('b'), 'B')
  assert.is(m('a'), 'A')
  assert.equal(c.calls, ['a', 'b'])
})

test('undefined and null results are remembered too', () => {
  const c = counted((s): number | null | undefined => (s === 'u' ? undefined : s === 'n' ? null : s.length))
  const m = memo(c.f)
  for (let i = 0; i < 3; i++) {
    assert.is(m('u'), undefined)
    assert.is(m('n'), null)
    assert.is(m('abc'), 3)
  }
  assert.equal(c.calls, ['u', 'n', 'abc'])
})

test('bounded: past the limit it starts again', () => {
  const c = counted((s) => s)
  const m = memo(c.f, 2)
  m('a')
  m('b')
  m('c') // the third: the two remembered are dropped first
  m('a')
  assert.equal(c.calls, ['a', 'b', 'c', 'a'])
})

test.run()
