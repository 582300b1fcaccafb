/**
 * The runner's leak detector: a suite that passes but leaves a server listening makes the run name
 * the server (where it listens, which file left it) and exit 1; its twin that closes it exits 0.
 */
import { spawnSync } from 'node:child_process'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = suite('test runner: leaks')

const run = (fixture: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'test/run.ts', `test/runner/fixtures/${fixture}`], {
    encoding: 'utf8',
    timeout: 30_000,
  })

test('a server left listening is named with its file, and the run exits 1 after the grace', () => {
  const started = Date.now()
  const r = run('leaky-suite.ts')
  assert.is(r.status, 1, r.stderr)
  assert.match(
    r.stderr,
    /leaked: Server listening on 127\.0\.0\.1:\d+ \(left open by test\/runner\/fixtures\/leaky-suite\.ts\)/,
  )
  const last = r.stdout.trim().split('\n').pop()
  assert.is(last, '1 passed, 0 failed, 1 leaked')
  // it waited out the grace before calling it a leak (the 30 s bound above is the other side)
  assert.ok(Date.now() - started >= 2000, `took ${Date.now() - started} ms`)
})

test('a suite that closes what it opened passes and exits 0', () => {
  const r = run('tidy-suite.ts')
  assert.is(r.status, 0, r.stderr)
  assert.not.match(r.stderr, /leaked/)
  assert.is(r.stdout.trim().split('\n').pop(), '1 passed, 0 failed')
})

test.run()
