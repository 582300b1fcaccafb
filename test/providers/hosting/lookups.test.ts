import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { acmeId, setup } from './harness'
import { hostingProvider } from '#trellis/engine'
const { getDnsZone, getManagedWafRules, getSite, getSites, getTeam } = hostingProvider.lookups
const { DnsRecord } = hostingProvider.resources

const manySites = Array.from({ length: 7 }, (_, i) => ({ name: `site-${i}`, account_slug: 'big' }))
const fixtures = {
  accounts: [
    { slug: 'acme', name: 'Acme' },
    { slug: 'big', name: 'Big Co' },
    ...Array.from({ length: 4 }, (_, i) => ({ slug: `t${i}` })),
  ],
  sites: [
    { name: 'acme-www', account_slug: 'acme', deploy_key: true, custom_domain: 'www.acme.test' },
    { name: 'acme-www-old', account_slug: 'acme' },
    ...manySites,
  ],
  dnsZones: [
    { name: 'a.test', account_slug: 'acme' },
    { name: 'b.test', account_slug: 'big' },
    { name: 'c.test', account_slug: 'big' },
    { name: 'example.com', account_slug: 'acme' },
  ],
}

test('getSites: every page (pageSize 3 on the server, 7 sites), default team', async () => {
  const h = setup({ pageSize: 3, fixtures }, { defaultTeamSlug: 'big' })
  const r = await h.lookup(getSites, {})
  assert.ok(E.isRight(r))
  if (E.isRight(r)) {
    assert.is(r.right.teamSlug, 'big')
    assert.equal(r.right.sites.map((s) => s.name).sort(), manySites.map((s) => s.name).sort())
    assert.is(r.right.sites[0].customDomain, '')
  }
  assert.is(h.emu.requests()['GET /api/v1/big/sites'], 3)
  assert.equal(
    getSites.rules[0].check({}, { config: {}, now: new Date() }).map((f) => f.path),
    ['teamSlug'],
  )
})

test('getSite: by exact name (the server filter is a substring), with the deploy key; by id; not found', async () => {
  const h = setup({ pageSize: 1, fixtures })
  const r = await h.lookup(getSite, { name: 'acme-www', teamSlug: 'acme' })
  assert.ok(E.isRight(r), E.isLeft(r) ? r.left : '')
  if (E.isRight(r)) {
    assert.is(r.right.name, 'acme-www')
    assert.is(r.right.customDomain, 'www.acme.test')
    assert.ok(r.right.gitDeployKey?.startsWith('ssh-rsa '))
    const byId = await h.lookup(getSite, { id: r.right.id! })
    assert.ok(E.isRight(byId) && byId.right.name === 'acme-www' && byId.right.gitDeployKey === r.right.gitDeployKey)
  }
  const old = await h.lookup(getSite, { name: 'acme-www-old', teamSlug: 'acme' })
  assert.ok(E.isRight(old) && old.right.gitDeployKey === undefined)
  const missing = await h.lookup(getSite, { name: 'nope', teamSlug: 'acme' })
  assert.ok(
    E.isLeft(missing) && missing.left.includes('no site with name "nope" in team "acme"'),
    E.isLeft(missing) ? missing.left : '',
  )
})

test('getTeam: by slug over several pages, by id, by default; unknown slug names what was searched', async () => {
  const h = setup({ pageSize: 2, fixtures })
  const bySlug = await h.lookup(getTeam, { slug: 't3' })
  assert.ok(E.isRight(bySlug) && bySlug.right.slug === 't3')
  const id = await acmeId(h)
  // the spec's fields (what else the platform fills in is the read-back conformance suite's)
  const named = (r: Awaited<ReturnType<typeof h.lookup>>) =>
    E.map((x: Record<string, unknown>) => ({ id: x.id, name: x.name, slug: x.slug }))(r as E.Either<string, never>)
  const byId = await h.lookup(getTeam, { id })
  assert.equal(named(byId), E.right({ id, name: 'Acme', slug: 'acme' }))
  assert.is(E.isRight(byId) && (byId.right as Record<string, unknown>).billingPeriod, 'monthly')
  h.config.defaultTeamId = id
  assert.equal(named(await h.lookup(getTeam, {})), E.right({ id, name: 'Acme', slug: 'acme' }))
  const none = await h.lookup(getTeam, { slug: 'ghost' })
  assert.ok(E.isLeft(none) && none.left.includes('no team with slug "ghost" among the 6 team(s)'))
  const noId = await h.lookup(getTeam, { id: 'ffffffffffffffffffffffff' })
  assert.ok(
    E.isLeft(noId) && noId.left.startsWith('NotFound') && noId.left.includes('/accounts/ffffffffffffffffffffffff'),
  )
})

test('getDnsZone: by name over several pages with its records; by id; unknown name', async () => {
  const h = setup({ pageSize: 2, fixtures })
  const zones = (await h.call({
    _tag: 'Rest',
    method: 'GET',
    path: '/api/v1/dns_zones',
    paginate: { items: '' },
  })) as Array<{ id: string; name: string }>
  const ex = zones.find((z) => z.name === 'example.com')!
  for (const host of ['www', 'api', 'blog'])
    await h.create(DnsRecord, { zoneId: ex.id, hostname: host, type: 'A', value: '192.0.2.1' })
  await h.create(DnsRecord, {
    zoneId: ex.id,
    hostname: 'example.com',
    type: 'MX',
    value: 'mx.example.net.',
    priority: 5,
  })
  const r = await h.lookup(getDnsZone, { name: 'example.com' })
  assert.ok(E.isRight(r), E.isLeft(r) ? r.left : '')
  if (E.isRight(r)) {
    assert.is(r.right.id, ex.id)
    assert.is(r.right.teamSlug, 'acme')
    assert.is(r.right.records.length, 4)
    const mx = r.right.records.find((x) => x.type === 'MX')!
    assert.equal([mx.hostname, mx.value, mx.priority, mx.flag], ['example.com', 'mx.example.net', 5, undefined])
    assert.is(r.right.records.find((x) => x.type === 'A')!.priority, undefined)
  }
  const byId = await h.lookup(getDnsZone, { id: ex.id })
  assert.ok(E.isRight(byId) && byId.right.name === 'example.com' && byId.right.records.length === 4)
  const none = await h.lookup(getDnsZone, { name: 'nope.test' })
  assert.ok(E.isLeft(none) && none.left.includes('no DNS zone with name "nope.test" among the 4 zone(s)'))
})

test('getManagedWafRules: rule sets with definitions and rules, severities checked', async () => {
  const h = setup()
  const team = await acmeId(h)
  const r = await h.lookup(getManagedWafRules, { teamId: team })
  assert.ok(E.isRight(r))
  if (E.isRight(r)) {
    assert.equal(Object.keys(r.right.ruleSets), ['crs-basic'])
    assert.is(r.right.ruleSets['crs-basic'].definition.id, 'crs-basic')
    assert.ok(
      r.right.ruleSets['crs-basic'].rules.every((x) => ['notice', 'warning', 'error', 'critical'].includes(x.severity)),
    )
  }
  const weird = getManagedWafRules.wire.decode(
    {
      rule_sets: {
        x: {
          definition: { id: 'x', type: 't', version: '1' },
          rules: [{ id: '1', description: '', phase: 'p', category: 'c', severity: 'fatal' }],
        },
      },
    },
    { teamId: 't' },
    { config: {} },
  )
  assert.ok(E.isLeft(weird) && weird.left.includes('ruleSets.x.rules.0.severity'))
})

test.run()
