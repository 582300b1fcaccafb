/**
 * A renamed node through the CLI (real handler, cost emulator on loopback): with its old name as an
 * alias, plan says "moved from …" (text and --json) and no change on the platform; apply sends
 * nothing, moves the state entry (the snapshot before it kept as a backup); the next plan is clean.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { costEnv, platform, run, tempDir, writeBooks, type Platform } from './harness'

const test = suite('cli: aliases')
let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

interface StateFile {
  readonly state: { readonly serial: number; readonly resources: Record<string, { id: string }> }
}
const stateOf = (d: string) => (JSON.parse(readFileSync(join(d, 'books.json'), 'utf8')) as StateFile).state

test('a renamed node with an alias: plan says moved, apply sends nothing and moves the entry', async () => {
  const d = tempDir()
  const a = await run(['apply', writeBooks(join(d, 'books.ts')), '--yes', '--state-dir', d], costEnv(p))
  assert.is(a.code, 0, a.err)
  const id = stateOf(d).resources['cost:Folder/other'].id
  const serial = stateOf(d).serial
  const prog = writeBooks(join(d, 'books-renamed.ts'), 'renamed')
  const sent = p.requests()

  const plan = await run(['plan', prog, '--state-dir', d, '--detailed-exitcode'], costEnv(p))
  assert.is(plan.code, 2, 'a move is a change to state')
  assert.match(plan.out, /cost:Folder "others" will be moved from cost:Folder "other" \(no change on the platform\)/)
  assert.match(
    plan.out,
    /Plan: 0 to create, 0 to update, 0 to replace, 0 to delete, 0 to forget, 0 to import, 2 unchanged, 1 moved\./,
  )
  assert.not.match(plan.out, /will be (created|deleted)/)
  const json = await run(['plan', prog, '--state-dir', d, '--json'], costEnv(p))
  const doc = JSON.parse(json.out) as {
    hasChanges: boolean
    steps: Array<{ address: string; action: string; movedFrom?: string }>
  }
  assert.is(doc.hasChanges, true)
  assert.equal(
    doc.steps.filter((s) => s.movedFrom).map((s) => [s.address, s.action, s.movedFrom]),
    [['cost:Folder/others', 'noop', 'cost:Folder/other']],
  )

  const applied = await run(['apply', prog, '--yes', '--state-dir', d], costEnv(p))
  assert.is(applied.code, 0, applied.err)
  assert.match(applied.out, /Apply complete: 0 changes, 1 moved in \d+\.\ds/)
  // each run checks its credential (one GET /v2/workspaces) and sends nothing else
  assert.equal(
    p
      .sent()
      .slice(sent)
      .filter((r) => r !== 'GET /v2/workspaces'),
    [],
    'no request reached the platform but the credential checks',
  )
  const after = stateOf(d)
  assert.is(after.resources['cost:Folder/others'].id, id)
  assert.not.ok(after.resources['cost:Folder/other'])
  assert.ok(readdirSync(join(d, 'backups')).includes(`books.${serial}.json`), 'the snapshot before the move is kept')
  const again = await run(['plan', prog, '--state-dir', d, '--detailed-exitcode'], costEnv(p))
  assert.is(again.code, 0, again.out)
  assert.match(again.out, /No changes to the stack/)
})

test.run()
