/**
 * The built-in emulators as a run on emulators gets them by default: a fresh one of each platform,
 * the cost emulator accepting only the test token the wiring puts in place of the program's
 * (EMULATOR_CREDENTIALS, local-platforms.ts), so a real token that slipped through is refused.
 */
import { costEmulator } from './cost'
import { hostingEmulator } from './hosting'
import { cloudEmulator } from './cloud'
import type { Emulator } from './emulator'
import type { EmulatedPlatform } from './emulators'

const COST_TEST_TOKEN = 'emulator-token'

/** `now`: the cloud emulator's clock (a run on an emulated clock keeps the cloud's time on it). */
export const builtInEmulators = (
  opts: { readonly now?: () => Date } = {},
): Readonly<Record<EmulatedPlatform, Emulator>> => ({
  cost: costEmulator({ token: COST_TEST_TOKEN }),
  hosting: hostingEmulator(),
  cloud: cloudEmulator(opts.now ? { now: opts.now } : {}),
})
