/**
 * trellis: infrastructure as code in plain TypeScript. The library's front door: the language
 * (stack, refs, secrets), `workspace`, `TrellisError`, state stores and the `render` namespace.
 * The engine's operations, stages and layers live in 'trellis/engine'; the mock entry points in
 * 'trellis/testing'.
 *
 * @module trellis
 */
import type { ReaderTaskEither as RTE } from 'fp-ts/ReaderTaskEither'
import { registry } from './providers'
import { renderPlanHtml as renderPlanHtmlWith } from './render/html-report'
import type { Plan } from './engine/plan'
import type { Registry } from './core/registry'

// the language
export {
  stack,
  providerInstance,
  type Stack,
  type ProviderInstance,
  type ExportedType,
  type HasNode,
} from './core/stack'
export { stackOutputs, type StackOutputs } from './core/stack-output-ref'
export { secret, reveal, isSecret, type Secret } from './core/secret'
export { makeRef as ref, isRef, type Ref } from './core/ref'
export { addressOf, labelOf, type Node, type ResourceNode, type LookupNode, type ResourceOptions } from './core/node'
export { defineResource, defineLookup, type ResourceSpec, type LookupSpec } from './core/spec'
export { defineProvider, type ProviderSpec } from './core/provider'
export { makeRegistry, type Registry } from './core/registry'
export { formatIssue, type Issue } from './core/issue'
/** This trellis's version (its package.json's). */
export { VERSION } from './core/version'

// policy as code (src/policy): policies over the typed plan, suppressions, evaluation and the apply gate
export * from './policy'
export { Match } from './testing/match'

// the engine — deprecated here: import it from 'trellis/engine' (removed from 'trellis' in 0.3.0)
import * as ops from './engine/operations'
import * as planning from './engine/plan'
import * as mocking from './engine/mock-handler'
import * as http from './engine/http-handler'
import * as envs from './engine/env'
import type * as handlers from './engine/handler'
import { compile as compileWith } from './engine/compile'
import { registry as builtIn } from './providers'
import * as testingKit from './testing/mock-entry'
import * as rendering from './render/render'
import * as documents from './render/plan-document'
import * as graphs from './render/graph-render'
export { registry, providers } from './providers'
/**
 * Compile, reconcile, resolve lookups and plan (the engine's operation).
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const plan = ops.plan
/**
 * Plan and carry out the changes (the engine's operation).
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const apply = ops.apply
/**
 * Delete every resource of the stack's state (the engine's operation).
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const destroy = ops.destroy
/**
 * Read every resource and record drift (the engine's operation).
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const refresh = ops.refresh
/**
 * Adopt an existing remote object into state (the engine's operation).
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const importResource = ops.importResource
/**
 * Run one lookup on its own (the engine's operation).
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const lookup = ops.lookup
/**
 * One line per problem of an engine error.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const formatEngineError = ops.formatEngineError
/**
 * Why an engine operation failed.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export type EngineError = ops.EngineError
/**
 * What the engine's `plan` gives.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export type PlanOutcome = ops.PlanOutcome
/**
 * What the engine's `apply` gives.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export type ApplyResult = ops.ApplyResult
/**
 * What the engine's `refresh` gives.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export type RefreshResult = ops.RefreshResult
/**
 * How one resource differs from what state recorded.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export type Drift = ops.Drift
/**
 * Make the plan from a graph, state and lookups.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const makePlan = planning.makePlan
export { hasChanges, changes, summary, type Plan, type Step, type Action } from './engine/plan'
export type { PlanDocument } from './render/plan-document'
/**
 * A plan as text for humans.
 * @deprecated use `render.text` (removed from 'trellis' in 0.3.0)
 */
export const renderPlan = rendering.renderPlan
/**
 * The versioned plan document.
 * @deprecated use `render.json` (removed from 'trellis' in 0.3.0)
 */
export const planToJson = documents.planToJson
/**
 * A plan's steps as a Mermaid diagram.
 * @deprecated use `render.mermaid` (removed from 'trellis' in 0.3.0)
 */
export const planToMermaid = graphs.planToMermaid
/**
 * A plan's steps in Graphviz dot.
 * @deprecated use `render.dot` (removed from 'trellis' in 0.3.0)
 */
export const planToDot = graphs.planToDot
/**
 * The stack's dependency graph as a Mermaid diagram.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const graphToMermaid = graphs.graphToMermaid
/**
 * The stack's dependency graph in Graphviz dot.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const graphToDot = graphs.graphToDot
/**
 * The mock interpreter's handler.
 * @deprecated import from 'trellis/engine' or 'trellis/testing' (removed from 'trellis' in 0.3.0)
 */
export const mockHandler = mocking.mockHandler
/**
 * Pulumi-style mocks of the mock handler.
 * @deprecated import from 'trellis/engine' or 'trellis/testing' (removed from 'trellis' in 0.3.0)
 */
export type Mocks = mocking.Mocks
/**
 * The real interpreter's handler.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const httpHandler = http.httpHandler
/**
 * The mock interpreter over any registry.
 * @deprecated import from 'trellis/testing' (removed from 'trellis' in 0.3.0)
 */
export const mockWith = testingKit.mockWith
export type { MockRun, MockOptions } from './engine/mock'
/**
 * Everything an engine operation needs, injected.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export type Env = envs.Env
/**
 * How many steps run at once by default.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const DEFAULT_CONCURRENCY = envs.DEFAULT_CONCURRENCY
/**
 * What performs one step.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export type Handler = handlers.Handler
export type { EngineEvent } from './engine/events'

// the embedding API (promises; an edge like the CLI: it builds the real handler from clients/)
export {
  workspace,
  type Workspace,
  type WorkspaceOptions,
  type PlanResult,
  type ApplyOutcome,
  type RefreshOutcome,
  type OutputsOptions,
  type StackResult,
  type StacksResult,
  type StacksSelection,
  type StacksError,
} from './workspace/workspace'
export type { Discovered, DiscoveredObject, DiscoverSelection, NotListed } from './discover/discovered'
export type { Generated, GenerateRequest } from './generate/generate'
export { TrellisError, exitCodeOf, type TrellisErrorKind, type TrellisIssue } from './workspace/trellis-error'

/** Every way to show a plan: `render.text`, `.json`, `.html`, `.mermaid`, `.dot`. */
export { render } from './entries/render'

// state
export { fileStore } from './state/file-store'
export { memoryStore } from './state/memory-store'
export { postgresStore, type PostgresStore, type PostgresStoreOptions } from './state/postgres-store'
export type { StateStore } from './state/state-store'
export type { State, ResourceState } from './state/state'

/**
 * Compile a stack against the built-in providers.
 * @deprecated import from 'trellis/engine' (removed from 'trellis' in 0.3.0)
 */
export const compile = compileWith(builtIn)

/**
 * A plan as one self-contained HTML page (graph by action, zoom, search, each node's changes).
 * @deprecated use `render.html` (removed from 'trellis' in 0.3.0)
 */
export const renderPlanHtml = (p: Plan, reg: Registry = registry): string => renderPlanHtmlWith(p, reg)

/**
 * Run a stack on the mock interpreter (compile → plan → apply in memory).
 * @deprecated import from 'trellis/testing' (removed from 'trellis' in 0.3.0)
 */
export const mock = testingKit.mock

/** fp-ts's ReaderTaskEither: what `plan`, `apply`, `destroy` and `refresh` return, an effect that reads an `Env`. */
export type ReaderTaskEither<R, E, A> = RTE<R, E, A>
