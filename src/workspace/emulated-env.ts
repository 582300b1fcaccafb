/**
 * emulatedEnv: the Env of emulators in-process (`--emulate`'s platforms, and a registry's own
 * providers' emulators beside them), with the test credentials they accept, the same preflight as
 * the real platforms (the credential chains and account checks run against the emulators) and
 * emulated state under `<stateDir>/emulated/`.
 */
import type { Env } from '../engine/env'
import { emulatedWiring, type AnyEmulators, type Emulators } from './emulated-handler'
import { storeOf } from './store-of'
import { wiredEnv } from './wired-env'
import type { WorkspaceOptions } from './workspace'
import { registry as builtIn } from '../providers'

/** Options of emulatedEnv: the workspace's, and the emulators by provider (fresh built-in ones by default). */
export interface EmulatedEnvOptions<M extends AnyEmulators = Emulators> extends Omit<WorkspaceOptions, 'emulate'> {
  readonly emulators?: M
}

/** An Env over in-process emulators; `env.emulators`-free: keep your own handle to inspect them. */
export const emulatedEnv = <M extends AnyEmulators = Emulators>(
  opts: EmulatedEnvOptions<M> = {},
): Env & { readonly emulators: M } => {
  const w = emulatedWiring<M>(opts.emulators, opts.registry ?? builtIn)
  return { ...wiredEnv(opts, w, storeOf(opts, true)), emulators: w.emulators }
}
