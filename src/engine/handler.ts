/**
 * Handler: what performs one step. The real interpreter's handler speaks to the platform through
 * the spec's wire table; the mock interpreter's fabricates results in memory. The run loop, state
 * and plan are shared.
 */
import type { TaskEither } from 'fp-ts/TaskEither'
import type { LookupSpec, Observed, ResourceSpec, SharedItems } from '../core/spec'
import type { PlatformError, WireRequest } from '../core/wire'
import type { PlannedNode, ProviderSpec } from '../core/provider'
import { atOnceOf, type AtOnce } from '../core/at-once'

/** What a resource operation is told: the spec, the node, its provider instance and configuration. */
export interface OpContext {
  readonly spec: ResourceSpec
  readonly address: string
  readonly name: string
  /** provider instance name and its decoded configuration */
  readonly provider: string
  readonly config: Readonly<Record<string, unknown>>
  readonly signal?: AbortSignal
}

/** What a lookup is told: the spec, the node, its provider instance and configuration. */
export interface LookupContext {
  readonly spec: LookupSpec
  readonly address: string
  readonly name: string
  readonly provider: string
  readonly config: Readonly<Record<string, unknown>>
  readonly signal?: AbortSignal
}

/** A step that failed: the node, the operation, why, and whether the platform may have changed. */
export interface StepFailure {
  readonly _tag: 'StepFailure'
  /** `cost:CostReport "monthly"` */
  readonly node: string
  readonly op: 'create' | 'read' | 'update' | 'delete' | 'lookup' | 'import' | 'list' | 'find'
  readonly message: string
  /** the request may have changed the platform: reconcile before retrying */
  readonly ambiguous: boolean
  readonly cause?: PlatformError
}

/** A platform object as a handler observed it (id, inputs as reported, outputs), untyped. */
export type Obs = Observed<Record<string, unknown>, Record<string, unknown>>

/** What `createSync` answers: the object made, or why not. */
export type SyncCreated = Obs | StepFailure

/** A create answered in the calling turn (`Handler.createSync`'s form). */
export type CreateNow = (spec: ResourceSpec, name: string, inputs: Readonly<Record<string, unknown>>) => SyncCreated

/** The handler's at-once create, when it declares one for its own `create`. */
export const createNowOf = (h: Handler): CreateNow | undefined => atOnceOf(h.create, h.createSync)

/** Did a `createSync` fail? */
export const isStepFailure = (r: SyncCreated): r is StepFailure => (r as Partial<StepFailure>)._tag === 'StepFailure'

/** What performs one step: create, read, update, delete, lookup, list and find (the http handler or the mock's). */
export interface Handler {
  readonly create: (c: OpContext, inputs: Readonly<Record<string, unknown>>) => TaskEither<StepFailure, Obs>
  /**
   * Optional capability: `create` answered in the calling turn (the mock's, which has nothing to
   * wait for), given the type and name only. Same answer as `create`'s task, the failure as a
   * value. The run uses it on a journal that is also written at once, and only while it stands for
   * this `create` (`of`): a wrapper that spreads a handler and replaces `create` is always called.
   */
  readonly createSync?: AtOnce<Handler['create'], CreateNow>
  /** undefined: the object is gone */
  readonly read: (
    c: OpContext,
    id: string,
    inputs: Readonly<Record<string, unknown>>,
    outputs: Readonly<Record<string, unknown>>,
  ) => TaskEither<StepFailure, Obs | undefined>
  readonly update: (
    c: OpContext,
    id: string,
    inputs: Readonly<Record<string, unknown>>,
    prior: Readonly<Record<string, unknown>>,
    outputs: Readonly<Record<string, unknown>>,
  ) => TaskEither<StepFailure, Obs>
  /** a missing object counts as deleted */
  readonly delete: (
    c: OpContext,
    id: string,
    inputs: Readonly<Record<string, unknown>>,
    outputs: Readonly<Record<string, unknown>>,
  ) => TaskEither<StepFailure, void>
  readonly lookup: (
    c: LookupContext,
    args: Readonly<Record<string, unknown>>,
  ) => TaskEither<StepFailure, Readonly<Record<string, unknown>>>
  /** every object of a type (bulk refresh); undefined when the platform cannot list it */
  readonly list?: (c: OpContext) => TaskEither<StepFailure, ReadonlyArray<Obs>> | undefined
  /**
   * every item one listing request (a spec's `list` or `listIn`) gives, all its pages, not decoded:
   * bulk refresh decodes each with the inputs of the object it is (as a read would)
   */
  readonly listItems?: (c: OpContext, req: WireRequest) => TaskEither<StepFailure, ReadonlyArray<unknown>>
  /**
   * a read given the items of the listings it shares with other reads of one refresh (a spec's
   * `shares`); undefined: the object is gone
   */
  readonly readShared?: (
    c: OpContext,
    id: string,
    inputs: Readonly<Record<string, unknown>>,
    outputs: Readonly<Record<string, unknown>>,
    shared: SharedItems,
  ) => TaskEither<StepFailure, Obs | undefined>
  /**
   * Run a provider's `resolve` hook (e.g. look up and validate a default team) once per provider
   * instance before planning; absent for handlers that never reach a platform.
   */
  readonly configure?: (
    spec: ProviderSpec,
    instance: string,
    config: Readonly<Record<string, unknown>>,
    nodes?: ReadonlyArray<PlannedNode>,
  ) => TaskEither<StepFailure, Readonly<Record<string, unknown>>>
  /**
   * Every object on the platform that could be the one an ambiguous create made (empty: it made
   * none). undefined: this type offers no way to look — the outcome cannot be verified.
   */
  readonly find: (
    c: OpContext,
    sent: Readonly<Record<string, unknown>>,
  ) => TaskEither<StepFailure, ReadonlyArray<Obs> | undefined>
}

/** A StepFailure of a node's operation, not ambiguous unless `extra` says so. */
export const stepFailure = (
  node: string,
  op: StepFailure['op'],
  message: string,
  extra: Partial<Pick<StepFailure, 'ambiguous' | 'cause'>> = {},
): StepFailure => ({
  _tag: 'StepFailure',
  node,
  op,
  message,
  ambiguous: false,
  ...extra,
})
