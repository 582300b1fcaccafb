/**
 * scripted: an HttpClient for tests that answers only what the test declared. Each expectation
 * matches a method and a URL path (and, when given, query parameters and a partial JSON body) and
 * answers a fixed number of times; an unexpected request fails loudly, naming itself and what was
 * expected, and `assertNoPending()` reports every expectation that never came (undici MockAgent's
 * contract). Every request is recorded, so tests assert on what was sent.
 */
import * as E from 'fp-ts/Either'
import type { HttpClient, HttpError, HttpErrorKind, HttpRequest, HttpResponse } from './http'
import { httpError } from './http'

// ── model ────────────────────────────────────────────────────────────────────
export interface ExpectOptions {
  /** deep partial match against the JSON request body (a string matches the raw body exactly) */
  readonly body?: unknown
  /** these parameters must be present with these values; others are allowed */
  readonly query?: Readonly<Record<string, string>>
}

export interface ExpectationHandle {
  /** answer this many matching requests (default 1) */
  readonly times: (n: number) => ExpectationHandle
}

export interface Expectation {
  /** answer with this status; a non-string body is sent as JSON */
  readonly reply: (status: number, body?: unknown, headers?: Readonly<Record<string, string>>) => ExpectationHandle
  /** fail at the transport level; `sent` defaults to false for ConnectFailed, true otherwise */
  readonly fail: (
    kind: HttpErrorKind,
    opts?: { readonly sent?: boolean; readonly message?: string },
  ) => ExpectationHandle
  /** compute the answer from the request */
  readonly respond: (f: (req: HttpRequest) => HttpResponse) => ExpectationHandle
}

export interface Scripted {
  readonly expect: (method: HttpRequest['method'], pathOrUrl: string, opts?: ExpectOptions) => Expectation
  readonly client: HttpClient
  /** every request received, in order, unmatched ones included */
  readonly calls: () => ReadonlyArray<HttpRequest>
  /** descriptions of the expectations not fully consumed */
  readonly pending: () => ReadonlyArray<string>
  /** throws, listing every expectation not fully consumed */
  readonly assertNoPending: () => void
}

type Outcome =
  | { readonly _tag: 'Reply'; readonly response: (req: HttpRequest) => HttpResponse }
  | { readonly _tag: 'Fail'; readonly kind: HttpErrorKind; readonly sent: boolean; readonly message?: string }

interface Rule {
  readonly method: string
  readonly origin?: string
  readonly pathname: string
  readonly query?: Readonly<Record<string, string>>
  readonly body?: unknown
  readonly hasBody: boolean
  total: number
  used: number
  outcome?: Outcome
}

// ── matching ─────────────────────────────────────────────────────────────────
/** Is every part of `expected` present in `actual`? Arrays match element-wise, same length. */
export const partialMatch = (expected: unknown, actual: unknown): boolean => {
  if (expected === null || typeof expected !== 'object') return Object.is(expected, actual)
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => partialMatch(e, actual[i]))
    )
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false
  return Object.entries(expected).every(
    ([k, v]) =>
      Object.prototype.hasOwnProperty.call(actual, k) && partialMatch(v, (actual as Record<string, unknown>)[k]),
  )
}

const parseJson = (s: string | undefined): { ok: true; value: unknown } | { ok: false } => {
  if (s === undefined) return { ok: false }
  try {
    return { ok: true, value: JSON.parse(s) }
  } catch {
    return { ok: false }
  }
}

const matches = (rule: Rule, req: HttpRequest): boolean => {
  if (rule.method !== req.method) return false
  let url: URL
  try {
    url = new URL(req.url)
  } catch {
    return false
  }
  if (rule.origin !== undefined && rule.origin !== url.origin) return false
  if (rule.pathname !== url.pathname) return false
  if (rule.query && !Object.entries(rule.query).every(([k, v]) => url.searchParams.getAll(k).includes(v))) return false
  if (rule.hasBody) {
    if (typeof rule.body === 'string') return req.body === rule.body
    const parsed = parseJson(req.body)
    if (!parsed.ok || !partialMatch(rule.body, parsed.value)) return false
  }
  return true
}

const clip = (s: string, n = 200): string => (s.length > n ? `${s.slice(0, n)}…` : s)

const describe = (rule: Rule): string => {
  const q = rule.query && Object.keys(rule.query).length > 0 ? `?${new URLSearchParams(rule.query).toString()}` : ''
  const body = rule.hasBody ? ` body ⊇ ${clip(JSON.stringify(rule.body) ?? 'undefined')}` : ''
  const left = rule.total - rule.used
  const what = rule.outcome === undefined ? 'no reply declared' : `${left} of ${rule.total} left`
  return `${rule.method} ${rule.origin ?? ''}${rule.pathname}${q}${body} (${what})`
}

