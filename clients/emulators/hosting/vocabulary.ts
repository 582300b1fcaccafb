/**
 * The hosting platform's vocabulary, as its official OpenAPI document (`@netlify/open-api`) states
 * it where it does (checked by tsc: `exactly`), else as the wire reference (wire/hosting.md) does;
 * never as the specs under test declare it.
 */
import type { components } from '@netlify/open-api'
import { exactly } from '../exactly'

type EnvVar = components['schemas']['envVar']
type EnvValue = components['schemas']['envVarValue']

export const ENV_CONTEXTS: ReadonlyArray<string> = exactly<NonNullable<EnvValue['context']>>()([
  'all',
  'dev',
  'dev-server',
  'branch-deploy',
  'deploy-preview',
  'production',
  'branch',
])
/** the document's four scopes; the site-level listing spells the last `post_processing`, accepted too */
export const ENV_SCOPES: ReadonlyArray<string> = [
  ...exactly<NonNullable<EnvVar['scopes']>[number]>()(['builds', 'functions', 'runtime', 'post-processing']),
  'post_processing',
]
// not in the OpenAPI document: the wire reference's lists
export const DNS_TYPES = ['A', 'AAAA', 'ALIAS', 'CAA', 'CNAME', 'MX', 'NS', 'SPF', 'TXT']
export const LOG_DESTINATIONS = ['datadog', 'newrelic', 'logflare', 's3', 'splunkcloud', 'http', 'axiom', 'azure']
export const LOG_TYPES = ['user_traffic', 'functions', 'edge_functions', 'waf_logs', 'deploys']
export const WAF_CATEGORIES = [
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
