/**
 * The `mixed` workload as data, shared by trellis's side (bench/mixed-workload.ts, through the
 * builders) and the peers' (Pulumi's mocks, CDKTF's synth): every one of the 33 resource types and
 * the site and team lookups, in the shapes real programs have — a DNS zone and its records; a
 * service, its APIs, a key, a usage plan and the attachment binding them; a folder, its reports and
 * what hangs off them (alerts, budgets, notifications, grants, metrics); environment variables with
 * secret values. Refs are written `{ $ref: key, field, prefix?, suffix? }` (prefix/suffix: a mapped
 * ref, e.g. a hostname made from the zone's name) and secrets `{ $secret: value }`; each side turns
 * them into its own refs and secrets. Imports nothing, so every side loads only itself.
 */

export interface RefShape {
  /** the referenced node's key (`token/name`) */
  readonly $ref: string
  readonly field: string
  readonly prefix?: string
  readonly suffix?: string
}
export interface SecretShape {
  readonly $secret: string
}
export type ValueShape =
  string | number | boolean | RefShape | SecretShape | ReadonlyArray<ValueShape> | { readonly [k: string]: ValueShape }

export interface NodeShape {
  readonly kind: 'resource' | 'lookup'
  /** `provider:Type` (a lookup: `provider:getThing`) */
  readonly token: string
  readonly name: string
  /** `token/name`, what refs point at */
  readonly key: string
  readonly inputs: { readonly [k: string]: ValueShape }
}

export const isRefShape = (v: unknown): v is RefShape => typeof v === 'object' && v !== null && '$ref' in v
export const isSecretShape = (v: unknown): v is SecretShape => typeof v === 'object' && v !== null && '$secret' in v

