/**
 * Ctrl-C in the middle of an apply, as a user sends it to the real process: the first SIGINT stops
 * new work, lets the steps in flight finish and be recorded, releases the lock and exits 130; the
 * state holds no unsettled write-ahead entry, and the next run does the rest.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv from 'ajv'
import { BOOKS, ROOT, cli, costEnv, platform, start, tempDir } from './harness'

const test = suite('cli: interrupts')

interface Snapshot {
  state: { resources: Record<string, unknown>; pending: Record<string, unknown> }
}

test('SIGINT mid-apply: exit 130, no lock, no pending entry; the next apply finishes', async () => {
  const p = await platform(400)
  try {
    const d = tempDir()
    const env = costEnv(p, { BOOKS_EXTRA: '6' })
    const child = start(['apply', BOOKS, '--yes', '--concurrency', '2', '--state-dir', d], env)
    await child.saw(/creating cost:Folder/)
    child.kill('SIGINT')
    const r = await child.done
    assert.is(r.code, 130, r.err)
    assert.match(r.err, /SIGINT: stopping — no new steps start; waiting for \d+ in flight/)
    assert.not.match(r.out, /Apply complete/)
    assert.not.ok(existsSync(join(d, 'books.lock')), 'the lock was released')
    const st = (JSON.parse(readFileSync(join(d, 'books.json'), 'utf8')) as Snapshot).state
    assert.equal(Object.keys(st.pending), [], 'no unsettled write-ahead entry')
    const made = Object.keys(st.resources).length
    assert.ok(made >= 1 && made < 9, `some, not all, were made (${made})`)
    const next = await cli(['apply', BOOKS, '--yes', '--state-dir', d], env)
    assert.is(next.code, 0, next.err)
    assert.match(next.out, new RegExp(`Apply complete: ${9 - made} change`))
  } finally {
    await p.close()
  }
})

test('a second SIGINT exits at once, saying what may be pending', async () => {
  const p = await platform(1500)
  try {
    const d = tempDir()
    const child = start(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))
    await child.saw(/creating cost:Folder/)
    child.kill('SIGINT')
    await child.saw(/Press Ctrl-C again/)
    child.kill('SIGINT')
    const r = await child.done
    assert.is(r.code, 130)
    assert.match(
      r.err,
      /SIGINT again: exiting now\. These may be pending on the platform; the next run reconciles them: cost:Folder/,
    )
  } finally {
    await p.close()
  }
})

test('SIGINT under --json: exit 130, the last line the interrupted error document (schemas/error.json)', async () => {
  const p = await platform(400)
  try {
    const d = tempDir()
    const env = costEnv(p, { BOOKS_EXTRA: '6' })
    const child = start(['apply', BOOKS, '--yes', '--json', '--concurrency', '2', '--state-dir', d], env)
    await child.saw(/"step-start"/)
    child.kill('SIGINT')
    const r = await child.done
    assert.is(r.code, 130, r.err)
    const lines = r.out.trim().split('\n')
    const last = JSON.parse(lines[lines.length - 1]) as { kind: string; error: { kind: string; exitCode: number } }
    const ajv = new Ajv({ allErrors: true })
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/error.json'), 'utf8')) as object
    assert.ok(ajv.validate(schema, last), ajv.errorsText())
    assert.equal([last.kind, last.error.kind, last.error.exitCode], ['error', 'interrupted', 130])
  } finally {
    await p.close()
  }
})

test.run()
