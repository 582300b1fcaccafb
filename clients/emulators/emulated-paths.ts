/**
 * Where the emulated platforms keep their files under a state directory. Apart from
 * local-platforms.ts so that workspace() can place its emulated store without loading the
 * emulators and clients, which it loads only when a run first needs them.
 */
import { join } from 'node:path'

/** the namespace of emulated state under the state directory */
export const EMULATED_DIR = 'emulated'
export const emulatedStateDir = (stateDir: string): string => join(stateDir, EMULATED_DIR)
export const endpointFile = (stateDir: string): string => join(stateDir, EMULATED_DIR, 'endpoint.json')
export const defaultDataFile = (stateDir: string): string => join(stateDir, 'emulator.json')
