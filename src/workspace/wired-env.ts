/**
 * wiredEnv: the Env every front door runs on, from workspace options and a Wiring (the handler and
 * the credential checks): retries and rate budgets live in the wiring's handler, the providers'
 * environment fallbacks in `vars`, their credential and account checks in `verify`, and a stop
 * signal drains (steps in flight finish) through one mapHandler. liveEnv, emulatedEnv and
 * workspace() are this over their own wiring and store.
 */
import type { Registry } from '../core/registry'
import type { Issue } from '../core/issue'
import { registry as builtIn } from '../providers'
import { DEFAULT_CONCURRENCY, type Env, type Verify } from '../engine/env'
import { noEvents } from '../engine/events'
import type { Handler } from '../engine/handler'
import { mapHandler } from '../engine/map-handler'
import type { StateStore } from '../state/state-store'
import { usageError } from './trellis-error'
import type { Wiring } from './wiring'
import { budgetOfSignal } from '../engine/apply/step-budget'
import type { WorkspaceOptions } from './workspace'

/**
 * In-flight requests ignore the stop signal: a stopped run drains, it does not cut requests. A
 * step's time budget still reaches them (its signal is not the run's): the drain is bounded.
 */
export const draining = (h: Handler): Handler =>
  mapHandler(h, {
    context: (c) => {
      if (!c.signal || budgetOfSignal(c.signal) !== undefined) return c
      const { signal: _dropped, ...rest } = c
      void _dropped
      return rest as typeof c
    },
  })

/** Concurrency and lock wait from the options (else the environment), checked: a usage error names the field. */
export const settingsOf = (opts: WorkspaceOptions): { concurrency: number; lockWaitMs: number } => {
  const env = opts.env ?? process.env
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw usageError(`concurrency: expected a positive integer, got ${String(opts.concurrency)}`, {
      node: 'workspace',
      path: 'concurrency',
      expected: 'a positive integer',
      given: String(opts.concurrency),
    })
  const lockWaitMs = opts.lockWaitMs ?? (env.TRELLIS_LOCK_WAIT_MS ? Number(env.TRELLIS_LOCK_WAIT_MS) : 10_000)
  if (!Number.isFinite(lockWaitMs) || lockWaitMs < 0)
    throw usageError(`TRELLIS_LOCK_WAIT_MS: expected milliseconds, got ${String(env.TRELLIS_LOCK_WAIT_MS)}`)
  return { concurrency, lockWaitMs }
}

/** Each provider's `verify` hook from the wiring's preflight check. */
const verifyOf = (registry: Registry, w: Wiring): Readonly<Record<string, Verify>> =>
  Object.fromEntries(
    [...registry.providers.keys()].map((p): [string, Verify] => [
      p,
      (instance, config) => async () =>
        (await w.preflight(p, instance, config)).map((i): Issue => ({ severity: 'error', ...i })),
    ]),
  )

/** The Env of a wiring and a store under these options. */
export const wiredEnv = (opts: WorkspaceOptions, wiring: Wiring, store: StateStore): Env => {
  const vars = opts.env ?? process.env
  const registry = opts.registry ?? builtIn
  const passphrase = opts.passphrase ?? (vars.TRELLIS_PASSPHRASE || undefined)
  const { concurrency, lockWaitMs } = settingsOf(opts)
  return {
    registry,
    handler: opts.signal ? draining(wiring.handler) : wiring.handler,
    store,
    events: opts.onEvent ?? noEvents,
    concurrency,
    now: opts.now ?? (() => new Date()),
    lockWaitMs,
    vars,
    verify: verifyOf(registry, wiring),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(passphrase ? { passphrase } : {}),
    ...(opts.onStage ? { onStage: opts.onStage } : {}),
  }
}
