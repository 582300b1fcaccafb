/**
 * Env: everything an engine operation needs, injected. Nothing in the engine reads process.env,
 * writes to the console or opens a socket on its own.
 */
import type { Registry } from '../core/registry'
import type { StateStore } from '../state/state-store'
import type { Handler } from './handler'
import type { EventSink } from './events'
import type { Task } from 'fp-ts/Task'
import type { Issue } from '../core/issue'
import type { StageName } from './pipeline/stage'
import type { PipelineHooks } from './pipeline/hooks'

/**
 * A provider's preflight check of one instance (decoded configuration, env fallbacks applied):
 * issues when it cannot authenticate or must not be used (the cloud's account checks). Run before
 * any provider changes anything.
 */
export type Verify = (instance: string, config: Readonly<Record<string, unknown>>) => Task<ReadonlyArray<Issue>>

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
  /** false: steps get no time budget (the mock, which waits for nothing); see apply/step-budget.ts */
  readonly stepBudgets?: boolean
  /** encrypts secrets in state when given (TRELLIS_PASSPHRASE at the edge) */
  readonly passphrase?: string
  /** how long to wait for another run's lock */
  readonly lockWaitMs?: number
  /** lineage and salt of a stack's first state (random by default; the mock seeds them so its runs repeat) */
  readonly newState?: (stack: string) => { readonly lineage: string; readonly salt: string }
  /** environment variables for the providers' documented fallbacks (absent: none applied) */
  readonly vars?: Readonly<Record<string, string | undefined>>
  /** per provider name, its preflight check (the layers supply credentials and account checks) */
  readonly verify?: Readonly<Record<string, Verify>>
  /** the pipeline's insertion points (after plan, around load, before each step) */
  readonly hooks?: PipelineHooks
  /** hears each named stage start (tracing, tests counting compiles and loads) */
  readonly onStage?: (stage: StageName) => void
}

/** How many steps run at once by default. */
export const DEFAULT_CONCURRENCY = 16
