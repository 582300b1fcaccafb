/**
 * Test harness for the real interpreter: the three emulators, reached either in-process (their
 * HttpClients) or over real HTTP on 127.0.0.1 through the fetch transport, and an Env over them.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registry } from '#trellis'
import { httpHandler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import type { Handler } from '#trellis/engine'
import { fileStore } from '#trellis'
import { secret } from '#trellis'
import { platformClients } from '#trellis/clients'
import { fetchClient } from '#trellis/clients'
import { retry } from '#trellis/clients'
import { serve } from '#trellis/clients'
import { costEmulator, type CostEmulatorOptions } from '../../clients/emulators/cost'
import { hostingEmulator, type HostingEmulatorOptions } from '../../clients/emulators/hosting'
import {
  cloudEmulator,
  EMULATOR_SECRET_ID,
  EMULATOR_SECRET_KEY,
  type CloudEmulatorOptions,
} from '../../clients/emulators/cloud'
import type { Emulator } from '#trellis/clients'

export type Mode = 'in-process' | 'loopback'

export const CREDENTIALS: Record<string, Record<string, unknown>> = {
  cost: { apiToken: secret('emulator-token') },
  hosting: { token: secret('emulator-token') },
  cloud: { secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) },
}

export interface Platforms {
  readonly emulators: Readonly<Record<'cost' | 'hosting' | 'cloud', Emulator>>
  readonly handler: Handler
  readonly env: (extra?: Partial<Env>) => Env
  readonly close: () => Promise<void>
}

const fastSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 5)))

export interface EmulatorOptions {
  readonly cost?: CostEmulatorOptions
  readonly hosting?: HostingEmulatorOptions
  readonly cloud?: CloudEmulatorOptions
}

export const platforms = async (mode: Mode, options: EmulatorOptions = {}): Promise<Platforms> => {
  const emulators = {
    cost: costEmulator(options.cost),
    hosting: hostingEmulator(options.hosting),
    cloud: cloudEmulator(options.cloud),
  }
  const servers = mode === 'loopback' ? await Promise.all(Object.values(emulators).map((e) => serve(e.client))) : []
  const transport = mode === 'loopback' ? retry({ sleep: fastSleep })(fetchClient()) : undefined
  const handler = httpHandler({
    clients: (provider, config) => {
      const p = provider as keyof typeof emulators
      const withCreds = { ...CREDENTIALS[p], ...config }
      for (const [k, v] of Object.entries(CREDENTIALS[p])) if (config[k] === undefined) withCreds[k] = v
      return mode === 'loopback'
        ? platformClients({
            http: transport!,
            endpoints: { [p]: servers[['cost', 'hosting', 'cloud'].indexOf(p)].url },
            sleep: fastSleep,
          })(provider, withCreds)
        : platformClients({ http: emulators[p].client, sleep: fastSleep })(provider, withCreds)
    },
  })
  const dir = mkdtempSync(join(tmpdir(), 'trellis-it-'))
  return {
    emulators,
    handler,
    env: (extra = {}) => ({
      registry,
      handler,
      store: fileStore({ dir }),
      events: () => undefined,
      concurrency: 8,
      now: () => new Date(),
      ...extra,
    }),
    close: async () => {
      await Promise.all(servers.map((s) => s.close()))
    },
  }
}
