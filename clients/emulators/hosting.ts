/**
 * hostingEmulator: an in-memory fake of the web-hosting platform's REST API v1 (wire/hosting.md),
 * as an HttpClient. It keeps the platform's real paths, bodies and quirks so the hosting specs'
 * normalisation is really exercised: fully-qualified DNS hostnames and targets without trailing
 * dots, `post_processing` scopes, write-only secret env values, `log_types` as a JSON string,
 * `{policy_id}`/202 WAF replies, the 10-minute site-analytics rule (on an injectable clock),
 * page/per_page paging with an RFC 5988 `Link` header, `X-RateLimit-*` headers with 429s,
 * `{code, message}` errors and a text/plain `Not Found` for unknown routes.
 */
import * as TE from 'fp-ts/TaskEither'
import type { HttpClient, HttpRequest, HttpResponse } from '../http'
import { checkSeedKinds, persisted, seedField, type Emulator, type SeedObjects, type StoredObject } from './emulator'
import { cell, type Holdings } from './holdings'
import type { SecretField } from './secret-fields'
import { scalarText } from '../../src/core/scalar-text'

// ── options and fixtures ─────────────────────────────────────────────────────
export interface HostingAccountFixture {
  readonly id?: string
  readonly slug: string
  readonly name?: string
  readonly type_name?: string
}

export interface HostingSiteFixture {
  readonly id?: string
  readonly name: string
  readonly account_slug: string
  readonly custom_domain?: string | null
  readonly domain_aliases?: ReadonlyArray<string>
  /** a deploy key to create for the site (its id goes to build_settings.deploy_key_id) */
  readonly deploy_key?: boolean
  readonly rum_enabled?: boolean
}

export interface ManagedRuleSetFixture {
  readonly definition: { readonly id: string; readonly type: string; readonly version: string }
  readonly rules: ReadonlyArray<{
    readonly id: string
    readonly description: string
    readonly phase: string
    readonly category: string
    readonly severity: string
  }>
}

export interface HostingFixtures {
  readonly accounts?: ReadonlyArray<HostingAccountFixture>
  readonly sites?: ReadonlyArray<HostingSiteFixture>
  /** managed WAF rule sets, the same for every team (default: the `crs-basic` set) */
  readonly managedWafRules?: Readonly<Record<string, ManagedRuleSetFixture>>
  /** zones to seed: name and team slug */
  readonly dnsZones?: ReadonlyArray<{ readonly name: string; readonly account_slug: string }>
}

export interface HostingEmulatorOptions {
  /** varies the generated ids */
  readonly seed?: number
  /** the server's clock (created_at, the 10-minute analytics rule, rate-limit windows) */
  readonly now?: () => Date
  /** default: 500 requests per minute */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number }
  /** the largest page the server gives (the real cap is 100) */
  readonly pageSize?: number
  /** the bearer token it accepts (default `emulator-token`) */
  readonly token?: string
  /** default: one team `acme` with one site `acme-www` and the `crs-basic` managed rule set */
  readonly fixtures?: HostingFixtures
}

export const HOSTING_EMULATOR_TOKEN = 'emulator-token'

/** What a data file keeps only sealed: secret env values, a log drain's URL and authorization header. */
export const HOSTING_SECRET_FIELDS: ReadonlyArray<SecretField> = [
  { path: 'envVars.*.values.*.value', when: (v) => (v as { is_secret?: unknown }).is_secret === true },
  { path: 'logDrains.*.service_config.url' },
  { path: 'logDrains.*.service_config.authorization_header' },
]
export const ANALYTICS_HOLD_MS = 10 * 60 * 1000

export const DEFAULT_HOSTING_FIXTURES: HostingFixtures = {
  accounts: [{ slug: 'acme', name: 'Acme', type_name: 'Pro' }],
  sites: [
    {
      name: 'acme-www',
      account_slug: 'acme',
      custom_domain: 'www.acme.test',
      domain_aliases: ['acme.test'],
      deploy_key: true,
    },
  ],
  managedWafRules: {
    'crs-basic': {
      definition: { id: 'crs-basic', type: 'crs', version: '4.0.0' },
      rules: [
        {
          id: '920100',
          description: 'Invalid HTTP Request Line',
          phase: 'request',
          category: 'protocol',
          severity: 'warning',
        },
        {
          id: '930100',
          description: 'Path Traversal Attack (/../)',
          phase: 'request',
          category: 'lfi',
          severity: 'critical',
        },
        {
          id: '941100',
          description: 'XSS Attack Detected via libinjection',
          phase: 'request',
          category: 'xss',
          severity: 'critical',
        },
        {
          id: '942100',
          description: 'SQL Injection Attack Detected via libinjection',
          phase: 'request',
          category: 'sqli',
          severity: 'critical',
        },
        {
          id: '913100',
          description: 'Found User-Agent associated with security scanner',
          phase: 'request',
          category: 'reputation-scanner',
          severity: 'notice',
        },
        {
          id: '932100',
          description: 'Remote Command Execution: Unix Command Injection',
          phase: 'request',
          category: 'rce',
          severity: 'error',
        },
      ],
    },
  },
}

// ── small helpers ────────────────────────────────────────────────────────────
type Json = Record<string, unknown>

