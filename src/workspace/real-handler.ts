/**
 * The real interpreter's wiring: the fetch transport, then per platform a rate budget, retries and
 * (when asked) redacted debug lines; the credential chains the providers' recipes declare (profiles,
 * instance roles, role assumption, account checks) over the same transport, shared with the
 * preflight check.
 */
import type { ClientFactory } from '../core/provider'
import type { Registry } from '../core/registry'
import { registry } from '../providers'
import { httpHandler } from '../engine/http-handler'
import type { Handler } from '../engine/handler'
import { fetchClient, type ProxySettings } from '../../clients/fetch'
import { retry } from '../../clients/retry'
import { rateBudget } from '../../clients/rate-budget'
import { debugLog } from '../../clients/debug-log'
import { compose, type HttpClient, type Middleware } from '../../clients/http'
import { registryClients } from '../../clients/platforms'
import { DEFAULT_BUDGET, type RateBudgetRecipe } from '../core/client-recipe'
import { secretValues } from '../../clients/redact'
import { keySources } from './key-sources'
import { preflightWith } from './preflight'
import { credentialProbe } from './credential-probe'
import type { Wiring } from './wiring'

/** Requests a provider is budgeted before its platform's own headers say otherwise: its recipe's. */
const budgetOf = (registry: Registry, provider: string): RateBudgetRecipe => {
  const client = registry.providers.get(provider)?.client
  return client && typeof client !== 'function' ? client.budget : DEFAULT_BUDGET
}

export interface RealWiringOptions {
  readonly registry: Registry
  readonly debug?: (line: string) => void
  readonly transport?: HttpClient
  /** the proxies of the default transport (proxyFromEnv at the edge; none: direct) */
  readonly proxy?: ProxySettings
  /** environment variables for the providers' credential chains (profiles, pod identity) */
  readonly env?: Readonly<Record<string, string | undefined>>
}

export const realWiring = (opts: RealWiringOptions): Wiring => {
  const transport = opts.transport ?? fetchClient(opts.proxy ? { proxy: opts.proxy } : {})
  const perPlatform = new Map<string, HttpClient>()
  const httpFor = (provider: string): HttpClient => {
    let h = perPlatform.get(provider)
    if (!h) {
      const mws: Middleware[] = [retry(), rateBudget(budgetOf(opts.registry, provider))]
      if (opts.debug) mws.push(debugLog(opts.debug))
      h = compose(...mws)(transport)
      perPlatform.set(provider, h)
    }
    return h
  }
  const keys = keySources(opts.registry, (provider) => ({ http: httpFor(provider), env: opts.env ?? {} }))
  // one set of the run's secret values, so an error from any platform is redacted of all of them
  const secrets = secretValues()
  const clients: ClientFactory = (provider, config) =>
    registryClients({
      http: httpFor(provider),
      keySources: keys,
      secrets,
      registry: opts.registry,
    })(provider, config)
  const probe = credentialProbe(opts.registry, clients)
  return { handler: httpHandler({ clients }), preflight: preflightWith(opts.registry, keys, probe) }
}

/** The real handler alone (for scripts and tests that build their own Env). */
export const realHandler = (
  opts: Omit<RealWiringOptions, 'registry'> & { readonly registry?: Registry } = {},
): Handler => realWiring({ registry: opts.registry ?? registry, ...opts }).handler
