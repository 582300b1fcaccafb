/**
 * The emulators a registry's providers declare (ProviderSpec.emulator), for the providers a run
 * has no emulator of: each made once, when the wiring is, so every run of that wiring finds the
 * objects the ones before it made.
 */
import type { Registry } from '../core/registry'
import type { ProviderEmulator } from './emulated-handler'

export const declaredEmulators = (
  registry: Registry,
  emulated: (provider: string) => boolean,
): Readonly<Record<string, ProviderEmulator>> => {
  const made: Record<string, ProviderEmulator> = {}
  for (const [name, spec] of registry.providers)
    // the declaration's `client` is an HttpClient: src/core cannot name the type (ChainIo says why)
    if (spec.emulator && !emulated(name)) made[name] = spec.emulator() as ProviderEmulator
  return made
}
