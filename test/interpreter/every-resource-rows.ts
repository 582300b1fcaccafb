/**
 * The every-resource table: one row per registered resource type, each a stack BEFORE (the node
 * under test and what it depends on, wired with refs), a stack AFTER with one meaningful change,
 * and the action the change must take on that node. Also the secret rows, one per provider.
 */
import { stack, type HasNode, type Stack } from '#trellis'
import { secret } from '#trellis'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import * as cloud from '#trellis/cloud'
import { COST_TEAM, SECOND_WORKSPACE } from './every-resource-platforms'
import { cloudProvider, hostingProvider } from '#trellis/engine'
const { ApiGatewayApi } = cloudProvider.resources
const { WafPolicy } = hostingProvider.resources

export interface Row {
  readonly token: string
  /** the node under test */
  readonly name: string
  readonly before: Stack
  readonly after: Stack
  /** `none`: the type has no input to change (AFTER is BEFORE) */
  readonly expect: 'update' | 'replace' | 'none'
  /** why this change, in a few words (the report prints it) */
  readonly change: string
  /**
   * inputs the platform cannot return, as the spec documents; a plan after import may differ from
   * the stack in these fields only
   */
  readonly importGaps?: ReadonlyArray<string>
  /** the emulator fixtures of `rowPlatforms` are needed (cost teams, a second workspace) */
  readonly fixtures?: boolean
}

const s = (...nodes: ReadonlyArray<HasNode>) => stack('every').add(...nodes)

// ── cost ─────────────────────────────────────────────────────────────────────
const folder = cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' })
const report = cost
  .costReport('monthly', {
    title: 'Monthly',
    filter: "costs.provider = 'aws'",
    groupings: 'service,provider',
    chartType: 'bar',
    dateBin: 'month',
    dateInterval: 'last_3_months',
    chartSettings: { xAxisDimensions: ['date'], yAxisDimension: 'cost' },
  } as never)
  .folderToken(folder.out.token)
// the platform takes the kind case-insensitively and answers it capitalised
const rule = cost.billingRule('support', {
  title: 'Support fee',
  type: 'charge',
  amount: 300,
  category: 'Support',
  subCategory: 'Premium',
  service: 'Support',
  startDate: '2024-01-01',
})
const account = cost
  .managedAccount('acme', { name: 'Acme Corp', contactEmail: 'finance@acme.example', emailDomain: 'acme.example' })
  .billingRuleTokens([rule.out.token])

