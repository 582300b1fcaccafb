/**
 * readEvery: the reads of a refresh, with as few requests as the specs allow — one (paged) listing
 * per type where the platform lists the whole type (`wire.list`), one per parent where it lists
 * under a parent (`wire.listIn`: the records of a zone), one read per object otherwise — with
 * `env.concurrency` requests at a time per platform. A read that includes listings of a parent
 * (`wire.shares`: the limits of a service's APIs, a plan's keys) gets their items from one request
 * per listing for the whole refresh, whichever reads or types ask for it.
 *
 * A listed item is decoded as a read decodes it, with the inputs of the object it is, so a listing
 * observes what a read would; an object a complete listing does not hold is gone. When a listing
 * fails, or an item of it cannot be decoded (it might have been one of ours), the objects it did
 * not show are read one by one, which gives their own answer or error. A shared listing that fails
 * is left out of what its reads are given: each then sends its own requests.
 */
import * as E from 'fp-ts/Either'
import type { SharedItems } from '../core/spec'
import type { WireRequest } from '../core/wire'
import type { ResourceState } from '../state/state'
import type { Env } from './env'
import { stepFailure, type Obs, type OpContext, type StepFailure } from './handler'

/** The resources of one type and provider instance, and the context to read them with. */
export interface ReadGroup {
  readonly c: OpContext
  readonly members: ReadonlyArray<ResourceState>
}

/** What became of one resource: observed, or gone (undefined). */
export type Seen = (r: ResourceState, c: OpContext, observed: Obs | undefined) => void

type Task = () => Promise<void>

interface Queue {
  readonly listings: Task[]
  readonly reads: Task[]
  li: number
  ri: number
  running: number
}

type Listed = Promise<E.Either<StepFailure | undefined, ReadonlyArray<unknown>>>
type Then = (items: ReadonlyArray<unknown> | undefined) => void

/** What one refresh's reads share: the queues per platform, the listings sent, the reads waiting. */
interface Bulk {
  readonly env: Env
  readonly seen: Seen
  readonly failures: StepFailure[]
  readonly queues: Map<string, Queue>
  /** each listing is sent once per refresh and provider instance, whoever asks for it */
  readonly sent: WeakMap<object, Map<string, Listed>>
  /** reads waiting for shared listings, by provider config and request */
  readonly waiting: WeakMap<object, Map<string, Then[]>>
}

/** Read every member of every group; `seen` gets each outcome. Returns the reads that failed. */
export const readEvery = async (
  env: Env,
  groups: ReadonlyArray<ReadGroup>,
  seen: Seen,
): Promise<ReadonlyArray<StepFailure>> => {
  const b: Bulk = { env, seen, failures: [], queues: new Map(), sent: new WeakMap(), waiting: new WeakMap() }
  for (const g of groups) queueGroup(b, g)
  await drain(b)
  return b.failures
}

/**
 * One queue per platform, each `env.concurrency` requests at a time: requests held back by one
 * platform's rate budget do not keep the others waiting.
 */
const queueOf = (b: Bulk, c: OpContext): Queue => {
  const k = c.spec.provider
  let q = b.queues.get(k)
  if (!q) b.queues.set(k, (q = { listings: [], reads: [], li: 0, ri: 0, running: 0 }))
  return q
}

const at = (c: OpContext, r: ResourceState): OpContext => ({ ...c, address: r.address, name: r.name })

/** One object's read (given the items of the listings it shares, when it shares some). */
const read =
  (b: Bulk, c: OpContext, r: ResourceState, shared?: SharedItems): Task =>
  async () => {
    const h = b.env.handler
    const cx = at(c, r)
    const got = await (
      shared && h.readShared
        ? h.readShared(cx, r.id, r.inputs, r.outputs, shared)
        : h.read(cx, r.id, r.inputs, r.outputs)
    )()
    if (E.isLeft(got)) b.failures.push(got.left)
    else b.seen(r, cx, got.right)
  }

const readAlone = (b: Bulk, c: OpContext, rs: ReadonlyArray<ResourceState>): void => {
  queueOf(b, c).reads.push(...rs.map((r) => read(b, c, r)))
}

/** A listing's items, sent once per refresh and provider instance (a type's own, or shared). */
const listOnce = (b: Bulk, c: OpContext, req: WireRequest): Listed => {
  const listItems = b.env.handler.listItems
  if (!listItems) return Promise.resolve(E.left(undefined))
  let byReq = b.sent.get(c.config)
  if (!byReq) b.sent.set(c.config, (byReq = new Map<string, Listed>()))
  const k = JSON.stringify(req)
  let p = byReq.get(k)
  if (!p) byReq.set(k, (p = listItems(c, req)()))
  return p
}

/** A listing of `members`: each seen as listed, or read alone when the listing cannot tell. */
const listing =
  (b: Bulk, c: OpContext, req: WireRequest, members: ReadonlyArray<ResourceState>): Task =>
  async () => {
    const got = await listOnce(b, c, req)
    // the listing failed: each object answers for itself
    if (E.isLeft(got)) return readAlone(b, c, members)
    const { listed, twice, unreadable } = matchListed(c, got.right, members)
    for (const r of members) {
      const o = listed.get(r)
      // listed twice (which one is it?), or not listed while some item could not be read: ask it alone
      if (twice.has(r) || (o === undefined && unreadable)) readAlone(b, c, [r])
      else b.seen(r, at(c, r), o)
    }
  }

