/**
 * readEvery: the reads of a refresh, with as few requests as the specs allow — one (paged) listing
 * per type where the platform lists the whole type (`wire.list`), one per parent where it lists
 * under a parent (`wire.listIn`: the records of a zone), one read per object otherwise — with
 * `env.concurrency` requests at a time per platform.
 *
 * A listed item is decoded as a read decodes it, with the inputs of the object it is, so a listing
 * observes what a read would; an object a complete listing does not hold is gone. When a listing
 * fails, or an item of it cannot be decoded (it might have been one of ours), the objects it did
 * not show are read one by one, which gives their own answer or error.
 */
import * as E from 'fp-ts/Either'
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

  const read =
    (c: OpContext, r: ResourceState): Task =>
    async () => {
      const cx = at(c, r)
      const got = await env.handler.read(cx, r.id, r.inputs, r.outputs)()
      if (E.isLeft(got)) failures.push(got.left)
      else seen(r, cx, got.right)
    }
  const readAlone = (c: OpContext, rs: ReadonlyArray<ResourceState>): void => {
    queueOf(c).reads.push(...rs.map((r) => read(c, r)))
  }

  const listItems = env.handler.listItems
  const listing =
    (c: OpContext, req: WireRequest, members: ReadonlyArray<ResourceState>): Task =>
    async () => {
      const got = listItems ? await listItems(c, req)() : E.left(undefined)
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

  for (const { c, members } of groups) {
    const w = c.spec.wire
    const q = queueOf(c)
    const wctx = (r: ResourceState) => ({ config: c.config, inputs: r.inputs as never, outputs: r.outputs as never })
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
