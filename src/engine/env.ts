/**
 * Env: everything an engine operation needs, injected. Nothing in the engine reads process.env,
 * writes to the console or opens a socket on its own.
 */
import type { Registry } from '../core/registry'
import type { StateStore } from '../state/state-store'
import type { Handler } from './handler'
import type { EventSink } from './events'

/** Everything an engine operation needs, injected: registry, handler, state store, events, clock, concurrency. */
export interface Env {
  readonly registry: Registry
  readonly handler: Handler
  readonly store: StateStore
  readonly events: EventSink
  /** the most steps in flight at once */
  readonly concurrency: number
  readonly now: () => Date
  readonly signal?: AbortSignal
  /** encrypts secrets in state when given (TRELLIS_PASSPHRASE at the edge) */
  readonly passphrase?: string
  /** how long to wait for another run's lock */
  readonly lockWaitMs?: number
  /** lineage and salt of a stack's first state (random by default; the mock seeds them so its runs repeat) */
  readonly newState?: (stack: string) => { readonly lineage: string; readonly salt: string }
}

/** How many steps run at once by default. */
export const DEFAULT_CONCURRENCY = 16
