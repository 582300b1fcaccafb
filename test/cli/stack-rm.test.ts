/**
 * `trellis stack rm` and empty stacks: `stacks` marks the stacks a destroy left empty; `stack rm`
 * removes an empty one, refuses one that holds resources (naming them) unless --force, which forgets
 * them; a name the store does not hold is a usage error with the closest name; the backups stay.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { BOOKS, run, tempDir } from './harness'

const test = suite('cli: stack rm and empty stacks')

test('a destroyed stack is marked empty, and stack rm removes it', async () => {
  const d = tempDir()
  const at = ['--emulate', '--state-dir', d]
  assert.is((await run(['apply', BOOKS, '--yes', ...at])).code, 0)
  assert.is((await run(['stacks', ...at])).out, 'books')
  const busy = await run(['stack', 'rm', 'books', ...at])
  assert.is(busy.code, 1, busy.err)
  assert.match(
    busy.err,
    /stack books holds 3 resources \(cost:Folder "finance", cost:Folder "other", cost:CostReport "monthly"\)/,
  )
  assert.match(busy.err, /: destroy them first \(trellis destroy\), or pass --force to forget them/)
  assert.is((await run(['destroy', BOOKS, '--yes', ...at])).code, 0)
  assert.is((await run(['stacks', ...at])).out, 'books (empty)')
  const json = JSON.parse((await run(['stacks', '--json', ...at])).out) as { stacks: string[]; empty: string[] }
  assert.equal([json.stacks, json.empty], [['books'], ['books']])
  const typo = await run(['stack', 'rm', 'bookz', ...at])
  assert.is(typo.code, 64, typo.err)
  assert.match(typo.err, /no stack named bookz in this store \(did you mean books\?\)/)
  const rm = await run(['stack', 'rm', 'books', ...at])
  assert.is(rm.code, 0, rm.err)
  assert.match(rm.out, /^Removed stack books\. Its backups stay/)
  assert.is((await run(['stacks', ...at])).out, '(no stacks have state here)')
})

test('--force forgets what a stack still holds; state restore brings it back', async () => {
  const d = tempDir()
  const at = ['--emulate', '--state-dir', d]
  assert.is((await run(['apply', BOOKS, '--yes', ...at])).code, 0)
  const rm = await run(['stack', 'rm', 'books', '--force', ...at])
  assert.is(rm.code, 0, rm.err)
  assert.match(rm.out, /Removed stack books, forgetting 3 resources \(the platform keeps them\)/)
  assert.is((await run(['stacks', ...at])).out, '(no stacks have state here)')
  const back = await run(['state', 'restore', '--stack', 'books', ...at])
  assert.is(back.code, 0, back.err)
  const list = await run(['state', 'list', '--stack', 'books', ...at])
  assert.match(list.out, /cost:Folder\/finance {2}fldr_/)
})

test.run()
