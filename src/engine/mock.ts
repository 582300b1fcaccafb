/**
 * The mock interpreter: the very same compile → plan → apply, with `mockHandler` and an in-memory
 * state store. What a unit test of a stack runs.
 */
import { createHash } from 'node:crypto'
import * as TE from 'fp-ts/TaskEither'
import { pipe } from 'fp-ts/function'
import type { Registry } from '../core/registry'
import type { Stack } from '../core/stack'
import type { State } from '../state/state'
import type { EventSink } from './events'
import type { MockHandler, Mocks } from './mock-handler'
import { mockEnvWith } from './mock-env'
import { apply, type EngineError } from './operations'
import type { Plan } from './plan'
import type { JournalEntry } from './run'

/** Options of a mock run: mocks, prior state, clock, seed, existing platform objects. */
export interface MockOptions {
  readonly mocks?: Mocks
  /** state from an earlier run (e.g. `run.state`), so the second run plans against it */
  readonly state?: State
  /** the clock (default: always MOCK_NOW, so times in state repeat from run to run) */
  readonly now?: () => Date
  /** what a new stack's lineage and salt derive from (default: the stack's name), so runs repeat */
  readonly seed?: string
  readonly concurrency?: number
  readonly events?: EventSink
  readonly passphrase?: string
  /**
   * Objects already on the mock platform, for imports (`options({ importId })`) and lookups: a
   * resource `{ token, id, inputs, outputs? }` (outputs default as for a create), or a lookup's
   * answer `{ token, result, args? }` (given args: only a call with these args gets it).
   */
  readonly existing?: ReadonlyArray<ExistingObject>
}

/** A platform object the mock holds before the run (see `MockOptions.existing`). */
export type ExistingObject =
  | {
      readonly token: string
      readonly id: string
      readonly inputs: Readonly<Record<string, unknown>>
      readonly outputs?: Readonly<Record<string, unknown>>
    }
  | {
      readonly token: string
      readonly result: Readonly<Record<string, unknown>>
      readonly args?: Readonly<Record<string, unknown>>
    }

/** What a mock run gives: plan, journal of operations, resolved outputs, new state, the mock's objects. */
export interface MockRun {
  readonly plan: Plan
  readonly journal: ReadonlyArray<JournalEntry>
  /** the stack's exported outputs, resolved */
  readonly outputs: Readonly<Record<string, unknown>>
  readonly state: State
  /** the objects the mock platform holds */
  readonly objects: MockHandler['objects']
}

/** The mock's default clock: a fixed instant, so plans and state are the same on every run. */
export const MOCK_NOW = '2024-01-01T00:00:00.000Z'

/** A new stack's lineage and salt, derived from a seed rather than drawn at random. */
export const seededState = (seed: string): { readonly lineage: string; readonly salt: string } => {
  const h = createHash('sha256').update(`trellis mock ${seed}`).digest('hex')
  return {
    lineage: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`,
    salt: Buffer.from(h.slice(32, 64), 'hex').toString('base64url'),
  }
}

/** The mock interpreter over any registry (`mock` is it over the built-in ones): compile → plan → apply in memory. */
export const mockWith =
  (registry: Registry) =>
  (stack: Stack, opts: MockOptions = {}): TE.TaskEither<EngineError, MockRun> => {
    const env = mockEnvWith(registry)({ ...opts, seed: opts.seed ?? stack.name })
    const handler = env.handler
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
