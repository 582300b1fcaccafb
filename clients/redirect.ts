/**
 * redirectHop: where a redirect answer leads, as both transports follow it — credentials only ever
 * go to the origin they were configured for, and a 303 (or, as browsers do, a 301/302 after a POST)
 * turns into a GET without a body.
 */
import type { HttpRequest } from './http'

// ── model ────────────────────────────────────────────────────────────────────
/** One request of a redirect chain. */
export interface Hop {
  readonly method: HttpRequest['method']
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string | undefined
}

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

export const isRedirect = (status: number): boolean => REDIRECTS.has(status)

/** headers that carry a credential and must only go to the configured origin */
const isCredentialHeader = (name: string): boolean =>
  name === 'authorization' ||
  name === 'proxy-authorization' ||
  name === 'cookie' ||
  name.startsWith('x-tc-') ||
  /token|secret|api-?key|password/.test(name)

const without = (h: Readonly<Record<string, string>>, drop: (name: string) => boolean): Record<string, string> =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !drop(k)))

// ── constructor ──────────────────────────────────────────────────────────────
/**
 * The next request after a redirect answer from `hop`, or undefined when the answer is the last
 * one (no Location, or one that is not http(s)). `origin` is the first request's: once a chain has
 * left it, credentials stay dropped.
 */
export const redirectHop = (hop: Hop, status: number, location: string, origin: string): Hop | undefined => {
  let next: URL
  try {
    next = new URL(location, hop.url)
  } catch {
    return undefined
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return undefined
  let { method, headers, body } = hop
  if (next.origin !== origin) headers = without(headers, isCredentialHeader)
  if (
    (status === 303 && method !== 'HEAD' && method !== 'GET') ||
    ((status === 301 || status === 302) && method === 'POST')
  ) {
    method = 'GET'
    body = undefined
    headers = without(headers, (k) => k === 'content-type' || k === 'content-length')
  }
  return { method, url: next.toString(), headers, body }
}
