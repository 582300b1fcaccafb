/**
 * The emulated wiring (`--emulate`, `workspace({ emulate: true })`): the built-in emulators
 * in-process, with the test credentials they accept, and the same
 * preflight as the real wiring — so the cloud's account checks hold here too.
 */
import type { ClientFactory } from '../core/provider'
import type { Registry } from '../core/registry'
import { registry as builtIn } from '../providers'
import { httpHandler } from '../engine/http-handler'
import type { Handler } from '../engine/handler'
import { registryClients } from '../../clients/platforms'
import { secretValues } from '../../clients/redact'
import { costEmulator } from '../../clients/emulators/cost'
import { hostingEmulator } from '../../clients/emulators/hosting'
import { cloudEmulator } from '../../clients/emulators/cloud'
import type { Emulator } from '../../clients/emulators/emulator'
import { withEmulatorCredentials, type LocalPlatforms } from '../../clients/emulators/local-platforms'
import { compose } from '../../clients/http'
import { retry } from '../../clients/retry'
import { fetchClient } from '../../clients/fetch'
import { keySources } from './key-sources'
import { preflightWith } from './preflight'
import { credentialProbe } from './credential-probe'
import type { Wiring } from './wiring'

/**
 * The credentials the emulators accept (their own table, clients/emulators/local-platforms.ts) replace
 * whatever the program or the environment configures: the emulators know no other keys, and a real
 * token has no business reaching them.
 */
const EMULATOR_TOKEN = 'emulator-token'

export type Emulators = Readonly<Record<'cost' | 'hosting' | 'cloud', Emulator>>

export interface Emulated extends Wiring {
  readonly emulators: Emulators
}

const withTestCredentials = (provider: string, config: Readonly<Record<string, unknown>>) => {
  const out: Record<string, unknown> = { ...withEmulatorCredentials(provider, config) }
  // a key left undefined by the emulator's table (a session token) is not sent at all
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k]
  return out
}

export const emulatedWiring = (
  emulators: Emulators = {
    cost: costEmulator({ token: EMULATOR_TOKEN }),
    hosting: hostingEmulator(),
    cloud: cloudEmulator(),
  },
  registry: Registry = builtIn,
): Emulated => {
  const keys = keySources(registry, (provider) => ({
    http: emulators[provider as keyof Emulators]?.client,
    env: {},
  }))
  const secrets = secretValues()
  const clients: ClientFactory = (provider, config) => {
    const e = emulators[provider as keyof typeof emulators]
    if (!e) throw new Error(`no emulator for provider ${provider}`)
    const withCreds = withTestCredentials(provider, config)
    return registryClients({ http: e.client, keySources: keys, secrets, registry })(provider, withCreds)
  }
  const check = preflightWith(registry, keys, credentialProbe(registry, clients))
  return {
    handler: httpHandler({ clients }),
    emulators,
    preflight: (provider, instance, config) => check(provider, instance, withTestCredentials(provider, config)),
  }
}

/** The emulated handler and its emulators (for scripts and tests that build their own Env). */
export const emulatedHandler = (emulators?: Emulators): { readonly handler: Handler; readonly emulators: Emulators } =>
  emulatedWiring(emulators)

/**
 * The wiring of the emulated platforms that last across runs (a running `trellis emulate`, or the
 * data file): their own clients, and the same preflight — the account checks run against the
 * emulated platforms' token services.
 */
export const localWiring = (local: LocalPlatforms, registry: Registry = builtIn): Wiring => {
  const served = compose(retry())(fetchClient())
  const keys = keySources(registry, (provider) => {
    const sts = local.endpoints?.[provider as keyof Emulators]
    return {
      http: local.emulators ? local.emulators[provider as keyof Emulators]?.client : served,
      env: {},
      ...(sts ? { stsEndpoint: sts } : {}),
    }
  })
  const check = preflightWith(registry, keys, credentialProbe(registry, local.clients(registry)))
  return {
    handler: httpHandler({ clients: local.clients(registry) }),
    preflight: (provider, instance, config) => check(provider, instance, withEmulatorCredentials(provider, config)),
  }
}
