/**
 * openLocalPlatforms: the emulated platforms a `--emulate` run (or `workspace({ emulate: true })`)
 * works against, lasting across runs. When a `trellis emulate` is running for this state
 * directory (it leaves `<stateDir>/emulated/endpoint.json`), requests go to it over loopback
 * through the real transport; otherwise the emulators run in this process, loaded from the data
 * file (`<stateDir>/emulator.json` by default) and saved back by `close()`, holding the file's
 * lock in between (concurrent runs on one directory take turns instead of overwriting each
 * other's objects). Either way the platforms' test credentials replace whatever the program
 * configured, so no real credential is ever sent to an emulator (nor an emulator's to a real
 * platform: every base URL is the emulator's).
 */
import { promises as fs } from 'node:fs'
import * as E from 'fp-ts/Either'
import type { ClientFactory } from '../../src/core/provider'
import { secret } from '../../src/core/secret'
import { fetchClient } from '../fetch'
import { compose, type HttpClient } from '../http'
import { retry } from '../retry'
import type { Registry } from '../../src/core/registry'
import { registryClients } from '../platforms'
import { EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from './cloud'
import { HOSTING_EMULATOR_TOKEN } from './hosting'
import { openEmulatorData } from './data-lock'
import { defaultDataFile, endpointFile } from './emulated-paths'
import { EMULATED_PLATFORMS, writeEmulatorData, type EmulatedPlatform, type EmulatorSet } from './emulators'

// ── model ────────────────────────────────────────────────────────────────────
export { EMULATED_DIR, emulatedStateDir, endpointFile, defaultDataFile } from './emulated-paths'

/** What a running `trellis emulate` leaves for the runs that talk to it. */
export interface EmulatorEndpoint {
  readonly pid: number
  readonly endpoints: Readonly<Record<EmulatedPlatform, string>>
  readonly data: string
  readonly since: string
}

export interface LocalPlatformsOptions {
  /** the state directory (default `.trellis`) */
  readonly stateDir?: string
  /** the data file when no emulator is running (default `<stateDir>/emulator.json`) */
  readonly data?: string
  /** the transport to a running emulator (default: the real fetch transport with retries) */
  readonly http?: HttpClient
  /** how long to wait while another in-process run holds the data file (default 60 s) */
  readonly lockWaitMs?: number
}

export interface LocalPlatforms {
  /** `served`: a running `trellis emulate`; `in-process`: emulators loaded from the data file */
  readonly mode: 'served' | 'in-process'
  readonly endpoints?: Readonly<Record<EmulatedPlatform, string>>
  /** in-process only */
  readonly emulators?: EmulatorSet
  /** the data file in-process runs load and save */
  readonly data: string
  /** the clients of the providers in `registry`, with the emulators' credentials */
  readonly clients: (registry: Pick<Registry, 'providers'>) => ClientFactory
  /** saves the data file and lets the next run have it (in-process); nothing to do when served */
  readonly close: () => Promise<void>
}

/** The credentials each emulator accepts. */
export const EMULATOR_CREDENTIALS: Readonly<Record<EmulatedPlatform, Readonly<Record<string, unknown>>>> = {
  cost: { apiToken: secret('emulator-token') },
  hosting: { token: secret(HOSTING_EMULATOR_TOKEN) },
  cloud: { secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY), securityToken: undefined },
}

/** A provider configuration with the emulator's credentials in place of the program's. */
export const withEmulatorCredentials = (
  provider: string,
  config: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> => ({
  ...config,
  ...(EMULATOR_CREDENTIALS[provider as EmulatedPlatform] ?? {}),
})

// ── endpoint file ────────────────────────────────────────────────────────────
/**
 * The running emulator of this state directory, or undefined. A file left by an emulator that is
 * gone (killed, or its port taken by something else) is ignored: the cost endpoint must answer
 * its root as the cost emulator within a second.
 */
export const readEndpoint = async (stateDir: string): Promise<EmulatorEndpoint | undefined> => {
  let e: Partial<EmulatorEndpoint>
  try {
    e = JSON.parse(await fs.readFile(endpointFile(stateDir), 'utf8')) as Partial<EmulatorEndpoint>
  } catch {
    return undefined
  }
  const ok =
    typeof e.pid === 'number' &&
    typeof e.endpoints === 'object' &&
    e.endpoints !== null &&
    EMULATED_PLATFORMS.every((p) => typeof e.endpoints?.[p] === 'string' && /^http:\/\/127\./.test(e.endpoints[p]))
  if (!ok) return undefined
  const r = await fetchClient()({ method: 'GET', url: `${e.endpoints!.cost}/`, headers: {}, timeoutMs: 1_000 })()
  if (E.isLeft(r) || r.right.status !== 200) return undefined
  try {
    return (JSON.parse(r.right.body) as { platform?: unknown }).platform === 'cost'
      ? (e as EmulatorEndpoint)
      : undefined
  } catch {
    return undefined
  }
}

// ── constructor ──────────────────────────────────────────────────────────────
/** The emulators served on 127.0.0.1, their data kept in the state directory between runs. */
export const openLocalPlatforms = async (opts: LocalPlatformsOptions = {}): Promise<LocalPlatforms> => {
  const stateDir = opts.stateDir ?? '.trellis'
  const running = await readEndpoint(stateDir)
  if (running) {
    const http = opts.http ?? compose(retry())(fetchClient())
    return {
      mode: 'served',
      endpoints: running.endpoints,
      data: running.data,
      clients: (registry) => {
        const factory = registryClients({ http, endpoints: running.endpoints, registry })
        return (provider, config) => factory(provider, withEmulatorCredentials(provider, config))
      },
      close: () => Promise.resolve(),
    }
  }
  const data = opts.data ?? defaultDataFile(stateDir)
  // held until close: another run on this directory waits, rather than losing its objects to ours
  const { set, release } = await openEmulatorData(data, opts.lockWaitMs)
  let closed = false
  return {
    mode: 'in-process',
    emulators: set,
    data,
    clients: (registry) => (provider, config) => {
      const e = set[provider as EmulatedPlatform]
      if (!e) throw new Error(`no emulator for provider ${provider} (emulated: ${EMULATED_PLATFORMS.join(', ')})`)
      return registryClients({ http: e.client, registry })(provider, withEmulatorCredentials(provider, config))
    },
    close: async () => {
      if (closed) return
      closed = true
      try {
        await writeEmulatorData(data, set.snapshot())
      } finally {
        await release()
      }
    },
  }
}
