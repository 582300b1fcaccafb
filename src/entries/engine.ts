/**
 * trellis/engine: the interpreter as a library. The ReaderTaskEither operations (plan, apply,
 * destroy, refresh, import, lookup) and the named stages they compose; `Env` and its layers
 * (liveEnv, emulatedEnv, mockEnv); handlers; `makePlan`, `Plan`/`Step`; `compile`; state stores;
 * the registry extension points (defineProvider, makeRegistry, buildersFor). No operation rejects:
 * every failure is a Left of `EngineError` (a `Defect` when something handed in threw).
 *
 * @module trellis/engine
 */
import { registry } from '../providers'
import { compile as compileWith } from '../engine/compile'

// the operations and the pipeline's stages
export {
  plan,
  apply,
  destroy,
  refresh,
  importResource,
  lookup,
  formatEngineError,
  envFallbacks,
  compileStage,
  preflight,
  locked,
  load,
  reconcileStage,
  refreshStage,
  lookupsStage,
  planStage,
  confirmStage,
  runStage,
  save,
} from '../engine/operations'
// brownfield: what exists and no stack owns, and the program that adopts it
export { discover } from '../discover/discover'
export type { Discovered, DiscoveredObject, DiscoverSelection, NotListed } from '../discover/discovered'
export { generate, type Generated, type GenerateRequest } from '../generate/generate'
export { generateSource, type GenerateOptions } from '../generate/generate-source'
// generateSource's `outside` option: lookups for ids outside the selection, each ref under its outsideKey
export { outsideKey, type Outside, type OutsideRef, type OutsideLookup } from '../generate/outside-lookups'
// one run across stacks: producers first, all locks up front, consumers recorded
export { planStacks, applyStacks, destroyStacks } from '../engine/stacks/many-stacks'
export type { StackRun, StacksOutcome, StacksOptions } from '../engine/stacks/many-stacks'
export type {
  EngineError,
  ApplyError,
  LookupError,
  PlanMismatch,
  PlanOutcome,
  ApplyResult,
  ApplyOptions,
  PlanOptions,
  RefreshOptions,
  RefreshResult,
  Drift,
  PreflightInput,
  PlanInput,
  MakePlanInput,
  ConfirmInput,
  RunInput,
} from '../engine/operations'
export type { Defect } from '../engine/defect'
export type { Stage, StageName } from '../engine/pipeline/stage'
export type { PipelineHooks } from '../engine/pipeline/hooks'
export type { CompileError } from '../engine/compile'
export type { PlanError } from '../engine/plan'

// Env and its layers
export type { Env, Verify } from '../engine/env'
export { DEFAULT_CONCURRENCY } from '../engine/env'
export { liveEnv } from '../workspace/live-env'
export { emulatedEnv, type EmulatedEnvOptions } from '../workspace/emulated-env'
export type { Emulators, AnyEmulators, ProviderEmulator } from '../workspace/emulated-handler'
export type { WorkspaceOptions } from '../workspace/workspace'
export type { MockEnvOptions } from '../engine/mock-env'
export { mockEnv } from '../testing/mock-entry'
export { noEvents, type EngineEvent, type EventSink } from '../engine/events'

// handlers
export { mockHandler, type Mocks, type MockHandler } from '../engine/mock-handler'
export { httpHandler } from '../engine/http-handler'
export { mapHandler, type HandlerMapping, type HandlerMethod } from '../engine/map-handler'
export type { Handler, OpContext, LookupContext, StepFailure, Obs } from '../engine/handler'
// a Handler of your own answers a failed step with one
export { stepFailure } from '../engine/handler'

// plans
export { makePlan, hasChanges, changes, summary, type Plan, type Step, type Action } from '../engine/plan'
// a plan's inputs hold UNKNOWN where a value is known only once its dependency is applied
export { UNKNOWN, isUnknown, type Unknown } from '../engine/unknown'
export type { Graph, Vertex } from '../engine/graph'
export { graphToMermaid, graphToDot } from '../render/graph-render'
export { compile as compileWith } from '../engine/compile'
/** compile a stack against the built-in providers */
export const compile = compileWith(registry)

