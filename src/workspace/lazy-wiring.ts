/**
 * A workspace's wiring, loaded by the first run that needs it: the clients, emulators and their
 * wiring are imported then (wiring-modules.ts), so a program that imports trellis for the language
 * or the mock interpreter does not load them. The lasting emulated platforms are opened on first
 * use too (they may read a file or probe a port).
 */
import type { LocalPlatforms } from '../../clients/emulators/local-platforms'
import { registry as builtIn } from '../providers'
import type { AnyEmulators } from './emulated-handler'
import type { proxyOf } from './proxy-of'
import type { WorkspaceOptions } from './workspace'
import { wiringModules } from './wiring-modules'
import type { Wiring } from './wiring'

export interface LazyWiring {
  readonly ready: () => Promise<Wiring>
  /** the emulators given, or those of the lasting platforms once opened */
  readonly emulators: () => AnyEmulators | undefined
  /** what the emulated platforms now hold lasts until the next run */
  readonly close: () => Promise<void>
}

export const lazyWiring = (opts: WorkspaceOptions, proxy: ReturnType<typeof proxyOf>): LazyWiring => {
  const registry = opts.registry ?? builtIn
  const given = opts.emulate && opts.emulate !== true ? opts.emulate : undefined
  let local: Promise<LocalPlatforms> | undefined
  let opened: LocalPlatforms | undefined
  let wiring: Wiring | undefined
  const lasting = async (): Promise<Wiring> => {
    const [{ openLocalPlatforms }, { localWiring }] = await Promise.all([
      wiringModules.localPlatforms(),
      wiringModules.emulatedHandler(),
    ])
    const data = opts.emulatorData ? { data: opts.emulatorData } : {}
    local ??= openLocalPlatforms({ stateDir: opts.stateDir ?? '.trellis', ...data }).then((l) => (opened = l))
    return localWiring(await local, registry)
  }
  const real = async (): Promise<Wiring> => {
    const { realWiring } = await wiringModules.realHandler()
    return realWiring({
      registry,
      env: opts.env ?? process.env,
      ...(opts.debug ? { debug: opts.debug } : {}),
      ...(opts.transport ? { transport: opts.transport } : {}),
      ...proxy,
    })
  }
  const load = async (): Promise<Wiring> => {
    if (given) return (await wiringModules.emulatedHandler()).emulatedWiring(given, registry)
    return opts.emulate === true ? lasting() : real()
  }
  return {
    ready: async () => {
      if (wiring) return wiring
      // two runs may start at once: the first wiring loaded is the one every run shares
      const w = await load()
      return (wiring ??= w)
    },
    // the lasting platforms' set is the built-in emulators (and its seed, snapshot and restore)
    emulators: () => given ?? opened?.emulators,
    close: async () => {
      await opened?.close()
    },
  }
}
