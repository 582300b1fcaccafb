/**
 * Sends a spec's wire requests through a platform client and decodes the replies the way the
 * engine does — the shared core of each provider's test harness.
 */
import * as E from 'fp-ts/Either'
import type { LookupSpec, ResourceSpec } from '#trellis'
import type { PlatformClient, PlatformError, WireRequest } from '#trellis/engine'

export const specHarness = (client: PlatformClient, config: Record<string, unknown>) => {
  const send = async (req: WireRequest): Promise<E.Either<PlatformError, unknown>> => client.call(req)()
  const call = async (req: WireRequest): Promise<unknown> => {
    const r = await send(req)
    if (E.isLeft(r)) throw new Error(`${r.left.kind}: ${r.left.request}: ${r.left.message}`)
    return r.right
  }
  const ok = <A>(d: E.Either<string, A>): A => {
    if (E.isLeft(d)) throw new Error(d.left)
    return d.right
  }
  const ctx = { config }
  /** create → decoded observation */
  const create = async <I, O>(spec: ResourceSpec<I, O>, inputs: I) =>
    ok(spec.wire.decode(await call(spec.wire.create(inputs, ctx)), { ...ctx, inputs }))
  const read = async <I, O>(spec: ResourceSpec<I, O>, id: string, inputs: I, outputs: O = {} as O) =>
    ok(spec.wire.decode(await call(spec.wire.read(id, { ...ctx, inputs, outputs })), { ...ctx, inputs }))
  const readE = async <I, O>(spec: ResourceSpec<I, O>, id: string, inputs: I, outputs: O = {} as O) =>
    send(spec.wire.read(id, { ...ctx, inputs, outputs }))
  const update = async <I, O>(spec: ResourceSpec<I, O>, id: string, inputs: I, prior: I, outputs: O = {} as O) =>
    ok(spec.wire.decode(await call(spec.wire.update!(id, inputs, { ...ctx, prior, outputs })), { ...ctx, inputs }))
  const del = async <I, O>(spec: ResourceSpec<I, O>, id: string, inputs: I, outputs: O = {} as O) => {
    const d = spec.wire.delete
    if (d === 'forget') return undefined
    return call(d(id, { ...ctx, inputs, outputs }))
  }
  const list = async <I, O>(spec: ResourceSpec<I, O>) => {
    const items = (await call(spec.wire.list!(ctx))) as unknown[]
    return items.map((it) => ok(spec.wire.decode(it, { ...ctx, inputs: {} })))
  }
  /** a lookup's result, or its error as a message */
  const lookupEither = async <A, R>(spec: LookupSpec<A, R>, args: A): Promise<E.Either<string, R>> => {
    const r = await send(spec.wire.request(args, ctx))
    if (E.isLeft(r)) return E.left(`${r.left.kind}: ${r.left.request}: ${r.left.message}`)
    return spec.wire.decode(r.right, args, ctx)
  }
  const lookupE = async <A, R>(spec: LookupSpec<A, R>, args: A) => send(spec.wire.request(args, ctx))
  return { client, send, call, ok, create, read, readE, update, del, list, lookupEither, lookupE, config }
}
