/**
 * mapHandler: one way to wrap a Handler — every method's context and every task it makes — so a
 * wrapper (draining, the defect guard, a counter) cannot forget a method. The table of methods is
 * checked against `Handler` by the compiler: a method added there and not here is a type error.
 * The optional `createSync` capability is forwarded or dropped explicitly (see `HandlerMapping.createSync`).
 */
import type { TaskEither } from 'fp-ts/TaskEither'
import type { ResourceSpec } from '../core/spec'
import type { AtOnce } from '../core/at-once'
import {
  createNowOf,
  type CreateNow,
  type Handler,
  type LookupContext,
  type OpContext,
  type StepFailure,
  type SyncCreated,
} from './handler'

/** Handler methods; `true`: the first argument is the step's context (configure's is a provider spec). */
const METHODS = {
  create: true,
  createSync: false,
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

/** The name of a Handler method that makes a task. */
export type HandlerMethod = Exclude<keyof typeof METHODS, 'createSync'>

/** How to wrap: the context each call gets, and the task each call makes (`make` builds the inner one). */
export interface HandlerMapping {
  readonly context?: <C extends OpContext | LookupContext>(c: C) => C
  /** `c`: the call's context (as `context` made it), for the methods that take one */
  readonly task?: <A>(
    method: HandlerMethod,
    make: () => TaskEither<StepFailure, A>,
    c?: OpContext | LookupContext,
  ) => TaskEither<StepFailure, A>
  /**
   * The inner handler's `createSync` (`inner`), called by this with the call's arguments (no
   * closure per create). Absent, the capability is forwarded as it is when no `task` is given,
   * and dropped when one is (every create then goes through `task`, which would otherwise not see them).
   */
  readonly createSync?: (
    inner: CreateNow,
    spec: ResourceSpec,
    name: string,
    inputs: Readonly<Record<string, unknown>>,
  ) => SyncCreated
}

type AnyFn = (...args: unknown[]) => unknown

/** `h` with every method passed through `m` (absent optional methods stay absent). */
export const mapHandler = <H extends Handler>(h: H, m: HandlerMapping): Handler => {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(METHODS) as Array<keyof typeof METHODS>) {
    if (name === 'createSync') continue
    const f = h[name] as AnyFn | undefined
    if (f === undefined) continue
    const withCtx = METHODS[name] && m.context !== undefined
    out[name] = (...args: unknown[]) => {
      if (withCtx) args[0] = m.context(args[0] as OpContext)
      const make = () => f(...args) as TaskEither<StepFailure, unknown>
      return m.task ? m.task(name, make, METHODS[name] ? (args[0] as OpContext) : undefined) : make()
    }
  }
  // the at-once create stands for the create made here, when the inner one stood for the inner create
  const sync = createNowOf(h)
  const of = out.create as Handler['create']
  if (sync !== undefined && m.createSync !== undefined) {
    const wrap = m.createSync
    out.createSync = { of, run: (spec, name, i) => wrap(sync, spec, name, i) } satisfies AtOnce<
      Handler['create'],
      CreateNow
    >
  } else if (sync !== undefined && m.task === undefined) out.createSync = { of, run: sync }
  return out as unknown as Handler
}
