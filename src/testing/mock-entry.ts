/**
 * The mock interpreter as a TaskEither: `mock` over the built-in providers, `mockWith(registry)`
 * over any. (`runMock` is the promise form, `mockEnv` the Env any operation runs on.)
 */
import { registry } from '../providers'
import { mockWith } from '../engine/mock'
import { mockEnvWith, type MockEnvOptions } from '../engine/mock-env'
import type { Env } from '../engine/env'
import type { MockHandler } from '../engine/mock-handler'

export { mockWith }

/** run a stack on the mock interpreter (compile → plan → apply in memory) */
export const mock = mockWith(registry)

/** The mock interpreter's Env (the built-in providers unless `registry` is given): run any operation on it. */
export const mockEnv = (opts: MockEnvOptions = {}): Env & { readonly handler: MockHandler } =>
  mockEnvWith(opts.registry ?? registry)(opts)
