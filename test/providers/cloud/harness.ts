/**
 * Test harness for the cloud specs: the emulator behind the real signed-action client (no waits:
 * polls sleep for nothing), and helpers that send a spec's wire requests and decode the replies
 * the way the engine does.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { tc3Client } from '#trellis/clients'
import {
  cloudEmulator,
  EMULATOR_SECRET_ID,
  EMULATOR_SECRET_KEY,
  type CloudEmulatorOptions,
} from '../../../clients/emulators/cloud'
import { secret } from '#trellis'
import type { LookupSpec } from '#trellis'
import { specHarness } from '../spec-harness'
import { recorder } from '../recorder'

export const setup = (
  opts: CloudEmulatorOptions = {},
  config: Record<string, unknown> = { region: 'ap-guangzhou' },
) => {
  const emu = cloudEmulator(opts)
  const rec = recorder()
  const progress: string[] = []
  const client = tc3Client({
    credentials: () => TE.right({ secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) }),
    region: 'ap-guangzhou',
    endpoint: 'http://cloud.emulator/',
    http: rec.wrap(emu.client),
    now: opts.now,
    sleep: async () => undefined,
    onProgress: (l) => progress.push(l),
    maxAttempts: 3,
  })
  const h = specHarness(client, config)
  const { call } = h
  const lookup = async <A, R>(spec: LookupSpec<A, R>, args: A): Promise<R> => {
    const r = await h.lookupEither(spec, args)
    if (E.isLeft(r)) throw new Error(r.left)
    return r.right
  }
  /** one raw action, e.g. to seed data the specs do not create */
  const raw = (service: string, version: string, action: string, params: Record<string, unknown>) =>
    call({ _tag: 'Action', service, version, action, params })
  const apigw = (action: string, params: Record<string, unknown>) =>
    raw('apigateway', '2018-08-08', action, params) as Promise<Record<string, any>>
  /** the actions sent so far, with their parameters */
  const sent = () =>
    rec.sent.map((r) => ({ action: r.action ?? '', params: (r.body ?? {}) as Record<string, unknown> }))
  return { ...h, emu, lookup, raw, apigw, progress, sent }
}

/** A gateway service with one HTTP api, made through raw actions (for the dependents' tests). */
export const serviceWithApi = async (h: ReturnType<typeof setup>, name = 'svc') => {
  const s = await h.apigw('CreateService', { ServiceName: name, Protocol: 'http', NetTypes: ['OUTER'] })
  const serviceId = s.ServiceId as string
  await h.call({
    _tag: 'Action',
    service: 'apigateway',
    version: '2018-08-08',
    action: 'DescribeService',
    params: { ServiceId: serviceId },
    poll: { until: () => true, timeoutMs: 10_000, intervalMs: 1, what: 'service' },
  })
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
