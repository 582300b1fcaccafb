/**
 * Where the PostgreSQL state tests get their server, and that a missing server under CI is a
 * failure, not a silent skip.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { decideTestPg } from './postgres-server'

test('TRELLIS_TEST_PG wins', async () => {
  const d = decideTestPg({ TRELLIS_TEST_PG: 'postgres://u@127.0.0.1:5/db', CI: 'true' }, undefined)
  assert.is(d.kind, 'available')
  if (d.kind === 'available') assert.is(await d.url(), 'postgres://u@127.0.0.1:5/db')
})

test('without a server or initdb, the tests are skipped locally with the reason', () => {
  const d = decideTestPg({}, undefined)
  assert.is(d.kind, 'skip')
  if (d.kind === 'skip') assert.match(d.why, /TRELLIS_TEST_PG is not set and initdb/)
})

test('without a server or initdb under CI, the tests must fail (required), never skip', () => {
  const d = decideTestPg({ CI: 'true' }, undefined)
  assert.is(d.kind, 'required')
  if (d.kind === 'required') assert.match(d.why, /\.ci\/run/)
})

test('with initdb installed, the tests start their own server', () => {
  assert.is(decideTestPg({}, '/usr/lib/postgresql/15/bin').kind, 'available')
})

test.run()