/** Which member each listed item is, decoded with that member's inputs (as a read decodes it). */
const matchListed = (c: OpContext, items: ReadonlyArray<unknown>, members: ReadonlyArray<ResourceState>) => {
  const byId = new Map<string, ResourceState[]>()
  for (const r of members) (byId.get(r.id) ?? byId.set(r.id, []).get(r.id)!).push(r)
  const first = members[0]
  const listed = new Map<ResourceState, Obs>()
  const twice = new Set<ResourceState>()
  let unreadable = false
  for (const item of items) {
    // which object is it? decoded with the first member's inputs (its siblings share the parent)
    const probe = c.spec.wire.decode(item, { config: c.config, inputs: first.inputs })
    if (E.isLeft(probe)) {
      unreadable = true
      continue
    }
    for (const r of byId.get(probe.right.id) ?? []) {
      const own = r === first ? probe : c.spec.wire.decode(item, { config: c.config, inputs: r.inputs })
      if (E.isLeft(own)) continue
      if (listed.has(r)) twice.add(r)
      listed.set(r, own.right as Obs)
    }
  }
  return { listed, twice, unreadable }
}

/**
 * A read given shared listings: a listing is queued once (in the listings' turn) for all its
 * reads; the read is queued when every listing it needs has answered.
 */
const share = (b: Bulk, c: OpContext, r: ResourceState, requests: Readonly<Record<string, WireRequest>>): void => {
  const items: Record<string, ReadonlyArray<unknown>> = {}
  const go = read(b, c, r, items)
  const names = Object.keys(requests)
  let left = names.length
  if (left === 0) return void queueOf(b, c).reads.push(go)
  for (const name of names)
    whenListed(b, c, requests[name], (got) => {
      // a listing that failed is not handed over: the read sends its own requests
      if (got) items[name] = got
      if (--left === 0) queueOf(b, c).reads.push(go)
    })
}

/** Call `then` with the listing's items once it has answered, queueing the listing once. */
const whenListed = (b: Bulk, c: OpContext, req: WireRequest, then: Then): void => {
  let byReq = b.waiting.get(c.config)
  if (!byReq) b.waiting.set(c.config, (byReq = new Map<string, Then[]>()))
  const k = JSON.stringify(req)
  let all = byReq.get(k)
  if (!all) {
    const waiting: Then[] = (all = [])
    byReq.set(k, waiting)
    queueOf(b, c).listings.push(async () => {
      const got = await listOnce(b, c, req)
      for (const f of waiting) f(E.isRight(got) ? got.right : undefined)
    })
  }
  all.push(then)
}

/** Queue the requests one group's reads take: shared, listed by type or by parent, or one by one. */
const queueGroup = (b: Bulk, { c, members }: ReadGroup): void => {
  const { listItems, readShared } = b.env.handler
  const w = c.spec.wire
  const wctx = (r: ResourceState) => ({ config: c.config, inputs: r.inputs as never, outputs: r.outputs as never })
  if (listItems && readShared && w.shares && !(w.list && members.length > 1) && !w.listIn) {
    for (const r of members) share(b, c, r, w.shares.requests(r.id, wctx(r)))
    return
  }
  if (listItems && w.list && members.length > 1)
    return void queueOf(b, c).listings.push(listing(b, c, w.list({ config: c.config }), members))
  if (!listItems || !w.listIn) return listedWhole(b, c, members)
  const byParent = new Map<string, ResourceState[]>()
  for (const r of members) {
    const k = w.listIn.parent(r.id, wctx(r))
    if (k === undefined) readAlone(b, c, [r])
    else (byParent.get(k) ?? byParent.set(k, []).get(k)!).push(r)
  }
  for (const rs of byParent.values())
    if (rs.length > 1) queueOf(b, c).listings.push(listing(b, c, w.listIn.request(rs[0].id, wctx(rs[0])), rs))
    else readAlone(b, c, rs)
}

/** A handler that lists a whole type only as decoded objects (the mock's), else one read each. */
const listedWhole = (b: Bulk, c: OpContext, members: ReadonlyArray<ResourceState>): void => {
  const bulk = members.length > 1 ? b.env.handler.list?.(c) : undefined
  if (!bulk) return readAlone(b, c, members)
  queueOf(b, c).listings.push(async () => {
    const got = await bulk()
    if (E.isLeft(got)) return readAlone(b, c, members)
    const byId = new Map(got.right.map((o) => [o.id, o]))
    for (const r of members) b.seen(r, at(c, r), byId.get(r.id))
  })
}

/** Per platform: listings first (each may add reads), then the reads. */
const drain = (b: Bulk): Promise<void> =>
  new Promise<void>((done) => {
    const limit = b.env.concurrency
    const next = (q: Queue): Task | undefined =>
      q.li < q.listings.length ? q.listings[q.li++] : q.ri < q.reads.length ? q.reads[q.ri++] : undefined
    const idle = () => [...b.queues.values()].every((q) => q.running === 0)
    const pump = (q: Queue): void => {
      for (let t = q.running < limit ? next(q) : undefined; t; t = q.running < limit ? next(q) : undefined) {
        q.running++
        t()
          .catch((e: unknown) => {
            b.failures.push(stepFailure('refresh', 'read', e instanceof Error ? e.message : String(e)))
          })
          .finally(() => {
            q.running--
            pump(q)
          })
      }
      if (idle()) done()
    }
    for (const q of b.queues.values()) pump(q)
    if (idle()) done()
  })
