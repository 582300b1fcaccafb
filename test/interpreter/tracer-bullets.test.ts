/**
 * The tracer-bullet specs through the real interpreter, against each emulator, in-process and over
 * loopback HTTP: create, a re-plan with no changes, update (or replace where the platform cannot
 * update), import by the spec's import id, delete.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, type Either } from 'fp-ts/Either'
import { stack, type Stack } from '#trellis'
import { apply, plan, destroy, importResource, lookup } from '#trellis/engine'
import { registry } from '#trellis'
import { memoryStore } from '#trellis'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import * as cloud from '#trellis/cloud'
import { platforms, type Mode } from './harness'

const ok = <A>(r: Either<unknown, A>): A => {
  if (isLeft(r)) throw new Error(JSON.stringify(r.left, null, 1).slice(0, 1500))
  return r.right
}

interface Case {
  readonly title: string
  /** the stack before and after the change, and the node under test */
  readonly before: Stack
  readonly after: Stack
  readonly token: string
  readonly name: string
  readonly expect: 'update' | 'replace'
}

const folder = cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' })
const zone = hosting.dnsZone('acme', { name: 'acme.test', teamSlug: 'acme' })
const service = cloud.apiGatewayService('orders', {
  serviceName: 'orders',
  serviceDesc: 'v1',
  protocol: 'https',
  netTypes: ['OUTER'],
})
const api = cloud
  .apiGatewayApi('list', {
    apiName: 'list-orders',
    apiDesc: 'v1',
    authType: 'NONE',
    protocol: 'HTTP',
    requestConfigPath: '/orders',
    requestConfigMethod: 'GET',
    serviceConfigType: 'HTTP',
    serviceConfigTimeout: 15,
    serviceConfigUrl: 'http://orders.internal',
    serviceConfigPath: '/orders',
    serviceConfigMethod: 'GET',
  })
  .serviceId(service.out.id)

const cases: Case[] = [
  {
    title: 'cost:Folder',
    before: stack('t').add(folder),
    after: stack('t').add(folder.title('Finance & Ops')),
    token: 'cost:Folder',
    name: 'finance',
    expect: 'update',
  },
  (() => {
    const r = cost
      .costReport('monthly', { title: 'Monthly', filter: "costs.provider = 'aws'" })
      .folderToken(folder.out.token)
    return {
      title: 'cost:CostReport',
      before: stack('t').add(folder, r),
      after: stack('t').add(folder, r.title('Monthly (all)').dateInterval('last_month')),
      token: 'cost:CostReport',
      name: 'monthly',
      expect: 'update' as const,
    }
  })(),
  {
    title: 'hosting:DnsZone',
    before: stack('t').add(zone),
    after: stack('t').add(zone.name('acme2.test')),
    token: 'hosting:DnsZone',
    name: 'acme',
    expect: 'replace',
  },
  (() => {
    const rec = hosting
      .dnsRecord('www', { hostname: 'www.acme.test', type: 'CNAME', value: 'acme-www.netlify.app', ttl: 3600 })
      .zoneId(zone.out.id)
    return {
      title: 'hosting:DnsRecord',
      before: stack('t').add(zone, rec),
      after: stack('t').add(zone, rec.ttl(600)),
      token: 'hosting:DnsRecord',
      name: 'www',
      expect: 'replace' as const,
    }
  })(),
  {
    title: 'cloud:ApiGatewayService',
    before: stack('t').add(service),
    after: stack('t').add(service.serviceDesc('v2')),
    token: 'cloud:ApiGatewayService',
    name: 'orders',
    expect: 'update',
  },
  {
    title: 'cloud:ApiGatewayApi',
    before: stack('t').add(service, api),
    after: stack('t').add(service, api.apiDesc('v2')),
    token: 'cloud:ApiGatewayApi',
    name: 'list',
    expect: 'update',
  },
]

