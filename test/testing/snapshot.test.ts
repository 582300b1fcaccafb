/**
 * Stable snapshots: under the mock, lineage, salt, ids and times are seeded, so the quickstart's
 * plan snapshot is byte-identical in two separate processes (and in this one).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { stack, secret } from 'trellis'
import * as cloud from 'trellis/cloud'
import quickstart from '../../examples/quickstart'
import { runMock, planSnapshot } from 'trellis/testing'
import { financeStack } from './fixtures/finance'

const test = suite('trellis/testing snapshots')
const run = promisify(execFile)
const script = fileURLToPath(new URL('./fixtures/print-snapshot.ts', import.meta.url))
const child = async () =>
  (
    await run(process.execPath, ['--import', 'tsx', script], {
      timeout: 30_000,
      maxBuffer: 8 << 20,
      // tsx's disk cache can be read mid-write by parallel processes
      env: { ...process.env, TSX_DISABLE_CACHE: '1' },
    })
  ).stdout

test('the quickstart plan snapshot is byte-identical across two processes', async () => {
  const [a, b] = await Promise.all([child(), child()])
  assert.ok(a.length > 1000, `a real snapshot (${a.length} bytes)`)
  assert.is(a, b)
  const here = planSnapshot(await runMock(quickstart))
  assert.is(here.text + here.json, a)
  assert.ok(here.json.includes('"lineage": "'))
  assert.ok(here.text.includes('+ cost:CostReport "monthly" will be created'))
})

test('lineage and salt are seeded by the stack name, overridable; times come from a fixed clock', async () => {
  const one = await runMock(financeStack)
  const two = await runMock(financeStack)
  assert.is(one.state.lineage, two.state.lineage)
  assert.is(one.state.salt, two.state.salt)
  assert.equal(one.state, two.state)
  const other = await runMock(financeStack, { seed: 'another' })
  assert.is.not(other.state.lineage, one.state.lineage)
  assert.is.not(other.state.salt, one.state.salt)
  assert.is(one.state.resources['cost:Folder/finance'].changedAt.title, '2024-01-01T00:00:00.000Z')
  const later = await runMock(financeStack, { now: () => new Date('2030-05-06T07:08:09.000Z') })
  assert.is(later.state.resources['cost:Folder/finance'].changedAt.title, '2030-05-06T07:08:09.000Z')
  assert.is(one.state.resources['cost:CostReport/monthly'].id, 'costreport-monthly')
})

test('a secret input shows as [secret] in the text and {"secret": true} in the JSON, and the snapshot still repeats', async () => {
  const key = cloud.apiGatewayApiKey('partner', {
    secretName: 'partner_a',
    accessKeyType: 'manual',
    accessKeyId: 'AKIDmanual1',
    accessKeySecret: secret('s3cr3t-value-0123456789'),
  })
  const s = stack('keys').add(key)
  const snap = planSnapshot(await runMock(s))
  assert.ok(snap.text.includes('accessKeySecret = [secret]'), snap.text)
  const doc = JSON.parse(snap.json) as { steps: Array<{ inputs: Record<string, unknown> }> }
  assert.equal(doc.steps[0].inputs.accessKeySecret, { secret: true })
  assert.not.ok((snap.text + snap.json).includes('s3cr3t'))
  assert.is(planSnapshot(await runMock(s)).json, snap.json)
})

test.run()
