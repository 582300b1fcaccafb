/**
 * quoteName answers a plain name (printable ASCII without `"` or `\`) by putting it in quotes, and
 * labelOf takes a token from a remembered `printable`: what they give must be what printable gives
 * of JSON.stringify's quoting, for any token and any name, escapes and unprintable characters included.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { labelOf } from '#trellis'
import { printable, quoteName } from '#src/core/names'

const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)
// the quoting without quoteName's shortcut
const quoted = (name: string): string => printable(JSON.stringify(name))
const reference = (token: string, name: string): string => `${printable(token)} ${quoted(name)}`

test('plain names, quotes, backslashes, controls, separators and bidirectional characters', () => {
  const names = [
    'monthly',
    'a b',
    '',
    '~',
    '[x]',
    '#!/',
    'x"y',
    'a\\b',
    'tab\t',
    'line\nbreak',
    '\u2028',
    '\u202e',
    'é',
    '\u007f',
    '💥',
  ]
  for (const name of names)
    for (const token of ['cost:CostReport', 'x\u0000y', 'a\u2066b'])
      assert.is(labelOf({ token, name }), reference(token, name), JSON.stringify([token, name]))
})

test('a name that is not a string (a forged JSON stack) is labelled as quoteName labels it', () => {
  for (const name of [42, null, true] as unknown as string[])
    assert.is(labelOf({ token: 'cost:Folder', name }), reference('cost:Folder', name))
})

test('any token and name: the label quoteName and printable give', () => {
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.constantFrom(' ', '"', '\\', 'a', '~', '\u2029', '\u0085', '\n') }),
  )
  fc.assert(
    fc.property(text, text, (token, name) => {
      assert.is(labelOf({ token, name }), reference(token, name))
      assert.is(quoteName(name), quoted(name))
      // a second time (the token then remembered)
      assert.is(labelOf({ token, name }), reference(token, name))
    }),
    { seed: 4711, numRuns: RUNS * 10 },
  )
})

test.run()