interface Reply {
  readonly status: number
  readonly body?: unknown
  readonly headers?: Record<string, string>
  /** a raw text body (unknown routes) */
  readonly text?: string
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const fail = (status: number, message: string): never => {
  throw new ApiError(status, message)
}

const isObj = (u: unknown): u is Json => typeof u === 'object' && u !== null && !Array.isArray(u)
const s = (u: unknown): string | undefined => (typeof u === 'string' ? u : undefined)
const clone = <A>(a: A): A => JSON.parse(JSON.stringify(a)) as A

const ENV_CONTEXTS = ['all', 'dev', 'dev-server', 'branch-deploy', 'deploy-preview', 'production', 'branch']
const ENV_SCOPES = ['builds', 'functions', 'runtime', 'post-processing', 'post_processing']
const DNS_TYPES = ['A', 'AAAA', 'ALIAS', 'CAA', 'CNAME', 'MX', 'NS', 'SPF', 'TXT']
const LOG_DESTINATIONS = ['datadog', 'newrelic', 'logflare', 's3', 'splunkcloud', 'http', 'axiom', 'azure']
const LOG_TYPES = ['user_traffic', 'functions', 'edge_functions', 'waf_logs', 'deploys']
const WAF_CATEGORIES = [
  'fixation',
  'injection-generic',
  'injection-java',
  'injection-php',
  'lfi',
  'protocol',
  'rce',
  'reputation-scanner',
  'rfi',
  'sqli',
  'ssrf',
  'xss',
]

// ── the emulator ─────────────────────────────────────────────────────────────
/**
 * A site's documented fields (the public specification's `site`) that the emulator has nothing
 * particular to say about, as a new site on the platform reads: null where unset.
 */
const siteDefaults = (id: string, name: string, repo?: { readonly keyId: string; readonly path: string }): Json => ({
  state: 'current',
  plan: 'nf_team_dev',
  branch_deploy_custom_domain: null,
  deploy_preview_custom_domain: null,
  password: null,
  notification_email: null,
  admin_url: `https://app.netlify.com/sites/${name}`,
  screenshot_url: null,
  user_id: 'u1',
  session_id: null,
  ssl: true,
  force_ssl: null,
  managed_dns: false,
  deploy_url: `https://main--${name}.netlify.app`,
  published_deploy: null,
  git_provider: repo ? 'github' : null,
  deploy_hook: null,
  capabilities: {},
  processing_settings: { html: { pretty_urls: true } },
  id_domain: `${id}.netlify.app`,
  default_hooks_data: null,
  build_image: 'noble',
  prerender: null,
  functions_region: 'us-east-2',
  prevent_non_git_prod_deploys: false,
  // the specification's repoInfo, every field
  build_settings: {
    id: null,
    provider: repo ? 'github' : null,
    deploy_key_id: repo?.keyId ?? null,
    repo_path: repo?.path ?? null,
    repo_branch: repo ? 'main' : null,
    dir: null,
    functions_dir: null,
    cmd: null,
    allowed_branches: repo ? ['main'] : [],
    public_repo: false,
    private_logs: false,
    repo_url: repo ? `https://github.com/${repo.path}` : null,
    env: {},
    installation_id: null,
    stop_builds: false,
  },
})

/** A team's documented fields (the specification's `accountMembership`) beyond id, name, slug and type name. */
const accountDefaults = (typeName: string): Json => ({
  type: typeName.toLowerCase(),
  type_id: `type-${typeName.toLowerCase()}`,
  capabilities: { sites: { included: 500, used: 0 }, collaborators: { included: 1, used: 1 } },
  billing_name: null,
  billing_email: null,
  billing_details: null,
  billing_period: 'monthly',
  payment_method_id: null,
  owner_ids: ['u1'],
  roles_allowed: ['Owner', 'Developer'],
})

/** An in-memory emulator of the hosting platform's REST API, as an HttpClient. */
export const hostingEmulator = (opts: HostingEmulatorOptions = {}): Emulator => {
  const now = opts.now ?? (() => new Date())
  const iso = () => now().toISOString()
  const token = opts.token ?? HOSTING_EMULATOR_TOKEN
  const cap = Math.max(1, Math.min(opts.pageSize ?? 100, 100))
  const limit = opts.rateLimit ?? { limit: 500, windowMs: 60_000 }
  const fixtures = opts.fixtures ?? DEFAULT_HOSTING_FIXTURES
  const seedHex = ((opts.seed ?? 0) >>> 0).toString(16).padStart(8, '0')

  let counter = 0
  /** 24 hex digits, like the platform's object ids */
  const hexId = () => `${seedHex}${(++counter).toString(16).padStart(16, '0')}`
  /** a UUID, like the platform's site and log-drain ids */
  const uuid = () => {
    const h = `${seedHex}${(++counter).toString(16).padStart(24, '0')}`
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
  }

  // stores, keyed by id
  const accounts = new Map<string, Json>()
  const sites = new Map<string, Json>()
  const zones = new Map<string, Json>()
  const records = new Map<string, Json>()
  const deployKeys = new Map<string, Json>()
  /** `<account id>|<site id or ''>|<key>` → env var (values hold the secret plain text; never returned) */
  const envVars = new Map<string, Json>()
  const logDrains = new Map<string, Json>()
  /** `site:<id>` or `account:<id>` → rule set */
  const firewalls = new Map<string, Json>()
  const wafPolicies = new Map<string, Json & { account_id: string }>()
  const analyticsEnabledAt = new Map<string, number>()
  // the managed rule sets are the platform's, not the user's: keep them unless replaced
  const managed = clone(fixtures.managedWafRules ?? DEFAULT_HOSTING_FIXTURES.managedWafRules ?? {})
  const served: Record<string, number> = {}

  const newDeployKey = (): Json => {
    const id = hexId()
    const key = { id, public_key: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${id} trellis-emulator`, created_at: iso() }
    deployKeys.set(id, key)
    return key
  }

  for (const a of fixtures.accounts ?? []) {
    const id = a.id ?? hexId()
    accounts.set(id, {
      id,
      name: a.name ?? a.slug,
      slug: a.slug,
      type_name: a.type_name ?? 'Starter',
      ...accountDefaults(a.type_name ?? 'Starter'),
      created_at: iso(),
      updated_at: iso(),
    })
  }
  const accountBySlug = (slug: string) => [...accounts.values()].find((a) => a.slug === slug)
  /** env and firewall paths take the team id; the CLI passes the slug and that works too */
  const accountOf = (idOrSlug: string): Json =>
    accounts.get(idOrSlug) ?? accountBySlug(idOrSlug) ?? fail(404, 'Not Found')

  for (const f of fixtures.sites ?? []) {
    const acct = accountBySlug(f.account_slug)
    if (!acct) throw new Error(`hostingEmulator fixtures: site ${f.name} names unknown team ${f.account_slug}`)
    const id = f.id ?? uuid()
    const key = f.deploy_key ? newDeployKey() : undefined
    sites.set(id, {
      id,
      name: f.name,
      account_id: acct.id,
      account_slug: acct.slug,
      account_name: acct.name,
      custom_domain: f.custom_domain ?? null,
      domain_aliases: [...(f.domain_aliases ?? [])],
      url: `https://${f.name}.netlify.app`,
      ssl_url: `https://${f.name}.netlify.app`,
      ...siteDefaults(id, f.name, key ? { keyId: key.id as string, path: `acme/${f.name}` } : undefined),
      rum_enabled: f.rum_enabled ?? false,
      analytics_instance_id: null,
      created_at: iso(),
      updated_at: iso(),
    })
  }
  const siteOf = (id: string): Json => sites.get(id) ?? fail(404, 'Not Found')

