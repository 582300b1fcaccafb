/** The hosting emulator's fixtures (what a fresh emulator holds) and the documented fields of new objects. */
import type { Json } from './reply'

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

/**
 * A site's documented fields (the public specification's `site`) that the emulator has nothing
 * particular to say about, as a new site on the platform reads: null where unset.
 */
export const siteDefaults = (
  id: string,
  name: string,
  repo?: { readonly keyId: string; readonly path: string },
): Json => ({
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
export const accountDefaults = (typeName: string): Json => ({
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
