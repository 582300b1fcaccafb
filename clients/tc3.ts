/**
 * tc3Client: the cloud platform's signed action protocol (API 3.0, wire/cloud.md §1). Every call
 * is a POST of the action's JSON parameters to `/` of the service host, signed with
 * TC3-HMAC-SHA256; the reply envelope `{Response: {...}}` carries either the result or
 * `Response.Error {Code, Message}`. Error codes become typed PlatformErrors; the codes that mean
 * "not applied, try later" are retried with the provider's backoff, and a write is never retried
 * after a failure that may have applied it. The keys and every secret value sent (by any client
 * sharing `secrets`) are blanked from every message built from a response.
 */
import * as E from 'fp-ts/Either'
import type { TaskEither } from 'fp-ts/TaskEither'
import {
  describeRequest,
  platformError,
  type ActionRequest,
  type PlatformClient,
  type PlatformError,
  type PlatformErrorKind,
} from '../src/core/wire'
import { isSecret, reveal, revealDeep, type Secret } from '../src/core/secret'
import type { HttpClient } from './http'
import { secretValues, type SecretValues } from './redact'
import { overlongWaitNote } from './retry'
import { excerpt, kindOfStatus, USER_AGENT } from './rest'
import { isRead, realSleep, runWire, type Send, type SequenceOptions } from './sequence'
import { signTc3 } from './tc3-sign'

// ── model ────────────────────────────────────────────────────────────────────
export interface Tc3Credentials {
  readonly secretId: string
  readonly secretKey: Secret<string> | string
  /** session token of temporary credentials */
  readonly token?: Secret<string> | string
}

export interface Tc3ClientOptions extends SequenceOptions {
  /** asked before every attempt, so temporary credentials can be refreshed */
  readonly credentials: () => TaskEither<PlatformError, Tc3Credentials>
  readonly region: string
  /** `HTTP` (any case) means http; anything else https */
  readonly protocol?: string
  /** root domain of `<service>.<domain>`; default `tencentcloudapi.com` */
  readonly domain?: string
  /** a full base URL used for every service instead of `<protocol>://<service>.<domain>` (emulators) */
  readonly endpoint?: string
  readonly http: HttpClient
  /** per HTTP request */
  readonly timeoutMs?: number
  /** X-TC-Language; default `en-US` so error messages are English */
  readonly language?: string
  /** how long retryable failures are retried: reads 3 min, writes 5 min by default (as the provider) */
  readonly readRetryMs?: number
  readonly writeRetryMs?: number
  /** hard cap on attempts per request, whatever the clock says */
  readonly maxAttempts?: number
  /** the run's secret values, blanked from every error (default: this client's own) */
  readonly secrets?: SecretValues
}

export const DEFAULT_DOMAIN = 'tencentcloudapi.com'
export const DEFAULT_PAGE_SIZE = 100
/** actions the provider pages in 20s (wire/cloud.md §1.6); a spec's paginate.pageSize still wins */
export const PAGE_SIZE_BY_ACTION: Readonly<Record<string, number>> = {
  DescribeApiBindApiAppsStatus: 20,
  DescribePluginsByApi: 20,
}
const MAX_PAGES = 10_000

/** One failed attempt, and whether trying again is safe and useful. */
interface Failure {
  readonly error: PlatformError
  readonly retry: boolean
}

// ── error codes ──────────────────────────────────────────────────────────────
const headOf = (code: string): string => code.split('.')[0]

/** Codes that mean "the action was not applied; try again later" (matched exactly or by the part before the first dot). */
export const RETRYABLE_CODES: ReadonlyArray<string> = [
  'RequestLimitExceeded',
  'ResourceInUse',
  'ResourceUnavailable',
  'ResourceBusy',
  'InvalidParameter.ActionInProgress',
  'OperationDenied.InstanceStatusLimitError',
  'UnsupportedOperation.UnsupportedDeleteService',
  'FailedOperation.ListenerHasTask',
  // "busy, try later" per the SDK; the provider does not retry them, but doing so is safe (nothing was applied)
  'FailedOperation.ServiceInOperation',
  'FailedOperation.ApiInOperation',
]

