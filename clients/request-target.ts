/**
 * targeting: where a request's URL sends it, as the Node transports need it — its origin, parsed
 * once per origin (per client), and the path as it goes on the wire. The origins a client talks to
 * are few, so only the path is taken from each URL; anything unusual (user info, characters a URL
 * parser would escape, another scheme) goes through the URL parser, which throws on what it refuses.
 */

// ── model ────────────────────────────────────────────────────────────────────
export interface RequestTarget<O> {
  readonly origin: O
  readonly path: string
}

/** user info in a URL, as a Basic authorization */
export const basicAuth = (u: URL): string | undefined =>
  u.username === '' && u.password === ''
    ? undefined
    : `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`

/** a request path that goes on the wire exactly as written */
const PLAIN_PATH = /^\/[\w\-.~!$&'()*+,;=:@/?%]*$/

// ── constructor ──────────────────────────────────────────────────────────────
/** Targets of URLs, each origin made once by `originOf` (from a URL whose path is ignored). */
export const targeting = <O>(originOf: (u: URL) => O): ((url: string) => RequestTarget<O>) => {
  const origins = new Map<string, O | null>()
  return (url) => {
    const slashes = url.indexOf('://')
    const end = slashes < 0 ? -1 : url.indexOf('/', slashes + 3)
    if (end > 0) {
      const origin = url.slice(0, end)
      let o = origins.get(origin)
      if (o === undefined) {
        const u = URL.canParse(origin) ? new URL(origin) : undefined
        o = u && (u.protocol === 'http:' || u.protocol === 'https:') && u.href === `${u.origin}/` ? originOf(u) : null
        if (origins.size < 64) origins.set(origin, o)
      }
      const path = url.slice(end)
      if (o !== null && PLAIN_PATH.test(path)) return { origin: o, path }
    }
    const u = new URL(url)
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw Object.assign(new Error(`${u.protocol} is not http: or https:`), { code: 'ERR_INVALID_PROTOCOL' })
    return { origin: originOf(u), path: `${u.pathname}${u.search}` }
  }
}
