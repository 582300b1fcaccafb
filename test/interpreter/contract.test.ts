/**
 * Contract: the mock interpreter and the real one (over the emulators) agree on ordering, ref
 * resolution, validation errors, the journal of operations and the shape of the resulting state.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, type Either } from 'fp-ts/Either'
import { stack } from '#trellis'
import { resourceNode } from '#trellis/engine'
import { apply, plan } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import { memoryStore } from '#trellis'
import { registry } from '#trellis'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import * as cloud from '#trellis/cloud'
import { platforms } from './harness'
import type { Env } from '#trellis/engine'

const test = suite('contract: mock vs real handler')
const ok = <A>(r: Either<unknown, A>): A => {
  if (isLeft(r)) throw new Error(JSON.stringify(r.left).slice(0, 1500))
  return r.right
}

const folder = cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' })
const report = cost.costReport('monthly', { title: 'Monthly' }).folderToken(folder.out.token)
const alert = cost
  .costAlert('spike', {
    title: 'Spike',
    interval: 'day',
    unitType: 'percentage',
    threshold: 20,
    workspaceToken: 'wrkspc_default',
  })
  .reportTokens([report.out.token])
const zone = hosting.dnsZone('acme', { name: 'acme.test', teamSlug: 'acme' })
const www = hosting
  .dnsRecord('www', { hostname: 'www.acme.test', type: 'CNAME', value: 'acme-www.netlify.app' })
  .zoneId(zone.out.id)
const service = cloud.apiGatewayService('orders', { serviceName: 'orders', protocol: 'https', netTypes: ['OUTER'] })
const s = stack('contract').add(folder, report, alert, zone, www, service)

const both = async () => {
  const p = await platforms('in-process')
  const real: Env = p.env({ concurrency: 1, store: memoryStore() })
  const mock: Env = { ...real, handler: mockHandler(), store: memoryStore() }
  return { p, real, mock }
}

test('same plan, same journal order, same state shape; refs resolve to each platform’s own ids', async () => {
  const { p, real, mock } = await both()
  try {
    const r = ok(await apply(s)(real)())
    const m = ok(await apply(s)(mock)())
    assert.equal(
      r.plan.steps.map((x) => [x.address, x.action]),
      m.plan.steps.map((x) => [x.address, x.action]),
    )
    assert.equal(
      r.journal.map((j) => [j.address, j.action, j.status]),
      m.journal.map((j) => [j.address, j.action, j.status]),
    )
    assert.equal(Object.keys(r.state.resources).sort(), Object.keys(m.state.resources).sort())
    for (const run of [r, m]) {
      const st = run.state.resources
      assert.is(st['cost:CostReport/monthly'].inputs.folderToken, st['cost:Folder/finance'].outputs.token)
      assert.equal(st['cost:CostAlert/spike'].inputs.reportTokens, [st['cost:CostReport/monthly'].outputs.token])
      assert.is(st['hosting:DnsRecord/www'].inputs.zoneId, st['hosting:DnsZone/acme'].id)
      assert.equal(st['cost:CostAlert/spike'].dependencies, ['cost:CostReport/monthly'])
    }
    for (const a of Object.keys(r.state.resources))
      assert.equal(Object.keys(r.state.resources[a].inputs).sort(), Object.keys(m.state.resources[a].inputs).sort(), a)
    // both agree there is nothing left to do
    assert.ok(ok(await plan(s)(real)()).plan.steps.every((x) => x.action === 'noop'))
    assert.ok(ok(await plan(s)(mock)()).plan.steps.every((x) => x.action === 'noop'))
  } finally {
    await p.close()
  }
})

test('the same validation errors, before any request', async () => {
  const { p, real, mock } = await both()
  try {
    const bad = stack('bad').add(
      resourceNode('cost:CostAlert', 'x', { title: 'x', interval: 'hourly', unitType: 'currency', threshold: 'high' }),
    )
    const r = await apply(bad)(real)()
    const m = await apply(bad)(mock)()
    assert.ok(isLeft(r) && isLeft(m))
    assert.equal(JSON.stringify(isLeft(r) && r.left), JSON.stringify(isLeft(m) && m.left))
    assert.equal(p.emulators.cost.requests(), {})
    void registry
  } finally {
    await p.close()
  }
})

test('a change planned the same way: update in place on both', async () => {
  const { p, real, mock } = await both()
  try {
    ok(await apply(s)(real)())
    ok(await apply(s)(mock)())
    const changed = stack('contract').add(folder.title('Finance & Ops'), report, alert, zone, www, service)
    const r = ok(await apply(changed)(real)())
    const m = ok(await apply(changed)(mock)())
    assert.equal(
      r.journal.map((j) => [j.address, j.action]),
      m.journal.map((j) => [j.address, j.action]),
    )
    assert.equal(
      r.journal.map((j) => j.action),
      ['update'],
    )
  } finally {
    await p.close()
  }
})

test.run()
