/**
 * registryClients: the default ClientFactory over a registry (`platformClients` at the edge gives it
 * the built-in providers). It builds the PlatformClient of one provider
 * instance from that instance's DECODED configuration, by the provider's `client` in the registry:
 * a declared ClientRecipe (src/core/client-recipe.ts: bearer-token REST or TC3 signed actions) read
 * here without knowing the provider, or a function over a kit of the same protocol clients.
 * `endpoints` points a provider at another base URL (emulators on loopback); the transport and its
 * middlewares come in as one composed HttpClient. Every request carries a timeout, and every client
 * of one factory shares one set of the secret values revealed so far, so an error from any provider
 * is redacted of all of them.
 */
import type * as TE from 'fp-ts/TaskEither'
import type { ClientFactory } from '../src/core/provider'
import { conventionsOf, keysInConfig, type ClientKit, type MakeClient } from '../src/core/client-kit'
import type { ClientRecipe, KeySource } from '../src/core/client-recipe'
import type { Registry } from '../src/core/registry'
import type { PlatformClient, PlatformError } from '../src/core/wire'
import type { HttpClient } from './http'
import { secretValues, type SecretValues } from './redact'
import { restClient } from './rest'
import type { SequenceOptions } from './sequence'
import { tc3Client, type Tc3Credentials } from './tc3'

// ── model ────────────────────────────────────────────────────────────────────
type Config = Readonly<Record<string, unknown>>

export interface PlatformClientsOptions extends SequenceOptions {
  readonly http: HttpClient
  /** the providers whose `client` recipes the factory follows */
  readonly registry: Pick<Registry, 'providers'>
  /** base URL per provider, overriding the configuration (emulators on loopback) */
  readonly endpoints?: Readonly<Record<string, string | undefined>>
  /** bound of every request (headers and body), overriding the configuration's and the defaults */
  readonly timeoutMs?: number
  /** the run's secret values, shared with other factories (default: one set per factory) */
  readonly secrets?: SecretValues
  /**
   * Where a signed-action provider's keys come from for one configuration (e.g. shared credential
   * files, role assumption); undefined: the keys the recipe reads from the configuration.
   */
  readonly keySources?: (provider: string, config: Config) => KeySource | undefined
  /** as `keySources`, for every signed-action provider (older name) */
  readonly cloudCredentials?: (
    config: Readonly<Record<string, unknown>>,
  ) => () => TE.TaskEither<PlatformError, Tc3Credentials>
}

// ── factory ──────────────────────────────────────────────────────────────────
/** The protocol clients of one provider instance over the factory's transport; the factory's endpoint and bound win. */
const kitOf = (opts: PlatformClientsOptions, secrets: SecretValues, provider: string, config: Config): ClientKit => {
  const seq: SequenceOptions = { sleep: opts.sleep, now: opts.now, onProgress: opts.onProgress }
  const endpoint = opts.endpoints?.[provider]
  return {
    provider,
    rest: (r) =>
      restClient({
        ...seq,
        style: conventionsOf(r),
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
        credentials:
          opts.keySources?.(provider, config) ??
          opts.cloudCredentials?.(config) ??
          r.keys ??
          keysInConfig(provider, config),
        region: r.region,
        protocol: r.protocol,
        domain: r.domain,
        endpoint,
        secrets,
        timeoutMs: opts.timeoutMs ?? r.timeoutMs ?? 60_000,
      }),
  }
}

/** A declared recipe's client, over the same kit a function recipe gets. */
const recipeClient = (
  recipe: ClientRecipe,
  opts: PlatformClientsOptions,
  secrets: SecretValues,
  provider: string,
  config: Config,
): PlatformClient => {
  if (recipe.protocol === 'rest')
    return kitOf(opts, secrets, provider, config).rest({
      conventions: recipe.conventions,
      baseUrl: recipe.baseUrl(config),
      token: recipe.token(config),
      timeoutMs: recipe.timeoutMs(config),
      tokenHint: recipe.tokenHint,
    })
  return kitOf(opts, secrets, provider, config).signed({
    region: recipe.region(config),
    protocol: recipe.scheme(config),
    domain: recipe.domain(config),
    timeoutMs: recipe.timeoutMs(config),
    keys: recipe.keys(config),
  })
}

/** The default client factory: each provider's own `client` (its spec in `opts.registry`), through one kit. */
export const registryClients = (opts: PlatformClientsOptions): ClientFactory => {
  const secrets = opts.secrets ?? secretValues()
  return (provider, config): PlatformClient => {
    const client = opts.registry.providers.get(provider)?.client
    if (!client)
      throw new Error(
        `no platform client for provider "${provider}": give it a \`client\` recipe in defineProvider (known: ${[...opts.registry.providers.keys()].join(', ')})`,
      )
    return typeof client === 'function'
      ? (client as MakeClient<Config>)(config, kitOf(opts, secrets, provider, config))
      : recipeClient(client, opts, secrets, provider, config)
  }
}
