/**
 * bench/child-env.ts: the bench's processes run without NODE_EXTRA_CA_CERTS (Node would read the
 * CA file it names before every script) and with everything else the runner has.
 */
import { spawnSync } from 'node:child_process'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { childEnv } from '../../bench/child-env'

const test = suite('bench child env')

const runner = { PATH: '/usr/bin', NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt', LANG: 'C.UTF-8' }

test('drops NODE_EXTRA_CA_CERTS and keeps the rest', () => {
  const env = childEnv(undefined, runner)
  assert.not.ok('NODE_EXTRA_CA_CERTS' in env)
  assert.equal(env, { PATH: '/usr/bin', LANG: 'C.UTF-8' })
  assert.is(runner.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt', "the runner's own is untouched")
})

test('extra variables are added and win over the runner’s', () => {
  assert.equal(childEnv({ LANG: 'C', BENCH_X: '1' }, runner), { PATH: '/usr/bin', LANG: 'C', BENCH_X: '1' })
})

test('a process started with it does not see the variable', () => {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.env.NODE_EXTRA_CA_CERTS))'], {
    // a file that does not exist: Node warns on stderr when it is given, and the child would print its name
    env: childEnv(undefined, { ...process.env, NODE_EXTRA_CA_CERTS: '/nonexistent/ca.pem' }),
    encoding: 'utf8',
  })
  assert.is(r.status, 0)
  assert.is(r.stdout, 'undefined')
  assert.not.match(r.stderr, /nonexistent/)
})

test.run()