const costRows: Row[] = [
  (() => {
    const g = cost.accessGrant('grant', { teamToken: COST_TEAM, access: 'allowed' }).resourceToken(report.out.token)
    return {
      token: 'cost:AccessGrant',
      name: 'grant',
      before: s(folder, report, g),
      after: s(folder, report, g.access('denied')),
      expect: 'update',
      change: 'access allowed → denied',
      fixtures: true,
    }
  })(),
  (() => {
    const n = cost
      .anomalyNotification('spikes', { threshold: 100, recipientChannels: ['#finops'] })
      .costReportToken(report.out.token)
    return {
      token: 'cost:AnomalyNotification',
      name: 'spikes',
      before: s(folder, report, n),
      after: s(folder, report, n.threshold(250)),
      expect: 'update',
      change: 'threshold 100 → 250',
    }
  })(),
  {
    token: 'cost:BillingRule',
    name: 'support',
    before: s(rule),
    after: s(rule.amount(450)),
    expect: 'update',
    change: 'amount 300 → 450',
  },
  (() => {
    const b = cost
      .budget('aws-2024', {
        name: 'AWS 2024',
        workspaceToken: 'wrkspc_default',
        periods: [
          { startAt: '2024-01-01', endAt: '2024-01-31', amount: 10000 },
          { startAt: '2024-02-01', amount: 9000 },
        ],
      })
      .costReportToken(report.out.token)
    return {
      token: 'cost:Budget',
      name: 'aws-2024',
      before: s(folder, report, b),
      after: s(
        folder,
        report,
        b.periods([
          { startAt: '2024-01-01', endAt: '2024-01-31', amount: 12000 },
          { startAt: '2024-02-01', amount: 9000 },
          { startAt: '2024-03-01', endAt: '2024-03-31', amount: 9500 },
        ]),
      ),
      expect: 'update',
      change: 'periods: an amount changed, a period added (one left without endAt)',
    }
  })(),
  (() => {
    const m = cost
      .businessMetric('requests', { title: 'Requests', values: [{ date: '2024-01-01', amount: 120000, label: 'api' }] })
      .costReportTokensWithMetadatas([
        { costReportToken: report.out.token, unitScale: 'per_thousand', labelFilters: ['api'] },
      ] as never)
    return {
      token: 'cost:BusinessMetric',
      name: 'requests',
      before: s(folder, report, m),
      after: s(
        folder,
        report,
        m.values([
          { date: '2024-01-01', amount: 120000, label: 'api' },
          { date: '2024-02-01', amount: 130000, label: 'api' },
        ]),
      ),
      expect: 'update',
      change: 'values: one added',
      // the object's GET has no values (they live at their own endpoints): docs/wire/cost.md §6.5, and the spec's doc
      importGaps: ['values'],
    }
  })(),
  (() => {
    const a = cost
      .costAlert('spike', {
        title: 'Spike',
        interval: 'day',
        unitType: 'percentage',
        threshold: 20,
        minimumThreshold: 100,
        workspaceToken: 'wrkspc_default',
        chatAChannels: ['#finops'],
        emailRecipients: ['finops@acme.example'],
      })
      .reportTokens([report.out.token])
    return {
      token: 'cost:CostAlert',
      name: 'spike',
      before: s(folder, report, a),
      after: s(folder, report, a.threshold(35)),
      expect: 'update',
      change: 'threshold 20 → 35',
    }
  })(),
  (() => {
    const r = report.settings({ amortize: true, includeCredits: false })
    return {
      token: 'cost:CostReport',
      name: 'monthly',
      before: s(folder, r),
      after: s(folder, r.settings({ amortize: false, includeCredits: true })),
      expect: 'update',
      change: 'settings amortize/includeCredits flipped',
    }
  })(),
  (() => {
    const c = cost.customProvider('snowflake', {
      name: 'Snowflake (manual)',
      description: 'Monthly CSV uploads',
      workspaces: ['wrkspc_default'],
    })
    return {
      token: 'cost:CustomProvider',
      name: 'snowflake',
      before: s(c),
      after: s(c.workspaces(['wrkspc_default', SECOND_WORKSPACE])),
      expect: 'update',
      change: 'workspaces: one added',
      importGaps: ['description'],
      fixtures: true,
    }
  })(),
  (() => {
    const f = cost.financialCommitmentReport('coverage', {
      title: 'Coverage',
      workspaceToken: 'wrkspc_default',
      groupings: ['cost_type'],
      dateBucket: 'month',
    })
    return {
      token: 'cost:FinancialCommitmentReport',
      name: 'coverage',
      before: s(f),
      after: s(f.groupings(['cost_type', 'commitment_type'])),
      expect: 'update',
      change: 'groupings: one added',
    }
  })(),
  (() => {
    const sub = cost.folder('ops', { title: 'Ops' }).parentFolderToken(folder.out.token)
    return {
      token: 'cost:Folder',
      name: 'ops',
      before: s(folder, sub),
      after: s(folder, sub.title('Ops & Support')),
      expect: 'update',
      change: 'title (of a sub-folder)',
    }
  })(),
  (() => {
    const i = cost
      .invoice('june', { billingPeriodStart: '2024-06-01', billingPeriodEnd: '2024-06-30' })
      .accountToken(account.out.token)
    return {
      token: 'cost:Invoice',
      name: 'june',
      before: s(rule, account, i),
      after: s(rule, account, i.billingPeriodStart('2024-05-01').billingPeriodEnd('2024-05-31')),
      expect: 'replace',
      change: 'billing period (no update on the platform)',
    }
  })(),
  (() => {
    const k = cost.kubernetesEfficiencyReport('idle', {
      title: 'Cluster idle',
      workspaceToken: 'wrkspc_default',
      aggregatedBy: 'idle_cost',
      dateBucket: 'week',
      dateInterval: 'last_month',
      filter: "kubernetes.cluster_id = 'prod'",
      groupings: ['cluster_id'],
    })
    return {
      token: 'cost:KubernetesEfficiencyReport',
      name: 'idle',
      before: s(k),
      after: s(k.groupings(['cluster_id', 'label:team'])),
      expect: 'update',
      change: 'groupings: one added',
    }
  })(),
  {
    token: 'cost:ManagedAccount',
    name: 'acme',
    before: s(rule, account),
    after: s(rule, account.name('Acme Corporation')),
    expect: 'update',
    change: 'name',
  },
  (() => {
    const n = cost.networkFlowReport('egress', {
      title: 'Egress',
      workspaceToken: 'wrkspc_default',
      flowDirection: 'egress',
      flowWeight: 'bytes',
      startDate: '2024-06-01',
      endDate: '2024-06-30',
      groupings: ['vpc_id', 'peer_vpc_id'],
    })
    return {
      token: 'cost:NetworkFlowReport',
      name: 'egress',
      before: s(n),
      after: s(n.flowDirection('ingress')),
      expect: 'update',
      change: 'flowDirection egress → ingress',
    }
  })(),
  (() => {
    const v = cost.recommendationView('east', {
      title: 'AWS us-east-1',
      workspaceToken: 'wrkspc_default',
      providerIds: ['aws'],
      regions: ['us-east-1'],
      startDate: '2024-01-01',
      endDate: '2024-06-30',
      tagKey: 'team',
      tagValue: 'shop',
    })
    return {
      token: 'cost:RecommendationView',
      name: 'east',
      before: s(v),
      after: s(v.regions(['us-east-1', 'us-west-2'])),
      expect: 'update',
      change: 'regions: one added',
    }
  })(),
] as Row[]