/** The nodes of group `g` (one tenant: its site, team, zone, services, folder …), in dependency order. */
export const mixedGroup = (g: number): NodeShape[] => {
  const out: NodeShape[] = []
  const add = (kind: NodeShape['kind'], token: string, name: string, inputs: NodeShape['inputs']) => {
    const node = { kind, token, name: `${name}-${g}`, key: `${token}/${name}-${g}`, inputs }
    out.push(node)
    const ref = (field: string, prefix?: string, suffix?: string): RefShape => ({
      $ref: node.key,
      field,
      ...(prefix !== undefined ? { prefix } : {}),
      ...(suffix !== undefined ? { suffix } : {}),
    })
    return ref
  }
  const R = 'resource'

  // ── hosting: the tenant's team and site (lookups), a zone and its records, site settings, env vars
  const team = add('lookup', 'hosting:getTeam', 'team', { slug: `team-${g}` })
  const site = add('lookup', 'hosting:getSite', 'site', { name: `site-${g}`, teamSlug: team('slug') })
  const zone = add(R, 'hosting:DnsZone', 'zone', { name: `tenant-${g}.example.com`, teamSlug: team('slug') })
  for (const h of ['www', 'api'])
    add(R, 'hosting:DnsRecord', `rec-${h}`, {
      zoneId: zone('id'),
      hostname: zone('name', `${h}.`),
      type: 'CNAME',
      value: site('name', '', '.netlify.app.'),
    })
  add(R, 'hosting:DeployKey', 'deploy-key', {})
  add(R, 'hosting:EnvironmentVariable', 'env-url', {
    key: 'API_URL',
    teamId: team('id'),
    siteId: site('id'),
    values: [{ context: 'production', value: zone('name', 'https://api.') }],
  })
  add(R, 'hosting:EnvironmentVariable', 'env-secret', {
    key: 'API_KEY',
    teamId: team('id'),
    siteId: site('id'),
    secretValues: [{ context: 'production', value: { $secret: `sk-live-${g}` } }],
  })
  add(R, 'hosting:LogDrain', 'drain', {
    siteId: site('id'),
    destination: 'http',
    format: 'ndjson',
    logTypes: ['user_traffic', 'functions'],
    serviceConfig: {
      url: { $secret: `https://logs.example.com/${g}` },
      authorizationHeader: { $secret: `Bearer ${g}` },
    },
  })
  add(R, 'hosting:SiteFirewallTrafficRules', 'site-fw', {
    siteId: site('id'),
    published: {
      defaultAction: 'allow',
      ipRestrictions: [{ addresses: ['203.0.113.0/24'], description: site('name', 'abuse seen on ') }],
    },
    unpublished: { defaultAction: 'deny' },
  })
  add(R, 'hosting:SiteMetricsSettings', 'metrics', { siteId: site('id'), siteAnalytics: true, realUserMetrics: true })
  add(R, 'hosting:TeamFirewallTrafficRules', 'team-fw', {
    teamId: team('id'),
    published: {
      defaultAction: 'allow',
      geoRestrictions: [{ countries: ['KP'], description: team('slug', 'sanctions for ') }],
    },
    unpublished: { defaultAction: 'deny' },
  })
  add(R, 'hosting:WafPolicy', 'waf', {
    teamId: team('id'),
    name: `baseline-${g}`,
    description: team('slug', 'core rules for '),
    ruleSets: [{ managedId: 'crs-basic', overallThreshold: 5, passiveMode: false }],
  })

  // ── cloud: service → APIs → usage plan → attachment, release, domain, strategy, plugin, key
  const svc = add(R, 'cloud:ApiGatewayService', 'svc', {
    serviceName: `orders_${g}`,
    protocol: 'http&https',
    serviceDesc: zone('name', 'orders of '),
    netTypes: ['OUTER'],
    tags: { team: team('slug') },
  })
  const apis = ['list', 'get'].map((a) =>
    add(R, 'cloud:ApiGatewayApi', `api-${a}`, {
      serviceId: svc('id'),
      apiName: `${a}_orders_${g}`,
      apiDesc: svc('serviceName', `${a} in `),
      authType: 'NONE',
      protocol: 'HTTP',
      requestConfigPath: `/orders/${a}`,
      requestConfigMethod: 'GET',
      serviceConfigUrl: site('name', 'https://', '.netlify.app'),
      serviceConfigPath: '/orders',
      serviceConfigMethod: 'GET',
    }),
  )
  const key = add(R, 'cloud:ApiGatewayApiKey', 'key', { secretName: svc('serviceName', 'partner_'), status: 'on' })
  const plan = add(R, 'cloud:ApiGatewayUsagePlan', 'plan', {
    usagePlanName: `partners_${g}`,
    usagePlanDesc: svc('serviceName', 'quota of '),
    maxRequestNum: 100000,
    maxRequestNumPreSec: 100,
  })
  add(R, 'cloud:ApiGatewayUsagePlanAttachment', 'attach', {
    usagePlanId: plan('id'),
    serviceId: apis[0]('serviceId'),
    environment: 'release',
    bindType: 'API',
    apiId: apis[0]('id'),
    accessKeyIds: [key('accessKeyId')],
  })
  add(R, 'cloud:ApiGatewayServiceRelease', 'release', {
    serviceId: apis[1]('serviceId'),
    environmentName: 'release',
    releaseDesc: apis[1]('apiName', 'with '),
  })
  add(R, 'cloud:ApiGatewayCustomDomain', 'domain', {
    serviceId: svc('id'),
    subDomain: zone('name', 'gw.'),
    protocol: 'http',
    netType: 'OUTER',
    isDefaultMapping: true,
    defaultDomain: svc('outerSubDomain'),
  })
  add(R, 'cloud:ApiGatewayIpStrategy', 'ips', {
    serviceId: svc('id'),
    strategyName: svc('serviceName', 'block_'),
    strategyType: 'BLACK',
    strategyData: '192.0.2.10',
  })
  add(R, 'cloud:ApiGatewayPlugin', 'plugin', {
    pluginName: svc('serviceName', 'office_'),
    pluginType: 'IPControl',
    pluginData: '{"type":"white_list","blocks":"10.0.0.0/8"}',
    description: zone('name', 'office network of '),
  })

  // ── cost: folder → reports → alerts, budgets, notifications, grants; billing → account → invoice
  const folder = add(R, 'cost:Folder', 'folder', {
    title: team('slug', 'Finance of '),
    workspaceToken: 'wrkspc_default',
  })
  const reports = ['aws', 'gcp'].map((p) =>
    add(R, 'cost:CostReport', `report-${p}`, {
      title: folder('title', '', ` (${p})`),
      folderToken: folder('token'),
      workspaceToken: folder('workspaceToken'),
      filter: `costs.provider = '${p}'`,
      groupings: 'service,provider',
      dateInterval: 'last_3_months',
    }),
  )
  add(R, 'cost:CostAlert', 'alert', {
    title: folder('title', 'Spike in '),
    interval: 'day',
    unitType: 'percentage',
    threshold: 20,
    reportTokens: [reports[0]('token'), reports[1]('token')],
    workspaceToken: reports[0]('workspaceToken'),
  })
  add(R, 'cost:Budget', 'budget', {
    name: folder('title', 'Budget of '),
    costReportToken: reports[0]('token'),
    workspaceToken: reports[0]('workspaceToken'),
    periods: [{ startAt: '2024-01-01', endAt: '2024-12-31', amount: 10000 + g }],
  })
  add(R, 'cost:AnomalyNotification', 'anomaly', {
    costReportToken: reports[1]('token'),
    threshold: 100,
    recipientChannels: [team('slug', '#finops-')],
  })
  add(R, 'cost:AccessGrant', 'grant', {
    teamToken: `team_${g % 3}`,
    resourceToken: folder('token'),
    access: 'denied',
  })
  add(R, 'cost:BusinessMetric', 'metric', {
    title: svc('serviceName', 'Requests to '),
    values: [{ date: '2024-01-01', amount: 120000, label: 'api' }],
    costReportTokensWithMetadatas: [
      { costReportToken: reports[0]('token'), unitScale: 'per_thousand' },
      { costReportToken: reports[1]('token'), unitScale: 'per_thousand' },
    ],
  })
  const rule = add(R, 'cost:BillingRule', 'rule', {
    title: team('slug', 'Support fee of '),
    type: 'Charge',
    amount: 300,
    category: 'Support',
    subCategory: 'Premium',
    service: 'Support',
    startDate: '2024-01-01',
  })
  const account = add(R, 'cost:ManagedAccount', 'account', {
    name: team('slug', 'Account '),
    contactEmail: `finance-${g}@acme.example`,
    billingRuleTokens: [rule('token')],
    emailDomain: zone('name'),
  })
  add(R, 'cost:Invoice', 'invoice', {
    accountToken: account('token'),
    billingPeriodStart: '2024-06-01',
    billingPeriodEnd: '2024-06-30',
  })
  add(R, 'cost:CustomProvider', 'custom', {
    name: team('slug', 'Uploads of '),
    description: 'Monthly CSV uploads',
    workspaces: [folder('workspaceToken')],
  })
  add(R, 'cost:FinancialCommitmentReport', 'commit', {
    title: folder('title', 'Coverage of '),
    workspaceToken: folder('workspaceToken'),
    groupings: ['cost_type'],
  })
  add(R, 'cost:KubernetesEfficiencyReport', 'k8s', {
    title: folder('title', 'Idle in '),
    workspaceToken: folder('workspaceToken'),
    aggregatedBy: 'idle_cost',
  })
  add(R, 'cost:NetworkFlowReport', 'flows', {
    title: folder('title', 'Egress of '),
    workspaceToken: folder('workspaceToken'),
    flowDirection: 'egress',
  })
  add(R, 'cost:RecommendationView', 'recs', {
    title: folder('title', 'Savings for '),
    workspaceToken: folder('workspaceToken'),
    providerIds: ['aws'],
  })
  return out
}

/** Exactly `n` nodes: whole groups, then the first nodes of one more (its refs point only backwards). */
export const mixedNodes = (n: number): NodeShape[] => {
  const out: NodeShape[] = []
  for (let g = 0; out.length < n; g++) {
    const group = mixedGroup(g)
    for (let i = 0; i < group.length && out.length < n; i++) out.push(group[i])
  }
  return out
}

/** The refs in a value, depth first, secrets not looked into (the workload's ref count; what a changed stack keeps). */
export const refShapesIn = (v: ValueShape, into: RefShape[] = []): RefShape[] => {
  if (isRefShape(v)) into.push(v)
  else if (Array.isArray(v)) for (const x of v) refShapesIn(x, into)
  else if (typeof v === 'object' && !isSecretShape(v)) for (const x of Object.values(v)) refShapesIn(x, into)
  return into
}
