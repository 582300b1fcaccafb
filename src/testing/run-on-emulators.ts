/**
 * runOnEmulators: a stack through the REAL interpreter — the http handler, the platforms' wire
 * protocols, retries and all — against in-process emulators of the three platforms, in one call.
 * Where runMock checks what a stack means, this checks that it works on the platforms' APIs. The
 * emulators answer at once, so the run's waits skip ahead on an emulated clock instead of passing.
 */
import { isLeft } from 'fp-ts/Either'
import type { Stack } from '../core/stack'
import type { Registry } from '../core/registry'
import { apply } from '../engine/operations'
import { DEFAULT_CONCURRENCY, type Env } from '../engine/env'
import { noEvents } from '../engine/events'
import { seededState, type MockOptions } from '../engine/mock'
import type { Plan } from '../engine/plan'
import type { JournalEntry } from '../engine/run'
import { memoryStore } from '../state/memory-store'
import type { State } from '../state/state'
import { registry as builtIn } from '../providers'
import { emulatedHandler, type AnyEmulators, type Emulators } from '../workspace/emulated-handler'
import { skipClock, type SkipClock } from '../../clients/emulators/skip-clock'
import { runFailure } from './compile-error'
import { rememberStack } from './stack-of-plan'

/** Options of `runOnEmulators`: those of the mock that apply, the emulators (by provider) and the registry. */
export interface EmulatorRunOptions<M extends AnyEmulators = Emulators> extends Pick<
  MockOptions,
  'state' | 'now' | 'seed' | 'concurrency' | 'events' | 'passphrase'
> {
  /** emulators to run against (default: fresh ones); pass the same ones to a second run */
  readonly emulators?: M
  /** the providers to run with (default: the built-in ones) */
  readonly registry?: Registry
  /**
   * the emulated time: the waits (polls, retries) skip ahead on it instead of passing. Default: the clock
   * of an earlier run on the same emulators, else a fresh `skipClock()`; emulators of your own keep
   * the cloud's time on it with `emulators({ cloud: { now: clock.now } })`
   */
  readonly clock?: SkipClock
}

/** What a run on the emulators gives: like a mock run, plus the emulators to inspect. */
export interface EmulatorRun<M extends AnyEmulators = Emulators> {
  readonly plan: Plan
  readonly journal: ReadonlyArray<JournalEntry>
  readonly outputs: Readonly<Record<string, unknown>>
  readonly state: State
  /** the emulators, holding what the run made (`emulators.cost.objects()`, `.requests()`) */
  readonly emulators: M
  /** the emulated time the run waited on (`clock.sleeps()`, `clock.skipped()`) */
  readonly clock: SkipClock
}

// the clock of the emulators a run made, so a second run on them goes on in their time
const clocks = new WeakMap<AnyEmulators, SkipClock>()

/**
 * Plan and apply a stack with the real http handler against in-process emulators.
 * @example
 * const first = await runOnEmulators(myStack)
 * const again = await runOnEmulators(myStack, { emulators: first.emulators, state: first.state })
 * expectPlan(again).toHaveNoChanges()
 * @throws CompileError when the stack is invalid
 * @throws RunError when a request or step failed (the message names the node and the platform's answer)
 */
export const runOnEmulators = async <M extends AnyEmulators = Emulators>(
  stack: Stack,
  opts: EmulatorRunOptions<M> = {},
): Promise<EmulatorRun<M>> => {
  const clock = opts.clock ?? (opts.emulators && clocks.get(opts.emulators)) ?? skipClock()
  const emulated = emulatedHandler(opts.emulators, opts.registry, clock)
  clocks.set(emulated.emulators, clock)
  const env: Env = {
    registry: opts.registry ?? builtIn,
    handler: emulated.handler,
    store: memoryStore(opts.state ? { [stack.name]: opts.state } : {}),
    events: opts.events ?? noEvents,
    concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
    now: opts.now ?? (() => new Date()),
    newState: () => seededState(opts.seed ?? stack.name),
    ...(opts.passphrase ? { passphrase: opts.passphrase } : {}),
  }
  const r = await apply(stack)(env)()
  if (isLeft(r)) throw runFailure(r.left)
  const { plan, journal, outputs, state } = r.right
  rememberStack(plan, stack)
  return { plan, journal, outputs, state, emulators: emulated.emulators, clock }
}
