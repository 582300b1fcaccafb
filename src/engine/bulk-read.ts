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

/** Read every member of every group; `seen` gets each outcome. Returns the reads that failed. */
export const readEvery = async (
  env: Env,
  groups: ReadonlyArray<ReadGroup>,
  seen: Seen,
): Promise<ReadonlyArray<StepFailure>> => {
  const failures: StepFailure[] = []
  // one queue per platform, each `env.concurrency` requests at a time: requests held back by one
  // platform's rate budget do not keep the others waiting
  const queues = new Map<string, Queue>()
  const queueOf = (c: OpContext): Queue => {
    const k = c.spec.provider
    let q = queues.get(k)
    if (!q) queues.set(k, (q = { listings: [], reads: [], li: 0, ri: 0, running: 0 }))
    return q
  }
  const at = (c: OpContext, r: ResourceState): OpContext => ({ ...c, address: r.address, name: r.name })

  const readShared = env.handler.readShared
  /** one object's read (given the items of the listings it shares, when it shares some) */
  const read =
    (c: OpContext, r: ResourceState, shared?: SharedItems): Task =>
    async () => {
      const cx = at(c, r)
      const got = await (
        shared && readShared
          ? readShared(cx, r.id, r.inputs, r.outputs, shared)
          : env.handler.read(cx, r.id, r.inputs, r.outputs)
      )()
      if (E.isLeft(got)) failures.push(got.left)
      else seen(r, cx, got.right)
    }
  const readAlone = (c: OpContext, rs: ReadonlyArray<ResourceState>): void => {
    queueOf(c).reads.push(...rs.map((r) => read(c, r)))
  }

  const listItems = env.handler.listItems
  // each listing is sent once per refresh and provider instance, whoever asks for it: a type's own
  // listing and the same listing shared by another type's reads (a release and the services)
  type Listed = Promise<E.Either<StepFailure | undefined, ReadonlyArray<unknown>>>
  const sent = new WeakMap<object, Map<string, Listed>>()
  const listOnce = (c: OpContext, req: WireRequest): Listed => {
    if (!listItems) return Promise.resolve(E.left(undefined))
    let byReq = sent.get(c.config)
    if (!byReq) sent.set(c.config, (byReq = new Map<string, Listed>()))
    const k = JSON.stringify(req)
    let p = byReq.get(k)
    if (!p) byReq.set(k, (p = listItems(c, req)()))
    return p
  }
  const listing =
    (c: OpContext, req: WireRequest, members: ReadonlyArray<ResourceState>): Task =>
    async () => {
      const got = await listOnce(c, req)
      // the listing failed: each object answers for itself
      if (E.isLeft(got)) return readAlone(c, members)
      const byId = new Map<string, ResourceState[]>()
      for (const r of members) (byId.get(r.id) ?? byId.set(r.id, []).get(r.id)!).push(r)
      const first = members[0]
      const listed = new Map<ResourceState, Obs>()
      const twice = new Set<ResourceState>()
      let unreadable = false
      for (const item of got.right) {
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
      for (const r of members) {
        const o = listed.get(r)
        // listed twice (which one is it?), or not listed while some item could not be read: ask it alone
        if (twice.has(r) || (o === undefined && unreadable)) readAlone(c, [r])
        else seen(r, at(c, r), o)
      }
    }

  // reads given shared listings: a listing is queued once (in the listings' turn) for all its reads;
  // a read is queued when every listing it needs has answered
  type Then = (items: ReadonlyArray<unknown> | undefined) => void
  const waiting = new WeakMap<object, Map<string, Then[]>>()
  const share = (c: OpContext, r: ResourceState, requests: Readonly<Record<string, WireRequest>>): void => {
    const items: Record<string, ReadonlyArray<unknown>> = {}
    const go = read(c, r, items)
    const names = Object.keys(requests)
    let left = names.length
    if (left === 0) return void queueOf(c).reads.push(go)
    let byReq = waiting.get(c.config)
    if (!byReq) waiting.set(c.config, (byReq = new Map<string, Then[]>()))
    for (const name of names) {
      const req = requests[name]
      const k = JSON.stringify(req)
      let then = byReq.get(k)
      if (!then) {
        const all: Then[] = (then = [])
        byReq.set(k, all)
        queueOf(c).listings.push(async () => {
          const got = await listOnce(c, req)
          for (const f of all) f(E.isRight(got) ? got.right : undefined)
        })
      }
      then.push((got) => {
        // a listing that failed is not handed over: the read sends its own requests
        if (got) items[name] = got
        if (--left === 0) queueOf(c).reads.push(go)
      })
    }
  }

  for (const { c, members } of groups) {
    const w = c.spec.wire
    const q = queueOf(c)
    const wctx = (r: ResourceState) => ({ config: c.config, inputs: r.inputs as never, outputs: r.outputs as never })
    if (listItems && readShared && w.shares && !(w.list && members.length > 1) && !w.listIn) {
      for (const r of members) share(c, r, w.shares.requests(r.id, wctx(r)))
      continue
    }
    if (listItems && w.list && members.length > 1) {
      q.listings.push(listing(c, w.list({ config: c.config }), members))
      continue
    }
    if (!listItems || !w.listIn) {
      // a handler that lists a whole type only as decoded objects (the mock's)
      const bulk = members.length > 1 ? env.handler.list?.(c) : undefined
      if (bulk)
        q.listings.push(async () => {
          const got = await bulk()
          if (E.isLeft(got)) return readAlone(c, members)
          const byId = new Map(got.right.map((o) => [o.id, o]))
          for (const r of members) seen(r, at(c, r), byId.get(r.id))
        })
      else readAlone(c, members)
      continue
    }
    const byParent = new Map<string, ResourceState[]>()
    for (const r of members) {
      const k = w.listIn.parent(r.id, wctx(r))
      if (k === undefined) readAlone(c, [r])
      else (byParent.get(k) ?? byParent.set(k, []).get(k)!).push(r)
    }
    for (const rs of byParent.values())
      if (rs.length > 1) q.listings.push(listing(c, w.listIn.request(rs[0].id, wctx(rs[0])), rs))
      else readAlone(c, rs)
  }

  // per platform: listings first (each may add reads), then the reads
  await new Promise<void>((done) => {
    const next = (q: Queue): Task | undefined =>
      q.li < q.listings.length ? q.listings[q.li++] : q.ri < q.reads.length ? q.reads[q.ri++] : undefined
    const idle = () => [...queues.values()].every((q) => q.running === 0)
    const pump = (q: Queue): void => {
      for (
        let t = q.running < env.concurrency ? next(q) : undefined;
        t;
        t = q.running < env.concurrency ? next(q) : undefined
      ) {
        q.running++
        t()
          .catch((e: unknown) => {
            failures.push(stepFailure('refresh', 'read', e instanceof Error ? e.message : String(e)))
          })
          .finally(() => {
            q.running--
            pump(q)
          })
      }
      if (idle()) done()
    }
    for (const q of queues.values()) pump(q)
    if (idle()) done()
  })
  return failures
}

interface Queue {
  readonly listings: Task[]
  readonly reads: Task[]
  li: number
  ri: number
  running: number
}
