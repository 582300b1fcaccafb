/**
 * Plan-time reads under a bound: every read a plan sends before anything is applied — a refresh's
 * reads and listings, a lookup, an adoption's read, the looks that settle an earlier run's entries,
 * a provider's `resolve` hook — and the reads of `refresh`, `import` and a lone lookup, each gets its
 * own time budget: the provider's step budget (`stepTimeout`, DEFAULT_STEP_BUDGET_MS when none), as
 * an apply step does (apply/step-budget.ts). A platform that never answers then fails the read,
 * naming the resource and the budget, instead of holding `trellis plan` without bound. Writes (the
 * delete that finishes an interrupted one at apply) keep the handler's own bounds.
 */
import * as E from 'fp-ts/Either'
import type { TaskEither } from 'fp-ts/TaskEither'
import type { Registry } from '../core/registry'
import type { Env } from './env'
import type { Handler, LookupContext, OpContext, StepFailure } from './handler'
import type { HandlerMethod } from './map-handler'
import { budgetMsOf, budgetText, DEFAULT_STEP_BUDGET_MS, startBudget, type StepBudget } from './apply/step-budget'
import { lateFailure, withinBudget } from './budget-bound'

type Ctx = OpContext | LookupContext

/** The provider's step budget (a read polls nothing: no type's wait is added). */
const readBudgetMs = (registry: Registry, provider: string, instance: string, config: Ctx['config']): number =>
  budgetMsOf(registry, { name: instance, provider, config }, '')

/** A read's failure once its budget is spent: the budget named, whatever the transport said. */
const outOfTime = (b: StepBudget, f: StepFailure): StepFailure => ({
  ...f,
  message: `ran out of its time budget of ${budgetText(b.ms)} (the provider's stepTimeout; ${budgetText(DEFAULT_STEP_BUDGET_MS)} when unset): ${f.message}`,
  ambiguous: false,
})

/** The task of `f`, run under a budget of its own started when the task runs. */
const underBudget = <A>(
  b: () => StepBudget,
  run: (signal: AbortSignal) => TaskEither<StepFailure, A>,
  late: (b: StepBudget) => StepFailure,
): TaskEither<StepFailure, A> => {
  return () => {
    const budget = b()
    return withinBudget(budget, run(budget.signal), () => late(budget))
      .then((got) => (E.isLeft(got) && budget.spent() ? E.left(outOfTime(budget, got.left)) : got))
      .finally(budget.end)
  }
}

/** A read method whose first argument is its context, each call under the provider's budget. */
const bounded =
  <C extends Ctx, R extends unknown[], A>(
    registry: Registry,
    method: HandlerMethod,
    f: (c: C, ...rest: R) => TaskEither<StepFailure, A>,
  ) =>
  (c: C, ...rest: R): TaskEither<StepFailure, A> =>
    underBudget(
      () => startBudget(readBudgetMs(registry, c.spec.provider, c.provider, c.config), c.signal),
      (signal) => f({ ...c, signal }, ...rest),
      (b) => lateFailure(c, method, b),
    )

/**
 * What each Handler method is here, checked against `Handler` by the compiler: a method added
 * there and not here is a type error, so no new read can pass unbounded. `readsBudgeted` bounds
 * every `read` below (each needs a context made when its task runs, which mapHandler cannot give).
 */
export const METHOD_ROLES = {
  create: 'write',
  createSync: 'write',
  update: 'write',
  delete: 'write',
  read: 'read',
  lookup: 'read',
  find: 'read',
  readShared: 'read',
  listItems: 'read',
  list: 'read',
  configure: 'read',
} as const satisfies Record<keyof Handler, 'read' | 'write'>

/** The handler with its reads under budgets (creates, updates and deletes as they were). */
export const readsBudgeted = (registry: Registry, h: Handler): Handler => {
  const { list, configure } = h
  return {
    ...h,
    read: bounded(registry, 'read', h.read),
    lookup: bounded(registry, 'lookup', h.lookup),
    find: bounded(registry, 'find', h.find),
    ...(h.readShared ? { readShared: bounded(registry, 'readShared', h.readShared) } : {}),
    ...(h.listItems ? { listItems: bounded(registry, 'listItems', h.listItems) } : {}),
    ...(list
      ? {
          // undefined when the type cannot be listed, which asks nothing of the platform
          list: (c: OpContext) => (list(c) ? bounded(registry, 'list', (cx: OpContext) => list(cx)!)(c) : undefined),
        }
      : {}),
    ...(configure
      ? {
          // the hook is given no signal: the budget holds it through withinBudget alone
          configure: (spec, instance, config, nodes) =>
            underBudget(
              () => startBudget(readBudgetMs(registry, spec.name, instance, config), undefined),
              () => configure(spec, instance, config, nodes),
              () => ({
                _tag: 'StepFailure',
                node: `provider ${instance}`,
                op: 'read',
                message: 'no answer: its resolve hook went on after its time budget ran out, and was let go',
                ambiguous: false,
              }),
            ),
        }
      : {}),
  }
}

/** `env` whose handler's reads are each under the provider's step budget (the mock's: as it is). */
export const readsUnderBudget = (env: Env): Env =>
  env.stepBudgets === false ? env : { ...env, handler: readsBudgeted(env.registry, env.handler) }