// state stores
export { fileStore } from '../state/file-store'
export { memoryStore } from '../state/memory-store'
export { postgresStore, type PostgresStore, type PostgresStoreOptions } from '../state/postgres-store'
export type { StateStore, StateError } from '../state/state-store'
export type { State, ResourceState } from '../state/state'
// for a store of your own (StateStore): the state of a new stack, and what its journal appends
export { emptyState, type JournalRecord } from '../state/state'

// providers: the built-in ones and the extension points
export { registry, providers } from '../providers'
// each built-in provider alone, for a registry of some of them beside your own (makeRegistry)
export { costProvider, hostingProvider, cloudProvider } from '../providers'
export { defineProvider, configFromEnv, type ProviderSpec } from '../core/provider'
export { makeRegistry, type Registry } from '../core/registry'
export { defineResource, defineLookup, type ResourceSpec, type LookupSpec, type RuleContext } from '../core/spec'
// what compile finds in a value for a spec's codec (its inputs, a lookup's arguments): to test a spec of your own
export { validateValue } from '../engine/validate'
// codecs for a spec's fields that the engine reads specially: a secret, an enum, a default
export { SecretString, literals, withDefault } from '../core/codecs'
export type { Finding } from '../core/issue'
// what a provider's specs are made of: identities, wire requests, its client recipe's kit
export { byToken, compositeId } from '../core/observe'
export { rest, action, type PlatformClient, type WireRequest } from '../core/wire'
// a PlatformClient of your own answers with a PlatformError (platformError makes one, describeRequest names
// its request); a request may poll, and a poll that runs out is WAIT_TIMED_OUT
export {
  platformError,
  describeRequest,
  WAIT_TIMED_OUT,
  type PlatformError,
  type PlatformErrorKind,
  type Poll,
  type RestRequest,
  type ActionRequest,
} from '../core/wire'
// nodes by token, for a program that builds its stack from data rather than through builders
export { resourceNode, lookupNode } from '../core/node'
export type { ClientKit, MakeClient, RestClientRecipe, SignedClientRecipe } from '../core/client-kit'
// a signed-action recipe of your own and its credential chain (loaded when a run first needs it); the
// cloud's chain (keys, environment, profiles, instance roles, STS), for a provider of your own on that cloud
export type {
  ClientRecipe,
  Tc3Recipe,
  KeyChainFacts,
  KeyChainMaker,
  ChainIo,
  KeySource,
  SignedKeys,
  RateBudgetRecipe,
} from '../core/client-recipe'
export { cloudCredentialChain } from '../providers/cloud/client/cloud-credential-chain'
export { buildersFor, type Builders } from '../../builders/builder'

// for a Handler of your own: the secrets in a step's inputs, revealed only as the request is sent
export { revealDeep, containsSecret, isSecretMarker } from '../core/secret'
// for a StateStore of your own: secrets sealed at rest as the built-in stores seal them, its errors,
// the lock holder it records, and the ownership claims of stacks a store keeps
export {
  makeProtector,
  isProtected,
  protectSecrets,
  passphraseProblem,
  type Protector,
  type ProtectedSecret,
} from '../state/protect'
export { stateError, type LockInfo } from '../state/state-store'
export { processIdentity, type ProcessIdentity } from '../state/process-identity'
export { ownedBy, type OwnerClaim } from '../state/owners'
// for a spec of your own: its wire table's key conversions, the plan's equality, a value's unknowns,
// and the fields of its codecs (for tools over specs: docs, forms, generators)
export { toCamel, toSnake, keysToWire, keysFromWire } from '../core/case'
export { deepEqual, type FieldChange } from '../engine/diff'
export { hasUnknown } from '../engine/unknown'
export { fieldsOf, elementOf, isObjectCodec, type FieldInfo } from '../core/codecs'
// for a client recipe of your own: the two REST conventions the built-in providers use, the recipes' shapes
export { ERRORS_LIST_LINKS, MESSAGE_LINK_HEADER, type RestRecipe, type RestConventions } from '../core/client-recipe'
// for an Env of your own: the handler on in-process emulators or on the real platforms, and the error
// workspace() rejects with, made from an EngineError
export { emulatedHandler } from '../workspace/emulated-handler'
export { realHandler } from '../workspace/real-handler'
export { fromEngineError } from '../workspace/trellis-error'
