/**
 * fetchClient: the real transport, an HttpClient over cross-fetch (the only module that imports it).
 * It bounds every request end to end (headers and body: a server that hangs or drips is cut off at
 * the timeout, DEFAULT_TIMEOUT_MS when the request names none), notices a response cut mid-body
 * (node-fetch's body promise never settles then), honours the caller's AbortSignal, maps every
 * transport failure to an HttpError that says whether the request could have reached the server,
 * and follows redirects itself so that credentials never leave the origin they were configured for.
 */
import { scalarText } from '../src/core/scalar-text'
import * as http from 'node:http'
import * as https from 'node:https'
import type { Socket } from 'node:net'
import * as E from 'fp-ts/Either'
import type { HttpClient, HttpError, HttpRequest, HttpResponse } from './http'
import { localhostLookup } from './localhost-lookup'
import { httpError } from './http'

// ── model ────────────────────────────────────────────────────────────────────
export interface FetchClientOptions {
  /** a fetch implementation (default: cross-fetch, i.e. node-fetch on Node) */
  readonly fetch?: typeof globalThis.fetch
  /** redirects followed per request (default 5); past it, the last 3xx response is returned */
  readonly maxRedirects?: number
  /** the bound of a request that names no `timeoutMs` (default DEFAULT_TIMEOUT_MS) */
  readonly timeoutMs?: number
}

/**
 * No request is ever unbounded: a request without its own timeout gets this one. The timer also
 * keeps the event loop alive while a request is pending, so a process never drains and exits in
 * the middle of a step.
 */
export const DEFAULT_TIMEOUT_MS = 60_000

type Method = HttpRequest['method']

// ── connection probe ─────────────────────────────────────────────────────────
// Whether a failed request could have been applied depends on whether the connection was ever
// established. fetch does not say, so the default transport uses agents that hand each outgoing
// `http.ClientRequest` to a probe armed just before the (synchronous) call into node-fetch.

interface Probe {
  /** undefined until the agent saw the request: the fetch implementation is not ours */
  attached: boolean
  /** the socket was connected (TLS: handshake done), so bytes may have reached the server */
  connected: boolean
  /** called when the response's connection closed before its body was complete */
  onCut?: () => void
}

let armed: Probe | undefined

const watch = (req: http.ClientRequest): void => {
  const probe = armed
  armed = undefined
  if (!probe) return
  probe.attached = true
  // node-fetch pipes the body without passing on its errors: a connection closed mid-body leaves
  // res.text() pending forever, so the cut is watched for here and reported through the probe
  req.once('response', (res: http.IncomingMessage) => {
    res.once('close', () => {
      if (!res.complete) probe.onCut?.()
    })
  })
  req.once('socket', (socket: Socket) => {
    const tls = (socket as Socket & { encrypted?: boolean }).encrypted === true
    // a pooled socket is already connected; a fresh one is not until its connect (TLS: handshake) event
    if (!socket.connecting) {
      probe.connected = true
      return
    }
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      probe.connected = true
    })
  })
}

type AddRequest = (req: http.ClientRequest, options: unknown) => void

const probingAgent = <A extends http.Agent>(agent: A): A => {
  const original = (agent as unknown as { addRequest: AddRequest }).addRequest.bind(agent)
  ;(agent as unknown as { addRequest: AddRequest }).addRequest = (req, options) => {
    watch(req)
    original(req, options)
  }
  return agent
}

// Shared pools: keep-alive sockets are reused across clients; idle ones are closed quickly so a
// finished process never waits on them.
let agents: { readonly http: http.Agent; readonly https: https.Agent } | undefined
const agentFor = (url: URL): http.Agent => {
  agents ??= {
    http: probingAgent(new http.Agent({ keepAlive: true, timeout: 5_000, lookup: localhostLookup })),
    https: probingAgent(new https.Agent({ keepAlive: true, timeout: 5_000, lookup: localhostLookup })),
  }
  return url.protocol === 'https:' ? agents.https : agents.http
}

// ── error mapping ────────────────────────────────────────────────────────────
/** system error codes meaning no connection was ever made */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'ERR_INVALID_URL',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
])

const errorCode = (e: unknown): string | undefined => {
  let cur: unknown = e
  for (let i = 0; i < 4 && typeof cur === 'object' && cur !== null; i++) {
    const code = (cur as { code?: unknown }).code
    if (typeof code === 'string' && code !== '') return code
    cur = (cur as { cause?: unknown }).cause
  }
  return undefined
}

const errorText = (e: unknown): string => {
  const parts: string[] = []
  let cur: unknown = e
  for (let i = 0; i < 4 && cur !== undefined && cur !== null; i++) {
    const msg = cur instanceof Error ? cur.message : scalarText(cur)
    if (msg && !parts.includes(msg)) parts.push(msg)
    cur = typeof cur === 'object' ? (cur as { cause?: unknown }).cause : undefined
  }
  return parts.join(': ') || 'unknown transport error'
}

interface Attempt {
  readonly req: HttpRequest
  readonly method: Method
  readonly url: string
  readonly probe: Probe
  readonly timedOut: boolean
  readonly aborted: boolean
  /** the connection closed before the body was complete */
  readonly cut: boolean
  readonly timeoutMs: number
  /** a response status line had arrived (the failure was while reading the body) */
  readonly responded: boolean
}

