/**
 * liveEnv: the Env of the real platforms, as the CLI runs them — the fetch transport (or the one
 * given) under retries, a rate budget per platform and redacted debug lines; the providers' credential
 * chain and account checks as its `verify`; every provider's environment fallbacks; the proxy the
 * environment names (HTTPS_PROXY, HTTP_PROXY, NO_PROXY); the store the options name. Point a provider's `host`/`endpoint`/`domain` at `trellis emulate` to run it locally.
 */
import type { Env } from '../engine/env'
import { realWiring } from './real-handler'
import { proxyOf } from './proxy-of'
import { storeOf } from './store-of'
import { wiredEnv } from './wired-env'
import type { WorkspaceOptions } from './workspace'
import { registry as builtIn } from '../providers'

/**
 * The Env of the real platforms under these options (see the module doc).
 * @example
 * const r = await apply(myStack)(liveEnv({ stateDir: '.trellis' }))()
 */
export const liveEnv = (opts: WorkspaceOptions = {}): Env =>
  wiredEnv(
    opts,
    realWiring({
      registry: opts.registry ?? builtIn,
      env: opts.env ?? process.env,
      ...(opts.debug ? { debug: opts.debug } : {}),
      ...(opts.transport ? { transport: opts.transport } : {}),
      ...proxyOf(opts),
    }),
    storeOf(opts, false),
  )