const matches = (list: ReadonlyArray<string>, code: string): boolean =>
  list.includes(code) || list.includes(headOf(code))

/** Is a failed action with this code worth retrying? InternalError only for reads. */
export const isRetryableCode = (code: string, read: boolean): boolean =>
  matches(RETRYABLE_CODES, code) || (read && headOf(code) === 'InternalError')

const MISSING = /not\s*exist|not\s*found|does\s*not\s*exist|no\s*such/i

/** The PlatformError kind of an API error code (and, for InvalidParameter*, its message). */
export const kindOfCode = (code: string, message = ''): PlatformErrorKind => {
  const head = headOf(code)
  const sub = code.slice(head.length)
  if (head === 'RequestLimitExceeded') return 'RateLimited'
  if (
    code === 'AuthFailure.UnauthorizedOperation' ||
    head === 'UnauthorizedOperation' ||
    code === 'IpInBlacklist' ||
    code === 'IpNotInWhitelist'
  )
    return 'Forbidden'
  if (head === 'AuthFailure') return 'Unauthorized'
  if (head === 'ResourceNotFound' || /NotExist|NotFound/.test(sub)) return 'NotFound'
  if ((head === 'InvalidParameter' || head === 'InvalidParameterValue') && MISSING.test(message)) return 'NotFound'
  if (head === 'InternalError' || head === 'ResourceUnavailable' || head === 'ServiceUnavailable') return 'Server'
  if (matches(RETRYABLE_CODES, code) || head === 'FailedOperation' || head === 'OperationDenied') return 'Conflict'
  return 'Invalid'
}

// ── helpers ──────────────────────────────────────────────────────────────────
const plain = (v: Secret<string> | string | undefined): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? v : isSecret(v) ? reveal<string>(v) : undefined

/** `Result.ApiKeySet` inside the Response object. */
const at = (o: unknown, path: string): unknown =>
  path === ''
    ? o
    : path
        .split('.')
        .reduce<unknown>(
          (acc, k) => (typeof acc === 'object' && acc !== null ? (acc as Record<string, unknown>)[k] : undefined),
          o,
        )

const numberOf = (u: unknown): number | undefined => {
  const n = typeof u === 'number' ? u : typeof u === 'string' && u.trim() !== '' ? Number(u) : NaN
  return Number.isFinite(n) ? n : undefined
}

const secondsText = (ms: number): string => (ms < 1000 ? `${ms / 1000}s` : `${Math.round(ms / 1000)}s`)

