import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { validateValue } from '#trellis/engine'
import { acmeId, setup, siteId } from './harness'
import { hostingProvider } from '#trellis/engine'
const { SiteMetricsSettings, WafPolicy, DeployKey } = hostingProvider.resources

const hold = (
  rule: (typeof SiteMetricsSettings.rules)[number],
  desired: any,
  priorAnalytics: boolean,
  changedAt: string,
  now: string,
) =>
  rule.check(desired, {
    config: {},
    now: new Date(now),
    prior: {
      inputs: { siteId: 's', siteAnalytics: priorAnalytics },
      outputs: {},
      changedAt: { siteAnalytics: changedAt },
    },
  })

test('SiteMetricsSettings: disabling analytics within 10 minutes is refused at plan time, saying when it is allowed', () => {
  const rule = SiteMetricsSettings.rules[0]
  assert.is(rule.when, 'plan')
  const f = hold(
    rule,
    { siteId: 's', siteAnalytics: false },
    true,
    '2024-05-01T10:00:00.000Z',
    '2024-05-01T10:04:00.000Z',
  )
  assert.is(f.length, 1)
  assert.is(f[0].path, 'siteAnalytics')
  assert.ok(f[0].message!.includes('2024-05-01T10:10:00.000Z'), f[0].message)
  assert.equal(
    hold(rule, { siteId: 's', siteAnalytics: false }, true, '2024-05-01T10:00:00.000Z', '2024-05-01T10:10:00.000Z'),
    [],
  )
  assert.equal(
    hold(rule, { siteId: 's', siteAnalytics: true }, true, '2024-05-01T10:00:00.000Z', '2024-05-01T10:01:00.000Z'),
    [],
  )
})

test('SiteMetricsSettings: round trip on the emulator with its clock; the server enforces the 10 minutes too', async () => {
  let clock = new Date('2024-05-01T10:00:00Z')
  const h = setup({ now: () => clock })
  const site = await siteId(h)
  const on = await h.create(SiteMetricsSettings, { siteId: site, siteAnalytics: true, realUserMetrics: true })
  assert.is(on.id, site)
  assert.equal(on.inputs, { siteId: site, siteAnalytics: true, realUserMetrics: true })
  assert.is(h.emu.requests()[`POST /api/v1/sites/${site}/analytics`], 1)
  clock = new Date('2024-05-01T10:03:00Z')
  const early = await h.send(
    SiteMetricsSettings.wire.update!(
      site,
      { siteId: site, siteAnalytics: false },
      { config: {}, prior: { siteId: site, siteAnalytics: true }, outputs: { lastUpdated: '' } },
    ),
  )
  assert.ok(E.isLeft(early) && early.left.status === 422 && early.left.message.includes('10 minutes'))
  clock = new Date('2024-05-01T10:11:00Z')
  const off = await h.update(
    SiteMetricsSettings,
    site,
    { siteId: site, siteAnalytics: false },
    { siteId: site, siteAnalytics: true },
  )
  assert.is(off.inputs.siteAnalytics, false)
  // rum untouched when unset
  assert.is(off.inputs.realUserMetrics, true)
  // destroy makes no call
  assert.is(SiteMetricsSettings.wire.delete, 'forget')
  assert.equal(SiteMetricsSettings.identity.parseImportId(site), E.right({ id: site, inputs: { siteId: site } }))
})

test('WafPolicy: codec paths for managed id, categories and override actions; threshold warning', () => {
  const bad = validateValue(WafPolicy.inputs, {
    teamId: 't',
    name: 'p',
    description: 'd',
    ruleSets: [
      {
        managedId: 'crs-full',
        overallThreshold: 5,
        passiveMode: false,
        categoryThresholds: { nosql: 1 },
        ruleOverrides: { '1': { action: 'block' } },
      },
    ],
  }).map((f) => f.path)
  assert.equal(bad.sort(), [
    'ruleSets.0.categoryThresholds.nosql',
    'ruleSets.0.managedId',
    'ruleSets.0.ruleOverrides.1.action',
  ])
  const f = WafPolicy.rules.flatMap((r) =>
    r.check(
      {
        teamId: 't',
        name: 'p',
        description: 'd',
        ruleSets: [{ managedId: 'crs-basic', overallThreshold: 8, passiveMode: true }],
      },
      { config: {}, now: new Date() },
    ),
  )
  assert.equal(
    f.map((x) => [x.path, x.severity]),
    [['ruleSets.0.overallThreshold', 'warning']],
  )
})

test('WafPolicy: import id <team_id>:<policy_id>', () => {
  assert.equal(WafPolicy.identity.parseImportId('team1:pol2'), E.right({ id: 'pol2', inputs: { teamId: 'team1' } }))
  assert.ok(E.isLeft(WafPolicy.identity.parseImportId('pol2')))
})

test('WafPolicy: round trip; {policy_id} and 202 replies are followed by reads; excludedPatterns read back', async () => {
  const h = setup()
  const team = await acmeId(h)
  const inputs = {
    teamId: team,
    name: 'baseline',
    description: 'core rules',
    ruleSets: [
      {
        managedId: 'crs-basic' as const,
        overallThreshold: 5,
        passiveMode: false,
        excludedPatterns: ['/healthz'],
        categoryThresholds: { sqli: 3 },
      },
    ],
  }
  const created = await h.create(WafPolicy, inputs)
  assert.equal(created.inputs.ruleSets, inputs.ruleSets)
  const read = await h.read(WafPolicy, created.id, { teamId: team } as never)
  assert.equal(read.inputs.ruleSets![0].excludedPatterns, ['/healthz'])
  assert.is(read.inputs.ruleSets![0].ruleOverrides, undefined)
  assert.ok(WafPolicy.equals!.ruleSets!([{ ...inputs.ruleSets[0], ruleOverrides: {} }], read.inputs.ruleSets))
  const changed = {
    ...inputs,
    description: 'core rules, passive',
    ruleSets: [
      { ...inputs.ruleSets[0], passiveMode: true, ruleOverrides: { '920100': { action: 'log_only' as const } } },
    ],
  }
  const updated = await h.update(WafPolicy, created.id, changed, inputs)
  assert.is(updated.inputs.description, 'core rules, passive')
  assert.equal(updated.inputs.ruleSets![0].ruleOverrides, { '920100': { action: 'log_only' } })
  await h.del(WafPolicy, created.id, changed)
  const gone = await h.readE(WafPolicy, created.id, changed)
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound')
})

test('DeployKey: create, read, delete, gone', async () => {
  const h = setup()
  const k = await h.create(DeployKey, {})
  assert.ok(k.outputs.publicKey.startsWith('ssh-rsa '))
  const r = await h.read(DeployKey, k.id, {})
  assert.is(r.outputs.publicKey, k.outputs.publicKey)
  assert.is(DeployKey.wire.update, undefined)
  await h.del(DeployKey, k.id, {})
  const gone = await h.readE(DeployKey, k.id, {})
  assert.ok(E.isLeft(gone) && gone.left.kind === 'NotFound')
})

test.run()
