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
import type { HttpClient, HttpError, HttpResponse } from './http'
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

/** What one client's requests share. */
interface Tc3Context {
  readonly opts: Tc3ClientOptions
  readonly now: () => Date
  readonly sleep: NonNullable<SequenceOptions['sleep']>
  readonly progress: (message: string) => void
  readonly secure: boolean
  readonly domain: string
  readonly language: string
  readonly maxAttempts: number
  readonly secrets: SecretValues
}

type Fail = (
  kind: PlatformErrorKind,
  message: string,
  retry: boolean,
  extra?: Partial<Pick<PlatformError, 'status' | 'code' | 'ambiguous'>>,
) => E.Either<Failure, never>

const target = (ctx: Tc3Context, service: string): { url: string; host: string } | undefined => {
  if (ctx.opts.endpoint === undefined) {
    const host = `${service}.${ctx.domain}`
    return { url: `${ctx.secure ? 'https' : 'http'}://${host}/`, host }
  }
  try {
    const u = new URL(ctx.opts.endpoint)
    return { url: u.href, host: u.host }
  } catch {
    return undefined
  }
}

/** The `Response` of a 200 reply's body, or the failure its envelope names. */
const responseOf = (body: string, read: boolean, fail: Fail): E.Either<Failure, Record<string, unknown>> => {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return fail('Malformed', `the reply is not valid JSON (${excerpt(body, 80) || 'empty'})`, false, {
      status: 200,
      ambiguous: !read,
    })
  }
  const response = (json as { Response?: unknown } | null)?.Response
  if (typeof response !== 'object' || response === null || Array.isArray(response))
    return fail('Malformed', `the reply has no Response object (${excerpt(body, 80)})`, false, {
      status: 200,
      ambiguous: !read,
    })
  const err = (response as { Error?: unknown }).Error
  if (err === undefined || err === null) return E.right(response as Record<string, unknown>)
  const e = err as { Code?: unknown; Message?: unknown }
  const code = typeof e.Code === 'string' ? e.Code : 'UnknownError'
  const message = typeof e.Message === 'string' ? e.Message : 'no message'
  const requestId = (response as { RequestId?: unknown }).RequestId
  const text = `${code}: ${message}${typeof requestId === 'string' ? ` (request id ${requestId})` : ''}`
  // an internal error on a write may have been half applied
  return fail(kindOfCode(code, message), text, isRetryableCode(code, read), {
    code,
    ambiguous: !read && headOf(code) === 'InternalError',
  })
}

/** The failure of an exchange that got no 200 (or no answer at all). */
const exchangeFailure = (ctx: Tc3Context, r: E.Either<HttpError, HttpResponse>, read: boolean, fail: Fail) => {
  if (E.isLeft(r)) {
    const e = r.left
    const kind = e.kind === 'Timeout' ? 'Timeout' : e.kind === 'Aborted' ? 'Aborted' : 'Network'
    // nothing sent: always safe to retry; sent: only a read may be repeated blindly
    return fail(kind, e.message, e.kind !== 'Aborted' && (!e.sent || read), { ambiguous: !read && e.sent })
  }
  const res = r.right
  const note = overlongWaitNote(res, ctx.now().getTime())
  const retry = !note && (res.status === 429 || ((res.status >= 500 || res.status === 408) && read))
  const text = `HTTP ${res.status} from the platform: ${excerpt(res.body, 160) || 'no body'}${note ? `; ${note}` : ''}`
  return fail(kindOfStatus(res.status), text, retry, { status: res.status, ambiguous: !read && res.status >= 500 })
}

/** The signed POST of an action's payload to `t`. */
const signedPost = (
  ctx: Tc3Context,
  req: ActionRequest,
  keys: { secretId: string; secretKey: string; token?: string },
  t: { url: string; host: string },
  payload: string,
) => {
  const region = req.region === null ? undefined : (req.region ?? ctx.opts.region)
  const signed = signTc3({
    ...keys,
    service: req.service,
    host: t.host,
    action: req.action,
    version: req.version,
    region: region || undefined,
    timestamp: Math.floor(ctx.now().getTime() / 1000),
    payload,
  })
  const headers = {
    ...signed.headers,
    'x-tc-language': ctx.language,
    'x-tc-requestclient': USER_AGENT,
    'user-agent': USER_AGENT,
    accept: 'application/json',
  }
  return { method: 'POST' as const, url: t.url, headers, body: payload, timeoutMs: ctx.opts.timeoutMs }
}