// ── hosting ──────────────────────────────────────────────────────────────────
const team = hosting.getTeam('acme', { slug: 'acme' })
const site = hosting.getSite('www', { name: 'acme-www', teamSlug: 'acme' })
const zone = hosting.dnsZone('acme', { name: 'acme.test', teamSlug: 'acme' })
const rules = {
  published: {
    defaultAction: 'allow',
    ipRestrictions: [{ addresses: ['203.0.113.0/24'], description: 'abusive range' }],
    geoRestrictions: [{ countries: ['KP'], description: 'sanctions' }],
  },
  unpublished: { defaultAction: 'deny', ipExceptions: [{ addresses: ['198.51.100.7/32'], description: 'office' }] },
} as const

const hostingRows: Row[] = [
  (() => {
    const k = hosting.deployKey('repo', {})
    return {
      token: 'hosting:DeployKey',
      name: 'repo',
      before: s(k),
      after: s(k),
      expect: 'none',
      change: 'none: the type has no inputs',
    }
  })(),
  {
    token: 'hosting:DnsZone',
    name: 'acme',
    before: s(zone),
    after: s(zone.name('acme2.test')),
    expect: 'replace',
    change: 'name (no update on the platform)',
  },
  (() => {
    const r = hosting
      .dnsRecord('mx', { type: 'MX', value: 'mail.acme.test', ttl: 3600, priority: 10 })
      .zoneId(zone.out.id)
      .hostname(zone.out.name)
    return {
      token: 'hosting:DnsRecord',
      name: 'mx',
      before: s(zone, r),
      after: s(zone, r.priority(20)),
      expect: 'replace',
      change: 'MX priority (no update on the platform)',
    }
  })(),
  (() => {
    const v = hosting
      .environmentVariable('api-url', {
        key: 'API_URL',
        scopes: ['builds', 'runtime'],
        values: [
          { context: 'production', value: 'https://api.acme.test' },
          { context: 'deploy-preview', value: 'https://preview.acme.test' },
        ],
      })
      .teamId(team.out.id)
      .siteId(site.out.id)
    return {
      token: 'hosting:EnvironmentVariable',
      name: 'api-url',
      before: s(team, site, v),
      after: s(
        team,
        site,
        v.values([
          { context: 'production', value: 'https://api.acme.test' },
          { context: 'deploy-preview', value: 'https://preview.acme.test' },
          { context: 'branch', contextParameter: 'staging', value: 'https://staging.acme.test' },
        ]),
      ),
      expect: 'update',
      change: 'values: a branch value added',
    }
  })(),
  (() => {
    const d = hosting
      .logDrain('http', {
        destination: 'http',
        format: 'ndjson',
        logTypes: ['user_traffic'],
        excludePii: true,
        serviceConfig: { url: secret('https://logs.acme.test/in'), authorizationHeader: secret('Bearer drain-token') },
      })
      .siteId(site.out.id)
    return {
      token: 'hosting:LogDrain',
      name: 'http',
      before: s(site, d),
      after: s(site, d.logTypes(['user_traffic', 'functions'])),
      expect: 'update',
      change: 'logTypes: one added',
      importGaps: ['serviceConfig'],
    }
  })(),
  (() => {
    const f = hosting.siteFirewallTrafficRules('www', rules).siteId(site.out.id)
    return {
      token: 'hosting:SiteFirewallTrafficRules',
      name: 'www',
      before: s(site, f),
      after: s(
        site,
        f.published({
          ...rules.published,
          geoRestrictions: [{ countries: ['KP', 'IR'], description: 'sanctions' }],
        }),
      ),
      expect: 'update',
      change: 'published.geoRestrictions: a country added',
    }
  })(),
  (() => {
    const f = hosting.teamFirewallTrafficRules('acme', rules).teamId(team.out.id)
    return {
      token: 'hosting:TeamFirewallTrafficRules',
      name: 'acme',
      before: s(team, f),
      after: s(
        team,
        f.unpublished({
          ...rules.unpublished,
          ipExceptions: [{ addresses: ['2001:db8::/32'], description: 'office v6' }],
        }),
      ),
      expect: 'update',
      change: 'unpublished.ipExceptions replaced',
    }
  })(),
  (() => {
    const m = hosting.siteMetricsSettings('www', { siteAnalytics: false, realUserMetrics: true }).siteId(site.out.id)
    return {
      token: 'hosting:SiteMetricsSettings',
      name: 'www',
      before: s(site, m),
      after: s(site, m.realUserMetrics(false)),
      expect: 'update',
      change: 'realUserMetrics true → false',
    }
  })(),
  (() => {
    // the spec's own example policy, in this stack's team
    const { teamId: _exampleTeam, ...example } = WafPolicy.examples.valid as Record<string, unknown>
    const w = hosting.wafPolicy('baseline', example).teamId(team.out.id)
    return {
      token: 'hosting:WafPolicy',
      name: 'baseline',
      before: s(team, w),
      after: s(team, w.description('OWASP core rules, passive')),
      expect: 'update',
      change: 'description',
    }
  })(),
] as Row[]

