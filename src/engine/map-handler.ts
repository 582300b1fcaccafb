/**
 * mapHandler: one way to wrap a Handler — every method's context and every task it makes — so a
 * wrapper (draining, the defect guard, a counter) cannot forget a method. The table of methods is
 * checked against `Handler` by the compiler: a method added there and not here is a type error.
 * A create that answers at once (createNowOf) keeps answering at once through the wrapper.
 */
import type { TaskEither } from 'fp-ts/TaskEither'
import type { ResourceSpec } from '../core/spec'
import { createNowOf, creatingNow } from './create-now'
import type { Handler, LookupContext, Obs, OpContext, StepFailure } from './handler'

/** Handler methods; `true`: the first argument is the step's context (configure's is a provider spec). */
const METHODS = {
  create: true,
  read: true,
  update: true,
  delete: true,
  lookup: true,
  list: true,
  listItems: true,
  readShared: true,
  find: true,
  configure: false,
} as const satisfies Record<keyof Handler, boolean>

/** The name of a Handler method. */
export type HandlerMethod = keyof typeof METHODS

/** How to wrap: the context each call gets, and the task each call makes (`make` builds the inner one). */
export interface HandlerMapping {
  readonly context?: <C extends OpContext | LookupContext>(c: C) => C
  readonly task?: <A>(method: HandlerMethod, make: () => TaskEither<StepFailure, A>) => TaskEither<StepFailure, A>
  /** a create answered at once (the mock's): wraps the call (`make` answers or throws a StepFailure) */
  readonly now?: (make: () => Obs, spec: ResourceSpec, name: string) => Obs
}

type AnyFn = (...args: unknown[]) => unknown

/** `h` with every method passed through `m` (absent optional methods stay absent). */
export const mapHandler = <H extends Handler>(h: H, m: HandlerMapping): Handler => {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(METHODS) as HandlerMethod[]) {
    const f = h[name] as AnyFn | undefined
    if (f === undefined) continue
    const withCtx = METHODS[name] && m.context !== undefined
    out[name] = (...args: unknown[]) => {
      if (withCtx) args[0] = m.context(args[0] as OpContext)
      const make = () => f(...args) as TaskEither<StepFailure, unknown>
      return m.task ? m.task(name, make) : make()
    }
  }
  const now = createNowOf(h.create)
  if (now !== undefined) {
    const create = out.create as Handler['create']
    creatingNow(create, m.now ? (spec, name, i) => m.now!(() => now(spec, name, i), spec, name) : now)
  }
  return out as unknown as Handler
}
