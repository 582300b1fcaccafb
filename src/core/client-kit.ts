/**
 * ClientKit: what the edge hands a provider's `client` capability — the protocol clients trellis
 * speaks (bearer-token JSON REST, the cloud's signed actions), already over the edge's transport
 * with its retries, rate budget, proxy, debug lines and the run's shared secret redaction. A
 * provider says only which protocol, where and with which credential; the built-in providers and
 * one made with `defineProvider` take the same path (clients/platforms.ts builds the kit).
 */
import type { Secret } from './secret'
import type { PlatformClient } from './wire'

/** A bearer-token JSON REST platform. */
export interface RestClientRecipe {
  /** the platform's base URL (the edge may point it elsewhere: emulators on loopback) */
  readonly baseUrl: string
  /** sent as `Authorization: Bearer …`; absent: a request fails naming `tokenHint` */
  readonly token?: Secret<string> | string
  /** how error bodies and pages read: cost's (`errors`, limit/page) or hosting's (`message`, page/per_page, the default) */
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