// ── cloud ────────────────────────────────────────────────────────────────────
const service = cloud.apiGatewayService('orders', {
  serviceName: 'orders',
  serviceDesc: 'v1',
  protocol: 'http&https',
  netTypes: ['OUTER', 'INNER'],
  ipVersion: 'IPv4',
  tags: { team: 'shop' },
  releaseLimit: 500,
})
// the spec's own example of a full API (a test row, not a second copy of it), in this service
const { serviceId: _exampleService, ...apiExample } = ApiGatewayApi.examples.valid as Record<string, unknown>
const api = cloud
  .apiGatewayApi('list', {
    ...apiExample,
    apiName: 'list_orders',
    apiDesc: 'v1',
  })
  .serviceId(service.out.id)
const release = cloud
  .apiGatewayServiceRelease('release', { environmentName: 'release', releaseDesc: 'first release' })
  .serviceId(service.out.id)
  .options({ dependsOn: [api] })
const plan = cloud.apiGatewayUsagePlan('partners', {
  usagePlanName: 'partners',
  usagePlanDesc: 'partner quota',
  maxRequestNum: 100000,
  maxRequestNumPreSec: 100,
})

const cloudRows: Row[] = [
  {
    token: 'cloud:ApiGatewayService',
    name: 'orders',
    before: s(service),
    after: s(service.serviceDesc('v2').tags({ team: 'shop', env: 'prod' })),
    expect: 'update',
    change: 'serviceDesc, a tag added',
  },
  {
    token: 'cloud:ApiGatewayApi',
    name: 'list',
    before: s(service, api),
    after: s(service, api.serviceConfigTimeout(30)),
    expect: 'update',
    change: 'serviceConfigTimeout 15 → 30',
  },
  (() => {
    const k = cloud.apiGatewayApiKey('partner', { secretName: 'partner_a', status: 'on' })
    return {
      token: 'cloud:ApiGatewayApiKey',
      name: 'partner',
      before: s(k),
      after: s(k.status('off')),
      expect: 'update',
      change: 'status on → off',
    }
  })(),
  {
    token: 'cloud:ApiGatewayUsagePlan',
    name: 'partners',
    before: s(plan),
    after: s(plan.maxRequestNum(200000)),
    expect: 'update',
    change: 'maxRequestNum',
  },
  (() => {
    const a = cloud
      .apiGatewayUsagePlanAttachment('bind', { environment: 'release', bindType: 'API' })
      .usagePlanId(plan.out.id)
      .serviceId(api.out.serviceId)
      .apiId(api.out.id)
    return {
      token: 'cloud:ApiGatewayUsagePlanAttachment',
      name: 'bind',
      before: s(service, api, release, plan, a),
      after: s(service, api, release, plan, a.environment('test')),
      expect: 'replace',
      change: 'environment release → test (no update on the platform)',
    }
  })(),
  {
    token: 'cloud:ApiGatewayServiceRelease',
    name: 'release',
    before: s(service, api, release),
    after: s(service, api, release.releaseDesc('second release')),
    expect: 'replace',
    change: 'releaseDesc (every input replaces)',
  },
  (() => {
    const p = cloud.apiGatewayPlugin('office', {
      pluginName: 'office_only',
      pluginType: 'IPControl',
      pluginData: '{"type":"white_list","blocks":"10.0.0.0/8"}',
      description: 'office network only',
    })
    return {
      token: 'cloud:ApiGatewayPlugin',
      name: 'office',
      before: s(p),
      after: s(p.pluginData('{"type":"white_list","blocks":"10.0.0.0/8\\n192.168.0.0/16"}')),
      expect: 'update',
      change: 'pluginData: a block added',
    }
  })(),
  (() => {
    const d = cloud
      .apiGatewayCustomDomain('api', {
        subDomain: 'api.acme.test',
        protocol: 'http',
        netType: 'OUTER',
        isDefaultMapping: true,
      })
      .serviceId(service.out.id)
      .defaultDomain(service.out.outerSubDomain)
    return {
      token: 'cloud:ApiGatewayCustomDomain',
      name: 'api',
      before: s(service, api, release, d),
      after: s(service, api, release, d.isDefaultMapping(false).pathMappings(['/v1#release'])),
      expect: 'update',
      change: 'default mapping → path mappings',
    }
  })(),
  (() => {
    const i = cloud
      .apiGatewayIpStrategy('blocked', { strategyName: 'blocked', strategyType: 'BLACK', strategyData: '192.0.2.10' })
      .serviceId(service.out.id)
    return {
      token: 'cloud:ApiGatewayIpStrategy',
      name: 'blocked',
      before: s(service, i),
      after: s(service, i.strategyData('192.0.2.10\n198.51.100.0/24')),
      expect: 'update',
      change: 'strategyData: a range added',
    }
  })(),
] as Row[]

