/**
 * Cost provider configuration: apiToken (secret), host, timeout. Environment fallbacks are read
 * only by `fromEnv` at the edge.
 */
import * as t from 'io-ts'
import { Duration, SecretString, withDefault, parseDuration } from '../../core/codecs'

export const DEFAULT_COST_HOST = 'https://api.vantage.sh'

export const CostConfig = t.exact(
  t.intersection([
    t.type({
      host: withDefault(t.string, DEFAULT_COST_HOST),
      timeout: withDefault(Duration, '30s'),
    }),
    // the time budget of one step (every request of it, retries and lost-reply looks included)
    t.partial({ apiToken: SecretString, stepTimeout: Duration }),
  ]),
  'CostConfig',
)
export type CostConfig = t.TypeOf<typeof CostConfig>

export const costEnv = { apiToken: 'COST_API_TOKEN', host: 'COST_HOST', timeout: 'COST_TIMEOUT' } as const

/** The time budget of one step, in ms (undefined: the engine's 2 minutes). */
export const costStepBudgetMs = (c: CostConfig): number | undefined =>
  c.stepTimeout === undefined ? undefined : parseDuration(c.stepTimeout)

/** The configured timeout in milliseconds. */
export const costTimeoutMs = (c: CostConfig): number => parseDuration(c.timeout) ?? 30_000

export const costBridge = (c: CostConfig): Readonly<Record<string, unknown>> => ({
  api_token: c.apiToken,
  host: c.host,
  timeout: c.timeout,
})

/** Where a cost instance's objects live (ownership claims): the host it talks to. */
export const costEndpointOf = (c: CostConfig): string => c.host
