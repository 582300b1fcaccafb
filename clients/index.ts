/**
 * trellis/clients: HTTP transport and middlewares, the platforms' protocols, the default client
 * factory, and the in-memory emulators (servable on 127.0.0.1).
 *
 * @module trellis/clients
 */
export {
  compose,
  httpError,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
  type HttpError,
  type Middleware,
} from './http'
export { fetchClient } from './fetch'
export { retry } from './retry'
export { rateBudget } from './rate-budget'
export { redact, redactor, redactHeaders } from './redact'
export { debugLog } from './debug-log'
export { scripted } from './scripted'
export { serve } from './serve'
export { faults } from './faults'
export { restClient, USER_AGENT } from './rest'
export { tc3Client } from './tc3'
export { signTc3 } from './tc3-sign'
export { platformClients } from '../src/workspace/platform-clients'
export { registryClients } from './platforms'
export { costEmulator } from './emulators/cost'
export { hostingEmulator } from './emulators/hosting'
export { cloudEmulator } from './emulators/cloud'
export type { Emulator } from './emulators/emulator'
export { emulators, readEmulatorData, writeEmulatorData } from './emulators/emulators'
export type { EmulatorSet, EmulatorData, PlatformSeed } from './emulators/emulators'
export { serveEmulators } from './emulators/serve-emulators'
export { openLocalPlatforms } from './emulators/local-platforms'
export type { SeedObjects } from './emulators/emulator'
