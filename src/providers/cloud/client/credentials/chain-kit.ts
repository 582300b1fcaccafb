/**
 * What the cloud credential chain's sources share: the options, the context of one configuration,
 * small readers of untyped settings and replies, and failures that unwind the chain as data.
 */
import { isSecret, reveal, secret, type Secret } from '../../../../core/secret'
import { platformError, type PlatformError } from '../../../../core/wire'
import type { HttpClient } from '../../../../../clients/http'
import type { Sleep } from '../../../../../clients/sequence'

export interface CloudCredentialsOptions {
  readonly http: HttpClient
  /** environment variables (the caller passes process.env at the edge; default none) */
  readonly env?: Readonly<Record<string, string | undefined>>
  readonly readFile?: (path: string) => Promise<string>
  readonly homeDir?: string
  /** instance metadata service; default http://metadata.tencentyun.com */
  readonly metadataEndpoint?: string
  /** a base URL for the STS calls instead of `<protocol>://sts.<domain>/` (emulators) */
  readonly stsEndpoint?: string
  readonly now?: () => Date
  readonly sleep?: Sleep
  /** refresh temporary keys this long before they expire (default 5 minutes) */
  readonly refreshBeforeMs?: number
}

export interface CloudKeys {
  readonly secretId: string
  readonly secretKey: Secret<string>
  readonly token?: Secret<string>
}

export type Config = Readonly<Record<string, unknown>>
export type Obj = Record<string, unknown>

/** Keys, and when the first temporary one among them expires. */
export interface Resolved {
  readonly keys: CloudKeys
  /** epoch ms when the first temporary key expires (undefined: long-lived keys) */
  readonly expires?: number
}

/** One configuration's chain: its settings, the environment, and the I/O it may do. */
export interface ChainContext {
  readonly config: Config
  readonly env: Readonly<Record<string, string | undefined>>
  readonly opts: CloudCredentialsOptions
  readonly now: () => Date
  readonly read: (path: string) => Promise<string>
  readonly home: string
  readonly region: string
  readonly protocol: string
  readonly domain: string | undefined
}

export const WHAT = 'cloud credentials'

export const str = (u: unknown): string | undefined => (typeof u === 'string' && u.trim() !== '' ? u.trim() : undefined)
export const plain = (u: unknown): string | undefined => (isSecret(u) ? str(reveal(u)) : str(u))
export const obj = (u: unknown): Obj | undefined =>
  typeof u === 'object' && u !== null && !Array.isArray(u) && !isSecret(u) ? (u as Obj) : undefined
export const strings = (u: unknown): string[] =>
  Array.isArray(u) ? u.filter((x): x is string => typeof x === 'string') : []

/** A JSON object parsed from `text`, or undefined. */
export const jsonObject = (text: string): Obj | undefined => {
  try {
    return obj(JSON.parse(text))
  } catch {
    return undefined
  }
}

/** A failure of one source: thrown to unwind the chain, returned as its PlatformError. */
export class Failure extends Error {
  constructor(readonly error: PlatformError) {
    super(error.message)
  }
}

export const failWith = (
  kind: PlatformError['kind'],
  message: string,
  extra: Partial<Pick<PlatformError, 'code' | 'status'>> = {},
): never => {
  throw new Failure(platformError(kind, WHAT, message, extra))
}

export const keysOf = (secretId: string, secretKey: string, token?: string): CloudKeys => ({
  secretId,
  secretKey: secret(secretKey),
  ...(token ? { token: secret(token) } : {}),
})

export const earliest = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b)

/** `~` and `~/…` under the home directory. */
export const expandHome = (home: string, p: string) =>
  p === '~' ? home : p.startsWith('~/') ? `${home}/${p.slice(2)}` : p

export const sessionName = (now: () => Date) => `trellis-${Math.floor(now().getTime() / 1000)}`

/** STS replies: `{Credentials: {TmpSecretId, TmpSecretKey, Token}, ExpiredTime}`. */
export const stsKeys = (reply: unknown, source: string): Resolved => {
  const r = obj(obj(reply)?.Response) ?? obj(reply) ?? {}
  const c = obj(r.Credentials)
  const id = str(c?.TmpSecretId)
  const key = str(c?.TmpSecretKey)
  const token = str(c?.Token)
  if (!id || !key || !token) return failWith('Malformed', `${source} returned no temporary credentials`)
  const exp = typeof r.ExpiredTime === 'number' ? r.ExpiredTime * 1000 : undefined
  return { keys: keysOf(id, key, token), expires: exp }
}
