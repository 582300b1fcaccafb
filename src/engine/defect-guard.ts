/**
 * The defect guard: an Env whose event sink, state store and handler never throw. A throw from any
 * of them is kept as the operation's defect, stops new steps (through the run's stop signal) and
 * becomes an ordinary answer on the spot — the handler's a step failure, the store's a state error —
 * so steps in flight drain and what was recorded is saved before the operation answers `Defect`.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import type { TaskEither } from 'fp-ts/TaskEither'
import { labelOfAddress } from '../core/node'
import { appendNowOf, stateError, type Lock, type StateError, type StateStore } from '../state/state-store'
import { causeText, defect, type Defect } from './defect'
import type { Env } from './env'
import { noEvents, type EventSink } from './events'
import { stepFailure, type StepFailure } from './handler'
import { mapHandler } from './map-handler'
import type { ApplyResult } from './operations'

/** A guarded Env and what it caught. */
export interface Guard {
  readonly env: Env
  /** keep a throw (the first one wins) and stop new steps */
  readonly record: (cause: unknown, where: string) => void
  /** what the operation has done so far, for the defect's `result` */
  readonly keep: (result: ApplyResult) => void
  /** the defect caught, with the last result kept; undefined when nothing threw */
  readonly defect: () => Defect | undefined
  /** the operation ended: the caller's signal is no longer listened to */
  readonly release: () => void
}

/** A task that answers a throw (made or run) with `onThrow`'s Left. */
const safeTask = <L, A>(make: () => TaskEither<L, A>, onThrow: (cause: unknown) => L): TaskEither<L, A> => {
  let t: TaskEither<L, A>
  try {
    t = make()
  } catch (c) {
    const l = onThrow(c)
    return () => Promise.resolve(E.left(l))
  }
  if (t === undefined) return t
  return () => {
    try {
      return t().catch((c: unknown) => E.left(onThrow(c)))
    } catch (c) {
      return Promise.resolve(E.left(onThrow(c)))
    }
  }
}

const guardStore = (s: StateStore, record: Guard['record']): StateStore => {
  const onThrow =
    (where: string) =>
    (c: unknown): StateError => {
      record(c, `store.${where}`)
      return stateError('Io', `the state store threw: ${causeText(c)}`)
    }
  const append: StateStore['append'] = (stack, rs) => safeTask(() => s.append(stack, rs), onThrow('append'))
  // the at-once capability is kept, guarded like the rest, standing for the guarded append
  const sync = appendNowOf(s)
  const appendSync: StateStore['appendSync'] = sync && {
    of: append,
    run: (stack, r) => {
      try {
        return sync(stack, r)
      } catch (c) {
        return onThrow('append')(c)
      }
    },
  }
  return {
    ...s,
    ...(appendSync ? { appendSync } : {}),
    lock: (stack, o) =>
      TE.map((l: Lock): Lock => ({ release: () => safeTask(() => l.release(), onThrow('release')) }))(
        safeTask(() => s.lock(stack, o), onThrow('lock')),
      ),
    read: (stack) => safeTask(() => s.read(stack), onThrow('read')),
    append,
    write: (stack, st) => safeTask(() => s.write(stack, st), onThrow('write')),
    list: () => safeTask(() => s.list(), onThrow('list')),
  }
}

/** `env` with its sink, store and handler guarded, and a stop signal that a defect (or `env.signal`) aborts. */
export const guardEnv = (env: Env): Guard => {
  const stop = new AbortController()
  const outer = env.signal
  // the caller's reason reaches the steps; the listener goes when the operation ends (a signal
  // shared by many operations would otherwise collect one per operation)
  const onOuter = (): void => stop.abort(outer?.reason)
  if (outer?.aborted) onOuter()
  else outer?.addEventListener('abort', onOuter, { once: true })
  let caught: { cause: unknown; where: string } | undefined
  let kept: ApplyResult | undefined
  const record = (cause: unknown, where: string): void => {
    caught ??= { cause, where }
    stop.abort()
  }
  const sink = env.events
  const events: EventSink =
    sink === noEvents
      ? noEvents
      : (e) => {
          try {
            sink(e)
          } catch (c) {
            record(c, 'events')
          }
        }
  const handlerFailure =
    (method: string) =>
    (c: unknown): StepFailure => {
      if ((c as StepFailure | undefined)?._tag === 'StepFailure') return c as StepFailure
      record(c, `handler.${method}`)
      return stepFailure('handler', method as StepFailure['op'], `the handler threw: ${causeText(c)}`)
    }
  const handler = mapHandler(env.handler, {
    // in-flight requests see only the caller's signal: a defect stops new steps, it does not cut requests
    context: (c) => {
      if (c.signal !== stop.signal) return c
      const { signal: _stop, ...rest } = c
      void _stop
      return (outer ? { ...rest, signal: outer } : rest) as typeof c
    },
    task: (method, make) => safeTask(make, handlerFailure(method)),
    createSync: (inner, spec, name, inputs) => {
      try {
        return inner(spec, name, inputs)
      } catch (c) {
        if ((c as StepFailure | undefined)?._tag === 'StepFailure') return c as StepFailure
        record(c, 'handler.create')
        return stepFailure(labelOfAddress(`${spec.token}/${name}`), 'create', `the handler threw: ${causeText(c)}`)
      }
    },
  })
  return {
    env: { ...env, events, handler, store: guardStore(env.store, record), signal: stop.signal },
    record,
    keep: (r) => {
      kept = r
    },
    defect: () => (caught ? defect(caught.cause, caught.where, kept) : undefined),
    release: () => outer?.removeEventListener('abort', onOuter),
  }
}
