/**
 * emulatedEnv: the Env of the built-in emulators in-process (`--emulate`'s platforms), with the
 * test credentials they accept, the same preflight as the real platforms (the cloud's account
 * checks run against the emulated STS) and emulated state under `<stateDir>/emulated/`.
 */
import type { Env } from '../engine/env'
import { emulatedWiring, type Emulators } from './emulated-handler'
import { storeOf } from './store-of'
import { wiredEnv } from './wired-env'
import type { WorkspaceOptions } from './workspace'
import { registry as builtIn } from '../providers'

/** Options of emulatedEnv: the workspace's, and the emulators (fresh ones by default). */
export interface EmulatedEnvOptions extends Omit<WorkspaceOptions, 'emulate'> {
  readonly emulators?: Emulators
}

/** An Env over in-process emulators; `env.emulators`-free: keep your own handle to inspect them. */
export const emulatedEnv = (opts: EmulatedEnvOptions = {}): Env & { readonly emulators: Emulators } => {
  const w = emulatedWiring(opts.emulators, opts.registry ?? builtIn)
  return { ...wiredEnv(opts, w, storeOf(opts, true)), emulators: w.emulators }
}