// ── client ───────────────────────────────────────────────────────────────────
/** The signed action (API 3.0) platform client. */
export const tc3Client = (opts: Tc3ClientOptions): PlatformClient => {
  const now = opts.now ?? (() => new Date())
  const sleep = opts.sleep ?? realSleep
  const progress = opts.onProgress ?? (() => undefined)
  const secure = (opts.protocol ?? 'HTTPS').toLowerCase() !== 'http'
  const domain = opts.domain && opts.domain.trim() !== '' ? opts.domain.trim() : DEFAULT_DOMAIN
  const language = opts.language ?? 'en-US'
  const maxAttempts = opts.maxAttempts ?? 50
  const secrets = opts.secrets ?? secretValues()

  const target = (service: string): { url: string; host: string } | undefined => {
    if (opts.endpoint === undefined) {
      const host = `${service}.${domain}`
      return { url: `${secure ? 'https' : 'http'}://${host}/`, host }
    }
    try {
      const u = new URL(opts.endpoint)
      return { url: u.href, host: u.host }
    } catch {
      return undefined
    }
  }

  /** One signed HTTP exchange. */
  const attempt = async (
    req: ActionRequest,
    params: Readonly<Record<string, unknown>>,
    signal?: AbortSignal,
  ): Promise<E.Either<Failure, Record<string, unknown>>> => {
    const name = describeRequest(req)
    const read = isRead(req)
    const creds = await opts.credentials()()
    if (E.isLeft(creds)) return E.left({ error: { ...creds.left, request: name }, retry: false })
    const secretKey = plain(creds.right.secretKey)
    const token = plain(creds.right.token)
    if (!creds.right.secretId || !secretKey)
      return E.left({
        error: platformError('Unauthorized', name, 'the cloud credentials have no secretId or secretKey'),
        retry: false,
      })
    // before anything is sent, so that no message about this request can carry them
    secrets.add(secretKey, ...(token ? [token] : []), params)
    const scrub = secrets.redact
    const fail = (
      kind: PlatformErrorKind,
      message: string,
      retry: boolean,
      extra: Partial<Pick<PlatformError, 'status' | 'code' | 'ambiguous'>> = {},
    ) => E.left({ error: platformError(kind, name, scrub(message), extra), retry })

    const t = target(req.service)
    if (!t) return fail('Refused', `the configured endpoint ${JSON.stringify(opts.endpoint)} is not a valid URL`, false)
    const payload = JSON.stringify(revealDeep(params))
    const region = req.region === null ? undefined : (req.region ?? opts.region)
    const signed = signTc3({
      secretId: creds.right.secretId,
      secretKey,
      token,
      service: req.service,
      host: t.host,
      action: req.action,
      version: req.version,
      region: region || undefined,
      timestamp: Math.floor(now().getTime() / 1000),
      payload,
    })
    const headers = {
      ...signed.headers,
      'x-tc-language': language,
      'x-tc-requestclient': USER_AGENT,
      'user-agent': USER_AGENT,
      accept: 'application/json',
    }
    const r = await opts.http({
      method: 'POST',
      url: t.url,
      headers,
      body: payload,
      timeoutMs: opts.timeoutMs,
      signal,
    })()
    if (E.isLeft(r)) {
      const e = r.left
      const kind = e.kind === 'Timeout' ? 'Timeout' : e.kind === 'Aborted' ? 'Aborted' : 'Network'
      // nothing sent: always safe to retry; sent: only a read may be repeated blindly
      return fail(kind, e.message, e.kind !== 'Aborted' && (!e.sent || read), { ambiguous: !read && e.sent })
    }
    const res = r.right
    if (res.status !== 200) {
      const kind = kindOfStatus(res.status)
      const note = overlongWaitNote(res, now().getTime())
      const retry = !note && (res.status === 429 || ((res.status >= 500 || res.status === 408) && read))
      const text = `HTTP ${res.status} from the platform: ${excerpt(res.body, 160) || 'no body'}${note ? `; ${note}` : ''}`
      return fail(kind, text, retry, {
        status: res.status,
        ambiguous: !read && res.status >= 500,
      })
    }
    let json: unknown
    try {
      json = JSON.parse(res.body)
    } catch {
      return fail('Malformed', `the reply is not valid JSON (${excerpt(res.body, 80) || 'empty'})`, false, {
        status: res.status,
        ambiguous: !read,
      })
    }
    const response = (json as { Response?: unknown } | null)?.Response
    if (typeof response !== 'object' || response === null || Array.isArray(response))
      return fail('Malformed', `the reply has no Response object (${excerpt(res.body, 80)})`, false, {
        status: res.status,
        ambiguous: !read,
      })
    const err = (response as { Error?: unknown }).Error
    if (err !== undefined && err !== null) {
      const code =
        typeof (err as { Code?: unknown }).Code === 'string' ? (err as { Code: string }).Code : 'UnknownError'
      const message =
        typeof (err as { Message?: unknown }).Message === 'string' ? (err as { Message: string }).Message : 'no message'
      const requestId = (response as { RequestId?: unknown }).RequestId
      const kind = kindOfCode(code, message)
      const text = `${code}: ${message}${typeof requestId === 'string' ? ` (request id ${requestId})` : ''}`
      // an internal error on a write may have been half applied
      return fail(kind, text, isRetryableCode(code, read), {
        code,
        ambiguous: !read && headOf(code) === 'InternalError',
      })
    }
    return E.right(response as Record<string, unknown>)
  }

  /** Attempt, retrying the retryable failures with 0.5 s, 1 s, 2 s, 4 s, 8 s, then 10 s waits. */
  const withRetry = async (
    req: ActionRequest,
    params: Readonly<Record<string, unknown>>,
    signal?: AbortSignal,
  ): Promise<E.Either<PlatformError, Record<string, unknown>>> => {
    const read = isRead(req)
    const budget = read ? (opts.readRetryMs ?? 180_000) : (opts.writeRetryMs ?? 300_000)
    const start = now().getTime()
    let delay = 500
    for (let n = 1; ; n++) {
      const r = await attempt(req, params, signal)
      if (E.isRight(r)) return r
      const { error, retry } = r.left
      const elapsed = now().getTime() - start
      if (!retry || signal?.aborted) return E.left(error)
      if (n >= maxAttempts || elapsed + delay > budget)
        return E.left({
          ...error,
          message: `${error.message} (gave up after ${n} attempts over ${secondsText(elapsed)})`,
        })
      progress(
        `${describeRequest(req)}: ${error.code ?? error.kind}, retrying in ${secondsText(delay)} (attempt ${n + 1})`,
      )
      await sleep(delay, signal)
      delay = Math.min(delay * 2, 10_000)
    }
  }

  const send: Send = (req, signal) => async () => {
    if (req._tag !== 'Action')
      return E.left(
        platformError(
          'Refused',
          describeRequest(req),
          'the cloud platform speaks signed actions; a REST request cannot be sent to it',
        ),
      )
    if (!req.paginate) return withRetry(req, req.params, signal)
    const p = req.paginate
    const max = p.max ?? Infinity
    // VPC's address-template actions take Offset/Limit as strings: keep the type the spec used
    const stringy = typeof req.params.Offset === 'string' || typeof req.params.Limit === 'string'
    const limit = p.pageSize ?? numberOf(req.params.Limit) ?? PAGE_SIZE_BY_ACTION[req.action] ?? DEFAULT_PAGE_SIZE
    let offset = numberOf(req.params.Offset) ?? 0
    const parent = p.items.includes('.') ? p.items.slice(0, p.items.lastIndexOf('.')) : ''
    const all: unknown[] = []
    for (let n = 0; n < MAX_PAGES; n++) {
      const params = {
        ...req.params,
        Offset: stringy ? String(offset) : offset,
        Limit: stringy ? String(limit) : limit,
      }
      const r = await withRetry(req, params, signal)
      if (E.isLeft(r)) return r
      const raw = at(r.right, p.items)
      if (raw !== undefined && raw !== null && !Array.isArray(raw))
        return E.left(
          platformError(
            'Malformed',
            describeRequest(req),
            `expected a list at Response.${p.items}, got ${excerpt(JSON.stringify(raw) ?? '', 80)}`,
          ),
        )
      const items = (raw ?? []) as ReadonlyArray<unknown>
      all.push(...items)
      if (all.length >= max) return E.right(all.slice(0, max))
      offset += items.length
      const holder = at(r.right, parent) as Record<string, unknown> | undefined
      const total =
        numberOf(holder?.TotalCount) ??
        numberOf(holder?.Total) ??
        numberOf(r.right.TotalCount) ??
        numberOf(r.right.Total)
      if (items.length === 0 || items.length < limit || (total !== undefined && offset >= total)) return E.right(all)
    }
    return E.left(platformError('Malformed', describeRequest(req), `more than ${MAX_PAGES} pages; giving up`))
  }

  return { call: runWire(send, opts), redact: secrets.redact }
}