  const newZone = (name: string, acct: Json): Json => {
    const id = hexId()
    const z: Json = {
      id,
      name,
      errors: [],
      supported_record_types: DNS_TYPES,
      user_id: hexId(),
      created_at: iso(),
      updated_at: iso(),
      records: [],
      dns_servers: ['dns1.p01.nsone.net', 'dns2.p01.nsone.net', 'dns3.p01.nsone.net', 'dns4.p01.nsone.net'],
      account_id: acct.id,
      site_id: null,
      account_slug: acct.slug,
      account_name: acct.name,
      domain: null,
      ipv6_enabled: false,
      dedicated: false,
    }
    zones.set(id, z)
    return z
  }
  for (const z of fixtures.dnsZones ?? [])
    newZone(z.name, accountBySlug(z.account_slug) ?? fail(500, `fixture zone ${z.name}: unknown team`))

  // ── rate limit ─────────────────────────────────────────────────────────────
  // fixed windows aligned to the clock, so the reset header (whole seconds) says exactly when the
  // window ends; a window started at the first request's millisecond made it up to a second late
  const windowOf = (t: number): number => Math.floor(t / limit.windowMs) * limit.windowMs
  let windowStart = windowOf(now().getTime())
  let used = 0
  const rateHeaders = (): Record<string, string> => ({
    'x-ratelimit-limit': String(limit.limit),
    'x-ratelimit-remaining': String(Math.max(0, limit.limit - used)),
    // an absolute Unix time in seconds, as the platform sends it
    'x-ratelimit-reset': String(Math.ceil((windowStart + limit.windowMs) / 1000)),
  })

  // ── paging ─────────────────────────────────────────────────────────────────
  const paged = (url: URL, items: ReadonlyArray<unknown>): Reply => {
    const page = Math.max(1, Math.floor(Number(url.searchParams.get('page') ?? '1')) || 1)
    const per = Math.max(1, Math.min(Math.floor(Number(url.searchParams.get('per_page') ?? '100')) || 100, cap))
    const last = Math.max(1, Math.ceil(items.length / per))
    const at = (p: number) => {
      const u = new URL(url.toString())
      u.searchParams.set('page', String(p))
      u.searchParams.set('per_page', String(per))
      return u.toString()
    }
    const links = [`<${at(1)}>; rel="first"`]
    if (page > 1) links.push(`<${at(Math.min(page - 1, last))}>; rel="prev"`)
    if (page < last) links.push(`<${at(page + 1)}>; rel="next"`)
    links.push(`<${at(last)}>; rel="last"`)
    return { status: 200, body: items.slice((page - 1) * per, page * per), headers: { link: links.join(', ') } }
  }

  /** an operation that declares no paging parameters answers with every item at once */
  const whole = (items: ReadonlyArray<unknown>): Reply => ({ status: 200, body: items })

  // ── DNS ────────────────────────────────────────────────────────────────────
  const stripDot = (x: string) => x.replace(/\.+$/, '')
  /** the platform stores fully-qualified hostnames: `www` in zone example.com is www.example.com */
  const qualify = (host: string, zone: string): string => {
    const h = stripDot(host).toLowerCase()
    const z = zone.toLowerCase()
    if (h === '' || h === '@') return z
    return h === z || h.endsWith('.' + z) ? h : `${h}.${z}`
  }
  const zoneView = (z: Json): Json => ({ ...z, records: [...records.values()].filter((r) => r.dns_zone_id === z.id) })

