import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isRight } from 'fp-ts/Either'
import { call, callError, emulated, roundTrip } from './helpers'
import { costProvider } from '#trellis/engine'
const {
  AccessGrant,
  AnomalyNotification,
  BillingRule,
  Budget,
  BusinessMetric,
  CostAlert,
  CostReport,
  CustomProvider,
  FinancialCommitmentReport,
  Invoice,
  KubernetesEfficiencyReport,
  ManagedAccount,
  NetworkFlowReport,
  RecommendationView,
} = costProvider.resources

const test = suite('cost wire round trips against the emulator')
const ctx = { config: {} }
const W = 'wrkspc_default'
const fixtures = { teams: [{ token: 'team_1', name: 'FinOps' }], workspaces: [{ token: 'wrkspc_2', name: 'Second' }] }

const report = async (client: Parameters<typeof call>[0]) =>
  ((await call(client, CostReport.wire.create({ title: 'r', workspaceToken: W }, ctx))) as { token: string }).token

test('AccessGrant', async () => {
  const { client } = emulated({ fixtures })
  const r = await roundTrip(
    AccessGrant,
    client,
    { teamToken: 'team_1', resourceToken: 'rprt_x' },
    { teamToken: 'team_1', resourceToken: 'rprt_x', access: 'denied' },
  )
  assert.match(r.id, /^rsrc_accss_grnt_/)
})

test('AnomalyNotification', async () => {
  const { client } = emulated()
  const rp = await report(client)
  const r = await roundTrip(
    AnomalyNotification,
    client,
    { costReportToken: rp, threshold: 100 },
    { costReportToken: rp, threshold: 250, recipientChannels: ['#finops'] },
  )
  assert.match(r.id, /^rprt_alrt_/)
})

test('BillingRule: capitalised type and decimal-string amounts read back equal', async () => {
  const { client, emu } = emulated()
  const r = await roundTrip(
    BillingRule,
    client,
    {
      title: 'Fee',
      type: 'charge',
      amount: 300,
      category: 'Support',
      subCategory: 'Premium',
      service: 'Support',
      startDate: '2023-01-01',
    },
    { title: 'Fee', type: 'charge', amount: 450.5, category: 'Support', subCategory: 'Premium', service: 'Support' },
  )
  assert.match(r.id, /^bllng_rule_/)
  // the platform really stores the quirky forms the decode normalises
  const { client: c2 } = { client }
  const created = (await call(
    c2,
    BillingRule.wire.create({ title: 'Adj', type: 'ADJUSTMENT', percentage: 75 }, ctx),
  )) as Record<string, unknown>
  assert.equal([created.type, created.percentage], ['Adjustment', '75.0'])
  assert.ok(emu.objects().some((o) => o.kind === 'billing_rules'))
})

test('Budget: server default periods and string amounts do not show as changes', async () => {
  const { client } = emulated()
  const rp = await report(client)
  const r = await roundTrip(
    Budget,
    client,
    {
      name: 'AWS',
      costReportToken: rp,
      workspaceToken: W,
      periods: [
        { startAt: '2024-01-01', amount: 10000 },
        { startAt: '2024-02-01', endAt: '2024-02-29', amount: 9000.5 },
      ],
    },
    { name: 'AWS', costReportToken: rp, workspaceToken: W },
  )
  assert.match(r.id, /^bdgt_/)
  assert.ok(Array.isArray(r.outputs.performances))
})

test('Budget: hierarchical', async () => {
  const { client } = emulated()
  const child = (await call(client, Budget.wire.create({ name: 'child', workspaceToken: W }, ctx))) as { token: string }
  await roundTrip(
    Budget,
    client,
    { name: 'parent', childBudgetTokens: [child.token] },
    { name: 'parent 2', childBudgetTokens: [child.token] },
  )
})

test('BusinessMetric: values are kept as sent; attached reports normalised', async () => {
  const { client } = emulated()
  const rp = await report(client)
  await roundTrip(
    BusinessMetric,
    client,
    {
      title: 'Requests',
      values: [{ date: '2024-01-01', amount: 5 }],
      costReportTokensWithMetadatas: [{ costReportToken: rp, labelFilters: [] }],
    },
    {
      title: 'Requests',
      cloudMetricsFields: {
        integrationToken: 'accss_crdntl_1',
        stat: 'Sum',
        region: 'us-east-1',
        namespace: 'AWS/ELB',
        metricName: 'RequestCount',
      },
    },
  )
})

test('CostAlert', async () => {
  const { client } = emulated()
  const rp = await report(client)
  const base = {
    title: 'Spike',
    interval: 'day',
    unitType: 'percentage',
    threshold: 20,
    reportTokens: [rp],
    workspaceToken: W,
  } as const
  await roundTrip(
    CostAlert,
    client,
    { ...base, minimumThreshold: 100 },
    { ...base, threshold: 30, chatAChannels: ['#finops'], emailRecipients: ['a@b.example'] },
  )
})

