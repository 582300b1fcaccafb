/**
 * restClient: the bearer-token JSON REST protocol of the cost and hosting platforms. It turns a
 * RestRequest into HTTP (URL, query, headers, JSON body), follows the platform's pagination style,
 * and decodes error bodies into typed PlatformErrors. The token is revealed only while building
 * the request headers; it and every secret value sent (by any client sharing `secrets`) are blanked
 * from every message built from a response, since platforms quote requests in their errors.
 */
import * as E from 'fp-ts/Either'
import {
  describeRequest,
  platformError,
  type PlatformClient,
  type PlatformError,
  type PlatformErrorKind,
  type RestRequest,
} from '../src/core/wire'
import { MESSAGE_LINK_HEADER, type RestConventions } from '../src/core/client-recipe'
import { isSecret, reveal, revealDeep, type Secret } from '../src/core/secret'
import { VERSION } from '../src/core/version'
import type { HttpClient, HttpError, HttpResponse } from './http'
import { secretValues, type SecretValues } from './redact'
import { overlongWaitNote } from './retry'
import { isRead, runWire, type Send, type SequenceOptions } from './sequence'

// ── model ────────────────────────────────────────────────────────────────────
/** How a platform's error bodies and pages read (src/core/client-recipe.ts). */
export type RestStyle = RestConventions

export interface RestClientOptions extends SequenceOptions {
  /** only the origin (scheme, host, port) is used: request paths carry `/v2` or `/api/v1` */
  readonly baseUrl: string
  readonly token?: Secret<string> | string
  readonly http: HttpClient
  readonly timeoutMs?: number
  /** error body shape and pagination style (default: MESSAGE_LINK_HEADER) */
  readonly style?: RestStyle
  readonly userAgent?: string
  /** how to configure the token, for the missing-token message (e.g. `set apiToken or ITS_ENV_VARIABLE`) */
  readonly tokenHint?: string
  /** the run's secret values, blanked from every error (default: this client's own) */
  readonly secrets?: SecretValues
}

/** What every request says it comes from: `trellis/<installed version>`. */
export const USER_AGENT = `trellis/${VERSION}`
/** a pagination loop longer than this is a platform bug (a `next` that never ends) */
export const MAX_PAGES = 10_000

type Query = NonNullable<RestRequest['query']>
type HttpHeaders = Readonly<Record<string, string>>
interface Reply {
  readonly body: unknown
  readonly headers: Readonly<Record<string, string>>
}

// ── helpers ──────────────────────────────────────────────────────────────────
/** The origin of a base URL; a value without a scheme means https. */
export const originOf = (baseUrl: string): string | undefined => {
  const b = baseUrl.trim()
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(b) ? b : `https://${b}`).origin
  } catch {
    return undefined
  }
}

const enc = encodeURIComponent

/** `a=1&tags=x,y`: undefined values and empty arrays are left out; arrays are comma-joined. */
export const encodeQuery = (q: Query): string => {
  let out = ''
  for (const k in q) {
    const v = q[k]
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue
    out += `${out === '' ? '' : '&'}${enc(k)}=${enc(Array.isArray(v) ? v.join(',') : String(v))}`
  }
  return out
}

export const kindOfStatus = (status: number): PlatformErrorKind =>
  status === 401
    ? 'Unauthorized'
    : status === 403
      ? 'Forbidden'
      : status === 404 || status === 410
        ? 'NotFound'
        : status === 408
          ? 'Timeout'
          : status === 409
            ? 'Conflict'
            : status === 429
              ? 'RateLimited'
              : status >= 500
                ? 'Server'
                : 'Invalid'

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}
export const reasonOf = (status: number): string => REASONS[status] ?? `HTTP ${status}`