const mapError = (e: unknown, a: Attempt): HttpError => {
  const where = { method: a.method, url: a.url }
  const code = errorCode(e)
  // what the probe knows wins; without it (foreign fetch), assume the worst
  const maybeSent = a.responded || (a.probe.attached ? a.probe.connected : true)
  if (a.cut)
    return httpError(
      'ConnectionReset',
      where,
      `${a.method} ${a.url}: the connection closed in the middle of the reply (the request may have been applied)`,
      true,
    )
  if (a.timedOut)
    return httpError(
      'Timeout',
      where,
      `${a.method} ${a.url}: no ${a.responded ? 'complete reply' : 'answer'} within ${a.timeoutMs} ms`,
      maybeSent,
    )
  if (a.aborted) return httpError('Aborted', where, `${a.method} ${a.url}: aborted by the caller`, maybeSent)
  const detail = `${a.method} ${a.url}: ${errorText(e)}${code && !errorText(e).includes(code) ? ` (${code})` : ''}`
  if (!a.responded && code !== undefined && NOT_CONNECTED.has(code))
    return httpError('ConnectFailed', where, detail, false)
  if (!a.responded && a.probe.attached && !a.probe.connected) return httpError('ConnectFailed', where, detail, false)
  return httpError('ConnectionReset', where, detail, maybeSent)
}

// ── redirects ────────────────────────────────────────────────────────────────
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** headers that carry a credential and must only go to the configured origin */
const isCredentialHeader = (name: string): boolean =>
  name === 'authorization' ||
  name === 'proxy-authorization' ||
  name === 'cookie' ||
  name.startsWith('x-tc-') ||
  /token|secret|api-?key|password/.test(name)

const withoutCredentials = (h: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !isCredentialHeader(k)))

const withoutBodyHeaders = (h: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'content-type' && k !== 'content-length'))

// ── interpreter ──────────────────────────────────────────────────────────────
const lowerHeaders = (h: Headers): Record<string, string> => {
  const out: Record<string, string> = {}
  h.forEach((value, name) => {
    out[name.toLowerCase()] = value
  })
  return out
}

// cross-fetch (node-fetch, whatwg-url and its Unicode tables) is loaded by the first request, not
// when the module is: a command that sends nothing (a plan from state, --help) starts faster
let crossFetch: Promise<typeof globalThis.fetch> | undefined
const defaultFetch = () =>
  (crossFetch ??= import('cross-fetch').then((m: { default: typeof globalThis.fetch }) => m.default))

/** The real transport: an HttpClient over cross-fetch, every request bounded in time. */
export const fetchClient = (opts: FetchClientOptions = {}): HttpClient => {
  const ours = opts.fetch === undefined
  const maxRedirects = opts.maxRedirects ?? 5
  const defaultTimeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS

  return (req) => async () => {
    if (req.signal?.aborted)
      return E.left(httpError('Aborted', req, `${req.method} ${req.url}: aborted before it was sent`, false))
    const impl = opts.fetch ?? (await defaultFetch())

    const ctl = new AbortController()
    let timedOut = false
    let aborted = false
    let cut = false
    const onAbort = (): void => {
      aborted = true
      ctl.abort()
    }
    req.signal?.addEventListener('abort', onAbort, { once: true })
    const timeoutMs = req.timeoutMs !== undefined && req.timeoutMs > 0 ? req.timeoutMs : defaultTimeoutMs
    // covers the whole exchange, body included: cleared only once the body was read
    const timer = setTimeout(() => {
      timedOut = true
      ctl.abort()
    }, timeoutMs)

    const origin = new URL(req.url).origin
    let method: Method = req.method
    let url = req.url
    let headers: Record<string, string> = { ...req.headers }
    let body = req.body
    try {
      for (let hop = 0; ; hop++) {
        const probe: Probe = {
          attached: false,
          connected: false,
          onCut: () => {
            // our own abort (timeout, caller) closes the response too: that is not a cut
            if (timedOut || aborted) return
            cut = true
            ctl.abort()
          },
        }
        let responded = false
        try {
          const target = new URL(url)
          const init: RequestInit & { agent?: http.Agent } = { method, headers, redirect: 'manual', signal: ctl.signal }
          if (body !== undefined && method !== 'GET' && method !== 'HEAD') init.body = body
          if (ours) init.agent = agentFor(target)
          armed = ours ? probe : undefined
          let pending: Promise<Response>
          try {
            pending = impl(url, init)
          } finally {
            armed = undefined
          }
          const res = await pending
          responded = true
          const text = method === 'HEAD' ? '' : await res.text()
          const response: HttpResponse = { status: res.status, headers: lowerHeaders(res.headers), body: text }

          const location = response.headers['location']
          if (!REDIRECTS.has(response.status) || location === undefined || hop >= maxRedirects) return E.right(response)
          const next = new URL(location, url)
          if (next.protocol !== 'http:' && next.protocol !== 'https:') return E.right(response)
          // a token is only ever sent to the origin it was configured for (and stays dropped after)
          if (next.origin !== origin) headers = withoutCredentials(headers)
          // 303 (and, as browsers do, 301/302 after a POST) turn into a GET without a body
          if (
            (response.status === 303 && method !== 'HEAD' && method !== 'GET') ||
            ((response.status === 301 || response.status === 302) && method === 'POST')
          ) {
            method = 'GET'
            body = undefined
            headers = withoutBodyHeaders(headers)
          }
          url = next.toString()
        } catch (e) {
          return E.left(mapError(e, { req, method, url, probe, timedOut, aborted, responded, cut, timeoutMs }))
        }
      }
    } finally {
      clearTimeout(timer)
      req.signal?.removeEventListener('abort', onAbort)
    }
  }
}