export const ROWS: ReadonlyArray<Row> = [...costRows, ...hostingRows, ...cloudRows]

// ── secret rows ──────────────────────────────────────────────────────────────
export interface SecretRow {
  readonly provider: 'cost' | 'hosting' | 'cloud'
  readonly title: string
  readonly before: Stack
  /** the secrets changed (the plan of AFTER must show a change without printing either value) */
  readonly after: Stack
  /** plain-text values that must appear nowhere */
  readonly canaries: ReadonlyArray<string>
  /** AFTER changes a resource's secret input (a provider credential changes no resource) */
  readonly afterChanges: boolean
}

const COST_TOKEN = 'canary-cost-api-token-7f3a'
const COST_TOKEN_2 = 'canary-cost-api-token-9b1c'
const ENV_SECRET = 'canary-env-secret-51d2'
const ENV_SECRET_2 = 'canary-env-secret-62e3'
const DRAIN_URL = 'https://logs.acme.test/canary-drain-url-83f4'
const DRAIN_AUTH = 'Bearer canary-drain-auth-94a5'
const DRAIN_AUTH_2 = 'Bearer canary-drain-auth-a5b6'
const KEY_SECRET = 'canarykeysecretb6c7d8e9f0a1b2c3'
const KEY_SECRET_2 = 'canarykeysecretc7d8e9f0a1b2c3d4'

