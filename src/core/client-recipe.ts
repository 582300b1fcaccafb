/**
 * ClientRecipe: how a provider's PlatformClient is made, declared as data the edge (clients/) reads
 * without knowing the provider: the protocol (bearer-token REST or TC3 signed actions), the base URL
 * and credential taken from the provider's decoded configuration, how its error bodies and pages
 * read, and the request budget its transport keeps. A provider's recipe lives in its own folder
 * (src/providers/<p>/client/); adding a provider touches no file in clients/.
 */
import type { TaskEither } from 'fp-ts/TaskEither'
import type { Secret } from './secret'
import type { PlatformError } from './wire'

/** Requests budgeted (a token bucket) before the platform's own rate headers say otherwise. */
export interface RateBudgetRecipe {
  readonly capacity: number
  readonly refillPerSecond: number
}

/** How a REST platform pages a list. */
export interface RestPaging {
  /** the query parameter of the page size beside `page`: `limit` or `per_page` */
  readonly sizeParam: 'limit' | 'per_page'
  /** the page size when the operation gives none */
  readonly pageSize: number
  /** where the next page is named: the body's `links.next`, or the `Link` header (else a short page ends) */
  readonly next: 'body-links' | 'link-header'
}

/** How a REST platform's error bodies and pages read. */
export interface RestConventions {
  /** the member of an error body read first: `errors` (a list of messages) or `message` */
  readonly errors: 'errors' | 'message'
  readonly paging: RestPaging
}

/** `errors` first, `limit`/`page` pages named by `links.next` in the body. */
export const ERRORS_LIST_LINKS: RestConventions = {
  errors: 'errors',
  paging: { sizeParam: 'limit', pageSize: 1000, next: 'body-links' },
}
/** `message` first, `page`/`per_page` pages named by the `Link` header: the default. */
export const MESSAGE_LINK_HEADER: RestConventions = {
  errors: 'message',
  paging: { sizeParam: 'per_page', pageSize: 100, next: 'link-header' },
}

/** The keys of a signed-action request; `token` is a temporary key's session token. */
export interface SignedKeys {
  readonly secretId: string
  readonly secretKey: Secret<string> | string
  readonly token?: Secret<string> | string
}

/** Where a configuration's signed-action keys come from, asked before every request. */
export type KeySource = () => TaskEither<PlatformError, SignedKeys>

/** A bearer-token JSON REST platform. */
export interface RestRecipe<C> {
  readonly protocol: 'rest'
  readonly baseUrl: (config: C) => string
  readonly token: (config: C) => Secret<string> | string | undefined
  /** what to set when the token is missing */
  readonly tokenHint: string
  readonly conventions: RestConventions
  readonly timeoutMs: (config: C) => number
  readonly budget: RateBudgetRecipe
}

/**
 * What a provider's credential chain is given at the edge: the transport of its platform and the
 * environment variables. `http` is the edge's HTTP client (clients/http.ts's HttpClient: src/core
 * imports nothing of clients/, so the chain, in the provider's client folder, names the type).
 */
export interface ChainIo {
  readonly http: unknown
  readonly env: Readonly<Record<string, string | undefined>>
  /** a base URL for the platform's token service instead of its own (emulators on loopback) */
  readonly stsEndpoint?: string
}

/** A credential chain: the key source of each configuration, over the edge's transport and environment. */
export type KeyChainMaker<C = Readonly<Record<string, unknown>>> = (io: ChainIo) => (config: C) => KeySource

/**
 * A signed-action provider's credential chain (shared credential files, instance roles, role
 * assumption, an account check before any request goes out), declared by its recipe: what the edge
 * knows of it, and where its code is. The workspace's wirings run it, rather than the default
 * client factory; `load` is called when a run first needs the chain, so a program that only builds
 * stacks never loads the code that reads files and the platform's token service.
 */
export interface KeyChainFacts<C> {
  /** the chain checks the account itself (a credential probe would only repeat that read) */
  readonly checksAccount: (config: C) => boolean
  /** the configuration fields a failed chain names: its account allow-list (Forbidden), else its key */
  readonly accountField: string
  readonly keyField: string
  /** the chain's maker, loaded on first need (e.g. `() => import('./my-chain').then((m) => m.myChain)`) */
  readonly load: () => Promise<KeyChainMaker<C>>
}

/** A TC3 signed-action platform (`<service>.<domain>`). */
export interface Tc3Recipe<C> {
  readonly protocol: 'tc3'
  readonly region: (config: C) => string
  /** `HTTP` means http; anything else https */
  readonly scheme: (config: C) => string | undefined
  readonly domain: (config: C) => string
  /** the keys the configuration itself holds; the edge may be given a fuller chain */
  readonly keys: (config: C) => KeySource
  /** the fuller chain the edge runs (KeyChainFacts); without one, `keys` */
  readonly chain?: KeyChainFacts<C>
  readonly timeoutMs: (config: C) => number
  readonly budget: RateBudgetRecipe
}

/** How a provider's platform client is made from its configuration: bearer-token REST or signed actions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a recipe of any configuration
export type ClientRecipe<C = any> = RestRecipe<C> | Tc3Recipe<C>

/** The budget of a provider without a recipe (or one made with a `client` function). */
export const DEFAULT_BUDGET: RateBudgetRecipe = { capacity: 10, refillPerSecond: 5 }

/** A non-blank string setting, else undefined. */
export const setting = (u: unknown): string | undefined => (typeof u === 'string' && u.trim() !== '' ? u : undefined)

/** A secret setting (a string or a Secret), else undefined. */
export const secretSetting = (u: unknown): Secret<string> | string | undefined =>
  typeof u === 'string'
    ? u === ''
      ? undefined
      : u
    : typeof u === 'object' && u !== null
      ? (u as Secret<string>)
      : undefined