/** A short, single-line excerpt of a text or HTML body (its title when it has one). */
export const excerpt = (text: string, max = 200): string => {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1]
  const plain = (title ?? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max)}…` : plain
}

const messageOf = (u: unknown): string | undefined =>
  typeof u === 'string'
    ? u
    : typeof u === 'object' && u !== null && typeof (u as { message?: unknown }).message === 'string'
      ? (u as { message: string }).message
      : undefined

/**
 * The human message of an error body, `{errors: [..]}` or `{code, message}`: the style's member
 * first and the other as a fallback, then
 * plain text (`Not Found`) or an HTML page's title.
 */
export const errorMessage = (style: RestStyle, res: HttpResponse): string => {
  const text = res.body.trim()
  if (text === '') return reasonOf(res.status)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return excerpt(text) || reasonOf(res.status)
  }
  if (typeof json === 'object' && json !== null) {
    const o = json as Record<string, unknown>
    const errors = Array.isArray(o.errors) ? o.errors.map(messageOf).filter((m): m is string => !!m) : []
    const fromErrors = errors.length > 0 ? errors.join('; ') : typeof o.errors === 'string' ? o.errors : undefined
    const fromMessage =
      typeof o.message === 'string' && o.message !== '' ? o.message : typeof o.error === 'string' ? o.error : undefined
    const m = style.errors === 'errors' ? (fromErrors ?? fromMessage) : (fromMessage ?? fromErrors)
    if (m) return m
    return Object.keys(o).length === 0 ? reasonOf(res.status) : `${reasonOf(res.status)}: ${excerpt(text)}`
  }
  return typeof json === 'string' && json !== '' ? json : reasonOf(res.status)
}

/** `<…?page=2>; rel="next", <…>; rel="last"` → the URL of each rel. */
export const parseLinkHeader = (h: string): Readonly<Record<string, string>> => {
  const out: Record<string, string> = {}
  for (const m of h.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const rel = /rel\s*=\s*"?([^";,]+)"?/i.exec(m[2] ?? '')?.[1]
    if (rel) for (const r of rel.trim().split(/\s+/)) out[r.toLowerCase()] = m[1]!
  }
  return out
}

const pageOf = (url: string, base: string): number | undefined => {
  try {
    const p = new URL(url, base).searchParams.get('page')
    const n = p === null ? NaN : Number(p)
    return Number.isInteger(n) && n > 0 ? n : undefined
  } catch {
    return undefined
  }
}

const tokenOf = (t: Secret<string> | string | undefined): E.Either<string, string> => {
  if (t === undefined) return E.left('no API token is configured')
  if (typeof t === 'string') return t.trim() === '' ? E.left('the API token is empty') : E.right(t)
  if (!isSecret(t))
    return E.left('the API token was read back from a saved file and holds no value; configure it again')
  const v = reveal(t)
  return typeof v === 'string' && v.trim() !== '' ? E.right(v) : E.left('the API token is empty')
}

// ── one call ─────────────────────────────────────────────────────────────────
// what trim() === '' says, without a trimmed copy of every reply
const BLANK = /^\s*$/

type Extra = Partial<Pick<PlatformError, 'status' | 'ambiguous'>>

/** One REST request and its pages (a class: a call allocates one object, not a closure per helper). */
class RestCall {
  private readonly write: boolean
  private readonly path: string
  private readonly style: RestStyle

  constructor(
    private readonly opts: RestClientOptions,
    private readonly req: RestRequest,
    private readonly origin: string,
    private readonly body: string | undefined,
    private readonly headers: HttpHeaders,
    private readonly scrub: (s: string) => string,
    private readonly now: () => number,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.write = !isRead(req)
    this.style = opts.style ?? MESSAGE_LINK_HEADER
    this.path = req.path.startsWith('/') ? req.path : `/${req.path}`
  }

  private fail(kind: PlatformErrorKind, message: string, extra: Extra = {}): E.Either<PlatformError, never> {
    return E.left(platformError(kind, describeRequest(this.req), this.scrub(message), extra))
  }

  private fromHttpError(e: HttpError): E.Either<PlatformError, never> {
    return this.fail(e.kind === 'Timeout' ? 'Timeout' : e.kind === 'Aborted' ? 'Aborted' : 'Network', e.message, {
      ambiguous: this.write && e.sent,
    })
  }

  // a then rather than an async function (and none around it for a single page): every request of
  // an apply passes here, and each async layer cost a promise and turns of the microtask queue
  private exchange(query: Query): Promise<E.Either<PlatformError, Reply>>
  private exchange(query: Query, bodyOnly: true): Promise<E.Either<PlatformError, unknown>>
  private exchange(query: Query, bodyOnly = false): Promise<unknown> {
    const { opts, req, path } = this
    try {
      const qs = encodeQuery(query)
      const url = `${this.origin}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`
      return opts
        .http({
          method: req.method,
          url,
          headers: this.headers,
          body: this.body,
          timeoutMs: opts.timeoutMs,
          signal: this.signal,
        })()
        .then(bodyOnly ? (r) => this.bodyOf(r) : (r) => this.replied(r))
    } catch (e) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- whatever was thrown, as an async function would reject with it
      return Promise.reject(e)
    }
  }

  private replied(r: E.Either<HttpError, HttpResponse>): E.Either<PlatformError, Reply> {
    const body = this.bodyOf(r)
    return E.isLeft(body) ? body : E.right({ body: body.right, headers: (r as E.Right<HttpResponse>).right.headers })
  }

  /** the reply's JSON body, or the error it is (a single page's reply is only its body: no Reply made) */
  private bodyOf(r: E.Either<HttpError, HttpResponse>): E.Either<PlatformError, unknown> {
    if (E.isLeft(r)) return this.fromHttpError(r.left)
    const res = r.right
    if (res.status >= 300) {
      const note = overlongWaitNote(res, this.now())
      const message =
        res.status < 400
          ? `unexpected redirect (HTTP ${res.status}) to ${res.headers.location ?? 'nowhere'}`
          : `${errorMessage(this.style, res)}${note ? `; ${note}` : ''}`
      return this.fail(kindOfStatus(res.status), message, {
        status: res.status,
        ambiguous: this.write && res.status >= 500,
      })
    }
    if (BLANK.test(res.body)) return E.right(null)
    try {
      return E.right(JSON.parse(res.body) as unknown)
    } catch {
      const what = /^\s*</.test(res.body)
        ? `an HTML page (${excerpt(res.body, 80)})`
        : `not valid JSON (${excerpt(res.body, 80)}, ${res.body.length} bytes)`
      return this.fail('Malformed', `the platform answered ${res.status} but the reply is ${what}`, {
        status: res.status,
        ambiguous: this.write,
      })
    }
  }

  private itemsOf(reply: Reply, key: string): E.Either<PlatformError, ReadonlyArray<unknown>> {
    const v =
      key === ''
        ? reply.body
        : typeof reply.body === 'object' && reply.body !== null
          ? (reply.body as Record<string, unknown>)[key]
          : undefined
    if (Array.isArray(v)) return E.right(v)
    if (key !== '' && v == null && typeof reply.body === 'object' && reply.body !== null) return E.right([])
    return this.fail(
      'Malformed',
      `expected a list ${key === '' ? 'as the reply body' : `under "${key}"`} in each page, got ${excerpt(JSON.stringify(reply.body) ?? 'nothing', 80)}`,
    )
  }

  run(): Promise<E.Either<PlatformError, unknown>> {
    if (this.req.paginate) return this.pages(this.req.paginate)
    // the body taken in the exchange's own then (a page's reply is not kept)
    return this.exchange(this.req.query ?? {}, true)
  }

  private async pages(p: NonNullable<RestRequest['paginate']>): Promise<E.Either<PlatformError, unknown>> {
    const { req } = this
    if (p.paged === false) {
      // only what the operation declares: no limit/page or page/per_page parameters
      const r = await this.exchange(req.query ?? {})
      if (E.isLeft(r)) return r
      const items = this.itemsOf(r.right, p.items)
      return E.isLeft(items) ? items : E.right(p.max === undefined ? items.right : items.right.slice(0, p.max))
    }
    const max = p.max ?? Infinity
    const paging = this.style.paging
    const size = p.pageSize ?? paging.pageSize
    const all: unknown[] = []
    let page = 1
    for (let n = 0; n < MAX_PAGES; n++) {
      const query = { ...req.query, [paging.sizeParam]: size, page }
      const r = await this.exchange(query)
      if (E.isLeft(r)) return r
      const items = this.itemsOf(r.right, p.items)
      if (E.isLeft(items)) return items
      all.push(...items.right)
      if (all.length >= max) return E.right(all.slice(0, max))
      let next: number | undefined
      if (paging.next === 'body-links') {
        // links.next null or absent (some endpoints have no links at all): this was the last page
        const links = (r.right.body as { links?: { next?: unknown } } | null)?.links
        const url = typeof links?.next === 'string' && links.next !== '' ? links.next : undefined
        if (!url) return E.right(all)
        next = pageOf(url, this.origin)
        if (next === undefined) return this.fail('Malformed', `links.next (${excerpt(url, 120)}) names no page number`)
      } else {
        if (items.right.length === 0) return E.right(all)
        const link = r.right.headers.link
        if (link === undefined) {
          if (items.right.length < size) return E.right(all)
          next = page + 1
        } else {
          const url = parseLinkHeader(link).next
          if (!url) return E.right(all)
          next = pageOf(url, this.origin) ?? page + 1
        }
      }
      if (next <= page) return this.fail('Malformed', `the next page (${next}) does not come after page ${page}`)
      page = next
    }
    return this.fail('Malformed', `more than ${MAX_PAGES} pages; giving up`)
  }
}

// ── client ───────────────────────────────────────────────────────────────────
/** A bearer-token JSON REST platform client (pagination styles, error bodies). */
export const restClient = (opts: RestClientOptions): PlatformClient => {
  const origin = originOf(opts.baseUrl)
  const userAgent = opts.userAgent ?? USER_AGENT
  const secrets = opts.secrets ?? secretValues()
  const now = (): number => (opts.now ?? (() => new Date()))().getTime()
  // the same few headers on every request: made once per token, and frozen (the transport then
  // checks and writes them once)
  let headersOf: { readonly token: string; readonly plain: HttpHeaders; readonly json: HttpHeaders } | undefined
  const headersFor = (token: string, json: boolean): HttpHeaders => {
    if (headersOf?.token !== token) {
      const plain = { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': userAgent }
      headersOf = {
        token,
        plain: Object.freeze(plain),
        json: Object.freeze({ ...plain, 'content-type': 'application/json' }),
      }
    }
    return json ? headersOf.json : headersOf.plain
  }

  const refused = (e: PlatformError): Promise<E.Either<PlatformError, never>> => Promise.resolve(E.left(e))
  // the client's token is fixed: checked (and revealed) once, not per request
  let checkedToken: E.Either<string, string> | undefined
  // not an async function (see RestCall.exchange); a throw is a rejection, as it would be
  const send: Send = (req, signal) => () => {
    try {
      if (req._tag !== 'Rest')
        return refused(
          platformError(
            'Refused',
            describeRequest(req),
            `the platform at ${opts.baseUrl} speaks REST; a signed action request cannot be sent to it`,
          ),
        )
      const token = (checkedToken ??= tokenOf(opts.token))
      if (E.isLeft(token))
        return refused(
          platformError(
            'Unauthorized',
            describeRequest(req),
            `${token.left}${opts.tokenHint ? `: ${opts.tokenHint}` : ''}`,
          ),
        )
      if (!origin)
        return refused(
          platformError(
            'Refused',
            describeRequest(req),
            `the configured base URL ${JSON.stringify(opts.baseUrl)} is not a valid URL`,
          ),
        )
      const secretText = token.right
      // before anything is sent, so that no message about this request can carry them
      secrets.add(secretText, req.body, req.query)
      const body = req.body === undefined || req.method === 'GET' ? undefined : JSON.stringify(revealDeep(req.body))
      return new RestCall(
        opts,
        req,
        origin,
        body,
        headersFor(secretText, body !== undefined),
        secrets.redact,
        now,
        signal,
      ).run()
    } catch (e) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- whatever was thrown, as an async function would reject with it
      return Promise.reject(e)
    }
  }

  return { call: runWire(send, opts), redact: secrets.redact }
}
