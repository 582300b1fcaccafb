/**
 * Builds the real interpreter's handler at the edge: the fetch transport, then per platform a rate
 * budget, retries and (when TRELLIS_DEBUG is set) redacted debug lines; or, with --emulate, the
 * built-in emulators in-process with test credentials.
 */
import type { ClientFactory } from '../core/provider'
import { httpHandler } from '../engine/http-handler'
import type { Handler } from '../engine/handler'
import { secret } from '../core/secret'
import { fetchClient } from '../../clients/fetch'
import { retry } from '../../clients/retry'
import { rateBudget } from '../../clients/rate-budget'
import { debugLog } from '../../clients/debug-log'
import { compose, type HttpClient, type Middleware } from '../../clients/http'
import { platformClients } from '../../clients/platforms'
import { secretValues } from '../../clients/redact'
import { cloudCredentialsFactory } from '../../clients/cloud-credentials'
import { costEmulator } from '../../clients/emulators/cost'
import { hostingEmulator } from '../../clients/emulators/hosting'
import { cloudEmulator, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../clients/emulators/cloud'
import type { Emulator } from '../../clients/emulators/emulator'

/** Requests per second each platform is budgeted before its own headers say otherwise. */
const BUDGET: Record<string, { capacity: number; refillPerSecond: number }> = {
  cost: { capacity: 20, refillPerSecond: 5 },
  hosting: { capacity: 50, refillPerSecond: 8 },
  cloud: { capacity: 20, refillPerSecond: 20 },
}

export const realHandler = (
  opts: {
    readonly debug?: (line: string) => void
    readonly transport?: HttpClient
    readonly env?: Readonly<Record<string, string | undefined>>
  } = {},
): Handler => {
  const transport = opts.transport ?? fetchClient()
  const perPlatform = new Map<string, HttpClient>()
  const httpFor = (provider: string): HttpClient => {
    let h = perPlatform.get(provider)
    if (!h) {
      const mws: Middleware[] = [retry(), rateBudget(BUDGET[provider] ?? { capacity: 10, refillPerSecond: 5 })]
      if (opts.debug) mws.push(debugLog(opts.debug))
      h = compose(...mws)(transport)
      perPlatform.set(provider, h)
    }
    return h
  }
  // the cloud's credential chain (profiles, instance roles, role assumption) over the same transport
  const cloudCreds = cloudCredentialsFactory({ http: httpFor('cloud'), env: opts.env ?? {} })
  // one set of the run's secret values, so an error from any platform is redacted of all of them
  const secrets = secretValues()
  const clients: ClientFactory = (provider, config) =>
    platformClients({ http: httpFor(provider), cloudCredentials: cloudCreds, secrets })(provider, config)
  return httpHandler({ clients })
}

/** Test credentials the emulators accept, used when a program configures none. */
const EMULATOR_CONFIG: Record<string, Record<string, unknown>> = {
  cost: { apiToken: secret('emulator-token') },
  hosting: { token: secret('emulator-token') },
  cloud: { secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) },
}

export interface Emulated {
  readonly handler: Handler
  readonly emulators: Readonly<Record<'cost' | 'hosting' | 'cloud', Emulator>>
}

export const emulatedHandler = (
  emulators: Emulated['emulators'] = { cost: costEmulator(), hosting: hostingEmulator(), cloud: cloudEmulator() },
): Emulated => {
  const secrets = secretValues()
  const clients: ClientFactory = (provider, config) => {
    const e = emulators[provider as keyof typeof emulators]
    if (!e) throw new Error(`no emulator for provider ${provider}`)
    const withCreds = { ...config }
    for (const [k, v] of Object.entries(EMULATOR_CONFIG[provider] ?? {}))
      if (withCreds[k] === undefined) withCreds[k] = v
    return platformClients({ http: e.client, secrets })(provider, withCreds)
  }
  return { handler: httpHandler({ clients }), emulators }
}
