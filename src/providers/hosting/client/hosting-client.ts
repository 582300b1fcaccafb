/**
 * The hosting platform's client, declared: bearer-token REST at `endpoint`, error bodies
 * `{code, message}`, pages by `page`/`per_page` named by the `Link` header (docs/wire/hosting.md).
 */
import { MESSAGE_LINK_HEADER, secretSetting, setting, type RestRecipe } from '../../../core/client-recipe'
import { DEFAULT_HOSTING_ENDPOINT, hostingEnv } from '../config'

type Config = Readonly<Record<string, unknown>>

export const hostingClient: RestRecipe<Config> = {
  protocol: 'rest',
  baseUrl: (c) => setting(c.endpoint) ?? DEFAULT_HOSTING_ENDPOINT,
  token: (c) => secretSetting(c.token),
  tokenHint: `set token in the hosting provider configuration (or ${hostingEnv.token})`,
  conventions: MESSAGE_LINK_HEADER,
  timeoutMs: () => 30_000,
  budget: { capacity: 50, refillPerSecond: 8 },
}