  const createRecord = (z: Json, b: Json): Json => {
    const type = s(b.type) ?? ''
    if (!DNS_TYPES.includes(type)) fail(422, `type must be one of ${DNS_TYPES.join(', ')}`)
    const hostname = s(b.hostname) ?? fail(422, 'hostname is required')
    const value = s(b.value) ?? fail(422, 'value is required')
    if (type === 'MX' && typeof b.priority !== 'number') fail(422, 'priority is required for MX records')
    if (type === 'CAA' && (typeof b.flag !== 'number' || typeof b.tag !== 'string'))
      fail(422, 'flag and tag are required for CAA records')
    const id = hexId()
    const nameLike = ['CNAME', 'MX', 'NS', 'ALIAS'].includes(type)
    const r: Json = {
      id,
      hostname: qualify(hostname, z.name as string),
      type,
      // targets come back without their trailing dot
      value: nameLike ? stripDot(value) : value,
      ttl: typeof b.ttl === 'number' ? b.ttl : 3600,
      priority: typeof b.priority === 'number' ? b.priority : null,
      weight: null,
      port: null,
      flag: typeof b.flag === 'number' ? b.flag : 0,
      tag: typeof b.tag === 'string' ? b.tag : '',
      site_id: null,
      dns_zone_id: z.id,
      errors: [],
      managed: false,
    }
    records.set(id, r)
    return r
  }

  // ── environment variables ──────────────────────────────────────────────────
  const envKey = (acct: Json, siteId: string | undefined, key: string) =>
    `${scalarText(acct.id)}|${siteId ?? ''}|${key}`
  const envView = (v: Json): Json => ({
    key: v.key,
    // the API reports post_processing with an underscore
    scopes: (v.scopes as string[]).map((x) => (x === 'post-processing' ? 'post_processing' : x)),
    // secret values are write-only: their value is never returned
    values: (v.values as Json[]).map((x) =>
      v.is_secret ? { id: x.id, context: x.context, context_parameter: x.context_parameter } : { ...x },
    ),
    is_secret: v.is_secret,
    updated_at: v.updated_at,
    updated_by: { id: 'u1', full_name: 'Emulator User', email: 'user@example.com', avatar_url: '' },
  })
  const checkEnv = (b: Json, isSecret: boolean): { scopes: string[]; values: Json[] } => {
    // no scopes means all four, secret or not (the upstream provider sends none for all four);
    // only a secret that names post-processing explicitly is refused
    const given = b.scopes !== undefined && b.scopes !== null
    const scopes = given ? b.scopes : ['builds', 'functions', 'runtime', 'post-processing']
    if (!Array.isArray(scopes) || scopes.some((x) => !ENV_SCOPES.includes(x as string)))
      fail(400, `scopes must be a list of ${ENV_SCOPES.slice(0, 4).join(', ')}`)
    const norm = (scopes as string[]).map((x) => (x === 'post_processing' ? 'post-processing' : x))
    if (isSecret && given && norm.includes('post-processing'))
      fail(400, 'Secret values cannot be used with the post-processing scope')
    const values = b.values
    if (!Array.isArray(values)) fail(400, 'values must be a list')
    const out: Json[] = []
    for (const v of values as unknown[]) {
      if (!isObj(v) || typeof v.value !== 'string') fail(400, 'each value needs a string value')
      const ctx = s((v as Json).context)
      if (!ctx || !ENV_CONTEXTS.includes(ctx)) fail(400, `context must be one of ${ENV_CONTEXTS.join(', ')}`)
      const param = s((v as Json).context_parameter) ?? ''
      if (ctx === 'branch' && param === '')
        fail(400, 'context_parameter (the branch name) is required for the branch context')
      out.push({ id: hexId(), value: (v as Json).value, context: ctx, context_parameter: param })
    }
    return { scopes: norm, values: out }
  }

  // ── firewall ───────────────────────────────────────────────────────────────
  const checkRuleSet = (u: unknown, which: string): Json => {
    if (!isObj(u)) return fail(400, `${which} is required`)
    if (u.default !== 'allow' && u.default !== 'deny') fail(400, `${which}.default must be allow or deny`)
    if (!Array.isArray(u.rules)) fail(400, `${which}.rules must be a list`)
    for (const r of u.rules as unknown[]) {
      if (
        !isObj(r) ||
        (r.type !== 'ip' && r.type !== 'geo') ||
        (r.action !== 'allow' && r.action !== 'deny') ||
        !isObj(r.data)
      )
        fail(400, `${which}.rules: each rule needs type ip|geo, action allow|deny and data`)
      const d = (r as Json).data as Json
      if ((r as Json).type === 'ip' && (!Array.isArray(d.addresses) || d.addresses.length === 0))
        fail(400, `${which}.rules: ip rules need addresses`)
      if ((r as Json).type === 'geo' && (!Array.isArray(d.countries) || d.countries.length === 0))
        fail(400, `${which}.rules: geo rules need countries`)
    }
    return { default: u.default, rules: clone(u.rules) }
  }
  const putFirewall = (key: string, b: unknown): Reply => {
    if (!isObj(b)) fail(400, 'body must be an object')
    const body = b as Json
    const published = checkRuleSet(body.published, 'published')
    const unpublished = checkRuleSet(body.unpublished, 'unpublished')
    const prev = firewalls.get(key)
    firewalls.set(key, {
      id: prev?.id ?? hexId(),
      published,
      unpublished,
      created_at: prev?.created_at ?? iso(),
      updated_at: iso(),
    })
    return { status: 200 }
  }
  const requireIdParam = (url: URL, id: string) => {
    if (url.searchParams.get('id') !== id) fail(400, 'id query parameter is required and must match the path')
  }

