/**
 * The everyday CLI items of issue 35: plan --destroy, --lock-timeout, …, each against a cost
 * emulator on loopback, through the same main() the bin runs.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { BOOKS, ROOT, costEnv, platform, run, tempDir, writes, type Platform } from './harness'

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

/** a process holding the stack's lock until killed (test/reliability/state-lock-holder.ts) */
const holdLock = (dir: string): Promise<ChildProcess> =>
  new Promise((ok, fail) => {
    const script = join(ROOT, 'test/reliability/state-lock-holder.ts')
    const child = spawn(process.execPath, ['--import', 'tsx', script, 'file', dir, 'books', 'bob@ci'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (d: Buffer) => d.toString().includes('LOCKED') && ok(child))
    child.on('exit', (code) => fail(new Error(`the lock holder exited (${code}) before locking`)))
    setTimeout(() => fail(new Error('the lock holder did not lock within 30 s')), 30_000).unref()
  })

test('--lock-timeout wins over TRELLIS_LOCK_WAIT_MS; a bad duration is a usage error', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const holder = await holdLock(d)
  try {
    // the environment alone would wait a minute (the test's bound is the harness's 60 s)
    const env = { ...costEnv(p), TRELLIS_LOCK_WAIT_MS: '600000' }
    const locked = await run(['apply', BOOKS, '--yes', '--lock-timeout', '0s', '--state-dir', d], env)
    assert.is(locked.code, 4, locked.err)
    assert.match(locked.err + locked.out, 'bob@ci')
  } finally {
    holder.kill('SIGKILL')
  }
  const bad = await run(['apply', BOOKS, '--yes', '--lock-timeout', 'soon', '--state-dir', d], costEnv(p))
  assert.is(bad.code, 64)
  assert.match(bad.err, '--lock-timeout: expected a duration such as 30s, 2m or 500ms, got "soon"')
})

test('import: a misspelt type gets "did you mean"; "already managed" names the resource and how to import again', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const before = p.sent().length
  const typo = await run(['import', BOOKS, 'cost:Foldr', 'spare', 'fldr_x', '--state-dir', d], costEnv(p))
  assert.not.equal(typo.code, 0)
  assert.match(typo.err, 'cost:Foldr is not a resource type (did you mean cost:Folder?)')
  assert.is(p.sent().length, before, 'nothing sent for a type that does not exist')
  const id = (
    JSON.parse((await run(['state', 'show', 'cost:Folder/finance', '--json', '--state-dir', d])).out) as {
      resource: { id: string }
    }
  ).resource.id
  const again = await run(['import', BOOKS, 'cost:Folder', 'finance', id, '--state-dir', d], costEnv(p))
  assert.not.equal(again.code, 0)
  assert.match(again.err, 'cost:Folder "finance": is already managed by stack books')
  assert.match(again.err, 'trellis state rm')
})

test('--replace of a lookup, or of an address the program lacks, is refused with the closest name', async () => {
  const d = tempDir()
  const quick = join(ROOT, 'examples/quickstart.ts')
  const lookup = await run(['plan', quick, '--emulate', '--replace', 'cost:getWorkspaces/all', '--state-dir', d])
  assert.not.equal(lookup.code, 0)
  assert.match(lookup.err, 'is a lookup: it is read at plan time, never replaced')
  const typo = await run(['plan', BOOKS, '--replace', 'cost:Folder/financ', '--state-dir', d], costEnv(p))
  assert.is(typo.code, 64)
  assert.match(typo.err, 'cost:Folder/financ is neither in the stack nor in state (did you mean cost:Folder/finance?)')
})

test('outputs without --emulate where only emulated state exists: says so and how to read it (exit 64, not 4)', async () => {
  const d = tempDir()
  const quick = join(ROOT, 'examples/quickstart.ts')
  assert.is((await run(['apply', quick, '--emulate', '--yes', '--state-dir', d])).code, 0)
  const real = await run(['outputs', '--state-dir', d])
  assert.is(real.code, 64, real.err)
  assert.match(real.err, 'no stack has state for the real platforms in')
  assert.match(real.err, 'emulated state exists (quickstart): add --emulate to read it')
  const emulated = await run(['outputs', '--emulate', '--state-dir', d])
  assert.is(emulated.code, 0, emulated.err)
  assert.match(emulated.out, /^report = "rprt_/m)
  const empty = await run(['outputs', '--state-dir', tempDir()])
  assert.is(empty.code, 64)
  assert.match(empty.err, /no stack has state in \S+ \(see --state-dir, --state-url\)/)
})

test.run()
