/**
 * The wire contract between specs and platform clients. A spec's wire table turns spec-named
 * values into WireRequests; a PlatformClient (clients/rest.ts, clients/tc3.ts) sends them.
 * The core never sees HTTP: it only knows these plain descriptions.
 */
import type { TaskEither } from 'fp-ts/TaskEither'

// ── requests ─────────────────────────────────────────────────────────────────
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Paginate {
  /** key of the item array in each page's body ('' when the body itself is the array) */
  readonly items: string
  /** stop after this many items (e.g. the integrations lookups' 1,000) */
  readonly max?: number
  /** page size to ask for */
  readonly pageSize?: number
  /**
   * false: the operation declares no paging parameters, so none are sent — one request, whose
   * items are taken from the reply (the platform returns them all)
   */
  readonly paged?: boolean
}

/** Continue a sequence: the next request is built from the previous reply (undefined = done). */
export type Then = (reply: unknown) => WireRequest | undefined

/** Repeat a request until the reply satisfies `until` (asynchronous creates). */
export interface Poll {
  readonly until: (reply: unknown) => boolean
  readonly timeoutMs: number
  readonly intervalMs: number
  /** what we are waiting for, for progress lines */
  readonly what: string
  /**
   * a NotFound reply: `wait` (default) takes it for "not visible yet" (read after create); `end`
   * ends the wait with it, for waits where it means the object is gone (a delete's unbind)
   */
  readonly notFound?: 'wait' | 'end'
}

interface Common {
  readonly paginate?: Paginate
  readonly then?: Then
  readonly poll?: Poll
}

/** Bearer-token JSON REST (cost, hosting). `path` is relative to the client's base URL. */
export interface RestRequest extends Common {
  readonly _tag: 'Rest'
  readonly method: HttpMethod
  readonly path: string
  readonly query?: Readonly<Record<string, string | number | boolean | ReadonlyArray<string> | undefined>>
  readonly body?: unknown
}

/** Signed action call (cloud API 3.0). */
export interface ActionRequest extends Common {
  readonly _tag: 'Action'
  readonly service: string
  readonly version: string
  readonly action: string
  readonly params: Readonly<Record<string, unknown>>
  /** region header; undefined = the configured region; null = none (global actions) */
  readonly region?: string | null
}

/** One request a spec describes: REST (a method and a path) or a signed action. */
export type WireRequest = RestRequest | ActionRequest

/** A REST request: method, path, and optionally query, body and pagination. */
export const rest = (
  method: HttpMethod,
  path: string,
  extra: Omit<RestRequest, '_tag' | 'method' | 'path'> = {},
): RestRequest => ({ _tag: 'Rest', method, path, ...extra })

/** A signed action request: service, API version, action name and parameters. */
export const action = (
  service: string,
  version: string,
  name: string,
  params: Record<string, unknown>,
  extra: Omit<ActionRequest, '_tag' | 'service' | 'version' | 'action' | 'params'> = {},
): ActionRequest => ({ _tag: 'Action', service, version, action: name, params, ...extra })

/** `POST /v2/folders` or `apigateway:CreateService`, for messages and journals. */
export const describeRequest = (r: WireRequest): string =>
  r._tag === 'Rest' ? `${r.method} ${r.path}` : `${r.service}:${r.action}`

// ── errors ───────────────────────────────────────────────────────────────────
/** What went wrong on the way to a platform or in its reply; the engine retries and reports by it. */
export type PlatformErrorKind =
  | 'NotFound'
  | 'Invalid'
  | 'Unauthorized'
  | 'Forbidden'
  | 'Conflict'
  | 'RateLimited'
  | 'Server'
  | 'Network'
  | 'Timeout'
  | 'Malformed'
  | 'Refused'
  | 'Aborted'

/** A failed platform call, as a PlatformClient answers it (a Left, never thrown). */
export interface PlatformError {
  readonly _tag: 'PlatformError'
  readonly kind: PlatformErrorKind
  /** e.g. `POST /v2/folders` */
  readonly request: string
  readonly message: string
  readonly status?: number
  /** platform error code, e.g. `ResourceNotFound` */
  readonly code?: string
  /** true when the request may have reached the platform and changed something */
  readonly ambiguous: boolean
}

/** The code of a wait that ran out (a poll's bound): the platform answered, the state never came. */
export const WAIT_TIMED_OUT = 'WaitTimedOut'

/** A PlatformError of a kind for a request, not ambiguous unless `extra` says so. */
export const platformError = (
  kind: PlatformErrorKind,
  request: string,
  message: string,
  extra: Partial<Pick<PlatformError, 'status' | 'code' | 'ambiguous'>> = {},
): PlatformError => ({ _tag: 'PlatformError', kind, request, message, ambiguous: false, ...extra })

// ── client ───────────────────────────────────────────────────────────────────
/**
 * One platform's protocol over an HttpClient. `call` sends one request (following `paginate`,
 * `poll` and `then`) and resolves to the decoded JSON reply (for `paginate`: every item).
 * Secrets inside a request are revealed by the client, at the last moment.
 */
export interface PlatformClient {
  readonly call: (req: WireRequest, signal?: AbortSignal) => TaskEither<PlatformError, unknown>
  /** blanks every secret value this client (and the clients sharing its secrets) sent so far */
  readonly redact?: (text: string) => string
}