  // ── WAF ────────────────────────────────────────────────────────────────────
  const wafCategoryThresholds = (set: Json, overall: number): Json =>
    Object.fromEntries(WAF_CATEGORIES.map((c) => [c, typeof set[c] === 'number' ? set[c] : overall]))
  const checkPolicy = (b: unknown): Json => {
    if (!isObj(b)) return fail(400, 'body must be an object')
    if (typeof b.name !== 'string' || b.name === '') fail(422, 'name is required')
    if (typeof b.description !== 'string') fail(422, 'description is required')
    if (!Array.isArray(b.rule_sets)) fail(422, 'rule_sets is required')
    const ruleSets = (b.rule_sets as unknown[]).map((rs) => {
      if (!isObj(rs)) return fail(422, 'rule_sets: each item must be an object')
      if (rs.managed_id !== 'crs-basic' || !(rs.managed_id in managed))
        fail(422, `rule_sets: unknown managed_id ${JSON.stringify(rs.managed_id)}`)
      if (typeof rs.overall_threshold !== 'number') fail(422, 'rule_sets: overall_threshold is required')
      const cats = isObj(rs.category_thresholds) ? rs.category_thresholds : {}
      for (const [k, v] of Object.entries(cats))
        if (!WAF_CATEGORIES.includes(k) || typeof v !== 'number') fail(422, `rule_sets: unknown category ${k}`)
      const overrides = isObj(rs.rule_overrides) ? rs.rule_overrides : {}
      for (const [k, v] of Object.entries(overrides))
        if (!isObj(v) || (v.action !== 'log_only' && v.action !== 'none'))
          fail(422, `rule_sets: rule override ${k} needs action log_only or none`)
      return {
        managed_id: rs.managed_id,
        passive_mode: typeof rs.passive_mode === 'boolean' ? rs.passive_mode : null,
        overall_threshold: rs.overall_threshold,
        // the platform reads back every category: those not set at the rule set's overall threshold
        category_thresholds: wafCategoryThresholds(cats, rs.overall_threshold as number),
        rule_overrides: clone(overrides),
        excluded_patterns: Array.isArray(rs.excluded_patterns) ? clone(rs.excluded_patterns) : [],
      }
    })
    return { name: b.name, description: b.description, rule_sets: ruleSets }
  }

  // ── log drains ─────────────────────────────────────────────────────────────
  const checkDrain = (siteId: string, b: unknown, id: string): Json => {
    if (!isObj(b)) return fail(400, 'body must be an object')
    const dest = s(b.destination)
    if (!dest || !LOG_DESTINATIONS.includes(dest))
      fail(422, `destination must be one of ${LOG_DESTINATIONS.join(', ')}`)
    // log_types travels as a string holding a JSON array
    let types: unknown
    try {
      types = JSON.parse(s(b.log_types) ?? 'x')
    } catch {
      fail(400, 'log_types must be a JSON-encoded list')
    }
    if (!Array.isArray(types) || types.some((x) => !LOG_TYPES.includes(x as string)))
      fail(400, `log_types must list ${LOG_TYPES.join(', ')}`)
    const format = b.format ?? 'json'
    if (format !== 'json' && format !== 'ndjson') fail(422, 'format must be json or ndjson')
    const cfg = isObj(b.service_config) ? b.service_config : {}
    const url = s(cfg.url)
    if (['http', 'datadog', 'newrelic'].includes(dest!) && (!url || !/^https?:\/\/[^\s]+$/.test(url)))
      fail(422, 'URL is invalid')
    if (dest === 's3' && !(cfg.bucket_name && cfg.bucket_region && cfg.path && cfg.verification_filename))
      fail(422, 'bucket_name, bucket_region, path and verification_filename are required for s3')
    return {
      id,
      site_id: siteId,
      destination: dest,
      format,
      log_types: s(b.log_types),
      exclude_pii: typeof b.exclude_pii === 'boolean' ? b.exclude_pii : null,
      service_config: clone(cfg),
      created_at: iso(),
      updated_at: iso(),
    }
  }

