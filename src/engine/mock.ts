/**
 * The mock interpreter: the very same compile → plan → apply, with `mockHandler` and an in-memory
 * state store. What a unit test of a stack runs.
 */
import * as TE from 'fp-ts/TaskEither'
import { pipe } from 'fp-ts/function'
import type { Registry } from '../core/registry'
import type { Stack } from '../core/stack'
import { memoryStore } from '../state/memory-store'
import type { State } from '../state/state'
import { DEFAULT_CONCURRENCY, type Env } from './env'
import { noEvents, type EventSink } from './events'
import { mockHandler, type MockHandler, type Mocks } from './mock-handler'
import { apply, type EngineError } from './operations'
import type { Plan } from './plan'
import type { JournalEntry } from './run'

export interface MockOptions {
  readonly mocks?: Mocks
  /** state from an earlier run (e.g. `run.state`), so the second run plans against it */
  readonly state?: State
  readonly now?: () => Date
  readonly concurrency?: number
  readonly events?: EventSink
  readonly passphrase?: string
}

export interface MockRun {
  readonly plan: Plan
  readonly journal: ReadonlyArray<JournalEntry>
  /** the stack's exported outputs, resolved */
  readonly outputs: Readonly<Record<string, unknown>>
  readonly state: State
  /** the objects the mock platform holds */
  readonly objects: MockHandler['objects']
}

export const mockWith =
  (registry: Registry) =>
  (stack: Stack, opts: MockOptions = {}): TE.TaskEither<EngineError, MockRun> => {
    const seed = new Map(
      Object.values(opts.state?.resources ?? {}).map((r) => [
        r.id,
        { token: r.token, inputs: r.inputs, outputs: r.outputs },
      ]),
    )
    const handler = mockHandler(opts.mocks, seed)
    const env: Env = {
      registry,
      handler,
      store: memoryStore(opts.state ? { [stack.name]: opts.state } : {}),
      events: opts.events ?? noEvents,
      concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
      now: opts.now ?? (() => new Date()),
      ...(opts.passphrase ? { passphrase: opts.passphrase } : {}),
    }
    return pipe(
      apply(stack)(env),
      TE.map((r) => ({
        plan: r.plan,
        journal: r.journal,
        outputs: r.outputs,
        state: r.state,
        objects: handler.objects,
      })),
    )
  }
