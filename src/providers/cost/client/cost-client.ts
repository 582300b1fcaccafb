/**
 * The cost platform's client, declared: bearer-token REST at `host`, error bodies `{errors: [..]}`,
 * pages by `limit`/`page` named by the body's `links.next` (docs/wire/cost.md).
 */
import { parseDuration } from '../../../core/codecs'
import { ERRORS_LIST_LINKS, secretSetting, setting, type RestRecipe } from '../../../core/client-recipe'
import { costEnv, DEFAULT_COST_HOST } from '../config'

type Config = Readonly<Record<string, unknown>>

export const costClient: RestRecipe<Config> = {
  protocol: 'rest',
  baseUrl: (c) => setting(c.host) ?? DEFAULT_COST_HOST,
  token: (c) => secretSetting(c.apiToken),
  tokenHint: `set apiToken in the cost provider configuration (or ${costEnv.apiToken})`,
  conventions: ERRORS_LIST_LINKS,
  timeoutMs: (c) => (setting(c.timeout) && parseDuration(c.timeout as string)) || 30_000,
  budget: { capacity: 20, refillPerSecond: 5 },
}
