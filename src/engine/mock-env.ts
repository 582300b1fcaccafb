/**
 * mockEnv: the Env of the mock interpreter — mockHandler over the objects given, an in-memory
 * store (holding `state` when given), a fixed clock and seeded lineage and salt, so runs repeat.
 * `mock`, `runMock` and the testing kit run on it; any operation can.
 */
import type { Registry } from '../core/registry'
import { memoryStore } from '../state/memory-store'
import { DEFAULT_CONCURRENCY, type Env } from './env'
import { noEvents } from './events'
import { MOCK_NOW, seededState, type ExistingObject, type MockOptions } from './mock'
import { mockHandler, mockOutputs, type MockHandler, type Mocks } from './mock-handler'

/** Options of mockEnv: a mock run's, and the providers (trellis/engine's mockEnv: the built-in ones by default). */
export interface MockEnvOptions extends MockOptions {
  readonly registry?: Registry
}

/** An Env on the mock platform over these providers; its handler's `objects()` shows what the platform holds. */
export const mockEnvWith =
  (registry: Registry) =>
  (opts: MockOptions = {}): Env & { readonly handler: MockHandler } => {
    // parsed once per Env (mock.ts, which defines it, imports this module): the run asks the clock per step
    const nowMs = Date.parse(MOCK_NOW)
    const seed = new Map(
      Object.values(opts.state?.resources ?? {}).map((r) => [
        r.id,
        { token: r.token, inputs: r.inputs, outputs: r.outputs },
      ]),
    )
    const answers: Array<Extract<ExistingObject, { result: unknown }>> = []
    for (const e of opts.existing ?? []) {
      if ('result' in e) answers.push(e)
      else {
        const spec = registry.resources.get(e.token)
        if (!spec) throw new Error(`mock: existing object ${e.id} has token ${e.token}, which no provider defines`)
        seed.set(e.id, { token: e.token, inputs: e.inputs, outputs: { ...mockOutputs(spec, e.id), ...e.outputs } })
      }
    }
    const call: Mocks['call'] = (a) =>
      opts.mocks?.call?.(a) ??
      answers.find((e) => e.token === a.token && (!e.args || JSON.stringify(e.args) === JSON.stringify(a.args)))?.result
    return {
      registry,
      handler: mockHandler(answers.length ? { ...opts.mocks, call } : opts.mocks, seed),
      store: memoryStore(opts.state ? { [opts.state.stack]: opts.state } : {}),
      events: opts.events ?? noEvents,
      concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
      now: opts.now ?? (() => new Date(nowMs)),
      newState: (stack) => seededState(opts.seed ?? stack),
      stepBudgets: false,
      ...(opts.passphrase ? { passphrase: opts.passphrase } : {}),
    }
  }
