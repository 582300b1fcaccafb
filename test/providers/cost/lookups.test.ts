import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { costProvider } from '#trellis/engine'
import { isSecret, reveal } from '#trellis'
import type { LookupSpec } from '#trellis'
import { call, callError, emulated } from './helpers'
const {
  getWorkspaces,
  getIntegrations,
  getIntegrationByName,
  getInvoices,
  getResourceReportColumns,
  getCloudProviderAInfo,
  getSavedFilters,
} = costProvider.lookups

const test = suite('cost lookups against the emulator')
const ctx = { config: {} }

const run = async (spec: LookupSpec, args: Record<string, unknown>, opts: Parameters<typeof emulated>[0] = {}) => {
  const { client, emu } = emulated(opts)
  const reply = await call(client, spec.wire.request(args, ctx))
  const r = spec.wire.decode(reply, args, ctx)
  if (isLeft(r)) throw new Error(r.left)
  return { result: r.right as Record<string, unknown>, emu }
}

const many = (n: number, f: (i: number) => Record<string, unknown>) => Array.from({ length: n }, (_, i) => f(i))

test('getWorkspaces returns every page, following links.next', async () => {
  const { result, emu } = await run(
    getWorkspaces,
    {},
    { maxLimit: 2, fixtures: { workspaces: many(4, (i) => ({ token: `wrkspc_${i}`, name: `W${i}` })) } },
  )
  const ws = result.workspaces as Array<{ token: string }>
  assert.equal(
    ws.map((w) => w.token),
    ['wrkspc_default', 'wrkspc_0', 'wrkspc_1', 'wrkspc_2', 'wrkspc_3'],
  )
  assert.is(emu.requests()['GET /v2/workspaces'], 3)
})

test('every collection lookup reads its collection past the first page (limit 1000)', async () => {
  const collections: Record<string, string> = {
    getAccessGrants: 'access_grants',
    getAnomalyNotifications: 'anomaly_notifications',
    getBillingProfiles: 'billing_profiles',
    getBillingRules: 'billing_rules',
    getBudgets: 'budgets',
    getCostAlerts: 'cost_alerts',
    getCostReports: 'cost_reports',
    getDashboards: 'dashboards',
    getFinancialCommitmentReports: 'financial_commitment_reports',
    getFolders: 'folders',
    getKubernetesEfficiencyReports: 'kubernetes_efficiency_reports',
    getManagedAccounts: 'managed_accounts',
    getNetworkFlowReports: 'network_flow_reports',
    getRecommendationViews: 'recommendation_views',
    getReportNotifications: 'report_notifications',
    getResourceReports: 'resource_reports',
    getSavedFilters: 'saved_filters',
    getSegments: 'segments',
    getTeams: 'teams',
    getUsers: 'users',
    getInvoices: 'invoices',
  }
  for (const [fn, coll] of Object.entries(collections)) {
    const spec = (costProvider.lookups as Record<string, LookupSpec>)[fn]
    const { result, emu } = await run(
      spec,
      {},
      { fixtures: { [coll]: many(1003, (i) => ({ token: `${coll}_${i}`, title: `t${i}` })) } },
    )
    const key = Object.keys(result).find((k) => Array.isArray(result[k]))!
    assert.is((result[key] as unknown[]).length, 1003, fn)
    assert.is(emu.requests()[`GET /v2/${coll}`], 2, fn)
  }
})

test('getVirtualTagConfigs and getBusinessMetrics: endpoints without links are read in one request', async () => {
  const v = await run(
    costProvider.lookups.getVirtualTagConfigs,
    {},
    { fixtures: { virtual_tag_configs: many(150, (i) => ({ token: `vtag_${i}`, key: `k${i}` })) } },
  )
  assert.is((v.result.virtualTagConfigs as unknown[]).length, 150)
  const b = await run(
    costProvider.lookups.getBusinessMetrics,
    {},
    {
      fixtures: {
        business_metrics: many(3, (i) => ({ token: `bsnss_mtrc_${i}`, title: `m${i}`, integration_token: '' })),
      },
    },
  )
  assert.equal(
    (b.result.businessMetrics as Array<{ id: string }>).map((x) => x.id),
    ['bsnss_mtrc_0', 'bsnss_mtrc_1', 'bsnss_mtrc_2'],
  )
})

test('getSavedFilters answers under `filters`', async () => {
  const { result } = await run(
    getSavedFilters,
    {},
    {
      fixtures: {
        saved_filters: [
          { token: 'svd_fltr_1', title: 'Prod', cost_report_tokens: [], workspace_token: 'wrkspc_default' },
        ],
      },
    },
  )
  assert.equal(result, {
    filters: [{ token: 'svd_fltr_1', title: 'Prod', costReportTokens: [], workspaceToken: 'wrkspc_default' }],
  })
})

const integrations = [
  {
    token: 'accss_crdntl_a',
    provider: 'aws',
    account_identifier: 'prod',
    status: 'connected',
    created_at: '2024-01-01T00:00:00Z',
    last_updated: '2024-02-01T00:00:00Z',
    workspace_tokens: ['wrkspc_default'],
    managed_account_tokens: [],
  },
  {
    token: 'accss_crdntl_b',
    provider: 'custom_provider',
    account_identifier: 'prod',
    status: 'quarantined',
    created_at: '2024-01-02T00:00:00Z',
    last_updated: null,
    workspace_tokens: [],
    managed_account_tokens: [],
  },
  {
    token: 'accss_crdntl_c',
    provider: 'gcp',
    account_identifier: null,
    status: 'pending',
    created_at: '2024-01-03T00:00:00Z',
    last_updated: null,
    workspace_tokens: [],
    managed_account_tokens: [],
  },
]

