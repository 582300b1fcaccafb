/**
 * The generic routes every `/v2/<collection>` is served by: list (`page`/`limit` paging with
 * `links`), create, get, full-state update and delete, each as its collection's entry says.
 */
import type { HttpResponse } from '../../http'
import type { RouteRequest, Routes } from '../route-table'
import { allowOnly } from './checks'
import type { Collection, Collections } from './collection'
import { fail, json, publicView, type Obj } from './reply'
import type { CostContext } from './state'

export type CostRoutes = Routes<HttpResponse, Obj>
type Req = RouteRequest<Obj>

export interface Paging {
  /** page size when a list request gives no `limit` */
  readonly pageSize: number
  /** the largest `limit` honoured */
  readonly maxLimit: number
}

// what a create or an update answers with (the view a GET with include_performance gives); views only read it
const WITH_PERFORMANCE = new URLSearchParams('include_performance=true')
const shown = (c: Collection, o: Obj, q: URLSearchParams): Obj => publicView(c.view ? c.view(o, q) : o)

const positive = (raw: string | null, dflt: number, what: string): number => {
  const n = raw === null ? dflt : Number(raw)
  if (!Number.isInteger(n) || n < 1) fail(400, `${what} must be a positive integer`)
  return n
}

const linksOf = (url: URL, page: number, last: number, limit: number | undefined) => {
  const link = (p: number) => {
    const u = new URL(url.toString())
    u.searchParams.set('page', String(p))
    if (limit !== undefined) u.searchParams.set('limit', String(limit))
    return u.toString()
  }
  return {
    self: url.toString(),
    first: link(1),
    next: page < last ? link(page + 1) : null,
    last: link(last),
    prev: page > 1 ? link(page - 1) : null,
  }
}

const listPage = (ctx: CostContext, paging: Paging, name: string, url: URL, c: Collection): unknown => {
  let items = [...ctx.coll(name).values()]
  if (c.filter) items = items.filter((o) => c.filter!(o, url.searchParams))
  items = items.map((o) => shown(c, o, url.searchParams))
  if (c.paged === false) return { [name]: items }
  const rawLimit = url.searchParams.get('limit')
  const limit = positive(rawLimit, paging.pageSize, 'limit')
  const page = positive(url.searchParams.get('page'), 1, 'page')
  const size = Math.min(limit, paging.maxLimit)
  const last = Math.max(1, Math.ceil(items.length / size))
  // business metrics pages carry no links (docs/wire/cost.md §1.3)
  const links =
    name === 'business_metrics' ? {} : { links: linksOf(url, page, last, rawLimit === null ? undefined : limit) }
  return { ...links, [name]: items.slice((page - 1) * size, page * size) }
}

/** what a create of the collection accepts: its createOnly fields and its fields */
const createFieldsOf = () => {
  const keys = new Map<Collection, ReadonlySet<string>>()
  return (c: Collection): ReadonlySet<string> => {
    let k = keys.get(c)
    if (!k) keys.set(c, (k = new Set([...(c.createOnly ?? []), ...(c.fields ?? [])])))
    return k
  }
}

export const collectionRoutes = (ctx: CostContext, collections: Collections, paging: Paging): CostRoutes => {
  const createFields = createFieldsOf()
  const of = (r: Req): Collection => collections[r.params.collection] ?? fail(404, 'Not Found')
  const existing = (r: Req): Obj =>
    ctx.coll(r.params.collection).get(r.params.token) ?? fail(404, `${r.params.collection} ${r.params.token} not found`)
  const create = (r: Req): HttpResponse => {
    const c = of(r)
    if (!c.create) return fail(404, 'Not Found')
    if (c.fields) allowOnly(r.body, createFields(c))
    const token = ctx.newToken(c.prefix)
    const o = c.create(r.body, token, ctx.now())
    ctx.coll(r.params.collection).set(token, o)
    return json(201, shown(c, o, WITH_PERFORMANCE))
  }
  const update = (r: Req): HttpResponse => {
    const c = of(r)
    if (!c.update) return fail(404, 'Not Found')
    const o = existing(r)
    if (c.fields) allowOnly(r.body, c.fields)
    const u = c.update(o, r.body, ctx.now())
    ctx.coll(r.params.collection).set(r.params.token, u)
    return json(200, shown(c, u, WITH_PERFORMANCE))
  }
  const remove = (r: Req): HttpResponse => {
    const c = of(r)
    if (c.deletable === false || !(c.create || r.params.collection === 'integrations')) return fail(404, 'Not Found')
    existing(r)
    ctx.coll(r.params.collection).delete(r.params.token)
    return json(204, undefined)
  }
  return {
    'GET /v2/:collection': (r) => json(200, listPage(ctx, paging, r.params.collection, r.url, of(r))),
    'POST /v2/:collection': create,
    'GET /v2/:collection/:token': (r) => json(200, shown(of(r), existing(r), r.url.searchParams)),
    'PUT /v2/:collection/:token': update,
    'DELETE /v2/:collection/:token': remove,
  }
}
