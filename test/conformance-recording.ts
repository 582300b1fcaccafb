/**
 * The three emulators (with the every-resource fixtures) behind a handler that records, per node
 * address, every wire request it sends — the requests a chain builds from replies (`then`) too —
 * and the waits (`poll`) they declare. Steps run one at a time so a request is the node's whose step
 * is running. For the conformance suites over every resource type.
 */
import type { TaskEither } from 'fp-ts/TaskEither'
import { httpHandler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import type { Handler, OpContext } from '#trellis/engine'
import { registry } from '#trellis'
import { memoryStore } from '#trellis'
import type { PlatformClient, Poll, WireRequest } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { costEmulator } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import { cloudEmulator } from '#trellis/clients'
import type { Emulator } from '#trellis/clients'
import { CREDENTIALS } from './interpreter/harness'
import { COST_FIXTURES } from './interpreter/every-resource-platforms'

export interface Sent {
  readonly address: string
  readonly op: 'create' | 'read' | 'update' | 'delete' | 'list'
  readonly req: WireRequest
}

export interface Recording {
  readonly emulators: Readonly<Record<'cost' | 'hosting' | 'cloud', Emulator>>
  readonly sent: Sent[]
  readonly polls: Array<{ readonly token: string; readonly poll: Poll }>
  /** sends a spec's `wire.find` for what a create sent (as reconciling a lost create would), recorded */
  readonly find: (token: string, sent: Readonly<Record<string, unknown>>) => Promise<void>
  /** an Env over the emulators; `store` defaults to a fresh memory store */
  readonly env: (extra?: Partial<Env>) => Env
}

const fastSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 2)))

export const recording = (): Recording => {
  const emulators = {
    cost: costEmulator({ fixtures: COST_FIXTURES }),
    hosting: hostingEmulator(),
    cloud: cloudEmulator(),
  }
  const sent: Sent[] = []
  const polls: Recording['polls'] = []
  let current: { address: string; token: string; op: Sent['op'] } | undefined
  // every request of a chain passes through here: the first, and each one `then` builds
  const tap = (req: WireRequest): WireRequest => {
    if (current) {
      sent.push({ address: current.address, op: current.op, req })
      if (req.poll) polls.push({ token: current.token, poll: req.poll })
    }
    const then = req.then
    return then ? { ...req, then: (reply) => mapDefined(then(reply), tap) } : req
  }
  const clients = (provider: string, config: Readonly<Record<string, unknown>>): PlatformClient => {
    const p = provider as keyof typeof emulators
    const client = platformClients({ http: emulators[p].client, sleep: fastSleep })(provider, {
      ...config,
      ...Object.fromEntries(Object.entries(CREDENTIALS[p]).filter(([k]) => config[k] === undefined)),
    })
    // tapped when the request is sent (the handler builds its task before the step runs)
    return { ...client, call: (req, signal) => () => client.call(tap(req), signal)() }
  }
  const inner = httpHandler({ clients })
  const find = async (token: string, sent: Readonly<Record<string, unknown>>): Promise<void> => {
    const spec = registry.resources.get(token)!
    const config = CREDENTIALS[spec.provider] ?? {}
    const req = spec.wire.find?.(sent, { config })
    if (!req) return
    current = { address: `find/${token}`, token, op: 'read' }
    try {
      await clients(spec.provider, config).call(req)()
    } finally {
      current = undefined
    }
  }
  const during =
    <A>(c: OpContext, op: Sent['op'], task: TaskEither<unknown, A>) =>
    async () => {
      current = { address: c.address, token: c.spec.token, op }
      try {
        return await task()
      } finally {
        current = undefined
      }
    }
  const handler: Handler = {
    ...inner,
    create: (c, i) => during(c, 'create', inner.create(c, i)),
    read: (c, id, i, o) => during(c, 'read', inner.read(c, id, i, o)),
    update: (c, id, i, p, o) => during(c, 'update', inner.update(c, id, i, p, o)),
    delete: (c, id, i, o) => during(c, 'delete', inner.delete(c, id, i, o)),
  } as Handler
  return {
    emulators,
    sent,
    polls,
    find,
    env: (extra = {}) => ({
      registry,
      handler,
      store: memoryStore(),
      events: () => undefined,
      concurrency: 1,
      now: () => new Date(),
      ...extra,
    }),
  }
}

const mapDefined = <A, B>(a: A | undefined, f: (a: A) => B): B | undefined => (a === undefined ? undefined : f(a))
