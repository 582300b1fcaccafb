/**
 * The three emulators behind the real clients and the http handler, every request recorded, on a
 * virtual clock: what the conformance suites run the engine against.
 */
import { registry } from '#trellis'
import { httpHandler, type Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { platformClients, costEmulator, hostingEmulator, cloudEmulator } from '#trellis/clients'
import { CREDENTIALS } from './interpreter/harness'
import { COST_FIXTURES } from './interpreter/every-resource-platforms'
import { recorder } from './providers/recorder'

export const recordingPlatforms = () => {
  const emulators = {
    cost: costEmulator({ fixtures: COST_FIXTURES }),
    hosting: hostingEmulator(),
    cloud: cloudEmulator(),
  }
  const recs = { cost: recorder(), hosting: recorder(), cloud: recorder() }
  // a virtual clock for the clients' waits: a poll that never ends (a find for what was never
  // made) gives up at once instead of after its real timeout
  let clock = Date.now()
  const now = () => new Date(clock)
  const sleep = (ms: number) => {
    clock += ms
    return new Promise<void>((r) => setImmediate(r))
  }
  const clientOf = (provider: string, config: Readonly<Record<string, unknown>> = {}) => {
    const p = provider as keyof typeof emulators
    const withCreds: Record<string, unknown> = { ...CREDENTIALS[p], ...config }
    for (const [k, v] of Object.entries(CREDENTIALS[p])) if (config[k] === undefined) withCreds[k] = v
    return platformClients({ http: recs[p].wrap(emulators[p].client), sleep, now })(provider, withCreds)
  }
  const handler = httpHandler({ clients: clientOf })
  const env = (): Env => ({
    registry,
    handler,
    store: memoryStore(),
    events: () => undefined,
    concurrency: 4,
    now: () => new Date(),
  })
  return { recs, env, clientOf }
}
