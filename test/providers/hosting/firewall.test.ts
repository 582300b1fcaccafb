import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { validateValue } from '#trellis/engine'
import { acmeId, setup, siteId } from './harness'
import { hostingProvider } from '#trellis/engine'
const { SiteFirewallTrafficRules, TeamFirewallTrafficRules } = hostingProvider.resources
// rule sets compare as the specs declare (order and disabled rules aside)
const sameRuleSet = (a: unknown, b: unknown): boolean => SiteFirewallTrafficRules.equals!.published!(a, b)

const published = {
  defaultAction: 'allow' as const,
  ipRestrictions: [{ addresses: ['203.0.113.0/24'], description: 'abusive' }],
  geoRestrictions: [{ countries: ['KP'], description: 'sanctions' }],
  ipExceptions: [{ addresses: ['198.51.100.7'], description: 'office' }],
  geoExceptions: [{ countries: ['US'], subregions: ['US-CA'], description: 'california' }],
}
const unpublished = {
  defaultAction: 'deny' as const,
  ipExceptions: [{ addresses: ['2001:db8::/32'], description: 'v6 office' }],
}

test('firewall rule set: CIDR addresses and country codes are validated with exact paths', () => {
  const bad = validateValue(SiteFirewallTrafficRules.inputs, {
    siteId: 's',
    published: { defaultAction: 'allow', ipRestrictions: [{ addresses: ['300.1.1.1/8'], description: 'x' }] },
    unpublished: { defaultAction: 'allow', geoExceptions: [{ countries: ['Germany'], description: 'x' }] },
  })
  assert.equal(
    bad.map((f) => f.path),
    ['published.ipRestrictions.0.addresses.0', 'unpublished.geoExceptions.0.countries.0'],
  )
  assert.ok(bad[0].expected.includes('CIDR'))
})

test('firewall rule set: deny default forbids restrictions', () => {
  const f = SiteFirewallTrafficRules.rules.flatMap((r) =>
    r.check(
      {
        siteId: 's',
        published: { defaultAction: 'deny', geoRestrictions: [{ countries: ['US'], description: 'x' }] },
        unpublished,
      } as never,
      { config: {}, now: new Date() },
    ),
  )
  assert.equal(
    f.map((x) => x.path),
    ['published.geoRestrictions'],
  )
})

test('SiteFirewallTrafficRules: import by site id fills siteId', () => {
  assert.equal(
    SiteFirewallTrafficRules.identity.parseImportId('site-1'),
    E.right({ id: 'site-1', inputs: { siteId: 'site-1' } }),
  )
  assert.ok(E.isLeft(SiteFirewallTrafficRules.identity.parseImportId('a:b')))
  assert.equal(
    TeamFirewallTrafficRules.identity.parseImportId('team-1'),
    E.right({ id: 'team-1', inputs: { teamId: 'team-1' } }),
  )
})

test('SiteFirewallTrafficRules: round trip; delete removes the rule set', async () => {
  const h = setup()
  const site = await siteId(h)
  const inputs = { siteId: site, published, unpublished }
  const created = await h.create(SiteFirewallTrafficRules, inputs)
  assert.is(created.id, site)
  assert.ok(sameRuleSet(created.inputs.published, published) && sameRuleSet(created.inputs.unpublished, unpublished))
  const changed = { ...inputs, published: { defaultAction: 'allow' as const } }
  const updated = await h.update(SiteFirewallTrafficRules, site, changed, inputs)
  assert.equal(updated.inputs.published, { defaultAction: 'allow' })
  const read = await h.read(SiteFirewallTrafficRules, site, { siteId: site } as never)
  assert.equal(read.inputs.unpublished, unpublished)
  await h.del(SiteFirewallTrafficRules, site, changed)
  const gone = await h.readE(SiteFirewallTrafficRules, site, changed)
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound')
})

test('TeamFirewallTrafficRules: default team, round trip, delete', async () => {
  const h = setup()
  const team = await acmeId(h)
  h.config.defaultTeamId = team
  const inputs = { published: { defaultAction: 'allow' as const }, unpublished }
  const created = await h.create(TeamFirewallTrafficRules, inputs)
  assert.is(created.id, team)
  assert.is(created.inputs.teamId, undefined)
  const updated = await h.update(TeamFirewallTrafficRules, team, { ...inputs, published }, inputs)
  assert.ok(sameRuleSet(updated.inputs.published, published))
  await h.del(TeamFirewallTrafficRules, team, inputs)
  const gone = await h.readE(TeamFirewallTrafficRules, team, inputs)
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound')
  assert.equal(
    TeamFirewallTrafficRules.rules[0].check(inputs, { config: {}, now: new Date() }).map((f) => f.path),
    ['teamId'],
  )
})

test.run()
