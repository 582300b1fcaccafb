/**
 * transportError: a transport's failure as an HttpError, with the one fact retries and the engine
 * act on — could the request have reached the server? Shared by the Node transport and the fetch
 * transport, so both say the same thing about the same failure.
 */
import { scalarText } from '../src/core/scalar-text'
import { httpError, type HttpError, type HttpRequest } from './http'

// ── model ────────────────────────────────────────────────────────────────────
/** What a transport knew about one attempt when it failed. */
export interface TransportAttempt {
  readonly method: HttpRequest['method']
  readonly url: string
  /** the transport watched the connection (false: a foreign fetch, assume the worst) */
  readonly watched: boolean
  /** the socket was connected (TLS: handshake done), so bytes may have reached the server */
  readonly connected: boolean
  readonly timedOut: boolean
  readonly aborted: boolean
  /** the connection closed before the body was complete */
  readonly cut: boolean
  readonly timeoutMs: number
  /** a response status line had arrived (the failure was while reading the body) */
  readonly responded: boolean
}

/** system error codes meaning no connection was ever made */
const NOT_CONNECTED: ReadonlySet<string> = new Set([
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
  'ERR_INVALID_PROTOCOL',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
])

export const errorCode = (e: unknown): string | undefined => {
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

// ── constructor ──────────────────────────────────────────────────────────────
/** The HttpError of a failed attempt: timeouts, aborts and cuts first, then the error's own code. */
export const transportError = (e: unknown, a: TransportAttempt): HttpError => {
  const where = { method: a.method, url: a.url }
  const code = errorCode(e)
  // what the transport saw of the connection wins; without it (foreign fetch), assume the worst
  const maybeSent = a.responded || (a.watched ? a.connected : true)
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
  const text = errorText(e)
  const detail = `${a.method} ${a.url}: ${text}${code && !text.includes(code) ? ` (${code})` : ''}`
  // a forward proxy refusing to carry the request (undici fails it with its 407): it never reached the platform
  if (!a.responded && /\bProxy Authentication Required \(407\)/.test(text))
    return httpError('ConnectFailed', where, `${detail}; check the proxy's user and password`, false)
  if (!a.responded && code !== undefined && NOT_CONNECTED.has(code))
    return httpError('ConnectFailed', where, detail, false)
  if (!a.responded && a.watched && !a.connected) return httpError('ConnectFailed', where, detail, false)
  return httpError('ConnectionReset', where, detail, maybeSent)
}