for (const mode of ['in-process', 'loopback'] as Mode[]) {
  const test = suite(`real interpreter (${mode})`)
  for (const c of cases)
    test(`${c.title}: create, no-change re-plan, ${c.expect}, import, delete`, async () => {
      const p = await platforms(mode)
      try {
        const env = p.env()
        const address = `${c.token}/${c.name}`
        const a1 = ok(await apply(c.before)(env)())
        const id1 = a1.state.resources[address].id
        const kindCount = () =>
          p.emulators[c.token.split(':')[0] as 'cost'].objects().filter((o) => o.id === id1).length
        assert.is(kindCount(), 1, 'the platform holds the created object')
        const p1 = ok(await plan(c.before)(env)())
        assert.equal(
          p1.plan.steps
            .filter((s) => s.action !== 'noop' && s.action !== 'read')
            .map((s) => `${s.action} ${s.address}: ${s.diff.map((d) => d.path).join(',')}`),
          [],
        )
        const a2 = ok(await apply(c.after)(env)())
        assert.ok(
          a2.journal.some((j) => j.address === address && j.action === c.expect && j.status === 'done'),
          JSON.stringify(a2.journal),
        )
        const id2 = a2.state.resources[address].id
        if (c.expect === 'replace') assert.is.not(id2, id1)
        const p2 = ok(await plan(c.after)(env)())
        assert.ok(
          p2.plan.steps.every((s) => s.action === 'noop' || s.action === 'read'),
          JSON.stringify(p2.plan.steps.filter((s) => s.action !== 'noop')),
        )
        // import into a fresh state by the spec's import id
        const spec = registry.resources.get(c.token)!
        const importId = spec.identity.printImportId(id2, a2.state.resources[address].inputs)
        const fresh = { ...env, store: memoryStore() }
        const imported = ok(await importResource(c.after, c.token, c.name, importId)(fresh)())
        assert.is(imported.id, id2)
        // delete everything; the platform no longer holds the object
        ok(await destroy(c.after)(env)())
        const left = p.emulators[c.token.split(':')[0] as 'cost'].objects().filter((o) => o.id === id2)
        assert.is(left.length, 0)
      } finally {
        await p.close()
      }
    })

  test('lookups: getWorkspaces, getTeam and getApiGatewayApis read the platform', async () => {
    const p = await platforms(mode)
    try {
      const env = p.env()
      const ws = ok(await lookup('cost:getWorkspaces', 'ws', {})(env)())
      assert.ok((ws.workspaces as Array<{ token: string }>).some((w) => w.token === 'wrkspc_default'))
      const team = ok(await lookup('hosting:getTeam', 'team', { slug: 'acme' })(env)())
      assert.is(team.slug, 'acme')
      const applied = ok(await apply(stack('t').add(service, api))(env)())
      const serviceId = applied.state.resources['cloud:ApiGatewayService/orders'].id
      const apis = ok(await lookup('cloud:getApiGatewayApis', 'apis', { serviceId })(env)())
      assert.is((apis.lists as unknown[]).length, 1)
    } finally {
      await p.close()
    }
  })
  test.run()
}

const teamTest = suite('provider resolve hooks')
teamTest('a default team slug is resolved once to its id, and team-level resources use it', async () => {
  const p = await platforms('in-process')
  try {
    const env = p.env()
    const v = hosting.environmentVariable('api-url', {
      key: 'API_URL',
      values: [{ context: 'all', value: 'https://api.acme.test' }],
    })
    const st = stack('team', { providers: { hosting: hosting.provider({ defaultTeamSlug: 'acme' }) } }).add(v)
    const a = ok(await apply(st)(env)())
    const r = a.state.resources['hosting:EnvironmentVariable/api-url']
    assert.ok(r.id.length > 0)
    const p2 = ok(await plan(st)(env)())
    assert.ok(p2.plan.steps.every((s) => s.action === 'noop'))
    const bad = await plan(
      stack('team', { providers: { hosting: hosting.provider({ defaultTeamSlug: 'nobody' }) } }).add(v),
    )(env)()
    assert.ok(isLeft(bad))
    if (isLeft(bad)) assert.match(JSON.stringify(bad.left), /nobody/)
  } finally {
    await p.close()
  }
})
teamTest.run()