  // ── routing ────────────────────────────────────────────────────────────────
  const route = (method: string, url: URL, body: unknown): Reply => {
    const parts = url.pathname.replace(/\/+$/, '').split('/').filter(Boolean).map(decodeURIComponent)
    if (parts[0] !== 'api' || parts[1] !== 'v1') return { status: 404, text: 'Not Found' }
    const p = parts.slice(2)
    const [a, b, c, d, e] = p
    const n = p.length
    const q = (k: string) => url.searchParams.get(k) ?? undefined
    const notFound: Reply = { status: 404, text: 'Not Found' }

    // accounts and everything under them
    if (a === 'accounts') {
      if (n === 1 && method === 'GET') return whole([...accounts.values()])
      if (n === 1) return notFound
      const acct = accountOf(b)
      if (n === 2 && method === 'GET') return { status: 200, body: acct }
      if (c === 'env') {
        const siteId = q('site_id')
        if (siteId !== undefined) siteOf(siteId)
        if (n === 3 && method === 'GET')
          return {
            status: 200,
            body: [...envVars.entries()]
              .filter(([k]) => k.startsWith(`${scalarText(acct.id)}|${siteId ?? ''}|`))
              .map(([, v]) => envView(v)),
          }
        if (n === 3 && method === 'POST') {
          if (!Array.isArray(body) || body.length === 0) fail(400, 'body must be a list of environment variables')
          const created = (body as unknown[]).map((item) => {
            if (!isObj(item) || typeof item.key !== 'string' || item.key === '') return fail(400, 'key is required')
            const k = envKey(acct, siteId, item.key)
            if (envVars.has(k)) fail(409, `Environment variable ${item.key} already exists`)
            const secret = item.is_secret === true
            const v = { key: item.key, is_secret: secret, ...checkEnv(item, secret), updated_at: iso() }
            return [k, v] as const
          })
          for (const [k, v] of created) envVars.set(k, v)
          return { status: 201, body: created.map(([, v]) => envView(v)) }
        }
        if (n === 4) {
          const k = envKey(acct, siteId, d)
          const v = envVars.get(k)
          if (method === 'GET')
            return v ? { status: 200, body: envView(v) } : fail(404, 'Environment variable not found')
          if (method === 'DELETE') {
            if (!v) fail(404, 'Environment variable not found')
            envVars.delete(k)
            return { status: 204 }
          }
          if (method === 'PUT') {
            if (!v) fail(404, 'Environment variable not found')
            if (!isObj(body)) fail(400, 'body must be an object')
            const b2 = body as Json
            const secret = b2.is_secret === true
            if (v!.is_secret && !secret) fail(400, 'A secret environment variable cannot be made non-secret')
            // the body's key renames the variable (updateEnvVar)
            const name = typeof b2.key === 'string' && b2.key !== '' ? b2.key : d
            const k2 = envKey(acct, siteId, name)
            if (k2 !== k && envVars.has(k2)) fail(409, `Environment variable ${name} already exists`)
            const next = { ...v!, key: name, is_secret: secret, ...checkEnv(b2, secret), updated_at: iso() }
            envVars.delete(k)
            envVars.set(k2, next)
            return { status: 200, body: envView(next) }
          }
          if (method === 'PATCH') {
            // setEnvVarValue: one value, for one context, replaced or added
            if (!v) fail(404, 'Environment variable not found')
            if (!isObj(body)) fail(400, 'body must be an object')
            const b2 = body as Json
            const [one] = checkEnv(
              {
                scopes: v!.scopes,
                values: [{ value: b2.value, context: b2.context, context_parameter: b2.context_parameter }],
              },
              v!.is_secret === true,
            ).values
            const others = (v!.values as Json[]).filter(
              (x) => !(x.context === one.context && (x.context_parameter ?? '') === one.context_parameter),
            )
            const next = { ...v!, values: [...others, one], updated_at: iso() }
            envVars.set(k, next)
            return { status: 201, body: envView(next) }
          }
        }
        return notFound
      }
      if (c === 'firewall_rule_set' && n === 3) {
        const key = `account:${scalarText(acct.id)}`
        if (method === 'GET') {
          requireIdParam(url, b)
          const f = firewalls.get(key)
          return f ? { status: 200, body: f } : fail(404, 'Firewall rule set not found')
        }
        if (method === 'PUT') return putFirewall(key, body)
        if (method === 'DELETE') {
          if (!firewalls.delete(key)) fail(404, 'Firewall rule set not found')
          return { status: 200 }
        }
        return notFound
      }
      if (c === 'waf') {
        if (d === 'managed' && n === 4 && method === 'GET') return { status: 200, body: { rule_sets: clone(managed) } }
        if (d === 'policies' && n === 4 && method === 'GET')
          return paged(
            url,
            [...wafPolicies.values()].filter((x) => x.account_id === acct.id).map(({ account_id: _a, ...x }) => x),
          )
        if (d === 'policies' && n === 4 && method === 'POST') {
          const id = hexId()
          wafPolicies.set(id, { id, ...checkPolicy(body), account_id: acct.id as string })
          // only the id comes back
          return { status: 200, body: { policy_id: id } }
        }
        if (d === 'policies' && n === 5) {
          const pol = wafPolicies.get(e)
          if (!pol || pol.account_id !== acct.id) fail(404, 'WAF policy not found')
          if (method === 'GET') {
            const { account_id: _a, ...view } = pol!
            return { status: 200, body: view }
          }
          if (method === 'PUT') {
            wafPolicies.set(e, { id: e, ...checkPolicy(body), account_id: acct.id as string })
            return { status: 202 }
          }
          if (method === 'DELETE') {
            wafPolicies.delete(e)
            return { status: 202 }
          }
        }
        return notFound
      }
      return notFound
    }

    if (a === 'dns_zones') {
      if (n === 1 && method === 'GET') {
        const slug = q('account_slug')
        return paged(
          url,
          [...zones.values()].filter((z) => slug === undefined || z.account_slug === slug).map(zoneView),
        )
      }
      if (n === 1 && method === 'POST') {
        if (!isObj(body)) fail(400, 'body must be an object')
        const name = s((body as Json).name)
        if (!name || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(stripDot(name))) fail(422, 'name must be a domain name')
        const acct =
          accountBySlug(s((body as Json).account_slug) ?? '') ?? fail(422, 'account_slug must name one of your teams')
        const lower = stripDot(name!).toLowerCase()
        if ([...zones.values()].some((z) => z.name === lower)) fail(422, `A DNS zone for ${lower} already exists`)
        return { status: 201, body: zoneView(newZone(lower, acct)) }
      }
      const z = zones.get(b) ?? fail(404, 'Not Found')
      if (n === 2 && method === 'GET') return { status: 200, body: zoneView(z) }
      if (n === 2 && method === 'DELETE') {
        for (const [id, r] of records) if (r.dns_zone_id === z.id) records.delete(id)
        zones.delete(b)
        return { status: 204 }
      }
      if (n === 3 && c === 'enable-ipv6' && method === 'PUT') {
        z.ipv6_enabled = true
        z.updated_at = iso()
        return { status: 200, body: zoneView(z) }
      }
      if (c === 'dns_records') {
        if (n === 3 && method === 'GET') return whole([...records.values()].filter((r) => r.dns_zone_id === z.id))
        if (n === 3 && method === 'POST') {
          if (!isObj(body)) fail(400, 'body must be an object')
          return { status: 201, body: createRecord(z, body as Json) }
        }
        if (n === 4) {
          const r = records.get(d)
          if (!r || r.dns_zone_id !== z.id) fail(404, 'Not Found')
          if (method === 'GET') return { status: 200, body: r }
          if (method === 'DELETE') {
            records.delete(d)
            return { status: 204 }
          }
        }
      }
      return notFound
    }

    if (a === 'deploy_keys') {
      if (n === 1 && method === 'POST') return { status: 201, body: newDeployKey() }
      if (n === 1 && method === 'GET') return whole([...deployKeys.values()])
      if (n === 2) {
        const k = deployKeys.get(b) ?? fail(404, 'Not Found')
        if (method === 'GET') return { status: 200, body: k }
        if (method === 'DELETE') {
          deployKeys.delete(b)
          return { status: 204 }
        }
      }
      return notFound
    }

    if (a === 'sites') {
      if (n === 1 && method === 'GET') {
        const name = q('name')
        return paged(
          url,
          [...sites.values()].filter((x) => name === undefined || (x.name as string).includes(name)),
        )
      }
      if (n === 1) return notFound
      const site = siteOf(b)
      if (n === 2 && method === 'GET') return { status: 200, body: site }
      if (n === 2 && method === 'PATCH') {
        if (!isObj(body)) fail(400, 'body must be an object')
        const bb = body as Json
        if (bb.rum_enabled !== undefined) {
          if (typeof bb.rum_enabled !== 'boolean') fail(422, 'rum_enabled must be a boolean')
          site.rum_enabled = bb.rum_enabled
        }
        site.updated_at = iso()
        return { status: 200, body: site }
      }
      if (c === 'analytics') {
        if (n === 3 && method === 'POST') {
          if (site.analytics_instance_id) fail(422, 'Analytics already enabled')
          const inst = hexId()
          site.analytics_instance_id = inst
          analyticsEnabledAt.set(site.id as string, now().getTime())
          return {
            status: 201,
            body: {
              id: inst,
              service_slug: 'analytics',
              service_name: 'Analytics',
              site_id: site.id,
              created_at: iso(),
            },
          }
        }
        if (n === 4 && method === 'DELETE') {
          if (site.analytics_instance_id !== d) fail(404, 'Not Found')
          const since = analyticsEnabledAt.get(site.id as string) ?? 0
          if (now().getTime() - since < ANALYTICS_HOLD_MS)
            fail(
              422,
              `Error during disabling: analytics was enabled less than 10 minutes ago; try again after ${new Date(since + ANALYTICS_HOLD_MS).toISOString()}`,
            )
          site.analytics_instance_id = null
          analyticsEnabledAt.delete(site.id as string)
          return { status: 204 }
        }
        return notFound
      }
      if (c === 'firewall_rule_set' && n === 3) {
        requireIdParam(url, b)
        const key = `site:${scalarText(site.id)}`
        if (method === 'GET') {
          const f = firewalls.get(key)
          return f ? { status: 200, body: f } : fail(404, 'Firewall rule set not found')
        }
        if (method === 'PUT') return putFirewall(key, body)
        if (method === 'DELETE') {
          if (!firewalls.delete(key)) fail(404, 'Firewall rule set not found')
          return { status: 200 }
        }
        return notFound
      }
      if (c === 'log_drains') {
        if (n === 3 && method === 'GET')
          return { status: 200, body: [...logDrains.values()].filter((x) => x.site_id === site.id) }
        if (n === 3 && method === 'POST') {
          const id = uuid()
          const drain = checkDrain(site.id as string, body, id)
          logDrains.set(id, drain)
          return { status: 201, body: drain }
        }
        if (n === 4) {
          const ld = logDrains.get(d)
          if (!ld || ld.site_id !== site.id) fail(404, 'Not Found')
          if (method === 'GET') return { status: 200, body: ld }
          if (method === 'PUT') {
            if (isObj(body) && body.id !== undefined && body.id !== d) fail(422, 'id does not match the path')
            const next: Json = { ...checkDrain(site.id as string, body, d), created_at: ld!.created_at }
            if (next.destination !== ld!.destination) fail(422, 'destination cannot be changed')
            logDrains.set(d, next)
            return { status: 200, body: next }
          }
          if (method === 'DELETE') {
            logDrains.delete(d)
            return { status: 204 }
          }
        }
      }
      return notFound
    }

    // `GET /{account_slug}/sites`: no `accounts/` segment
    if (n === 2 && b === 'sites' && method === 'GET') {
      const acct = accountBySlug(a) ?? fail(404, 'Not Found')
      const name = q('name')
      return paged(
        url,
        [...sites.values()].filter(
          (x) => x.account_slug === acct.slug && (name === undefined || (x.name as string).includes(name)),
        ),
      )
    }
    return notFound
  }