/** The rule an expectation declares: method, origin when absolute, path, query, body. */
const ruleOf = (method: HttpRequest['method'], pathOrUrl: string, opts: ExpectOptions): Rule => {
  const absolute = /^https?:\/\//i.test(pathOrUrl)
  const u = new URL(pathOrUrl, 'http://scripted.invalid')
  const fromUrl = Object.fromEntries(u.searchParams.entries())
  const query = opts.query ?? (Object.keys(fromUrl).length > 0 ? fromUrl : undefined)
  return {
    method: method.toUpperCase(),
    ...(absolute ? { origin: u.origin } : {}),
    pathname: u.pathname,
    ...(query ? { query } : {}),
    hasBody: 'body' in opts && opts.body !== undefined,
    body: opts.body,
    total: 1,
    used: 0,
  }
}

/** A reply of `status`: a JSON body typed as such unless the headers say otherwise. */
const replyOutcome = (status: number, body: unknown, headers: Readonly<Record<string, string>>): Outcome => {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
  const withType =
    typeof body === 'string' || body === undefined || 'content-type' in lower
      ? lower
      : { 'content-type': 'application/json', ...lower }
  return { _tag: 'Reply', response: () => ({ status, headers: withType, body: text }) }
}

/** The ways to answer the requests `rule` matches. */
const expectationOn = (rule: Rule): Expectation => {
  const handle: ExpectationHandle = {
    times: (n) => {
      if (!Number.isInteger(n) || n < 1) throw new Error(`scripted: times(n) needs a positive integer, got ${n}`)
      rule.total = n
      return handle
    },
  }
  const set = (o: Outcome): ExpectationHandle => {
    if (rule.outcome !== undefined) throw new Error(`scripted: ${describe(rule)} already has an answer`)
    rule.outcome = o
    return handle
  }
  return {
    reply: (status, body, headers = {}) => set(replyOutcome(status, body, headers)),
    fail: (kind, o = {}) =>
      set({
        _tag: 'Fail',
        kind,
        sent: o.sent ?? kind !== 'ConnectFailed',
        ...(o.message !== undefined ? { message: o.message } : {}),
      }),
    respond: (f) => set({ _tag: 'Reply', response: f }),
  }
}

const refuse = (req: HttpRequest, message: string): E.Either<HttpError, HttpResponse> =>
  E.left(httpError('ConnectFailed', req, message, false))

/** The answer of the first rule with uses left that matches `req`, or an error naming what was expected. */
const answer = (rules: Rule[], pending: () => ReadonlyArray<string>, req: HttpRequest) => {
  const rule = rules.find((r) => r.used < r.total && matches(r, req))
  if (rule === undefined) {
    const open = pending()
    const body = req.body !== undefined && req.body !== '' ? ` with body ${clip(req.body)}` : ''
    const expected =
      open.length > 0
        ? `expected one of:\n  ${open.join('\n  ')}`
        : 'no requests were expected (all expectations consumed)'
    return refuse(req, `scripted: unexpected request ${req.method} ${req.url}${body}; ${expected}`)
  }
  rule.used++
  const outcome = rule.outcome
  if (outcome === undefined)
    return refuse(req, `scripted: expectation ${describe(rule)} matched ${req.method} ${req.url} but declares no reply`)
  if (outcome._tag === 'Fail')
    return E.left(
      httpError(
        outcome.kind,
        req,
        outcome.message ?? `scripted: ${outcome.kind} for ${req.method} ${req.url}`,
        outcome.sent,
      ),
    )
  return E.right(outcome.response(req))
}

// ── constructor ──────────────────────────────────────────────────────────────
/** A scripted transport for tests: expected requests and replies; an unexpected request is an error. */
export const scripted = (): Scripted => {
  const rules: Rule[] = []
  const received: HttpRequest[] = []
  const pending = (): ReadonlyArray<string> =>
    rules.filter((r) => r.outcome === undefined || r.used < r.total).map(describe)
  return {
    expect: (method, pathOrUrl, opts = {}) => {
      const rule = ruleOf(method, pathOrUrl, opts)
      rules.push(rule)
      return expectationOn(rule)
    },
    // a Task is a thunk of a promise: async gives one without an await inside
    // eslint-disable-next-line @typescript-eslint/require-await
    client: (req) => async () => {
      received.push(req)
      return answer(rules, pending, req)
    },
    calls: () => [...received],
    pending,
    assertNoPending: () => {
      const open = pending()
      if (open.length > 0)
        throw new Error(`scripted: ${open.length} expected request(s) never came:\n  ${open.join('\n  ')}`)
    },
  }
}
