/**
 * The everyday CLI items of issue 35: plan --destroy, --lock-timeout, …, each against a cost
 * emulator on loopback, through the same main() the bin runs.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { BOOKS, costEnv, platform, run, tempDir, writes, type Platform } from './harness'

const test = suite('cli: everyday rough edges')

let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

test('plan --destroy previews what destroy deletes, sends nothing, asks nothing, changes no state', async () => {
  const d = tempDir()
  const a = await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))
  assert.is(a.code, 0, a.err)
  const before = writes(p.sent()).length
  const list = (await run(['state', 'list', '--json', '--state-dir', d])).out
  const r = await run(['plan', BOOKS, '--destroy', '--detailed-exitcode', '--state-dir', d], costEnv(p))
  assert.is(r.code, 2, r.err)
  assert.match(r.out, '0 to create, 0 to update, 0 to replace, 3 to delete')
  assert.match(r.out, '- cost:Folder "finance" will be deleted')
  const j = await run(['plan', BOOKS, '--destroy', '--json', '--state-dir', d], costEnv(p))
  assert.is(j.code, 0, j.err + j.out)
  const doc = JSON.parse(j.out) as { steps: Array<{ action: string }> }
  assert.equal(
    doc.steps.map((s) => s.action),
    ['delete', 'delete', 'delete'],
  )
  assert.is(writes(p.sent()).length, before)
  assert.is((await run(['state', 'list', '--json', '--state-dir', d])).out, list)
  for (const flag of [['--out', `${d}/p.json`], ['--refresh']]) {
    const bad = await run(['plan', BOOKS, '--destroy', ...flag, '--state-dir', d], costEnv(p))
    assert.is(bad.code, 64, flag[0])
  }
})

test.run()
