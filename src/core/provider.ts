/**
 * Provider specs: a provider's configuration codec, environment fallbacks, bridge keys and its
 * registry of resource and lookup specs.
 */
import type * as t from 'io-ts'
import type { Finding } from './issue'
import type { LookupSpec, ResourceSpec } from './spec'
import { secret, isSecret } from './secret'
import type { TaskEither } from 'fp-ts/TaskEither'
import type { PlatformClient, WireRequest } from './wire'
import type { MakeClient } from './client-kit'
import type { ClientRecipe } from './client-recipe'

// ── model ────────────────────────────────────────────────────────────────────
export interface ProviderSpecDef<C, R extends Record<string, ResourceSpec>, L extends Record<string, LookupSpec>> {
  readonly name: string
  readonly doc: string
  /** raw configuration → decoded configuration with defaults applied */
  readonly config: t.Type<C, unknown, unknown>
  /** secret configuration fields */
  readonly secrets: ReadonlyArray<keyof C & string>
  /** environment fallbacks, read only by `fromEnv` at the edge */
  readonly env: Partial<Record<keyof C & string, string>>
  /** how list-valued env fallbacks split (comma by default) */
  readonly envLists?: ReadonlyArray<keyof C & string>
  /**
   * The whole environment fallback, when `env` alone cannot say it (nested blocks built from several
   * variables); default: `configFromEnv` over `env`. The edge calls it; explicit values win.
   */
  readonly fromEnv?: (
    env: Readonly<Record<string, string | undefined>>,
    explicit: Readonly<Record<string, unknown>>,
  ) => Record<string, unknown>
  /** cross-field configuration checks */
  readonly rules: ReadonlyArray<(config: C) => ReadonlyArray<Finding>>
  /** the configuration under the underlying engine's snake_case key names */
  readonly bridge: (config: C) => Readonly<Record<string, unknown>>
  /**
   * Optional effect run once per provider instance before planning against the real platform
   * (e.g. resolving and validating a default team). Returns the configuration to use, or an error.
   */
  readonly resolve?: (config: C, client: PlatformClient, nodes?: ReadonlyArray<PlannedNode>) => TaskEither<string, C>
  /**
   * How this provider's PlatformClient is made: a declared ClientRecipe (protocol, base URL and
   * credential from the configuration, error and paging conventions, rate budget; the built-in
   * providers' live in src/providers/<p>/client/), or a function of the decoded configuration over
   * the protocol clients the edge hands it (REST or signed actions over its transport).
   * @example client: (c, kit) => kit.rest({ baseUrl: c.endpoint, token: c.token })
   */
  readonly client?: MakeClient<C> | ClientRecipe
  /**
   * The time budget of one step of this provider, in ms, from its configuration (absent or
   * undefined: 2 minutes): every request of the step — retries, polls, lost-reply looks — draws on it.
   */
  readonly stepBudgetMs?: (config: C) => number | undefined
  /** the credential check preflight sends before any plan (absent: the credential is only required) */
  readonly verify?: VerifyRequest<C>
  /**
   * Where an instance's objects live, from its decoded configuration (the endpoint, host or region
   * it talks to, no spaces): the same id at two places is two objects. Ownership claims key objects
   * by it (engine/ownership.ts); absent, every instance of the provider is one place.
   */
  readonly endpointOf?: (config: C) => string
  /**
   * An in-memory fake of this provider's platform, for the runs on emulators (`--emulate`,
   * `workspace({ emulate })`, runOnEmulators) that are given none for it: `client` is an HttpClient
   * (trellis/clients) answering as the platform. One is made per wiring; what it holds lasts while
   * the process runs (the emulators' data file keeps the built-in ones' only).
   */
  readonly emulator?: () => { readonly client: unknown }
  readonly resources: R
  readonly lookups: L
}

/** A resource of the program on a provider instance, as `resolve` is told of it (its inputs as written). */
export interface PlannedNode {
  readonly token: string
  readonly inputs: Readonly<Record<string, unknown>>
}

/**
 * One cheap authenticated read (the platform's "who am I" or a one-item list) that proves a provider
 * instance can authenticate, and what to name when it cannot.
 */
export interface VerifyRequest<C> {
  readonly request: (config: C) => WireRequest
  /** the fields holding the credential, named (with their environment variables) when it is refused */
  readonly credential: ReadonlyArray<keyof C & string>
  /** the field pointing at the platform, named when the check cannot reach it */
  readonly endpoint: keyof C & string
}

/** A provider: its configuration codec, environment fallbacks, and its resource and lookup specs. */
export interface ProviderSpec<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- `ProviderSpec` alone means a provider of any config
  C = any,
  R extends Record<string, ResourceSpec> = Record<string, ResourceSpec>,
  L extends Record<string, LookupSpec> = Record<string, LookupSpec>,
> extends ProviderSpecDef<C, R, L> {
  readonly _tag: 'ProviderSpec'
}

/** Check and freeze a provider spec (each resource and lookup key must match its token). */
export const defineProvider = <C, R extends Record<string, ResourceSpec>, L extends Record<string, LookupSpec>>(
  def: ProviderSpecDef<C, R, L>,
): ProviderSpec<C, R, L> => {
  for (const [k, r] of Object.entries(def.resources))
    if (r.provider !== def.name || r.type !== k)
      throw new Error(`provider ${def.name}: resource key ${k} does not match ${r.token}`)
  for (const [k, l] of Object.entries(def.lookups))
    if (l.provider !== def.name || l.fn !== k)
      throw new Error(`provider ${def.name}: lookup key ${k} does not match ${l.token}`)
  return Object.freeze({ _tag: 'ProviderSpec' as const, ...def })
}

/**
 * Fill unset configuration fields from the environment. Secret fields are wrapped as secrets;
 * explicit values win. This is the only place a provider reads environment variables.
 */
export const configFromEnv = <C>(
  spec: Pick<ProviderSpec<C>, 'env' | 'secrets' | 'envLists'>,
  env: Readonly<Record<string, string | undefined>>,
  explicit: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...explicit }
  for (const [field, variable] of Object.entries(spec.env) as [string, string][]) {
    if (out[field] !== undefined) continue
    const v = env[variable]
    if (v === undefined || v === '') continue
    const value = (spec.envLists as ReadonlyArray<string> | undefined)?.includes(field)
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v
    out[field] = (spec.secrets as ReadonlyArray<string>).includes(field) && !isSecret(value) ? secret(value) : value
  }
  return out
}

/**
 * Builds the PlatformClient of one provider instance from its decoded configuration. The edge
 * (CLI, script, test) supplies it; `platformClients` (src/workspace/platform-clients.ts) is the default one.
 */
export type ClientFactory = (provider: string, config: Readonly<Record<string, unknown>>) => PlatformClient

/**
 * A provider instance's configuration under the underlying engine's snake_case key names. Throws
 * with every configuration error when the instance does not decode.
 */
export const bridgeConfig = (
  spec: ProviderSpec,
  instance: { readonly provider: string; readonly config: Readonly<Record<string, unknown>> },
): Readonly<Record<string, unknown>> => {
  if (instance.provider !== spec.name)
    throw new Error(`bridgeConfig: instance of ${instance.provider}, not ${spec.name}`)
  const r = spec.config.decode(instance.config)
  if (r._tag === 'Left')
    throw new Error(
      `provider ${spec.name}: invalid configuration (${r.left
        .map((e) =>
          e.context
            .map((c) => c.key)
            .filter(Boolean)
            .join('.'),
        )
        .join(', ')})`,
    )
  return spec.bridge(r.right)
}
