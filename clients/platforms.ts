/**
 * platformClients: the default ClientFactory. It builds the PlatformClient of one provider
 * instance from that instance's DECODED configuration, by the provider's `client` recipe over a
 * kit of protocol clients: cost and hosting speak bearer-token REST, cloud speaks signed actions,
 * and a provider made with defineProvider says which it speaks. `endpoints` points a platform at another base URL (emulators on
 * loopback); the transport and its middlewares come in as one composed HttpClient. Every request
 * of every platform carries a timeout, and every client of one factory shares one set of the
 * secret values revealed so far, so an error from any platform is redacted of all of them.
 */
import * as TE from 'fp-ts/TaskEither'
import { parseDuration } from '../src/core/codecs'
import type { ClientFactory } from '../src/core/provider'
import type { ClientKit, MakeClient } from '../src/core/client-kit'
import type { Registry } from '../src/core/registry'
import type { Secret } from '../src/core/secret'
import { platformError, type PlatformClient, type PlatformError } from '../src/core/wire'
import type { HttpClient } from './http'
import { secretValues, type SecretValues } from './redact'
import { restClient } from './rest'
import type { SequenceOptions } from './sequence'
import { tc3Client, type Tc3Credentials } from './tc3'

// ── model ────────────────────────────────────────────────────────────────────
export type Platform = 'cost' | 'hosting' | 'cloud'

export interface PlatformClientsOptions extends SequenceOptions {
  readonly http: HttpClient
  /** base URL per platform, overriding the configuration (emulators on loopback) */
  readonly endpoints?: Partial<Record<Platform, string>> & Readonly<Record<string, string | undefined>>
  /** the providers whose own `client` recipes the factory uses (default: the built-in recipes only) */
  readonly registry?: Pick<Registry, 'providers'>
  /** bound of every request (headers and body), overriding the configuration's and the defaults */
  readonly timeoutMs?: number
  /** the run's secret values, shared with other factories (default: one set per factory) */
  readonly secrets?: SecretValues
  /**
   * Where the cloud credentials come from for one provider configuration (e.g. shared credential
   * files, role assumption). Default: the configuration's secretId/secretKey/securityToken.
   */
  readonly cloudCredentials?: (
    config: Readonly<Record<string, unknown>>,
  ) => () => TE.TaskEither<PlatformError, Tc3Credentials>
}

/**
 * Used when a configuration has no host (the decoded cost config always has one). The cloud's
 * default is per service (`<service>.tencentcloudapi.com`, see clients/tc3.ts). Clients import
 * only the core, so these are not taken from the providers' config modules.
 */
export const DEFAULT_HOSTS: Readonly<Record<'cost' | 'hosting', string>> = {
  cost: 'https://api.vantage.sh',
  hosting: 'https://api.netlify.com',
}
export const DEFAULT_CLOUD_REGION = 'ap-guangzhou'
/**
 * Bound of one HTTP request, headers and body (cost: its `timeout` setting overrides it). The cloud
 * provider's SDK allows 60 s per request; the other platforms answer in well under a second.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS: Readonly<Record<Platform, number>> = {
  cost: 30_000,
  hosting: 30_000,
  cloud: 60_000,
}

// ── helpers ──────────────────────────────────────────────────────────────────
const str = (u: unknown): string | undefined => (typeof u === 'string' && u.trim() !== '' ? u : undefined)
const secretOrString = (u: unknown): Secret<string> | string | undefined =>
  typeof u === 'string'
    ? u === ''
      ? undefined
      : u
    : typeof u === 'object' && u !== null
      ? (u as Secret<string>)
      : undefined

/** The configuration's own keys, or a clear Unauthorized error naming what to set. */
export const staticCloudCredentials =
  (config: Readonly<Record<string, unknown>>) => (): TE.TaskEither<PlatformError, Tc3Credentials> => {
    const secretId = str(config.secretId)
    const secretKey = secretOrString(config.secretKey)
    const token = secretOrString(config.securityToken)
    if (secretId && secretKey) return TE.right({ secretId, secretKey, ...(token ? { token } : {}) })
    const missing = [
      secretId ? undefined : 'secretId (CLOUD_SECRET_ID)',
      secretKey ? undefined : 'secretKey (CLOUD_SECRET_KEY)',
    ]
      .filter(Boolean)
      .join(' and ')
    const other = [
      'profile',
      'sharedCredentialsDir',
      'camRoleName',
      'assumeRole',
      'assumeRoleWithSaml',
      'assumeRoleWithWebIdentity',
      'mfaCertification',
      'enablePodOidc',
    ]
    const shared = other.some((k) => config[k] !== undefined && config[k] !== false)
    const note = shared
      ? '; shared credential files, instance roles and role assumption are not read by the default client factory (pass cloudCredentials)'
      : ''
    return TE.left(
      platformError(
        'Unauthorized',
        'cloud credentials',
        `no cloud credentials: set ${missing} in the provider configuration${note}`,
      ),
    )
  }

