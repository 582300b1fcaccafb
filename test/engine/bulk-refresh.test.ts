/**
 * Bulk refresh (src/engine/bulk-read.ts) against the emulators through the real handler: one
 * listing per type or per parent (`wire.list`, `wire.listIn`) must observe exactly what one read per
 * resource observes — changed fields as drift, objects deleted behind trellis's back as gone —
 * including listings of more items than a page, and a parent deleted with its children.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { apply, refresh, type RefreshResult } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import type { Handler } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { registry } from '#trellis'
import { hostingProvider } from '#trellis/engine'
import { costProvider } from '#trellis/engine'
import { buildersFor } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import { costEmulator } from '#trellis/clients'
import type { HttpClient } from '#trellis/clients'
import { oneByOne, refreshEnv, run } from './refresh-fixture'
import type { WireRequest } from '#trellis/engine'

const hosting = buildersFor(hostingProvider) as any
const cost = buildersFor(costProvider) as any
const TOKEN = 'emulator-token'

/** Two sites of one team, pages of two items on both platforms: every listing here spans pages. */
const world = () => {
  const hostingEmu = hostingEmulator({
    pageSize: 2,
    fixtures: {
      accounts: [{ slug: 'acme', name: 'Acme' }],
      sites: [
        { name: 'one', account_slug: 'acme' },
        { name: 'two', account_slug: 'acme' },
      ],
    },
  })
  const costEmu = costEmulator({ token: TOKEN, maxLimit: 2 })
  let requests = 0
  const counted =
    (c: HttpClient): HttpClient =>
    (req) => {
      requests++
      return c(req)
    }
  const handler = httpHandler({
    clients: (p, c) => platformClients({ http: counted(p === 'cost' ? costEmu.client : hostingEmu.client) })(p, c),
  })
  const envOf = refreshEnv(new Date('2024-05-01T10:00:00Z'))
  return {
    hostingEmu,
    costEmu,
    handler,
    oneByOne: oneByOne(handler),
    envOf,
    requests: () => requests,
    /** a request straight to the hosting platform, as someone else's script would send it */
    hostingCall: async (method: string, path: string, body?: unknown) => {
      const r = await hostingEmu.client({
        method: method as 'GET',
        url: `https://api.netlify.com/api/v1${path}`,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })()
      if (E.isLeft(r) || r.right.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(r)}`)
      return r.right.body ? (JSON.parse(r.right.body) as unknown) : undefined
    },
    costCall: async (method: string, path: string, body?: unknown) => {
      const r = await costEmu.client({
        method: method as 'GET',
        url: `https://api.vantage.sh/v2${path}`,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })()
      if (E.isLeft(r) || r.right.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(r)}`)
      return r.right.body ? (JSON.parse(r.right.body) as unknown) : undefined
    },
  }
}

const site = (name: string) => hosting.getSite(`site-${name}`, { name, teamSlug: 'acme' })

const theStack = () => {
  const team = hosting.getTeam('team', { slug: 'acme' })
  const sites = [site('one'), site('two')]
  const zones = [0, 1, 2, 3].map((z) => hosting.dnsZone(`zone-${z}`, { name: `z${z}.example.com`, teamSlug: 'acme' }))
  // five records in each zone: each zone's listing is one request (the operation has no paging);
  // zone-3 has none (an empty listing)
  const records = zones.slice(0, 3).flatMap((zone, z) =>
    ['a', 'b', 'c', 'd', 'e'].map((h) =>
      hosting.dnsRecord(`rec-${z}-${h}`, {
        zoneId: zone.out.id,
        hostname: `${h}.z${z}.example.com`,
        type: 'TXT',
        value: `v=${h}${z}`,
      }),
    ),
  )
  const vars = sites.flatMap((s, i) =>
    ['A', 'B', 'C'].map((k) =>
      hosting.environmentVariable(`env-${i}-${k}`, {
        key: `KEY_${k}`,
        teamId: team.out.id,
        siteId: s.out.id,
        ...(k === 'C'
          ? { secretValues: [{ context: 'production', value: secret(`secret-${i}`) }] }
          : { values: [{ context: 'production', value: `value-${i}-${k}` }] }),
      }),
    ),
  )
  const drains = ['x', 'y', 'z'].map((d) =>
    hosting.logDrain(`drain-${d}`, {
      siteId: sites[0].out.id,
      destination: 'http',
      logTypes: ['functions'],
      serviceConfig: { url: secret(`https://logs.example.com/${d}`) },
    }),
  )
  const metrics = sites.map((s, i) =>
    hosting.siteMetricsSettings(`metrics-${i}`, { siteId: s.out.id, realUserMetrics: true }),
  )
  const folder = cost.folder('folder', { title: 'Finance', workspaceToken: 'wrkspc_default' })
  const reports = [1, 2, 3, 4, 5].map((r) =>
    cost.costReport(`report-${r}`, { title: `Report ${r}`, folderToken: folder.out.token, filter: `costs.r = ${r}` }),
  )
  return stack('bulk', {
    providers: {
      hosting: hosting.provider({ token: secret(TOKEN), defaultTeamSlug: 'acme' }),
      cost: cost.provider({ apiToken: secret(TOKEN) }),
    },
  }).add(team, ...sites, ...zones, ...records, ...vars, ...drains, ...metrics, folder, ...reports)
}

const sorted = (r: RefreshResult) => ({
  drift: [...r.drift].sort((a, b) => a.address.localeCompare(b.address)),
  resources: Object.fromEntries(Object.entries(r.state.resources).sort(([a], [b]) => a.localeCompare(b))),
})

