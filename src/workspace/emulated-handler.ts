/**
 * The emulated wiring (`--emulate`, `workspace({ emulate: … })`, runOnEmulators): emulators
 * in-process, by provider name (the built-in ones by default; any provider of the registry with an
 * emulator of its own beside them, given or declared: ProviderSpec.emulator), with the test
 * credentials they accept, and the same preflight as the real wiring: the credential chains the
 * providers' recipes declare run against them too.
 */
import type { ClientFactory } from '../core/provider'
import type { Registry } from '../core/registry'
import { registry as builtIn } from '../providers'
import { httpHandler } from '../engine/http-handler'
import type { Handler } from '../engine/handler'
import { registryClients } from '../../clients/platforms'
import { secretValues } from '../../clients/redact'
import type { Emulator } from '../../clients/emulators/emulator'
import { EMULATED_PLATFORMS, type EmulatedPlatform } from '../../clients/emulators/emulators'
import { builtInEmulators } from '../../clients/emulators/built-in-emulators'
import { withEmulatorCredentials, type LocalPlatforms } from '../../clients/emulators/local-platforms'
import type { SkipClock } from '../../clients/emulators/skip-clock'
import { compose, type HttpClient } from '../../clients/http'
import { retry } from '../../clients/retry'
import { fetchClient } from '../../clients/fetch'
import { keySources } from './key-sources'
import { declaredEmulators } from './declared-emulators'
import { preflightWith } from './preflight'
import { credentialProbe } from './credential-probe'
import type { Wiring } from './wiring'

/** What a run needs of a provider's emulator: an HttpClient that answers as its platform. */
export interface ProviderEmulator {
  readonly client: HttpClient
}

/**
 * Emulators by provider name: the built-in three by default; with a registry's own providers,
 * theirs beside (or instead of) them, e.g. `Emulators<EmulatedPlatform | 'kv', Emulator | KvEmulator>`.
 */
export type Emulators<P extends string = EmulatedPlatform, E extends ProviderEmulator = Emulator> = Readonly<
  Record<P, E>
>

/**
 * Any emulators by provider name, as the wirings take them: an object whose members named after
 * providers are emulators (other members, such as an EmulatorSet's `snapshot`, are not looked at).
 */
export type AnyEmulators = object

export interface Emulated<M extends AnyEmulators = Emulators> extends Wiring {
  readonly emulators: M
}

const withTestCredentials = (provider: string, config: Readonly<Record<string, unknown>>) => {
  const out: Record<string, unknown> = { ...withEmulatorCredentials(provider, config) }
  // a key left undefined by the emulator's table (a session token) is not sent at all
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k]
  return out
}

/** The emulator of `provider` among `emulators`, if it has one. */
const emulatorIn = (emulators: AnyEmulators, provider: string): ProviderEmulator | undefined => {
  if (!Object.prototype.hasOwnProperty.call(emulators, provider)) return undefined
  const e = (emulators as Readonly<Record<string, unknown>>)[provider]
  return typeof e === 'object' && e !== null && typeof (e as ProviderEmulator).client === 'function'
    ? (e as ProviderEmulator)
    : undefined
}

const has = (emulators: AnyEmulators, provider: string): boolean => emulatorIn(emulators, provider) !== undefined

/** The error of a provider without an emulator, naming those that have one (never its real platform). */
const noEmulator = (provider: string, emulated: ReadonlyArray<string>): Error =>
  new Error(`no emulator for provider ${provider} (emulated: ${emulated.join(', ')})`)

/** The emulator of a provider, or an error naming the providers that have one. */
const emulatorOf = (emulators: AnyEmulators, provider: string): ProviderEmulator => {
  const e = emulatorIn(emulators, provider)
  if (!e)
    throw noEmulator(
      provider,
      Object.keys(emulators).filter((p) => has(emulators, p)),
    )
  return e
}

/** The emulators given, and those the registry's providers declare for the others. */
const withDeclared = <M extends AnyEmulators>(given: M, registry: Registry): M => {
  const own = declaredEmulators(registry, (p) => has(given, p))
  return Object.keys(own).length === 0 ? given : { ...given, ...own }
}

/**
 * `clock`: the emulated time of the run (runOnEmulators'): the waits' sleeps skip ahead on it instead of
 * passing, and fresh emulators keep the cloud's time on it (polls, signatures, visibility)
 */
export const emulatedWiring = <M extends AnyEmulators = Emulators>(
  // without emulators, the built-in ones (M is then its default)
  given?: M,
  registry: Registry = builtIn,
  clock?: SkipClock,
): Emulated<M> => {
  const fresh = given ?? (builtInEmulators(clock ? { now: clock.now } : {}) as unknown as M)
  const emulators = withDeclared(fresh, registry)
  const keys = keySources(registry, (provider) => ({
    http: emulatorIn(emulators, provider)?.client,
    env: {},
  }))
  const secrets = secretValues()
  const clients: ClientFactory = (provider, config) => {
    const e = emulatorOf(emulators, provider)
    const withCreds = withTestCredentials(provider, config)
    const waits = clock ? { sleep: clock.sleep, now: clock.now } : {}
    return registryClients({ http: e.client, keySources: keys, secrets, registry, ...waits })(provider, withCreds)
  }
  const check = preflightWith(registry, keys, credentialProbe(registry, clients))
  return {
    handler: httpHandler({ clients }),
    emulators,
    preflight: (provider, instance, config) => check(provider, instance, withTestCredentials(provider, config)),
  }
}

/** The emulated handler and its emulators (for scripts and tests that build their own Env). */
export const emulatedHandler = <M extends AnyEmulators = Emulators>(
  emulators?: M,
  registry?: Registry,
  clock?: SkipClock,
): { readonly handler: Handler; readonly emulators: M } => emulatedWiring(emulators, registry, clock)

/**
 * The wiring of the emulated platforms that last across runs (a running `trellis emulate`, or the
 * data file): their own clients, and the same preflight — the account checks run against the
 * emulated platforms' token services. They are the built-in ones: another provider runs on the
 * emulator it declares, in-process (its objects last while the process does), or is refused.
 */
export const localWiring = (local: LocalPlatforms, registry: Registry = builtIn): Wiring => {
  const served = compose(retry())(fetchClient())
  const lastingOnes: ReadonlyArray<string> = EMULATED_PLATFORMS
  // the providers the lasting platforms do not emulate run on the emulators they declare, in-process
  const own = declaredEmulators(registry, (p) => lastingOnes.includes(p))
  const keys = keySources(registry, (provider) => {
    const sts = local.endpoints?.[provider as EmulatedPlatform]
    return {
      http: has(own, provider)
        ? own[provider].client
        : local.emulators
          ? local.emulators[provider as EmulatedPlatform]?.client
          : served,
      env: {},
      ...(sts ? { stsEndpoint: sts } : {}),
    }
  })
  const lasting = local.clients(registry)
  const secrets = secretValues()
  const clients: ClientFactory = (provider, config) => {
    if (has(own, provider))
      return registryClients({ http: own[provider].client, keySources: keys, secrets, registry })(provider, config)
    // never the platform's own base URL: a running `trellis emulate` serves the built-in ones only
    if (!lastingOnes.includes(provider)) throw noEmulator(provider, [...lastingOnes, ...Object.keys(own)])
    return lasting(provider, config)
  }
  const check = preflightWith(registry, keys, credentialProbe(registry, clients))
  return {
    handler: httpHandler({ clients }),
    preflight: (provider, instance, config) => check(provider, instance, withEmulatorCredentials(provider, config)),
  }
}
