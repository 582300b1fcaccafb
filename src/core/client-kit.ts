/**
 * ClientKit: what the edge hands a provider's `client` capability — the protocol clients trellis
 * speaks (bearer-token JSON REST, the cloud's signed actions), already over the edge's transport
 * with its retries, rate budget, proxy, debug lines and the run's shared secret redaction. A
 * provider says only which protocol, where and with which credential; the built-in providers and
 * one made with `defineProvider` take the same path (clients/platforms.ts builds the kit). A
 * provider may instead declare its client as data (a ClientRecipe, src/core/client-recipe.ts).
 */
import * as TE from 'fp-ts/TaskEither'
import {
  ERRORS_LIST_LINKS,
  MESSAGE_LINK_HEADER,
  secretSetting,
  setting,
  type KeySource,
  type RestConventions,
} from './client-recipe'
import { platformError } from './wire'
import type { Secret } from './secret'
import type { PlatformClient } from './wire'

/** A bearer-token JSON REST platform. */
export interface RestClientRecipe {
  /** the platform's base URL (the edge may point it elsewhere: emulators on loopback) */
  readonly baseUrl: string
  /** sent as `Authorization: Bearer …`; absent: a request fails naming `tokenHint` */
  readonly token?: Secret<string> | string
  /** how error bodies and pages read (default: `message` first, page/per_page pages, the Link header) */
  readonly conventions?: RestConventions
  /**
   * @deprecated say `conventions`: `'cost'` is ERRORS_LIST_LINKS, `'hosting'` MESSAGE_LINK_HEADER
   */
  readonly style?: 'cost' | 'hosting'
  /** bound of each request (default 30 s; the edge's own bound wins) */
  readonly timeoutMs?: number
  /** what to set when the token is missing */
  readonly tokenHint?: string
}

/** The cloud's signed-action (TC3) platform; the credentials are the edge's chain for this configuration. */
export interface SignedClientRecipe {
  readonly region: string
  readonly protocol?: string
  readonly domain?: string
  /** bound of each request (default 60 s; the edge's own bound wins) */
  readonly timeoutMs?: number
  /** where the keys come from (default: secretId/secretKey/securityToken of the configuration) */
  readonly keys?: KeySource
}

/** The protocol clients of one provider instance, made by the edge over its transport. */
export interface ClientKit {
  /** the provider the client is for */
  readonly provider: string
  readonly rest: (r: RestClientRecipe) => PlatformClient
  readonly signed: (r: SignedClientRecipe) => PlatformClient
}

/** A provider's capability: its PlatformClient from its decoded configuration and the edge's kit. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a recipe of any configuration
export type MakeClient<C = any> = (config: C, kit: ClientKit) => PlatformClient

/** The conventions a REST recipe asks for, its deprecated `style` read as before. */
export const conventionsOf = (r: RestClientRecipe): RestConventions =>
  r.conventions ?? (r.style === 'cost' ? ERRORS_LIST_LINKS : MESSAGE_LINK_HEADER)

/** The keys a configuration holds as secretId/secretKey/securityToken, else an error naming what to set. */
export const keysInConfig =
  (provider: string, config: Readonly<Record<string, unknown>>): KeySource =>
  () => {
    const secretId = setting(config.secretId)
    const secretKey = secretSetting(config.secretKey)
    const token = secretSetting(config.securityToken)
    if (secretId && secretKey) return TE.right({ secretId, secretKey, ...(token ? { token } : {}) })
    const message = `no ${provider} credentials: set secretId and secretKey in the provider configuration`
    return TE.left(platformError('Unauthorized', `${provider} credentials`, message))
  }
