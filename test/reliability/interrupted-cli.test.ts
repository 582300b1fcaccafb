/**
 * Issue 20 items 4 and 6 with the real CLI (subprocesses, the real handler, a cost emulator on
 * loopback that logs every request it receives):
 * - an apply SIGKILLed after its last create was sent leaves pending creates; the next apply, whose
 *   plan is empty once they are adopted, still saves them (no pending entry, no lock, every object
 *   in state) and sends nothing that writes;
 * - a destroy SIGKILLed mid-delete leaves a pending delete; `plan` (and `plan --refresh`) then
 *   send no write request and say the entry is pending; the next destroy settles it;
 * - a plan while another process is still applying says a run is in progress and who holds the lock.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileStore } from '#trellis'
import type { State } from '#trellis'
import { BOOKS, cli, costEnv, platform, run, start, tempDir, writeBooks, writes, type Platform } from '../cli/harness'

const test = suite('reliability: interrupted CLI runs')
let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

/** The state as the next run reads it: the snapshot with its journal's records. */
const stored = async (d: string): Promise<State> => {
  const r = await fileStore({ dir: d }).read('books')()
  if (r._tag === 'Left' || !r.right) throw new Error(`no state in ${d}`)
  return r.right
}
const held = (kind: string) =>
  p.emulator
    .objects()
    .filter((o) => o.kind === kind)
    .map((o) => o.id)
    .sort()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** Wait until the emulator has received a request matching `re`. */
const until = async (re: RegExp, from: number) => {
  for (
    let i = 0;
    i < 600 &&
    !p
      .sent()
      .slice(from)
      .some((r) => re.test(r));
    i++
  )
    await sleep(50)
  assert.ok(
    p
      .sent()
      .slice(from)
      .some((r) => re.test(r)),
    `never saw ${String(re)}`,
  )
}

test('item 4: creates adopted by reconciliation are saved although the plan is then empty', async () => {
  const d = tempDir()
  const prog = writeBooks(join(d, 'books.ts'), 'quiet')
  const from = p.sent().length
  p.delay(400)
  const child = start(['apply', prog, '--yes', '--state-dir', d], costEnv(p))
  // the report is created last (it waits for its folder); SIGKILL as soon as its create arrives
  await until(/^POST \/v2\/cost_reports$/, from)
  child.kill('SIGKILL')
  await child.done
  await sleep(800) // the platform finishes what it was sent
  p.delay(0)
  const killed = await stored(d)
  assert.ok(
    Object.values(killed.pending).some((x) => x.op === 'create' && x.token === 'cost:CostReport'),
    'the kill left the create of the report pending',
  )
  assert.ok(existsSync(join(d, 'books.lock')), 'the killed run left its lock')

  const before = p.sent().length
  const a = await cli(['apply', prog, '--yes', '--state-dir', d], costEnv(p))
  assert.is(a.code, 0, a.err)
  assert.match(a.out, /No changes/, a.out)
  assert.not.match(a.out, /Apply complete/)
  assert.equal(writes(p.sent().slice(before)), [], 'adopting sends nothing that writes')
  const after = await stored(d)
  assert.equal(Object.keys(after.resources).sort(), [
    'cost:CostReport/monthly',
    'cost:Folder/finance',
    'cost:Folder/other',
  ])
  assert.equal(Object.keys(after.pending), [], 'no pending entry left')
  assert.not.ok(existsSync(join(d, 'books.lock')), 'no lock left')
  const ids = Object.fromEntries(Object.values(after.resources).map((r) => [r.address, r.id]))
  assert.equal(held('folders'), [ids['cost:Folder/finance'], ids['cost:Folder/other']].sort(), 'no duplicate folder')
  assert.equal(held('cost_reports'), [ids['cost:CostReport/monthly']], 'the report made once, and adopted')
  const plan = await run(['plan', prog, '--state-dir', d, '--detailed-exitcode'], costEnv(p))
  assert.is(plan.code, 0, plan.out)
  assert.not.match(plan.out, /Pending/)
  // clean up this case's objects for the next one
  assert.is((await run(['destroy', prog, '--yes', '--state-dir', d], costEnv(p))).code, 0)
})

test('item 6: after a destroy killed mid-delete, plan sends no write request and says the delete is pending', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const from = p.sent().length
  p.delay(400)
  const child = start(['destroy', BOOKS, '--yes', '--state-dir', d], costEnv(p))
  await until(/^DELETE /, from)
  child.kill('SIGKILL')
  await child.done
  p.delay(0)
  assert.ok(
    Object.values((await stored(d)).pending).some((x) => x.op === 'delete'),
    'the kill left a pending delete',
  )

  const before = p.sent().length
  const plan = await cli(['plan', BOOKS, '--state-dir', d], costEnv(p))
  assert.is(plan.code, 0, plan.err)
  assert.match(
    plan.out,
    /Pending from an interrupted run \(the next apply settles these first; a plan sends nothing\):\n {2}! delete of cost:/,
  )
  const refreshed = await cli(['plan', BOOKS, '--refresh', '--state-dir', d], costEnv(p))
  assert.is(refreshed.code, 0, refreshed.err)
  assert.match(refreshed.out, /! delete of cost:/)
  assert.equal(writes(p.sent().slice(before)), [], 'a plan sends nothing that writes')

  const done = await cli(['destroy', BOOKS, '--yes', '--state-dir', d], costEnv(p))
  assert.is(done.code, 0, done.err)
  assert.equal(Object.keys((await stored(d)).resources), [])
  assert.equal(held('cost_reports'), [])
  assert.equal(held('folders'), [])
})

test('a plan while another process applies says a run is in progress and who holds the lock, not "interrupted"', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const from = p.sent().length
  p.delay(5000)
  const child = start(['destroy', BOOKS, '--yes', '--state-dir', d], costEnv(p))
  try {
    await until(/^DELETE /, from)
    // in process: a second tsx start-up could outlast the destroy's delayed deletes
    const plan = await run(['plan', BOOKS, '--state-dir', d], costEnv(p))
    assert.is(plan.code, 0, plan.err)
    assert.match(plan.out, /A run is in progress: \S+ \(pid \d+ on [^)]+\) since [0-9T:.-]+Z holds the lock\./)
    assert.match(plan.out, /Its steps in flight \(a plan sends nothing\):\n {2}! delete of cost:/)
    assert.not.match(plan.out, /interrupted run/)
  } finally {
    p.delay(0)
    await child.done
  }
  assert.is(Object.keys((await stored(d)).pending).length, 0, 'the destroy ended, its lock not disturbed by the plan')
})

test.run()
