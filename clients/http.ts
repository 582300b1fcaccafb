/**
 * HttpClient: one request in, a TaskEither of the response out, over plain data. Transports
 * (fetch, scripted, emulators) and middlewares (retry, rate budget, redaction, logging) all share
 * this one shape, so they compose with plain function application.
 */
import type { TaskEither } from 'fp-ts/TaskEither'

// ── model ────────────────────────────────────────────────────────────────────
/** An HTTP request as clients send it. */
export interface HttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'
  /** absolute URL */
  readonly url: string
  /** lower-case header names */
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
  /** per-request timeout in ms (the fetch transport enforces it) */
  readonly timeoutMs?: number
  readonly signal?: AbortSignal
}

/** An HTTP response as clients see it. */
export interface HttpResponse {
  readonly status: number
  /** lower-case header names */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

export type HttpErrorKind =
  /** nothing was sent (DNS, connection refused, reset before the request was written) */
  | 'ConnectFailed'
  /** the connection broke after the request was sent: it may have been applied */
  | 'ConnectionReset'
  | 'Timeout'
  | 'Aborted'

/** A transport failure: network, timeout, abort or a malformed answer. */
export interface HttpError {
  readonly _tag: 'HttpError'
  readonly kind: HttpErrorKind
  readonly message: string
  /** could the server have received (and applied) the request? */
  readonly sent: boolean
  readonly method: string
  readonly url: string
}

/** Send one request; a TaskEither of the response or a transport error. */
export type HttpClient = (req: HttpRequest) => TaskEither<HttpError, HttpResponse>

/** A middleware wraps a client. */
export type Middleware = (next: HttpClient) => HttpClient

// ── constructors ─────────────────────────────────────────────────────────────
/** Make an HttpError. */
export const httpError = (
  kind: HttpErrorKind,
  req: Pick<HttpRequest, 'method' | 'url'>,
  message: string,
  sent: boolean,
): HttpError => ({
  _tag: 'HttpError',
  kind,
  message,
  sent,
  method: req.method,
  url: req.url,
})

/** Compose middlewares, outermost first: `compose(retry, rateBudget)(transport)`. */
export const compose =
  (...mws: ReadonlyArray<Middleware>): Middleware =>
  (client) =>
    mws.reduceRight((acc, mw) => mw(acc), client)
