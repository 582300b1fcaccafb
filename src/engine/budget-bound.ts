/**
 * A time budget kept even by a handler that does not stop when its budget's signal aborts: the
 * task is given LATE_GRACE_MS to answer for itself (a handler that honours the signal does, and
 * says whether its write was sent), then let go and answered for. Without it a layer that drops
 * the context's signal on the way to the platform, or a custom handler that never reads it, holds
 * a step or a plan's read for as long as its own request bound (30 s a request, times retries).
 * A task cut this way after a write was handed over counts as possibly applied (ambiguous): the
 * next run reconciles it.
 */
import * as E from 'fp-ts/Either'
import type { TaskEither } from 'fp-ts/TaskEither'
import { labelOfAddress } from '../core/node'
import type { Handler, LookupContext, OpContext, StepFailure } from './handler'
import { mapHandler, type HandlerMethod } from './map-handler'
import { budgetOfSignal, budgetText, type StepBudget } from './apply/step-budget'

/** How long a task whose budget ran out may take to answer for itself. */
export const LATE_GRACE_MS = 500

/** The task's answer, or `late()` once the budget has run out and the grace has passed. */
export const withinBudget = <A>(
  b: StepBudget,
  task: TaskEither<StepFailure, A>,
  late: () => StepFailure,
): Promise<E.Either<StepFailure, A>> =>
  new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // only a spent budget starts the grace (an interrupt of the run's signal drains work as it would)
    const unwatch = b.whenSpent(() => {
      timer = setTimeout(() => resolve(E.left(late())), LATE_GRACE_MS)
      // like the budget's, this timer keeps no process alive: a request waited on does
      timer.unref?.()
    })
    const settle = (): void => {
      clearTimeout(timer)
      unwatch()
    }
    task().then(
      (r) => {
        settle()
        resolve(r)
      },
      (e: unknown) => {
        settle()
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- whatever the task rejected with, passed on
        reject(e)
      },
    )
  })

const WRITES: ReadonlySet<HandlerMethod> = new Set(['create', 'update', 'delete'])
const OPS: Readonly<Record<HandlerMethod, StepFailure['op']>> = {
  create: 'create',
  read: 'read',
  update: 'update',
  delete: 'delete',
  lookup: 'lookup',
  list: 'list',
  listItems: 'list',
  readShared: 'read',
  find: 'find',
  configure: 'read',
}

/** The failure of a task let go after its budget: a write handed over may have been applied. */
export const lateFailure = (c: OpContext | LookupContext, method: HandlerMethod, b: StepBudget): StepFailure => ({
  _tag: 'StepFailure',
  node: labelOfAddress(c.address),
  op: OPS[method],
  message: `no answer: the request went on after its time budget of ${budgetText(b.ms)} ran out, and was let go`,
  ambiguous: WRITES.has(method),
})

/** `h` with every call whose context carries a budget's signal held to that budget. */
export const boundByBudgets = (h: Handler): Handler =>
  mapHandler(h, {
    task: (method, make, c) => {
      const b = budgetOfSignal(c?.signal)
      return b === undefined || c === undefined
        ? make()
        : () => withinBudget(b, make(), () => lateFailure(c, method, b))
    },
  })
