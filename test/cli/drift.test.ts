/**
 * Real drift, as users meet it: objects changed and deleted on the platform behind trellis's back
 * (requests sent straight to the emulator), then `plan --refresh-only`, `apply --refresh-only` and
 * `refresh` as subprocesses with `--detailed-exitcode`: 2 while there is drift, 0 once recorded; a
 * refresh-only plan sends nothing that writes and writes no state; without --yes and a terminal
 * nothing is recorded.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BOOKS, cli, costEnv, platform, run, tempDir, writes, type Platform } from './harness'

const test = suite('cli: drift')
let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

interface Recorded {
  readonly serial: number
  readonly resources: Record<string, { id: string; inputs: Record<string, unknown> }>
}
const stateOf = (d: string) => (JSON.parse(readFileSync(join(d, 'books.json'), 'utf8')) as { state: Recorded }).state

test('a title changed and a folder deleted outside trellis: refresh-only plan, apply --refresh-only, refresh', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const s0 = stateOf(d)
  assert.is(
    await p.direct('PUT', `/v2/folders/${s0.resources['cost:Folder/finance'].id}`, { title: 'Renamed by hand' }),
    200,
  )
  const before = p.sent().length

  const plan = await cli(['plan', BOOKS, '--refresh-only', '--detailed-exitcode', '--state-dir', d], costEnv(p))
  assert.is(plan.code, 2, plan.err)
  assert.match(plan.out, /Changed outside trellis:\n {2}~ cost:Folder "finance": title: "Finance" → "Renamed by hand"/)
  assert.match(plan.out, /Refresh-only plan: 1 change to record/)
  assert.equal(writes(p.sent().slice(before)), [], 'nothing sent that writes')
  assert.is(stateOf(d).serial, s0.serial, 'no state written')

  const refused = await cli(['apply', BOOKS, '--refresh-only', '--state-dir', d], costEnv(p))
  assert.is(refused.code, 1, refused.err)
  assert.match(refused.err, /Not recorded: pass --yes/)
  assert.is(stateOf(d).serial, s0.serial, 'nothing recorded without a confirmation')

  const recorded = await cli(['apply', BOOKS, '--refresh-only', '--yes', '--state-dir', d], costEnv(p))
  assert.is(recorded.code, 0, recorded.err)
  assert.match(recorded.out, /Recorded 1 change made outside trellis \(state serial \d+\)/)
  assert.is(stateOf(d).resources['cost:Folder/finance'].inputs.title, 'Renamed by hand')
  assert.equal(writes(p.sent().slice(before)), [], 'recording drift writes state, not the platform')

  const clean = await cli(['refresh', BOOKS, '--yes', '--detailed-exitcode', '--state-dir', d], costEnv(p))
  assert.is(clean.code, 0, clean.out + clean.err)
  assert.match(clean.out, /Nothing changed outside trellis/)

  const other = stateOf(d).resources['cost:Folder/other'].id
  assert.is(await p.direct('DELETE', `/v2/folders/${other}`), 204)
  const gone = await cli(['refresh', BOOKS, '--yes', '--detailed-exitcode', '--state-dir', d], costEnv(p))
  assert.is(gone.code, 2, gone.err)
  assert.match(gone.out, /- cost:Folder "other" is gone from the platform/)
  assert.not.ok(stateOf(d).resources['cost:Folder/other'], 'a gone object leaves state')
  const next = await run(['plan', BOOKS, '--state-dir', d], costEnv(p))
  assert.match(next.out, /\+ cost:Folder "other" will be created/)
  assert.match(next.out, /~ cost:Folder "finance" will be updated in place\n {4}~ title: "Renamed by hand" → "Finance"/)
})

test.run()
