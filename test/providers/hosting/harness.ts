/**
 * Test harness for the hosting specs: the emulator behind the real bearer-REST client, and small
 * helpers that send a spec's wire requests and decode the replies the way the engine does.
 */
import * as E from 'fp-ts/Either'
import { restClient } from '../../../clients/rest'
import { hostingEmulator, type HostingEmulatorOptions } from '../../../clients/emulators/hosting'
import { secret } from '../../../src/core/secret'
import type { LookupSpec, ResourceSpec } from '../../../src/core/spec'
import type { PlatformError, WireRequest } from '../../../src/core/wire'

export const setup = (opts: HostingEmulatorOptions = {}, config: Record<string, unknown> = {}) => {
  const emu = hostingEmulator(opts)
  const client = restClient({ baseUrl: 'https://api.netlify.com', token: secret('emulator-token'), http: emu.client, style: 'hosting' })
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
  const create = async <I, O>(spec: ResourceSpec<I, O>, inputs: I) => ok(spec.wire.decode(await call(spec.wire.create(inputs, ctx)), { ...ctx, inputs }))
  const read = async <I, O>(spec: ResourceSpec<I, O>, id: string, inputs: I, outputs: O = {} as O) =>
    ok(spec.wire.decode(await call(spec.wire.read(id, { ...ctx, inputs, outputs })), { ...ctx, inputs }))
  const readE = async <I, O>(spec: ResourceSpec<I, O>, id: string, inputs: I, outputs: O = {} as O) => send(spec.wire.read(id, { ...ctx, inputs, outputs }))
  const update = async <I, O>(spec: ResourceSpec<I, O>, id: string, inputs: I, prior: I, outputs: O = {} as O) =>
    ok(spec.wire.decode(await call(spec.wire.update!(id, inputs, { ...ctx, prior, outputs })), { ...ctx, inputs }))
  const del = async <I, O>(spec: ResourceSpec<I, O>, id: string, inputs: I, outputs: O = {} as O) => {
    const d = spec.wire.delete
    if (d === 'forget') return undefined
    return call(d(id, { ...ctx, inputs, outputs }))
  }
  const lookup = async <A, R>(spec: LookupSpec<A, R>, args: A) => {
    const r = await send(spec.wire.request(args, ctx))
    if (E.isLeft(r)) return E.left(`${r.left.kind}: ${r.left.request}: ${r.left.message}`)
    return spec.wire.decode(r.right, args, ctx)
  }
  return { emu, client, send, call, ok, create, read, readE, update, del, lookup, config }
}

/** The id of the default fixture team `acme`. */
export const acmeId = async (h: ReturnType<typeof setup>): Promise<string> => {
  const all = (await h.call({ _tag: 'Rest', method: 'GET', path: '/api/v1/accounts' })) as Array<{ id: string; slug: string }>
  return all.find((a) => a.slug === 'acme')!.id
}

export const siteId = async (h: ReturnType<typeof setup>, name = 'acme-www'): Promise<string> => {
  const all = (await h.call({ _tag: 'Rest', method: 'GET', path: '/api/v1/sites' })) as Array<{ id: string; name: string }>
  return all.find((s) => s.name === name)!.id
}
