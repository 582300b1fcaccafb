/**
 * Test harness for the cloud specs: the emulator behind the real signed-action client (no waits:
 * polls sleep for nothing), and helpers that send a spec's wire requests and decode the replies
 * the way the engine does.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { tc3Client } from '../../../clients/tc3'
import { cloudEmulator, EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY, type CloudEmulatorOptions } from '../../../clients/emulators/cloud'
import { secret } from '../../../src/core/secret'
import type { LookupSpec, ResourceSpec } from '../../../src/core/spec'
import type { PlatformError, WireRequest } from '../../../src/core/wire'

export const setup = (opts: CloudEmulatorOptions = {}, config: Record<string, unknown> = { region: 'ap-guangzhou' }) => {
  const emu = cloudEmulator(opts)
  const progress: string[] = []
  const client = tc3Client({
    credentials: () => TE.right({ secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) }),
    region: 'ap-guangzhou',
    endpoint: 'http://cloud.emulator/',
    http: emu.client,
    now: opts.now,
    sleep: async () => undefined,
    onProgress: (l) => progress.push(l),
    maxAttempts: 3,
  })
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
  const list = async <I, O>(spec: ResourceSpec<I, O>) => {
    const items = (await call(spec.wire.list!(ctx))) as unknown[]
    return items.map((it) => ok(spec.wire.decode(it, { ...ctx, inputs: {} })))
  }
  const lookup = async <A, R>(spec: LookupSpec<A, R>, args: A): Promise<R> => {
    const r = await send(spec.wire.request(args, ctx))
    if (E.isLeft(r)) throw new Error(`${r.left.kind}: ${r.left.request}: ${r.left.message}`)
    return ok(spec.wire.decode(r.right, args, ctx))
  }
  const lookupE = async <A, R>(spec: LookupSpec<A, R>, args: A) => send(spec.wire.request(args, ctx))
  /** one raw action, e.g. to seed data the specs do not create */
  const raw = (service: string, version: string, action: string, params: Record<string, unknown>) => call({ _tag: 'Action', service, version, action, params })
  const apigw = (action: string, params: Record<string, unknown>) => raw('apigateway', '2018-08-08', action, params) as Promise<Record<string, any>>
  return { emu, client, send, call, ok, create, read, readE, update, del, list, lookup, lookupE, raw, apigw, progress, config }
}

/** A gateway service with one HTTP api, made through raw actions (for the dependents' tests). */
export const serviceWithApi = async (h: ReturnType<typeof setup>, name = 'svc') => {
  const s = await h.apigw('CreateService', { ServiceName: name, Protocol: 'http', NetTypes: ['OUTER'] })
  const serviceId = s.ServiceId as string
  await h.call({ _tag: 'Action', service: 'apigateway', version: '2018-08-08', action: 'DescribeService', params: { ServiceId: serviceId }, poll: { until: () => true, timeoutMs: 10_000, intervalMs: 1, what: 'service' } })
  const a = await h.apigw('CreateApi', {
    ServiceId: serviceId,
    ApiName: 'hello',
    RequestConfig: { Path: '/hello', Method: 'GET' },
    ServiceType: 'HTTP',
    ServiceTimeout: 5,
    ServiceConfig: { Url: 'http://backend', Path: '/', Method: 'GET' },
    AuthType: 'SECRET',
  })
  return { serviceId, apiId: a.Result.ApiId as string }
}