// ── factory ──────────────────────────────────────────────────────────────────
/**
 * The built-in providers' client recipes, made through the same kit a provider of your own gets in
 * its `client` capability (they live here, beside the transport: the provider specs never import it).
 */
export const BUILT_IN_CLIENTS: Readonly<Record<Platform, MakeClient>> = {
  cost: (config: Readonly<Record<string, unknown>>, kit) =>
    kit.rest({
      style: 'cost',
      baseUrl: str(config.host) ?? DEFAULT_HOSTS.cost,
      token: secretOrString(config.apiToken),
      timeoutMs: (str(config.timeout) && parseDuration(config.timeout as string)) || DEFAULT_REQUEST_TIMEOUT_MS.cost,
      tokenHint: 'set apiToken in the cost provider configuration (or COST_API_TOKEN)',
    }),
  hosting: (config: Readonly<Record<string, unknown>>, kit) =>
    kit.rest({
      style: 'hosting',
      baseUrl: str(config.endpoint) ?? DEFAULT_HOSTS.hosting,
      token: secretOrString(config.token),
      timeoutMs: DEFAULT_REQUEST_TIMEOUT_MS.hosting,
      tokenHint: 'set token in the hosting provider configuration (or HOST_API_TOKEN)',
    }),
  cloud: (config: Readonly<Record<string, unknown>>, kit) =>
    kit.signed({
      region: str(config.region) ?? DEFAULT_CLOUD_REGION,
      protocol: str(config.protocol),
      domain: str(config.domain),
      timeoutMs: DEFAULT_REQUEST_TIMEOUT_MS.cloud,
    }),
}

/** The protocol clients of one provider instance over the factory's transport; the factory's endpoint and bound win. */
const kitOf = (
  opts: PlatformClientsOptions,
  secrets: SecretValues,
  provider: string,
  config: Readonly<Record<string, unknown>>,
): ClientKit => {
  const seq: SequenceOptions = { sleep: opts.sleep, now: opts.now, onProgress: opts.onProgress }
  const endpoint = opts.endpoints?.[provider]
  return {
    provider,
    rest: (r) =>
      restClient({
        ...seq,
        style: r.style ?? 'hosting',
        http: opts.http,
        baseUrl: endpoint ?? r.baseUrl,
        token: r.token,
        secrets,
        timeoutMs: opts.timeoutMs ?? r.timeoutMs ?? 30_000,
        tokenHint: r.tokenHint ?? `set the ${provider} provider's token`,
      }),
    signed: (r) =>
      tc3Client({
        ...seq,
        http: opts.http,
        credentials: opts.cloudCredentials?.(config) ?? staticCloudCredentials(config),
        region: r.region,
        protocol: r.protocol,
        domain: r.domain,
        endpoint,
        secrets,
        timeoutMs: opts.timeoutMs ?? r.timeoutMs ?? 60_000,
      }),
  }
}

/**
 * The default client factory: a provider's own `client` recipe (its spec in `opts.registry`), else
 * the built-in one of cost, hosting or cloud — both through the same kit.
 */
export const platformClients = (opts: PlatformClientsOptions): ClientFactory => {
  const secrets = opts.secrets ?? secretValues()
  return (provider, config): PlatformClient => {
    const make =
      opts.registry?.providers.get(provider)?.client ??
      (Object.hasOwn(BUILT_IN_CLIENTS, provider) ? BUILT_IN_CLIENTS[provider as Platform] : undefined)
    if (!make)
      throw new Error(
        `no platform client for provider "${provider}": give it a \`client\` recipe in defineProvider (the built-in ones are cost, hosting and cloud)`,
      )
    return make(config, kitOf(opts, secrets, provider, config))
  }
}