  // ── the HttpClient ─────────────────────────────────────────────────────────
  const respond = (r: Reply): HttpResponse => {
    const headers: Record<string, string> = { ...rateHeaders(), ...(r.headers ?? {}) }
    if (r.text !== undefined)
      return { status: r.status, headers: { ...headers, 'content-type': 'text/plain' }, body: r.text }
    if (r.body === undefined) return { status: r.status, headers, body: '' }
    return {
      status: r.status,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(r.body),
    }
  }
  const error = (status: number, message: string): HttpResponse => respond({ status, body: { code: status, message } })

  const handle = (req: HttpRequest): HttpResponse => {
    let url: URL
    try {
      url = new URL(req.url)
    } catch {
      return respond({ status: 400, text: 'Bad Request' })
    }
    const key = `${req.method} ${url.pathname}`
    served[key] = (served[key] ?? 0) + 1

    const t = now().getTime()
    if (windowOf(t) !== windowStart) {
      windowStart = windowOf(t)
      used = 0
    }
    if (used >= limit.limit) return error(429, 'Rate limit exceeded, please try again later')
    used++

    if (req.headers.authorization !== `Bearer ${token}`) return error(401, 'Access Denied')
    let body: unknown
    if (req.body !== undefined && req.body !== '') {
      try {
        body = JSON.parse(req.body)
      } catch {
        return error(400, 'Invalid JSON body')
      }
    }
    try {
      return respond(route(req.method, url, body))
    } catch (e) {
      if (e instanceof ApiError) return error(e.status, e.message)
      return error(500, 'Internal Server Error')
    }
  }