test('CustomProvider: create then PUT workspaces; description kept; at-least-one refusal from the platform', async () => {
  const { client, emu } = emulated({ fixtures })
  const r = await roundTrip(
    CustomProvider,
    client,
    { name: 'Snow', description: 'CSV', workspaces: [W] },
    { name: 'Snow', description: 'CSV', workspaces: [W, 'wrkspc_2'] },
  )
  assert.match(r.id, /^accss_crdntl_/)
  assert.is(emu.requests()['PUT /v2/integrations/' + r.id], 2)
  const c = (await call(client, CustomProvider.wire.create({ name: 'N', workspaces: [W] }, ctx))) as {
    token: string
    workspace_tokens: string[]
  }
  assert.equal(c.workspace_tokens, [W])
  const e = await callError(
    client,
    CustomProvider.wire.update!(
      c.token,
      { name: 'N', workspaces: [] },
      { ...ctx, prior: { name: 'N', workspaces: [W] }, outputs: { token: c.token } },
    ),
  )
  assert.equal([e.kind, e.status, e.message], ['Invalid', 400, 'At least one workspace token is required'])
})

test('CustomProvider: after an import the description is unknown and the name is the display name', async () => {
  const { client } = emulated()
  const c = (await call(client, CustomProvider.wire.create({ name: 'Snow', description: 'secret-ish' }, ctx))) as {
    token: string
  }
  const d = CustomProvider.wire.decode(
    await call(client, CustomProvider.wire.read(c.token, { ...ctx, inputs: {}, outputs: { token: c.token } })),
    { ...ctx, inputs: {} },
  )
  assert.ok(isRight(d))
  if (isRight(d)) assert.equal(d.right.inputs, { name: 'Snow' })
})

test('FinancialCommitmentReport: parenthesised filter and joined groupings read back as sent', async () => {
  const { client } = emulated()
  await roundTrip(
    FinancialCommitmentReport,
    client,
    {
      title: 'Coverage',
      workspaceToken: W,
      filter: "financial_commitments.provider = 'aws'",
      groupings: ['cost_type', 'commitment_type'],
    },
    { title: 'Coverage', workspaceToken: W, groupings: [], startDate: '2024-01-01', endDate: '2024-03-31' },
  )
})

test('Invoice: create and read; no update, delete only forgets', async () => {
  const { client, emu } = emulated()
  const acct = (await call(
    client,
    ManagedAccount.wire.create({ name: 'Acme', contactEmail: 'a@acme.example' }, ctx),
  )) as { token: string }
  const r = await roundTrip(
    Invoice,
    client,
    { accountToken: acct.token, billingPeriodStart: '2024-06-01', billingPeriodEnd: '2024-06-30' },
    undefined,
  )
  assert.equal(r.outputs.invoiceNumber, 'INV-0001')
  assert.ok(emu.objects().some((o) => o.kind === 'invoices' && o.id === r.id))
  const e = await callError(
    client,
    Invoice.wire.create(
      { accountToken: acct.token, billingPeriodStart: '2024-06-02', billingPeriodEnd: '2024-06-30' },
      ctx,
    ),
  )
  assert.equal([e.status, e.message], [400, 'Billing periods must be whole calendar months'])
})

test('KubernetesEfficiencyReport: default interval and server dates are not diffs', async () => {
  const { client } = emulated()
  const r = await roundTrip(
    KubernetesEfficiencyReport,
    client,
    { title: 'Idle', workspaceToken: W, groupings: ['cluster_id', 'label:team'] },
    { title: 'Idle', workspaceToken: W, dateInterval: 'last_month', aggregatedBy: 'cost_efficiency' },
  )
  assert.equal(r.created, { title: 'Idle', workspaceToken: W, groupings: ['cluster_id', 'label:team'] })
})

test('ManagedAccount', async () => {
  const { client } = emulated()
  const r = await roundTrip(
    ManagedAccount,
    client,
    { name: 'Acme', contactEmail: 'a@acme.example' },
    { name: 'Acme Corp', contactEmail: 'a@acme.example', emailDomain: 'acme.example' },
  )
  assert.equal(r.outputs.paymentTermsDays, 10)
})

test('NetworkFlowReport: default interval last_7_days and flowWeight costs are not diffs', async () => {
  const { client } = emulated()
  await roundTrip(
    NetworkFlowReport,
    client,
    { title: 'Egress', workspaceToken: W, flowDirection: 'egress' },
    {
      title: 'Egress',
      workspaceToken: W,
      dateInterval: 'custom',
      startDate: '2024-07-01',
      endDate: '2024-07-07',
      flowWeight: 'bytes',
      groupings: ['vpc_id'],
    },
  )
})

test('RecommendationView', async () => {
  const { client } = emulated()
  await roundTrip(
    RecommendationView,
    client,
    { title: 'AWS', workspaceToken: W, providerIds: ['aws'] },
    { title: 'AWS', workspaceToken: W, regions: ['us-east-1'], tagKey: 'team', tagValue: 'core' },
  )
})

test('CostReport with every field', async () => {
  const { client } = emulated()
  await roundTrip(
    CostReport,
    client,
    {
      title: 'All',
      workspaceToken: W,
      filter: "costs.provider = 'aws'",
      groupings: 'service',
      chartType: 'line',
      dateBin: 'cumulative',
      dateInterval: 'this_month',
      previousPeriodStartDate: '2024-05-01',
      previousPeriodEndDate: '2024-05-31',
      settings: { includeCredits: true, aggregateBy: 'usage', showPreviousPeriod: true },
      chartSettings: { xAxisDimensions: ['service'], yAxisDimension: 'usage' },
    },
    { title: 'All', workspaceToken: W, dateBin: 'month' },
  )
})

test.run()