test('a bulk refresh sees what one read per resource sees: changes, deletions, paging, a deleted parent', async () => {
  const w = world()
  const store = memoryStore()
  const s = theStack()
  const applied = await run(apply(s)(w.envOf(w.handler, store)))
  const res = applied.state.resources
  const idOf = (a: string) => res[a].id

  // nothing changed: both paths see no drift
  const quiet = await run(refresh(s, { dryRun: true })(w.envOf(w.handler, store)))
  assert.equal(quiet.drift, [])

  // behind trellis's back: a record deleted, a zone deleted with its records, a variable's value
  // changed, a drain deleted, a report renamed and another deleted
  await w.hostingCall(
    'DELETE',
    `/dns_zones/${idOf('hosting:DnsZone/zone-0')}/dns_records/${idOf('hosting:DnsRecord/rec-0-b')}`,
  )
  await w.hostingCall('DELETE', `/dns_zones/${idOf('hosting:DnsZone/zone-2')}`)
  const envB = res['hosting:EnvironmentVariable/env-1-B']
  await w.hostingCall(
    'PUT',
    `/accounts/${String(envB.inputs.teamId)}/env/KEY_B?key=KEY_B&site_id=${String(envB.inputs.siteId)}`,
    { values: [{ context: 'production', value: 'changed by hand' }], is_secret: false },
  )
  await w.hostingCall(
    'DELETE',
    `/sites/${String(res['hosting:LogDrain/drain-y'].inputs.siteId)}/log_drains/${idOf('hosting:LogDrain/drain-y')}`,
  )
  await w.hostingCall('PATCH', `/sites/${String(res['hosting:SiteMetricsSettings/metrics-1'].inputs.siteId)}`, {
    rum_enabled: false,
  })
  await w.costCall('PUT', `/cost_reports/${idOf('cost:CostReport/report-2')}`, { title: 'Renamed by hand' })
  await w.costCall('DELETE', `/cost_reports/${idOf('cost:CostReport/report-4')}`)

  const r0 = w.requests()
  const bulk = sorted(await run(refresh(s, { dryRun: true })(w.envOf(w.handler, store))))
  const bulkRequests = w.requests() - r0
  const r1 = w.requests()
  const single = sorted(await run(refresh(s, { dryRun: true })(w.envOf(w.oneByOne, store))))
  const singleRequests = w.requests() - r1

  assert.equal(bulk, single)
  const gone = bulk.drift.filter((d) => d.gone).map((d) => d.address)
  assert.equal(gone, [
    'cost:CostReport/report-4',
    'hosting:DnsRecord/rec-0-b',
    'hosting:DnsRecord/rec-2-a',
    'hosting:DnsRecord/rec-2-b',
    'hosting:DnsRecord/rec-2-c',
    'hosting:DnsRecord/rec-2-d',
    'hosting:DnsRecord/rec-2-e',
    'hosting:DnsZone/zone-2',
    'hosting:LogDrain/drain-y',
  ])
  const changed = bulk.drift.filter((d) => !d.gone).map((d) => [d.address, d.changes.map((c) => c.path)])
  assert.equal(changed, [
    ['cost:CostReport/report-2', ['title']],
    ['hosting:EnvironmentVariable/env-1-B', ['values']],
    ['hosting:SiteMetricsSettings/metrics-1', ['realUserMetrics']],
  ])

  // one read each: 4 zones + 15 records + 6 variables + 3 drains + 2 metrics settings + 1 folder +
  // 5 reports = 36, and the provider's default team looked up (1); bulk: the 3 zones left in 2
  // pages, records 1 listing per zone (the deleted zone's answers 404, so its 5 records are read
  // alone), variables 1 listing per site, drains 1, the 2 sites in 1 page, the folder 1 read, the 4
  // reports left in 2 pages, the default team 1
  assert.is(singleRequests, 36 + 1)
  assert.is(bulkRequests, 2 + (2 + 1 + 5) + 2 + 1 + 1 + 1 + 2 + 1)
})

test('a listing that cannot be read falls back to one read per object, with its errors', async () => {
  const w = world()
  const store = memoryStore()
  const s = theStack()
  await run(apply(s)(w.envOf(w.handler, store)))
  // a handler whose listings fail: the refresh still reads everything, one by one
  const failing: Handler = {
    ...w.handler,
    listItems: (c) => async () =>
      E.left({ _tag: 'StepFailure', node: c.address, op: 'list', message: 'listing refused', ambiguous: false }),
  }
  const r0 = w.requests()
  const r = await run(refresh(s, { dryRun: true })(w.envOf(failing, store)))
  assert.equal(r.drift, [])
  // each failed listing sent nothing here; then one read each, and the default team
  assert.is(w.requests() - r0, 36 + 1)
})

test('every listing a refresh sends only reads: list and listIn requests are GETs or Describe actions', () => {
  const readOnly = (r: WireRequest) =>
    r._tag === 'Rest' ? r.method === 'GET' : /^(Describe|Get|List)/.test(r.action) && r.then === undefined
  let listIns = 0
  for (const s of registry.resources.values()) {
    if (s.wire.list) assert.ok(readOnly(s.wire.list({ config: {} })), `${s.token} list`)
    if (!s.wire.listIn) continue
    listIns++
    const ctx = { config: {}, inputs: s.examples.valid, outputs: s.examples.outputs }
    const id = 'example-id'
    assert.type(s.wire.listIn.parent(id, ctx), 'string', `${s.token} listIn.parent of the valid example`)
    assert.ok(readOnly(s.wire.listIn.request(id, ctx)), `${s.token} listIn.request`)
  }
  assert.ok(listIns >= 3)
})

test.run()
