/**
 * The worker pool (`--workers N`, how the slow tier runs): the totals line still ends the run, a
 * failing suite is named with its file, a worker that dies fails its file by name while the other
 * files still run, and a leaked server is named with its file and fails the run after the grace.
 */
import { spawnSync } from 'node:child_process'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = suite('test runner: worker pool')

const run = (...fixtures: string[]) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', 'test/run.ts', '--workers', '2', ...fixtures.map((f) => `test/runner/fixtures/${f}`)],
    { encoding: 'utf8', timeout: 60_000 },
  )
const last = (out: string) => out.trim().split('\n').pop()

test('files in two workers: the counts summed into one totals line', () => {
  const r = run('tidy-suite.ts', 'failing-suite.ts')
  assert.is(r.status, 1, r.stderr)
  assert.is(last(r.stdout), '2 passed, 1 failed')
  // uvu's report names the suite and the test; the runner names the file again at the end
  assert.match(r.stdout, /failing fixture[\s\S]*fails on purpose/)
  assert.match(r.stderr, /^failed: test\/runner\/fixtures\/failing-suite\.ts \(1 failed\)$/m)
  assert.not.match(r.stderr, /tidy-suite/)
})

test('a worker that dies fails its file by name, and the other files still run', () => {
  const r = run('crashing-suite.ts', 'tidy-suite.ts', 'failing-suite.ts')
  assert.is(r.status, 1, r.stderr)
  assert.match(r.stderr, /^crashed: test\/runner\/fixtures\/crashing-suite\.ts \(worker exit 3\)$/m)
  assert.is(last(r.stdout), '2 passed, 2 failed')
})

test('a server left listening in a worker is named with its file, after the grace', () => {
  const started = Date.now()
  const r = run('leaky-suite.ts', 'tidy-suite.ts')
  assert.is(r.status, 1, r.stderr)
  assert.match(
    r.stderr,
    /leaked: Server listening on 127\.0\.0\.1:\d+ \(left open by test\/runner\/fixtures\/leaky-suite\.ts\)/,
  )
  assert.is(last(r.stdout), '2 passed, 0 failed, 1 leaked')
  assert.ok(Date.now() - started >= 2000, `took ${Date.now() - started} ms`)
})

test('all green: exit 0', () => {
  const r = run('tidy-suite.ts')
  assert.is(r.status, 0, r.stderr)
  assert.is(last(r.stdout), '1 passed, 0 failed')
})

test.run()
