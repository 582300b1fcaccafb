/**
 * routeTable: a REST emulator's API as a table of `'METHOD /path/:param'` → handler. The first entry
 * whose method and segments match answers (so literal paths listed first win over a `:param` in the
 * same place); nothing matching is the platform's own not-found answer. The hosting and cost
 * emulators both route through it.
 */

export interface RouteRequest<B = unknown> {
  readonly params: Readonly<Record<string, string>>
  readonly url: URL
  readonly body: B
  /** a query parameter */
  readonly q: (name: string) => string | undefined
}
export type Handler<R, B = unknown> = (r: RouteRequest<B>) => R
export type Routes<R, B = unknown> = Readonly<Record<string, Handler<R, B>>>

interface Compiled<R, B> {
  readonly method: string
  readonly segments: ReadonlyArray<string>
  readonly handler: Handler<R, B>
}

const compile = <R, B>(routes: Routes<R, B>): ReadonlyArray<Compiled<R, B>> =>
  Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(' ')
    return { method, segments: path.split('/').filter(Boolean), handler }
  })

const matchOf = (segments: ReadonlyArray<string>, parts: ReadonlyArray<string>): Record<string, string> | undefined => {
  if (segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (const [i, seg] of segments.entries()) {
    if (seg.startsWith(':')) params[seg.slice(1)] = parts[i]
    else if (seg !== parts[i]) return undefined
  }
  return params
}

/**
 * `prefix`: the segments every path starts with (`/api/v1`), not repeated in the table;
 * `notFound`: the answer to a path or method no entry matches (made afresh each time)
 */
export const routeTable = <R, B = unknown>(prefix: string, routes: Routes<R, B>, notFound: () => R) => {
  const table = compile(routes)
  const head = prefix.split('/').filter(Boolean)
  return (method: string, url: URL, body: B): R => {
    const all = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
    if (head.some((h, i) => all[i] !== h)) return notFound()
    const parts = all.slice(head.length)
    const q = (k: string) => url.searchParams.get(k) ?? undefined
    for (const r of table) {
      if (r.method !== method) continue
      const params = matchOf(r.segments, parts)
      if (params) return r.handler({ params, url, body, q })
    }
    return notFound()
  }
}
