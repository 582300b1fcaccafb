/**
 * `wire.find` of every hosting resource type, through the real handler's find (the engine's path
 * after a lost or interrupted create): an object made by the spec's create is among the
 * candidates it returns, and a look for one never made finds nothing to adopt.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { httpHandler } from '#trellis/engine'
import type { ResourceSpec } from '#trellis'
import { secret } from '#trellis'
import { acmeId, setup, siteId } from './harness'
import { hostingProvider } from '#trellis/engine'
const {
  DeployKey,
  DnsRecord,
  DnsZone,
  EnvironmentVariable,
  LogDrain,
  SiteFirewallTrafficRules,
  TeamFirewallTrafficRules,
  SiteMetricsSettings,
  WafPolicy,
} = hostingProvider.resources

/** The ids the engine's find returns for what a create sent (undefined: the type cannot be looked up). */
const finder = (h: ReturnType<typeof setup>) => {
  const handler = httpHandler({ clients: () => h.client })
  return async (spec: ResourceSpec, sent: Record<string, unknown>): Promise<ReadonlyArray<string> | undefined> => {
    const r = await handler.find(
      { spec, address: `${spec.token}/x`, name: 'x', provider: 'hosting', config: h.config },
      sent,
    )()
    if (E.isLeft(r)) throw new Error(r.left.message)
    return r.right?.map((o) => o.id)
  }
}

test('DnsRecord: found among the records of its zone; another record of the zone is not taken for it', async () => {
  const h = setup()
  const find = finder(h)
  const zone = await h.create(DnsZone, { name: 'find.test', teamSlug: 'acme' })
  const www = { zoneId: zone.id, hostname: 'www.find.test', type: 'CNAME' as const, value: 'site.netlify.app.' }
  const api = { zoneId: zone.id, hostname: 'api.find.test', type: 'CNAME' as const, value: 'api.netlify.app.' }
  assert.equal(await find(DnsRecord, www), [])
  const made = await h.create(DnsRecord, www)
  assert.equal(await find(DnsRecord, www), [made.id])
  assert.equal(await find(DnsRecord, api), [])
})

test('EnvironmentVariable: found by its key (site-level and team-level); an unknown key finds nothing', async () => {
  const h = setup()
  const find = finder(h)
  const teamId = await acmeId(h)
  const site = await siteId(h)
  const bySite = { key: 'FIND_ME', teamId, siteId: site, values: [{ context: 'all' as const, value: 'x' }] }
  const byTeam = { key: 'FIND_TEAM', teamId, values: [{ context: 'production' as const, value: 'y' }] }
  assert.equal(await find(EnvironmentVariable, bySite), [])
  const a = await h.create(EnvironmentVariable, bySite)
  const b = await h.create(EnvironmentVariable, byTeam)
  assert.equal(await find(EnvironmentVariable, bySite), [a.id])
  assert.equal(await find(EnvironmentVariable, byTeam), [b.id])
  assert.equal(await find(EnvironmentVariable, { ...byTeam, key: 'NOT_MADE' }), [])
})

test('LogDrain: found among the drains of its site; a drain to another destination is not taken for it', async () => {
  const h = setup()
  const find = finder(h)
  const site = await siteId(h)
  const sent = {
    siteId: site,
    destination: 'http' as const,
    logTypes: ['deploys' as const],
    serviceConfig: { url: secret('https://logs.example.com/a') },
  }
  assert.equal(await find(LogDrain, sent), [])
  const made = await h.create(LogDrain, sent)
  assert.equal(await find(LogDrain, sent), [made.id])
  assert.equal(await find(LogDrain, { ...sent, destination: 'datadog' }), [])
})

const rules = {
  published: {
    defaultAction: 'allow' as const,
    ipRestrictions: [{ addresses: ['203.0.113.0/24'], description: 'bad range' }],
  },
  unpublished: { defaultAction: 'deny' as const },
}

test("SiteFirewallTrafficRules: the site's rule set is found when it holds what was sent; none before", async () => {
  const h = setup()
  const find = finder(h)
  const site = await siteId(h)
  const sent = { siteId: site, ...rules }
  assert.equal(await find(SiteFirewallTrafficRules, sent), [])
  const made = await h.create(SiteFirewallTrafficRules, sent)
  assert.equal(await find(SiteFirewallTrafficRules, sent), [made.id])
  // a rule set that does not hold what was sent is not the create's
  assert.equal(await find(SiteFirewallTrafficRules, { ...sent, unpublished: { defaultAction: 'allow' as const } }), [])
})

test("TeamFirewallTrafficRules: the team's rule set is found when it holds what was sent; none before", async () => {
  const h = setup()
  const find = finder(h)
  const teamId = await acmeId(h)
  const sent = { teamId, ...rules }
  assert.equal(await find(TeamFirewallTrafficRules, sent), [])
  const made = await h.create(TeamFirewallTrafficRules, sent)
  assert.equal(await find(TeamFirewallTrafficRules, sent), [made.id])
})

test('SiteMetricsSettings: the site is found when it shows the settings that were sent', async () => {
  const h = setup()
  const find = finder(h)
  const site = await siteId(h)
  const sent = { siteId: site, realUserMetrics: true }
  assert.equal(await find(SiteMetricsSettings, sent), [], 'the fixture site has real user metrics off')
  const made = await h.create(SiteMetricsSettings, sent)
  assert.equal(await find(SiteMetricsSettings, sent), [made.id])
})

test('WafPolicy: the platform documents no listing of policies, so a lost create cannot be looked up', async () => {
  const h = setup()
  const find = finder(h)
  const teamId = await acmeId(h)
  const sent = {
    teamId,
    name: 'lost',
    description: 'd',
    ruleSets: [{ managedId: 'crs-basic' as const, overallThreshold: 5, passiveMode: false }],
  }
  await h.create(WafPolicy, sent)
  // undefined: the engine keeps the pending entry and asks to check the platform, then import
  assert.is(await find(WafPolicy, sent), undefined)
  assert.is(WafPolicy.wire.find, undefined)
  assert.is(WafPolicy.wire.list, undefined)
})

test("DeployKey: a key made moments ago is a candidate; the fixture site's older key is not", async () => {
  const h = setup()
  const find = finder(h)
  const before = await find(DeployKey, {})
  const made = await h.create(DeployKey, {})
  const after = await find(DeployKey, {})
  assert.ok(after!.includes(made.id), JSON.stringify(after))
  // every candidate is recent: the fixture's key was made when the emulator started, just now too,
  // so the window is checked directly on an old stamp
  assert.ok(before!.every((id) => after!.includes(id)))
  assert.not.ok(
    DeployKey.wire.matches!(
      {},
      { id: 'k', inputs: {}, outputs: { publicKey: 'ssh-rsa x', lastUpdated: '2020-01-01T00:00:00Z' } },
    ),
    'a key from 2020 is never taken for a lost create',
  )
})

test.run()