/** One signed HTTP exchange. */
const attempt = async (
  ctx: Tc3Context,
  req: ActionRequest,
  params: Readonly<Record<string, unknown>>,
  signal?: AbortSignal,
): Promise<E.Either<Failure, Record<string, unknown>>> => {
  const name = describeRequest(req)
  const read = isRead(req)
  const creds = await ctx.opts.credentials()()
  if (E.isLeft(creds)) return E.left({ error: { ...creds.left, request: name }, retry: false })
  const secretKey = plain(creds.right.secretKey)
  const token = plain(creds.right.token)
  if (!creds.right.secretId || !secretKey)
    return E.left({
      error: platformError('Unauthorized', name, 'the cloud credentials have no secretId or secretKey'),
      retry: false,
    })
  // before anything is sent, so that no message about this request can carry them
  ctx.secrets.add(secretKey, ...(token ? [token] : []), params)
  const fail: Fail = (kind, message, retry, extra = {}) =>
    E.left({ error: platformError(kind, name, ctx.secrets.redact(message), extra), retry })
  const t = target(ctx, req.service)
  if (!t)
    return fail('Refused', `the configured endpoint ${JSON.stringify(ctx.opts.endpoint)} is not a valid URL`, false)
  const keys = { secretId: creds.right.secretId, secretKey, token }
  const post = signedPost(ctx, req, keys, t, JSON.stringify(revealDeep(params)))
  const r = await ctx.opts.http({ ...post, signal })()
  if (E.isLeft(r) || r.right.status !== 200) return exchangeFailure(ctx, r, read, fail)
  return responseOf(r.right.body, read, fail)
}

/** Attempt, retrying the retryable failures with 0.5 s, 1 s, 2 s, 4 s, 8 s, then 10 s waits. */
const withRetry = async (
  ctx: Tc3Context,
  req: ActionRequest,
  params: Readonly<Record<string, unknown>>,
  signal?: AbortSignal,
): Promise<E.Either<PlatformError, Record<string, unknown>>> => {
  const read = isRead(req)
  const budget = read ? (ctx.opts.readRetryMs ?? 180_000) : (ctx.opts.writeRetryMs ?? 300_000)
  const start = ctx.now().getTime()
  let delay = 500
  for (let n = 1; ; n++) {
    const r = await attempt(ctx, req, params, signal)
    if (E.isRight(r)) return r
    const { error, retry } = r.left
    const elapsed = ctx.now().getTime() - start
    if (!retry || signal?.aborted) return E.left(error)
    if (n >= ctx.maxAttempts || elapsed + delay > budget)
      return E.left({
        ...error,
        message: `${error.message} (gave up after ${n} attempts over ${secondsText(elapsed)})`,
      })
    ctx.progress(
      `${describeRequest(req)}: ${error.code ?? error.kind}, retrying in ${secondsText(delay)} (attempt ${n + 1})`,
    )
    await ctx.sleep(delay, signal)
    delay = Math.min(delay * 2, 10_000)
  }
}

/** The total a page's reply announces, where the list's parent or the Response says it. */
const totalOf = (response: Record<string, unknown>, parent: string): number | undefined => {
  const holder = at(response, parent) as Record<string, unknown> | undefined
  return (
    numberOf(holder?.TotalCount) ?? numberOf(holder?.Total) ?? numberOf(response.TotalCount) ?? numberOf(response.Total)
  )
}

/** Every page of a paginated action, by Offset and Limit. */
const pages = async (ctx: Tc3Context, req: ActionRequest, signal?: AbortSignal) => {
  const p = req.paginate!
  const max = p.max ?? Infinity
  // VPC's address-template actions take Offset/Limit as strings: keep the type the spec used
  const stringy = typeof req.params.Offset === 'string' || typeof req.params.Limit === 'string'
  const limit = p.pageSize ?? numberOf(req.params.Limit) ?? PAGE_SIZE_BY_ACTION[req.action] ?? DEFAULT_PAGE_SIZE
  let offset = numberOf(req.params.Offset) ?? 0
  const parent = p.items.includes('.') ? p.items.slice(0, p.items.lastIndexOf('.')) : ''
  const all: unknown[] = []
  for (let n = 0; n < MAX_PAGES; n++) {
    const params = { ...req.params, Offset: stringy ? String(offset) : offset, Limit: stringy ? String(limit) : limit }
    const r = await withRetry(ctx, req, params, signal)
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
    const total = totalOf(r.right, parent)
    if (items.length === 0 || items.length < limit || (total !== undefined && offset >= total)) return E.right(all)
  }
  return E.left(platformError('Malformed', describeRequest(req), `more than ${MAX_PAGES} pages; giving up`))
}

// ── client ───────────────────────────────────────────────────────────────────
/** The signed action (API 3.0) platform client. */
export const tc3Client = (opts: Tc3ClientOptions): PlatformClient => {
  const ctx: Tc3Context = {
    opts,
    now: opts.now ?? (() => new Date()),
    sleep: opts.sleep ?? realSleep,
    progress: opts.onProgress ?? (() => undefined),
    secure: (opts.protocol ?? 'HTTPS').toLowerCase() !== 'http',
    domain: opts.domain && opts.domain.trim() !== '' ? opts.domain.trim() : DEFAULT_DOMAIN,
    language: opts.language ?? 'en-US',
    maxAttempts: opts.maxAttempts ?? 50,
    secrets: opts.secrets ?? secretValues(),
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
    return req.paginate ? pages(ctx, req, signal) : withRetry(ctx, req, req.params, signal)
  }
  return { call: runWire(send, opts), redact: ctx.secrets.redact }
}