test('getIntegrations: providerFilter is the `provider` query; unknown statuses are kept', async () => {
  const { client, emu } = emulated({ fixtures: { integrations } })
  const req = getIntegrations.wire.request({ providerFilter: 'custom_provider' }, ctx)
  assert.equal((req as { query: unknown }).query, { provider: 'custom_provider' })
  const r = getIntegrations.wire.decode(await call(client, req), { providerFilter: 'custom_provider' }, ctx)
  if (isLeft(r)) throw new Error(r.left)
  assert.equal(r.right, {
    providerFilter: 'custom_provider',
    integrations: [
      {
        token: 'accss_crdntl_b',
        provider: 'custom_provider',
        name: 'prod',
        status: 'quarantined',
        createdAt: '2024-01-02T00:00:00Z',
        workspaceTokens: [],
        managedAccountTokens: [],
      },
    ],
  })
  assert.ok(Object.keys(emu.requests()).includes('GET /v2/integrations'))
})

test('getIntegrations: at most 1,000 results', async () => {
  const { result } = await run(
    getIntegrations,
    {},
    {
      fixtures: {
        integrations: many(1005, (i) => ({
          token: `accss_crdntl_${i}`,
          provider: 'aws',
          account_identifier: `a${i}`,
          status: 'connected',
        })),
      },
    },
  )
  assert.is((result.integrations as unknown[]).length, 1000)
})

test('getIntegrationByName: the first exact match, narrowed by providerFilter first', async () => {
  const a = await run(getIntegrationByName, { name: 'prod' }, { fixtures: { integrations } })
  assert.is(a.result.token, 'accss_crdntl_a')
  assert.equal(a.result.lastUpdated, '2024-02-01T00:00:00Z')
  const b = await run(
    getIntegrationByName,
    { name: 'prod', providerFilter: 'custom_provider' },
    { fixtures: { integrations } },
  )
  assert.equal(b.result, {
    id: 'accss_crdntl_b',
    token: 'accss_crdntl_b',
    name: 'prod',
    providerFilter: 'custom_provider',
    provider: 'custom_provider',
    status: 'quarantined',
    createdAt: '2024-01-02T00:00:00Z',
    lastUpdated: null,
    workspaceTokens: [],
    managedAccountTokens: [],
  })
})

test('getIntegrationByName: no match is a clear not-found error', async () => {
  const { client } = emulated({ fixtures: { integrations } })
  const args = { name: 'Prod', providerFilter: 'aws' }
  const r = getIntegrationByName.wire.decode(
    await call(client, getIntegrationByName.wire.request(args, ctx)),
    args,
    ctx,
  )
  assert.ok(isLeft(r))
  if (isLeft(r))
    assert.is(
      r.left,
      'integration not found: no integration named "Prod" among 1 integration of provider "aws" (at most 1000 are searched; names match exactly); try without providerFilter',
    )
})

test('getInvoices sends managedAccountToken as managed_account_token and echoes it', async () => {
  const invoices = [
    { token: 'invc_1', account_token: 'acct_1', status: 'draft' },
    { token: 'invc_2', account_token: 'acct_2', status: 'draft' },
  ]
  const req = getInvoices.wire.request({ managedAccountToken: 'acct_2' }, ctx)
  assert.equal((req as { query: unknown }).query, { managed_account_token: 'acct_2' })
  const { result } = await run(getInvoices, { managedAccountToken: 'acct_2' }, { fixtures: { invoices } })
  assert.equal(result, {
    managedAccountToken: 'acct_2',
    invoices: [{ id: 'invc_2', token: 'invc_2', accountToken: 'acct_2', status: 'draft' }],
  })
})

test('getResourceReportColumns: columns of a type; an unknown type is the platform 400', async () => {
  const { result } = await run(getResourceReportColumns, { resourceType: 'aws_s3_bucket' })
  assert.equal(result, {
    columns: ['token', 'provider', 'label', 'region', 'accountId', 'accruedCosts'],
    resourceType: 'aws_s3_bucket',
  })
  const { client } = emulated()
  const e = await callError(client, getResourceReportColumns.wire.request({ resourceType: 'aws_ufo' }, ctx))
  assert.equal([e.status, e.message], [400, 'Unknown resource type: aws_ufo'])
})

test('getCloudProviderAInfo: v1 path; externalId is a secret never shown', async () => {
  assert.equal((getCloudProviderAInfo.wire.request({}, ctx) as { path: string }).path, '/v1/integrations/aws/info')
  const { result } = await run(
    getCloudProviderAInfo,
    {},
    {
      awsInfo: {
        external_id: 'ext-zq-771',
        iam_role_arn: 'arn:aws:iam::1:root',
        policies: { root: '{"a":1}', autopilot: null, cloudwatch: '{}', resources: '{}' },
      },
    },
  )
  assert.ok(isSecret(result.externalId))
  assert.is(reveal(result.externalId as never), 'ext-zq-771')
  assert.not.ok(JSON.stringify(result).includes('ext-zq-771'))
  assert.equal(
    { ...result, externalId: undefined },
    {
      externalId: undefined,
      iamRoleArn: 'arn:aws:iam::1:root',
      rootPolicy: '{"a":1}',
      cloudMetricsPolicy: '{}',
      additionalResourcesPolicy: '{}',
    },
  )
  assert.equal(getCloudProviderAInfo.secrets, ['externalId'])
  const bad = getCloudProviderAInfo.wire.decode({ external_id: 'ext-zq-771', iam_role_arn: 5 }, {}, ctx)
  assert.ok(isLeft(bad) && !bad.left.includes('ext-zq-771'))
})

test.run()
