/**
 * trellis: infrastructure as code in plain TypeScript. The library's front door: the language
 * (stack, refs, secrets), the engine bound to the built-in providers, state stores and renderers.
 */
import type { ReaderTaskEither as RTE } from 'fp-ts/ReaderTaskEither'
import { registry } from './providers'
import { compile as compileWith } from './engine/compile'
import { mockWith } from './engine/mock'
import { renderPlanHtml as renderPlanHtmlWith } from './engine/html-report'
import type { Plan } from './engine/plan'
import type { Registry } from './core/registry'

// the language
export { stack, providerInstance, type Stack, type ProviderInstance } from './core/stack'
export { secret, reveal, isSecret, type Secret } from './core/secret'
export { makeRef as ref, isRef, type Ref } from './core/ref'
export { addressOf, labelOf, type Node, type ResourceNode, type LookupNode, type ResourceOptions } from './core/node'
export { defineResource, defineLookup, type ResourceSpec, type LookupSpec } from './core/spec'
export { defineProvider, type ProviderSpec } from './core/provider'
export { makeRegistry, type Registry } from './core/registry'
export { formatIssue, type Issue } from './core/issue'

// the engine
export { registry, providers } from './providers'
export { plan, apply, destroy, refresh, importResource, lookup, formatEngineError } from './engine/operations'
export type { EngineError, PlanOutcome, ApplyResult, RefreshResult, Drift } from './engine/operations'
export { makePlan, hasChanges, changes, summary, type Plan, type Step, type Action } from './engine/plan'
export { renderPlan } from './engine/render'
export { planToJson, type PlanDocument } from './render/plan-document'
export { planToMermaid, planToDot, graphToMermaid, graphToDot } from './engine/graph-render'
export { mockHandler, type Mocks } from './engine/mock-handler'
export { httpHandler } from './engine/http-handler'
export { mockWith, type MockRun, type MockOptions } from './engine/mock'
export type { Env } from './engine/env'
export { DEFAULT_CONCURRENCY } from './engine/env'
export type { Handler } from './engine/handler'
export type { EngineEvent } from './engine/events'

// the embedding API (promises; an edge like the CLI: it builds the real handler from clients/)
export {
  workspace,
  type Workspace,
  type WorkspaceOptions,
  type PlanResult,
  type ApplyOutcome,
  type RefreshOutcome,
} from './workspace/workspace'
export { TrellisError, type TrellisErrorKind, type TrellisIssue } from './workspace/trellis-error'

// state
export { fileStore } from './state/file-store'
export { memoryStore } from './state/memory-store'
export { postgresStore, type PostgresStore, type PostgresStoreOptions } from './state/postgres-store'
export type { StateStore } from './state/state-store'
export type { State, ResourceState } from './state/state'

/** compile a stack against the built-in providers */
export const compile = compileWith(registry)

/**
 * a plan as one self-contained HTML page (graph by action, zoom, search, each node's changes);
 * secrets are [secret], at the built-in providers' secret paths too
 */
export const renderPlanHtml = (p: Plan, reg: Registry = registry): string => renderPlanHtmlWith(p, reg)

/** run a stack on the mock interpreter (compile → plan → apply in memory) */
export const mock = mockWith(registry)

/** fp-ts's ReaderTaskEither: what `plan`, `apply`, `destroy` and `refresh` return, an effect that reads an `Env`. */
export type ReaderTaskEither<R, E, A> = RTE<R, E, A>
