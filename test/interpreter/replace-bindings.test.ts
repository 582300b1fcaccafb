/**
 * Through the real interpreter on the emulators: resources whose replacement shares an identity
 * with the old object (a usage-plan binding, a DNS record for one name and type) delete first,
 * as their specs declare, so a replacement leaves exactly one live object; and a delete whose
 * wait meets "gone" ends as done at once instead of polling for minutes.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from '#trellis'
import { apply, destroy, plan, refresh } from '#trellis/engine'
import { changes } from '#trellis'
import { memoryStore } from '#trellis'
import { emptyState } from '#trellis/engine'
import * as cloud from '#trellis/cloud'
import * as hosting from '#trellis/hosting'
import { platforms } from './harness'
import { ok } from '../helpers'

const test = suite('replace bindings (emulators)')

test('a usage-plan attachment replaced with one more key is bound to both keys afterwards', async () => {
  const p = await platforms('in-process')
  try {
    const env = p.env({ store: memoryStore() })
    const service = cloud.apiGatewayService('svc', { serviceName: 'svc', protocol: 'http', netTypes: ['OUTER'] })
    const usage = cloud.apiGatewayUsagePlan('quota', { usagePlanName: 'quota', maxRequestNum: 1000 })
    const k1 = cloud.apiGatewayApiKey('k1', { secretName: 'k1' })
    const k2 = cloud.apiGatewayApiKey('k2', { secretName: 'k2' })
    const bind = (keys: ReadonlyArray<typeof k1>) =>
      cloud
        .apiGatewayUsagePlanAttachment('bind', { environment: 'release' })
        .usagePlanId(usage.out.id)
        .serviceId(service.out.id)
        .accessKeyIds(keys.map((k) => k.out.id))
    const before = stack('keys').add(service, usage, k1, k2, bind([k1]))
    const after = stack('keys').add(service, usage, k1, k2, bind([k1, k2]))
    ok(await apply(before)(env)(), 'apply with one key')
    const pl = ok(await plan(after)(env)(), 'plan with two keys').plan
    assert.equal(
      changes(pl).map((s) => [s.address, s.action, s.deleteBeforeReplace]),
      [['cloud:ApiGatewayUsagePlanAttachment/bind', 'replace', true]],
    )
    const r = ok(await apply(after)(env)(), 'apply with two keys')
    assert.equal(
      r.journal.filter((j) => j.address.endsWith('/bind')).map((j) => `${j.action} ${j.status}`),
      ['delete done', 'replace done'],
    )
    // still bound, with both keys: a refresh finds the binding as recorded, and nothing to change
    const drift = ok(await refresh(after)(env)(), 'refresh').drift
    assert.equal(drift, [], JSON.stringify(drift))
    const st = ok(await plan(after)(env)(), 're-plan').state
    assert.equal(st.resources['cloud:ApiGatewayUsagePlanAttachment/bind'].inputs.accessKeyIds, [
      st.resources['cloud:ApiGatewayApiKey/k1'].id,
      st.resources['cloud:ApiGatewayApiKey/k2'].id,
    ])
    assert.equal(changes(ok(await plan(after)(env)(), 're-plan').plan), [])
  } finally {
    await p.close()
  }
})

test('a DNS record replaced by a new value leaves one record of that name and type', async () => {
  const p = await platforms('in-process')
  try {
    const env = p.env({ store: memoryStore() })
    const zone = hosting.dnsZone('zone', { name: 'acme.test', teamSlug: 'acme' })
    const rec = (value: string) =>
      hosting.dnsRecord('www', { hostname: 'www.acme.test', type: 'CNAME', value }).zoneId(zone.out.id)
    ok(await apply(stack('dns').add(zone, rec('a.example.net')))(env)(), 'apply first value')
    const r = ok(await apply(stack('dns').add(zone, rec('b.example.net')))(env)(), 'apply second value')
    assert.equal(
      r.journal.filter((j) => j.address.endsWith('/www')).map((j) => `${j.action} ${j.status}`),
      ['delete done', 'replace done'],
    )
    const records = p.emulators.hosting.objects().filter((o) => o.kind === 'dns_records')
    assert.is(records.length, 1, JSON.stringify(records))
  } finally {
    await p.close()
  }
})

test('deleting a usage-plan attachment whose service is gone ends as done, without waiting', async () => {
  const p = await platforms('in-process')
  const ac = new AbortController()
  const timer = setTimeout(() => ac.abort(), 5000)
  try {
    const s0 = emptyState('gone', 'lineage-gone', 'salt')
    const address = 'cloud:ApiGatewayUsagePlanAttachment/bind'
    const inputs = { usagePlanId: 'usagePlan-nothere', serviceId: 'service-nothere', environment: 'release' }
    const store = memoryStore({
      gone: {
        ...s0,
        serial: 1,
        resources: {
          [address]: {
            address,
            token: 'cloud:ApiGatewayUsagePlanAttachment',
            name: 'bind',
            provider: 'cloud',
            id: 'usagePlan-nothere#service-nothere#release#SERVICE##',
            inputs,
            outputs: {},
            dependencies: [],
            changedAt: {},
          },
        },
      },
    })
    const t0 = Date.now()
    const d = ok(await destroy(stack('gone'))(p.env({ store, signal: ac.signal }))(), 'destroy')
    assert.ok(Date.now() - t0 < 5000, `took ${Date.now() - t0} ms`)
    assert.equal(
      d.journal.map((j) => `${j.action} ${j.status}`),
      ['delete done'],
    )
    assert.equal(d.state.resources, {})
  } finally {
    clearTimeout(timer)
    await p.close()
  }
})

test.run()