export const SECRET_ROWS: ReadonlyArray<SecretRow> = [
  (() => {
    // no cost resource has a secret input: the provider's apiToken, and the externalId a lookup returns
    const info = cost.getCloudProviderAInfo('aws', {})
    const f = cost.folder('finance', { title: 'Finance' })
    const mk = (token: string) =>
      stack('secret', { providers: { cost: cost.provider({ apiToken: secret(token) }) } }).add(info, f)
    return {
      provider: 'cost',
      title: 'provider apiToken; getCloudProviderAInfo externalId',
      before: mk(COST_TOKEN),
      after: mk(COST_TOKEN_2),
      canaries: [COST_TOKEN, COST_TOKEN_2, 'ext-emulator-4f1d'],
      afterChanges: false,
    }
  })(),
  (() => {
    const v = hosting
      .environmentVariable('db', {
        key: 'DATABASE_PASSWORD',
        scopes: ['builds', 'functions', 'runtime'],
        secretValues: [{ context: 'production', value: secret(ENV_SECRET) }],
      })
      .teamId(team.out.id)
      .siteId(site.out.id)
    const d = hosting
      .logDrain('http', {
        destination: 'http',
        format: 'json',
        logTypes: ['user_traffic'],
        serviceConfig: { url: secret(DRAIN_URL), authorizationHeader: secret(DRAIN_AUTH) },
      })
      .siteId(site.out.id)
    return {
      provider: 'hosting',
      title: 'EnvironmentVariable secretValues; LogDrain serviceConfig.url and authorizationHeader',
      before: stack('secret').add(team, site, v, d),
      after: stack('secret').add(
        team,
        site,
        v.secretValues([{ context: 'production', value: secret(ENV_SECRET_2) }]),
        d.serviceConfig({ url: secret(DRAIN_URL), authorizationHeader: secret(DRAIN_AUTH_2) }),
      ),
      canaries: [ENV_SECRET, ENV_SECRET_2, DRAIN_URL, DRAIN_AUTH, DRAIN_AUTH_2],
      afterChanges: true,
    }
  })(),
  (() => {
    const k = cloud.apiGatewayApiKey('manual', {
      secretName: 'manual_key',
      accessKeyType: 'manual',
      accessKeyId: 'AKIDmanualcanary01',
      accessKeySecret: secret(KEY_SECRET),
    })
    return {
      provider: 'cloud',
      title: 'ApiGatewayApiKey accessKeySecret (manual key)',
      before: stack('secret').add(k),
      after: stack('secret').add(k.accessKeySecret(secret(KEY_SECRET_2))),
      canaries: [KEY_SECRET, KEY_SECRET_2],
      afterChanges: true,
    }
  })(),
] as SecretRow[]
