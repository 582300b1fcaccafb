/**
 * End to end: hosting resources through the real interpreter (compile → plan → apply over the
 * http handler and the REST client) against the emulator: create, a re-plan with no changes,
 * update or replace, import, delete.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { apply, plan, destroy, importResource, refresh } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import { renderPlan } from '#trellis'
import { planToJson } from '#trellis'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { registry } from '#trellis'
import { hostingProvider } from '#trellis/engine'
import { buildersFor } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import type { HostingEmulatorOptions } from '../../../clients/emulators/hosting'

const hosting = buildersFor(hostingProvider) as any

const world = (opts: HostingEmulatorOptions = {}) => {
  let clock = new Date('2024-05-01T10:00:00Z')
  const emu = hostingEmulator({ ...opts, now: () => clock })
  const env: Env = {
    registry,
    handler: httpHandler({ clients: (p, c) => platformClients({ http: emu.client })(p, c) }),
    store: memoryStore(),
    events: () => undefined,
    concurrency: 4,
    now: () => clock,
  }
  return { emu, env, tick: (ms: number) => (clock = new Date(clock.getTime() + ms)) }
}

const run = async <A>(rte: (env: Env) => () => Promise<E.Either<unknown, A>>, env: Env): Promise<A> => {
  const r = await rte(env)()
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left, null, 1).slice(0, 2000))
  return r.right
}
const actions = (p: { steps: ReadonlyArray<{ address: string; action: string }> }) =>
  Object.fromEntries(p.steps.map((s) => [s.address, s.action]))
const providers = (extra: Record<string, unknown> = {}) => ({
  hosting: hosting.provider({ token: secret('emulator-token'), ...extra }),
})

test('DNS zone and records: create, no-change re-plan (trailing dots, relative names), replace, delete', async () => {
  const w = world()
  const zone = hosting.dnsZone('zone', { name: 'example.com' })
  const www = hosting.dnsRecord('www', {
    zoneId: zone.out.id,
    hostname: 'www',
    type: 'CNAME',
    value: 'acme-www.netlify.app.',
  })
  const s1 = stack('dns', { providers: providers({ defaultTeamSlug: 'acme' }) }).add(zone, www)
  await run(apply(s1), w.env)
  assert.is(w.emu.objects().filter((o) => o.kind === 'dns_records').length, 1)
  const again = await run(plan(s1, { refresh: true }), w.env)
  assert.equal(Object.values(actions(again.plan)), ['noop', 'noop'])
  // a changed value replaces the record (no update endpoint)
  const s2 = stack('dns', { providers: providers({ defaultTeamSlug: 'acme' }) }).add(
    zone,
    www.value('other.netlify.app'),
  )
  const p2 = await run(plan(s2), w.env)
  assert.is(actions(p2.plan)['hosting:DnsRecord/www'], 'replace')
  await run(apply(s2), w.env)
  const recs = w.emu.objects().filter((o) => o.kind === 'dns_records')
  assert.equal(
    recs.map((r) => (r.body as { value: string }).value),
    ['other.netlify.app'],
  )
  await run(destroy(s2), w.env)
  assert.is(w.emu.objects().filter((o) => o.kind === 'dns_zones' || o.kind === 'dns_records').length, 0)
})

test('DNS record import: a stack that leaves ttl out and names the host relatively plans no change', async () => {
  const w = world()
  const zone = hosting.dnsZone('zone', { name: 'example.org', teamSlug: 'acme' })
  const made = hosting.dnsRecord('made', {
    zoneId: zone.out.id,
    hostname: 'docs.example.org',
    type: 'CNAME',
    value: 'docs-site.netlify.app',
  })
  const r = await run(apply(stack('made', { providers: providers() }).add(zone, made)), w.env)
  const zoneId = r.state.resources['hosting:DnsZone/zone'].id
  const recId = r.state.resources['hosting:DnsRecord/made'].id
  const mine = hosting.dnsRecord('docs', { zoneId, hostname: 'docs', type: 'CNAME', value: 'docs-site.netlify.app.' })
  const s2 = stack('adopt', { providers: providers() }).add(mine)
  const imported = await run(importResource(s2, 'hosting:DnsRecord', 'docs', `${zoneId}:${recId}`), w.env)
  assert.is(imported.inputs.ttl, undefined)
  const p = await run(plan(s2), w.env)
  assert.equal(Object.values(actions(p.plan)), ['noop'])
})

test('environment variable with a secret: create, no-change re-plan, update in place, import, delete; secret never in state', async () => {
  const w = world()
  const accounts = w.emu.objects().filter((o) => o.kind === 'accounts')
  const team = accounts[0].id
  const PLAIN = 'db-password-0123456789'
  const v = hosting.environmentVariable('db', {
    key: 'DB_PASSWORD',
    teamId: team,
    scopes: ['builds', 'functions', 'runtime'],
    secretValues: [
      { context: 'production', value: secret(PLAIN) },
      { context: 'branch', contextParameter: 'staging', value: secret('staging-pass') },
    ],
  })
  const s1 = stack('env', { providers: providers() }).add(v)
  const first = await run(plan(s1), w.env)
  assert.not.ok(renderPlan(first.plan).includes(PLAIN))
  assert.not.ok(JSON.stringify(planToJson(first.plan)).includes(PLAIN))
  const r = await run(apply(s1), w.env)
  assert.not.ok(JSON.stringify(r.state).includes(PLAIN))
  assert.not.ok(JSON.stringify(r).includes(PLAIN))
  const again = await run(plan(s1, { refresh: true }), w.env)
  assert.equal(Object.values(actions(again.plan)), ['noop'])
  const s2 = stack('env', { providers: providers() }).add(v.scopes(['builds', 'runtime']))
  const p2 = await run(plan(s2), w.env)
  assert.equal(Object.values(actions(p2.plan)), ['update'])
  await run(apply(s2), w.env)
  const stored = w.emu.objects().find((o) => o.kind === 'env')!.body as { scopes: string[] }
  assert.equal(stored.scopes, ['builds', 'runtime'])
  // import a plain team variable made elsewhere
  const plainVar = hosting.environmentVariable('plain', {
    key: 'PLAIN',
    teamId: team,
    values: [{ context: 'all', value: 'x' }],
  })
  await run(apply(stack('other', { providers: providers() }).add(plainVar)), w.env)
  const imported = await run(
    importResource(
      stack('env', { providers: providers() }).add(v, plainVar),
      'hosting:EnvironmentVariable',
      'plain',
      `${team}:PLAIN`,
    ),
    w.env,
  )
  assert.equal(imported.inputs.values, [{ context: 'all', value: 'x' }])
  await run(destroy(s2), w.env)
  assert.not.ok(w.emu.objects().some((o) => o.kind === 'env' && (o.body as { key: string }).key === 'DB_PASSWORD'))
})

test('site metrics: the plan refuses disabling analytics within 10 minutes, then allows it', async () => {
  const w = world()
  const siteId = w.emu.objects().find((o) => o.kind === 'sites')!.id
  const on = stack('metrics', { providers: providers() }).add(
    hosting.siteMetricsSettings('m', { siteId, siteAnalytics: true }),
  )
  await run(apply(on), w.env)
  const off = stack('metrics', { providers: providers() }).add(
    hosting.siteMetricsSettings('m', { siteId, siteAnalytics: false }),
  )
  w.tick(4 * 60_000)
  const early = await plan(off)(w.env)()
  assert.ok(E.isLeft(early))
  assert.ok(JSON.stringify(E.isLeft(early) ? early.left : '').includes('10 minutes later'))
  w.tick(7 * 60_000)
  await run(apply(off), w.env)
  assert.is(
    (w.emu.objects().find((o) => o.kind === 'sites')!.body as { analytics_instance_id: unknown }).analytics_instance_id,
    null,
  )
})

test('WAF policy and team firewall rules: create, no-change re-plan with refresh, update, delete', async () => {
  const w = world()
  const team = w.emu.objects().find((o) => o.kind === 'accounts')!.id
  const pol = hosting.wafPolicy('waf', {
    teamId: team,
    name: 'baseline',
    description: 'core',
    ruleSets: [{ managedId: 'crs-basic', overallThreshold: 5, passiveMode: true, excludedPatterns: ['/healthz'] }],
  })
  const fw = hosting.teamFirewallTrafficRules('fw', {
    teamId: team,
    published: { defaultAction: 'allow', ipRestrictions: [{ addresses: ['203.0.113.0/24'], description: 'bad' }] },
    unpublished: { defaultAction: 'deny', ipExceptions: [] },
  })
  const s1 = stack('sec', { providers: providers() }).add(pol, fw)
  await run(apply(s1), w.env)
  const again = await run(plan(s1, { refresh: true }), w.env)
  assert.equal(Object.values(actions(again.plan)), ['noop', 'noop'])
  const s2 = stack('sec', { providers: providers() }).add(pol.description('core, v2'), fw)
  assert.equal(actions((await run(plan(s2), w.env)).plan)['hosting:WafPolicy/waf'], 'update')
  await run(apply(s2), w.env)
  await run(refresh(s2), w.env)
  await run(destroy(s2), w.env)
  assert.is(w.emu.objects().filter((o) => o.kind === 'waf_policies' || o.kind === 'firewall_rule_sets').length, 0)
})

test('lookups through the engine: getSites over pages feeds a log drain', async () => {
  const w = world({
    pageSize: 2,
    fixtures: {
      accounts: [{ slug: 'acme' }],
      sites: Array.from({ length: 5 }, (_, i) => ({ name: `s${i}`, account_slug: 'acme' })),
    },
  })
  const sites = hosting.getSites('all', { teamSlug: 'acme' })
  const drain = hosting.logDrain('drain', {
    siteId: sites.out.sites.map((ss: Array<{ id: string; name: string }>) => ss.find((x) => x.name === 's4')!.id),
    destination: 'http',
    logTypes: ['deploys'],
    serviceConfig: { url: secret('https://logs.example.com/?k=supersecretkey') },
  })
  const s1 = stack('drains', { providers: providers() }).add(sites, drain)
  const r = await run(apply(s1), w.env)
  assert.not.ok(JSON.stringify(r).includes('supersecretkey'))
  const again = await run(plan(s1, { refresh: true }), w.env)
  assert.is(actions(again.plan)['hosting:LogDrain/drain'], 'noop')
  await run(destroy(s1), w.env)
  assert.is(w.emu.objects().filter((o) => o.kind === 'log_drains').length, 0)
})

test.run()
