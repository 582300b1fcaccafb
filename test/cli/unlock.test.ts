/**
 * `trellis state unlock [--force]` as a subprocess: a lock whose holder is alive is kept unless
 * forced, and every answer names the holder (owner, pid, host, since); a dead holder's lock is
 * broken without --force; after either, an apply runs.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { BOOKS, ROOT, cli, costEnv, platform, run, tempDir, type Platform } from './harness'

const test = suite('cli: state unlock')
let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

/** A process that takes the stack's lock and holds it until killed (test/reliability/state-lock-holder.ts). */
const holdLock = (dir: string, owner: string): Promise<ChildProcess> =>
  new Promise((ok, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test/reliability/state-lock-holder.ts'), 'file', dir, 'books', owner],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('LOCKED')) ok(child)
    })
    child.on('exit', (code) => fail(new Error(`the lock holder exited (${code}) before locking: ${out}`)))
    setTimeout(() => fail(new Error('the lock holder did not lock within 30 s')), 30_000).unref()
  })

test('a live holder: unlock refuses naming it, --force breaks the lock, then apply runs', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const holder = await holdLock(d, 'alice@ci')
  try {
    const locked = await run(['apply', BOOKS, '--yes', '--state-dir', d], { ...costEnv(p), TRELLIS_LOCK_WAIT_MS: '0' })
    assert.is(locked.code, 4, locked.err)
    const kept = await cli(['state', 'unlock', '--state-dir', d])
    assert.is(kept.code, 4, kept.err)
    assert.match(
      kept.err,
      new RegExp(
        `stack books is locked by alice@ci \\(pid ${holder.pid} on ${hostname()}\\) since \\S+, which is still running; .*--force`,
      ),
    )
    assert.ok(existsSync(join(d, 'books.lock')), 'the lock is kept')
    const forced = await cli(['state', 'unlock', '--force', '--state-dir', d])
    assert.is(forced.code, 0, forced.err)
    assert.match(
      forced.out,
      new RegExp(`Unlocked stack books \\(the lock was held by alice@ci \\(pid ${holder.pid} on `),
    )
    assert.not.ok(existsSync(join(d, 'books.lock')))
    const a = await run(['apply', BOOKS, '--yes', '--state-dir', d], { ...costEnv(p), TRELLIS_LOCK_WAIT_MS: '0' })
    assert.is(a.code, 0, a.err)
  } finally {
    holder.kill('SIGKILL')
  }
})

test('a dead holder: unlock breaks the lock without --force, naming who held it', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  const pid = Number(gone.stdout)
  const since = new Date(Date.now() - 3_600_000).toISOString()
  writeFileSync(join(d, 'books.lock'), JSON.stringify({ owner: 'bob@laptop', pid, host: hostname(), since }))
  const r = await cli(['state', 'unlock', '--state-dir', d])
  assert.is(r.code, 0, r.err)
  assert.match(
    r.out,
    `Unlocked stack books (the lock was held by bob@laptop (pid ${pid} on ${hostname()}) since ${since}).`,
  )
  assert.not.ok(existsSync(join(d, 'books.lock')))
  const none = await cli(['state', 'unlock', '--state-dir', d])
  assert.is(none.code, 0)
  assert.match(none.out, /Stack books is not locked\./)
})

test.run()
