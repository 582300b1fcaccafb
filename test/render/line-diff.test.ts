/**
 * The line diff the renderers share: common lines kept, removals before additions.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { lineDiff } from '#src/render/line-diff'

test('lineDiff keeps the common lines and orders removals before additions', () => {
  assert.equal(
    lineDiff('a\nb\nc\nd', 'a\nx\nc\nd\ne').map((l) => l.op + l.text),
    [' a', '-b', '+x', ' c', ' d', '+e'],
  )
  assert.equal(lineDiff('same', 'same'), [{ op: ' ', text: 'same' }])
})

test.run()
