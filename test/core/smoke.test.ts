import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { secret, reveal } from '#trellis'

test('a secret serialises as a marker, never its value', () => {
  const s = secret('hunter2')
  assert.is(JSON.stringify({ s }), '{"s":{"_tag":"Secret"}}')
  assert.is(reveal(s), 'hunter2')
})

test.run()
