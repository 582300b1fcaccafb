/**
 * `--replace ADDRESS` as users run it (a subprocess, the real handler, a cost emulator on loopback):
 * the plan says the resource is replaced though nothing forces it, and apply replaces it on the
 * platform — a new object made, the old one deleted, state holding the new id.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BOOKS, cli, costEnv, platform, run, tempDir, writes, type Platform } from './harness'

const test = suite('cli: --replace')
let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

const idOf = (d: string, address: string): string =>
  (JSON.parse(readFileSync(join(d, 'books.json'), 'utf8')) as { state: { resources: Record<string, { id: string }> } })
    .state.resources[address].id
const folders = () =>
  p.emulator
    .objects()
    .filter((o) => o.kind === 'folders')
    .map((o) => o.id)

test('plan --replace says so; apply --replace makes a new object and deletes the old one', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const old = idOf(d, 'cost:Folder/other')
  const before = p.sent().length

  const plan = await cli(
    ['plan', BOOKS, '--state-dir', d, '--replace', 'cost:Folder "other"', '--detailed-exitcode'],
    costEnv(p),
  )
  assert.is(plan.code, 2, plan.err)
  assert.match(plan.out, /\+\/- cost:Folder "other" will be replaced \(the new one created first\)/)
  assert.match(plan.out, /# replace: requested \(--replace\)/)
  assert.match(plan.out, /Plan: 0 to create, 0 to update, 1 to replace, 0 to delete/)
  assert.equal(writes(p.sent().slice(before)), [], 'a plan sends nothing that writes')

  const a = await cli(['apply', BOOKS, '--state-dir', d, '--yes', '--replace', 'cost:Folder/other'], costEnv(p))
  assert.is(a.code, 0, a.err)
  assert.match(a.out, /Apply complete: 1 change /)
  const now = idOf(d, 'cost:Folder/other')
  assert.is.not(now, old)
  assert.ok(folders().includes(now), 'the new folder is on the platform')
  assert.not.ok(folders().includes(old), 'the old folder is gone from the platform')
  assert.equal(
    writes(p.sent().slice(before)),
    ['POST /v2/folders', `DELETE /v2/folders/${old}`],
    'one create, then one delete',
  )
  const again = await run(['plan', BOOKS, '--state-dir', d, '--detailed-exitcode'], costEnv(p))
  assert.is(again.code, 0, again.out)
})

test.run()
