/**
 * routeTable: the hosting API as a table of `'METHOD /path/:param'` → handler. The first entry whose
 * method and segments match answers (so literal paths listed first win over a `:param` in the same
 * place); nothing matching is the platform's text/plain `Not Found`.
 */
import { notFound, type Reply } from './reply'

export interface RouteRequest {
  readonly params: Readonly<Record<string, string>>
  readonly url: URL
  readonly body: unknown
  /** a query parameter */
  readonly q: (name: string) => string | undefined
}
export type Handler = (r: RouteRequest) => Reply
export type Routes = Readonly<Record<string, Handler>>

interface Compiled {
  readonly method: string
  readonly segments: ReadonlyArray<string>
  readonly handler: Handler
}

const compile = (routes: Routes): ReadonlyArray<Compiled> =>
  Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(' ')
    return { method, segments: path.split('/').filter(Boolean), handler }
  })

const matchOf = (r: Compiled, parts: ReadonlyArray<string>): Record<string, string> | undefined => {
  if (r.segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (const [i, seg] of r.segments.entries()) {
    if (seg.startsWith(':')) params[seg.slice(1)] = parts[i]
    else if (seg !== parts[i]) return undefined
  }
  return params
}

/** `prefix`: the segments every path starts with (`/api/v1`), not repeated in the table */
export const routeTable = (prefix: string, routes: Routes) => {
  const table = compile(routes)
  const head = prefix.split('/').filter(Boolean)
  return (method: string, url: URL, body: unknown): Reply => {
    const all = url.pathname.replace(/\/+$/, '').split('/').filter(Boolean).map(decodeURIComponent)
    if (head.some((h, i) => all[i] !== h)) return notFound
    const parts = all.slice(head.length)
    const q = (k: string) => url.searchParams.get(k) ?? undefined
    for (const r of table) {
      if (r.method !== method) continue
      const params = matchOf(r, parts)
      if (params) return r.handler({ params, url, body, q })
    }
    return notFound
  }
}
