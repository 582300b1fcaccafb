/**
 * The pipeline's named insertion points: after `plan` (where policies check the plan), around
 * `load` (where several stacks' states are read together), and `beforeStep`, the gate the run asks
 * before each step's request with the values known only then.
 */
import type { Either } from 'fp-ts/Either'
import type { ReaderTaskEither } from 'fp-ts/ReaderTaskEither'
import type { State } from '../../state/state'
import type { Env } from '../env'
import type { EngineError, PlanOutcome } from '../operations'
import type { Step } from '../plan'

/** The insertion points an Env may fill; each absent one is skipped. */
export interface PipelineHooks {
  /** after `plan`: may refuse (a Left) or change the outcome the rest of the pipeline uses */
  readonly afterPlan?: (o: PlanOutcome) => ReaderTaskEither<Env, EngineError, PlanOutcome>
  /** around `load`: given the stack's name and the load itself, gives the state to plan from */
  readonly aroundLoad?: (
    stack: string,
    load: ReaderTaskEither<Env, EngineError, State>,
  ) => ReaderTaskEither<Env, EngineError, State>
  /**
   * Asked before each step's request with the step, its inputs as resolved then, and what the run
   * knows of other nodes now: a Left fails the step (its message recorded) and, like any failure,
   * stops new steps.
   */
  readonly beforeStep?: (
    step: Step,
    inputs: Readonly<Record<string, unknown>>,
    known: (address: string) => KnownValues | undefined,
  ) => Either<string, void>
}

/** A node's values as the run knows them at a step's start (done in this run, or recorded). */
export interface KnownValues {
  readonly inputs: Readonly<Record<string, unknown>>
  readonly outputs?: Readonly<Record<string, unknown>>
}
