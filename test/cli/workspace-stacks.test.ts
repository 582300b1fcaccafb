/**
 * workspace() given several stacks: one run across them on the emulators — producers first,
 * destroy consumers first, a failed stack's consumers skipped and the promise rejecting with the
 * failure and every stack's part.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stack, workspace, TrellisError, type StacksError, type PlanResult } from '#trellis'
import { hostingEmulator } from '#trellis/clients'
import { costEmulator } from '#trellis/clients'
import { cloudEmulator } from '#trellis/clients'
import * as hosting from '#trellis/hosting'
import { network, sites } from '../fixtures/two-stacks'

const test = suite('workspace across stacks')
const open = () =>
  workspace({
    stateDir: mkdtempSync(join(tmpdir(), 'trellis-stacks-')),
    env: {},
    emulate: { cost: costEmulator(), hosting: hostingEmulator(), cloud: cloudEmulator() },
  })

test('plan([sites, network]) plans network first; apply then destroy leave the zone record pointing at the zone', async () => {
  const w = open()
  const net = network()
  const planned = await w.plan([sites('dev', net), net])
  assert.equal(
    planned.stacks.map((s) => s.stack),
    ['network-dev', 'sites-dev'],
  )
  const applied = await w.apply([sites('dev', net), net])
  const zoneId = applied.stacks[0].result?.outputs.zoneId
  assert.type(zoneId, 'string')
  const record = (await w.state('sites-dev'))?.resources['hosting:DnsRecord/www']
  assert.is(record?.inputs.zoneId, zoneId)
  const gone = await w.destroy([net, sites('dev', net)])
  assert.equal(
    gone.stacks.map((s) => [s.stack, s.status, s.result?.changes]),
    [
      ['sites-dev', 'done', 1],
      ['network-dev', 'done', 1],
    ],
  )
  await w.close()
})

test('a failed stack rejects with its error and every stack part; its consumers are skipped', async () => {
  const w = open()
  const broken = stack('network-dev')
    .add(hosting.dnsZone('zone', { name: '', teamSlug: 'acme' }))
    .export('zoneId', 'z')
  const e = await w.plan([broken, sites('dev', broken)]).catch((x: unknown) => x)
  assert.instance(e, TrellisError)
  const parts = (e as StacksError<PlanResult>).stacks.stacks
  assert.equal(
    parts.map((s) => [s.stack, s.status]),
    [
      ['network-dev', 'failed'],
      ['sites-dev', 'skipped'],
    ],
  )
  assert.is((e as TrellisError).exitCode, 3)
  await w.close()
})

test.run()
