/**
 * The starter packs of trellis/policies on the mock: each policy with a stack that passes it and
 * one that fails it, the failure naming the policy, the node and the field.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack, secret, gatherPolicies, type Stack } from 'trellis'
import * as cloud from 'trellis/cloud'
import * as hosting from 'trellis/hosting'
import * as cost from 'trellis/cost'
import { runMock, expectFindings } from 'trellis/testing'
import { cloudPack, hostingPack, costPack, type HostingPackOptions } from 'trellis/policies'
import type { HasNode } from '#trellis'

const test = suite('trellis/policies starter packs')

const findingsOf = async (packs: ReadonlyArray<unknown>, ...nodes: HasNode[]) =>
  expectFindings(await runMock(stack('packs').add(...nodes), { policies: packs }))

// ── cloud ────────────────────────────────────────────────────────────────────
const service = (netTypes: Array<'INNER' | 'OUTER'>) =>
  cloud.apiGatewayService('orders', { serviceName: 'orders', protocol: 'http&https', netTypes })

test('cloud-outer-service-guarded: an OUTER service needs an IP strategy or a usage plan bound', async () => {
  const open = service(['OUTER'])
  ;(await findingsOf([cloudPack], open))
    .toInclude({ policy: 'cloud-outer-service-guarded', node: open, path: 'netTypes', status: 'violation' })
    .toHaveCount(1)
  const strategy = cloud.apiGatewayIpStrategy('office', {
    serviceId: open.out.apiGatewayServiceId,
    strategyName: 'office',
    strategyType: 'WHITE',
    strategyData: '10.0.0.1',
  })
  ;(await findingsOf([cloudPack], open, strategy)).toHaveCount(0)
  const plan = cloud.apiGatewayUsagePlan('partners', { usagePlanName: 'partners' })
  const bound = cloud.apiGatewayUsagePlanAttachment('bound', {
    usagePlanId: plan.out.apiGatewayUsagePlanId,
    serviceId: open.out.apiGatewayServiceId,
    environment: 'release',
  })
  ;(await findingsOf([cloudPack], open, plan, bound)).toHaveCount(0)
  ;(await findingsOf([cloudPack], service(['INNER']))).toHaveCount(0)
})

test('cloud-release-described: a release description is not empty', async () => {
  const inner = service(['INNER'])
  const release = (releaseDesc: string) =>
    cloud.apiGatewayServiceRelease('release', {
      serviceId: inner.out.apiGatewayServiceId,
      environmentName: 'release',
      releaseDesc,
    })
  const blank = release('  ')
  ;(await findingsOf([cloudPack], inner, blank))
    .toInclude({ policy: 'cloud-release-described', node: blank, path: 'releaseDesc' })
    .toHaveCount(1)
  ;(await findingsOf([cloudPack], inner, release('partner launch'))).toHaveCount(0)
})

test('cloud-api-key-on: an API key is not left off', async () => {
  const off = cloud.apiGatewayApiKey('k', { secretName: 'k', status: 'off' })
  ;(await findingsOf([cloudPack], off))
    .toInclude({ policy: 'cloud-api-key-on', node: off, path: 'status' })
    .toHaveCount(1)
  ;(await findingsOf([cloudPack], cloud.apiGatewayApiKey('k', { secretName: 'k', status: 'on' }))).toHaveCount(0)
  ;(await findingsOf([cloudPack], cloud.apiGatewayApiKey('k', { secretName: 'k' }))).toHaveCount(0)
})

// ── hosting ──────────────────────────────────────────────────────────────────
test('hosting-secret-env-scoped (advisory): a secret variable is not in every scope', async () => {
  const everywhere = hosting.environmentVariable('db', {
    key: 'DB_PASSWORD',
    teamId: 'team-1',
    secretValues: [{ context: 'production', value: secret('pw') }],
  })
  ;(await findingsOf([hostingPack()], everywhere))
    .toInclude({ policy: 'hosting-secret-env-scoped', node: everywhere, enforcement: 'advisory', path: 'scopes' })
    .toHaveCount(1)
  const scoped = hosting.environmentVariable('db', {
    key: 'DB_PASSWORD',
    teamId: 'team-1',
    scopes: ['functions', 'runtime'],
    secretValues: [{ context: 'production', value: secret('pw') }],
  })
  ;(await findingsOf([hostingPack()], scoped)).toHaveCount(0)
  // a plain variable in every scope is nothing to advise about
  const plain = hosting.environmentVariable('node', {
    key: 'NODE_VERSION',
    teamId: 'team-1',
    values: [{ context: 'all', value: '20' }],
  })
  ;(await findingsOf([hostingPack()], plain)).toHaveCount(0)
})

test('hosting-dns-ttl-range: a record TTL within the range given (the platform default counted)', async () => {
  const zone = hosting.dnsZone('zone', { name: 'acme.test', teamSlug: 'acme' })
  const record = (ttl?: number) =>
    hosting.dnsRecord('www', {
      zoneId: zone.out.id,
      hostname: 'www',
      type: 'CNAME',
      value: 'acme.example.net',
      ...(ttl === undefined ? {} : { ttl }),
    })
  const short = record(30)
  ;(await findingsOf([hostingPack()], zone, short))
    .toInclude({
      policy: 'hosting-dns-ttl-range',
      node: short,
      path: 'ttl',
      message: 'is 30, outside 60 to 86400 seconds',
    })
    .toHaveCount(1)
  ;(await findingsOf([hostingPack()], zone, record(300))).toHaveCount(0)
  ;(await findingsOf([hostingPack({ dnsTtl: { min: 60, max: 600 } })], zone, record())).toInclude({
    policy: 'hosting-dns-ttl-range',
    message: 'is 3600, outside 60 to 600 seconds',
  })
})

test('hosting-waf-not-passive: no rule set in passive mode (enforcement configurable, or off)', async () => {
  const waf = (passiveMode: boolean) =>
    hosting.wafPolicy('waf', {
      teamId: 'team-1',
      name: 'baseline',
      description: 'core rules',
      ruleSets: [{ managedId: 'crs-basic', overallThreshold: 5, passiveMode }],
    })
  const passive = waf(true)
  ;(await findingsOf([hostingPack()], passive))
    .toInclude({
      policy: 'hosting-waf-not-passive',
      node: passive,
      path: 'ruleSets.0.passiveMode',
      enforcement: 'mandatory',
    })
    .toHaveCount(1)
  ;(await findingsOf([hostingPack({ wafPassive: 'advisory' })], passive)).toInclude({ enforcement: 'advisory' })
  ;(await findingsOf([hostingPack({ wafPassive: 'off' })], passive)).toHaveCount(0)
  ;(await findingsOf([hostingPack()], waf(false))).toHaveCount(0)
})

// ── cost ─────────────────────────────────────────────────────────────────────
test('cost-report-in-folder: a report names a folder (known before the folder exists)', async () => {
  const loose = cost.costReport('loose', { title: 'Loose' })
  ;(await findingsOf([costPack], loose))
    .toInclude({ policy: 'cost-report-in-folder', node: loose, path: 'folderToken' })
    .toHaveCount(1)
  const folder = cost.folder('finance', { title: 'Finance' })
  // the folder's token is known only after apply, yet no check waits: presence is known now
  const filed = cost.costReport('filed', { title: 'Filed' }).folderToken(folder.out.token)
  ;(await findingsOf([costPack], folder, filed)).toHaveCount(0)
})

test('cost-budget-has-periods: a budget has periods, unless made of child budgets', async () => {
  const empty = cost.budget('empty', { name: 'Empty' })
  ;(await findingsOf([costPack], empty)).toInclude({ policy: 'cost-budget-has-periods', node: empty }).toHaveCount(1)
  const withPeriods = cost.budget('q3', { name: 'Q3', periods: [{ startAt: '2024-07-01', amount: 100 }] })
  ;(await findingsOf([costPack], withPeriods)).toHaveCount(0)
  const parent = cost.budget('all', { name: 'All', childBudgetTokens: [withPeriods.out.token] })
  ;(await findingsOf([costPack], withPeriods, parent)).toHaveCount(0)
})

test('cost-alert-has-recipient: an alert reaches someone', async () => {
  const alert = (extra: { emailRecipients?: string[]; chatAChannels?: string[] }) =>
    cost.costAlert('spike', {
      title: 'Spike',
      interval: 'day',
      unitType: 'percentage',
      threshold: 20,
      reportTokens: ['rprt_1'],
      workspaceToken: 'wrkspc_default',
      ...extra,
    })
  const silent = alert({})
  ;(await findingsOf([costPack], silent)).toInclude({ policy: 'cost-alert-has-recipient', node: silent }).toHaveCount(1)
  ;(await findingsOf([costPack], alert({ emailRecipients: ['finops@example.com'] }))).toHaveCount(0)
  ;(await findingsOf([costPack], alert({ chatAChannels: ['#finops'] }))).toHaveCount(0)
})

test('the three packs have distinct policy names, and each pack a stable digest', async () => {
  const s: Stack = stack('none')
  const run = await runMock(s, { policies: [cloudPack, hostingPack(), costPack] })
  expectFindings(run).toHaveCount(0)
  const names = [cloudPack, hostingPack(), costPack].flatMap((p) => p.policies.map((x) => x.name))
  assert.is(new Set(names).size, names.length)
  const digest = (o?: HostingPackOptions) => gatherPolicies([hostingPack(o)]).packs[0].digest
  assert.is(digest(), digest({ wafPassive: 'mandatory' }))
  assert.is.not(digest(), digest({ wafPassive: 'advisory' }))
})

test.run()