  const client: HttpClient = (req) => TE.right(handle(req))

  const objects = (): ReadonlyArray<StoredObject> => {
    const out: StoredObject[] = []
    const add = (kind: string, m: Map<string, Json>) => {
      for (const [id, b] of m) out.push({ kind, id, body: clone(b) })
    }
    add('accounts', accounts)
    add('sites', sites)
    add('dns_zones', zones)
    add('dns_records', records)
    add('deploy_keys', deployKeys)
    // env vars are listed as the API shows them: secret values stay hidden even here
    for (const [id, v] of envVars) out.push({ kind: 'env', id, body: envView(v) })
    add('log_drains', logDrains)
    add('firewall_rule_sets', firewalls)
    add('waf_policies', wafPolicies)
    return out
  }

  // ── persistence and seeding ────────────────────────────────────────────────
  const holdings: Holdings = {
    accounts,
    sites,
    zones,
    records,
    deployKeys,
    // secret values are kept sealed in a data file (HOSTING_SECRET_FIELDS)
    envVars,
    logDrains,
    firewalls,
    wafPolicies,
    analyticsEnabledAt,
    managed,
    counter: cell(
      () => counter,
      (v) => (counter = v as number),
    ),
  }
  const SEEDS = ['accounts', 'sites', 'dns_zones', 'dns_records', 'deploy_keys']
  /** the team a seeded object names by `account_id` or `account_slug` */
  const teamOf = (kind: string, i: number, o: Json): Json => {
    const ref = s(o.account_id) ?? s(o.account_slug)
    const acct = ref === undefined ? undefined : (accounts.get(ref) ?? accountBySlug(ref))
    if (!acct)
      throw new Error(
        `seed hosting.${kind}[${i}]: account_id or account_slug must name a team (known: ${[...accounts.values()].map((a) => a.slug as string).join(', ')}), got ${JSON.stringify(ref)}`,
      )
    return acct
  }
  const seed = (objects: SeedObjects): void => {
    checkSeedKinds('hosting', objects, SEEDS)
    // every field checked before anything is added, in the order objects depend on each other
    const team = (x: Json) => ({ account_id: x.id, account_slug: x.slug, account_name: x.name })
    for (const [i, a] of (objects.accounts ?? []).entries()) {
      const slug = seedField('hosting', 'accounts', i, a, 'slug')
      const id = s(a.id) ?? hexId()
      accounts.set(id, {
        id,
        name: slug,
        slug,
        type_name: 'Starter',
        ...accountDefaults(s(a.type_name) ?? 'Starter'),
        created_at: iso(),
        updated_at: iso(),
        ...clone(a),
      })
    }
    for (const x of objects.deploy_keys ?? []) {
      const id = s(x.id) ?? hexId()
      deployKeys.set(id, {
        id,
        public_key: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${id} seeded`,
        created_at: iso(),
        ...clone(x),
      })
    }
    for (const [i, x] of (objects.sites ?? []).entries()) {
      const name = seedField('hosting', 'sites', i, x, 'name')
      const acct = teamOf('sites', i, x)
      const id = s(x.id) ?? uuid()
      sites.set(id, {
        id,
        name,
        custom_domain: null,
        domain_aliases: [],
        url: `https://${name}.netlify.app`,
        ssl_url: `https://${name}.netlify.app`,
        ...siteDefaults(id, name),
        rum_enabled: false,
        analytics_instance_id: null,
        created_at: iso(),
        updated_at: iso(),
        ...clone(x),
        ...team(acct),
      })
    }
    for (const [i, x] of (objects.dns_zones ?? []).entries()) {
      const z = newZone(seedField('hosting', 'dns_zones', i, x, 'name'), teamOf('dns_zones', i, x))
      zones.delete(z.id as string)
      const id = s(x.id) ?? (z.id as string)
      zones.set(id, { ...z, ...clone(x), id, records: [] })
    }
    for (const [i, x] of (objects.dns_records ?? []).entries()) {
      const zoneId = seedField('hosting', 'dns_records', i, x, 'dns_zone_id')
      const z = zones.get(zoneId)
      if (!z) throw new Error(`seed hosting.dns_records[${i}].dns_zone_id: no zone ${zoneId}`)
      const r = createRecord(z, x)
      if (s(x.id)) {
        records.delete(r.id as string)
        records.set(x.id as string, { ...r, id: x.id })
      }
    }
  }

  return {
    platform: 'hosting',
    client,
    objects,
    requests: () => ({ ...served }),
    ...persisted('hosting', holdings, seed),
    about: {
      platform: 'hosting',
      name: 'trellis emulator of the web-hosting REST API (v1, bearer token)',
      serves: [
        '/api/v1/accounts',
        '/api/v1/accounts/{account_id}/env',
        '/api/v1/accounts/{account_id}/firewall_rule_set',
        '/api/v1/accounts/{account_id}/waf/managed',
        '/api/v1/accounts/{account_id}/waf/policies',
        '/api/v1/{account_slug}/sites',
        '/api/v1/sites',
        '/api/v1/sites/{site_id}/analytics',
        '/api/v1/sites/{site_id}/firewall_rule_set',
        '/api/v1/sites/{site_id}/log_drains',
        '/api/v1/dns_zones',
        '/api/v1/dns_zones/{zone_id}/dns_records',
        '/api/v1/deploy_keys',
      ],
      seeds: SEEDS,
    },
  }
}
