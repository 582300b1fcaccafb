/**
 * Engine events: what a run reports as it goes (progress lines, logs). The edge decides how to show
 * them; the engine never writes to the console.
 */
import type { Action } from './plan'

/** What an engine operation reports as it goes (steps started and done, retries, progress). */
export type EngineEvent =
  | {
      readonly type: 'step-start'
      readonly address: string
      readonly action: Action | 'reconcile' | 'refresh'
      readonly at: number
    }
  | {
      readonly type: 'step-done'
      readonly address: string
      readonly action: Action | 'reconcile' | 'refresh'
      readonly ms: number
      readonly note?: string
    }
  | {
      readonly type: 'step-failed'
      readonly address: string
      readonly action: Action | 'reconcile' | 'refresh'
      readonly ms: number
      readonly message: string
    }
  | { readonly type: 'progress'; readonly message: string }
  | { readonly type: 'warning'; readonly message: string }

/** Where an operation reports its events. */
export type EventSink = (e: EngineEvent) => void

/** An EventSink that drops every event, for an Env built by hand. */
export const noEvents: EventSink = () => undefined
