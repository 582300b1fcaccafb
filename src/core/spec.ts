/**
 * Specs: everything about one resource type or lookup, as a value. `defineResource` and
 * `defineLookup` only check and freeze; the engine, builders, CLI and conformance suite read them.
 */
import type * as t from 'io-ts'
import type { Either } from 'fp-ts/Either'
import type { Finding } from './issue'
import type { PlatformError, WireRequest } from './wire'
import { listOf } from './copy'

// ── shared pieces ────────────────────────────────────────────────────────────
/** What wire functions and rules can see besides the node's own values. */
export interface WireContext {
  /** the provider instance's decoded configuration (secrets still wrapped) */
  readonly config: Readonly<Record<string, unknown>>
}

/** What a spec's rule sees besides the inputs: the configuration and, at plan, the object as it exists. */
export interface RuleContext extends WireContext {
  /** set at plan time when the resource already exists */
  readonly prior?: {
    readonly inputs: Readonly<Record<string, unknown>>
    readonly outputs: Readonly<Record<string, unknown>>
    /** ISO time of the last change applied, per field (e.g. when site analytics was enabled) */
    readonly changedAt: Readonly<Record<string, string>>
  }
  readonly now: Date
}

/**
 * A cross-field check. `when: 'plan'` rules run at plan time only, with the provider as resolved,
 * and `prior` when the object exists (a create has none).
 */
export interface Rule<I> {
  readonly name: string
  readonly when?: 'compile' | 'plan'
  readonly check: (inputs: Readonly<I>, ctx: RuleContext) => ReadonlyArray<Finding>
}

/** A platform object as observed, in spec names. */
export interface Observed<I, O> {
  readonly id: string
  /** inputs as the platform reports them (fields it does not return are taken from what was sent) */
  readonly inputs: Partial<I>
  readonly outputs: O
}

export type Decoded<A> = Either<string, A>

// ── resources ────────────────────────────────────────────────────────────────
export interface ResourceWire<I, O> {
  readonly create: (inputs: I, ctx: WireContext) => WireRequest
  readonly read: (id: string, ctx: WireContext & { readonly inputs: I; readonly outputs: O }) => WireRequest
  /** absent: the platform has no update, every change replaces */
  readonly update?: (
    id: string,
    inputs: I,
    ctx: WireContext & { readonly prior: I; readonly outputs: O },
  ) => WireRequest
  /** 'forget': the platform has no delete; removing only drops the object from state */
  readonly delete:
    ((id: string, ctx: WireContext & { readonly inputs: I; readonly outputs: O }) => WireRequest) | 'forget'
  /** platform reply (of create, read, update or one listed item) → spec view */
  readonly decode: (reply: unknown, ctx: WireContext & { readonly inputs: Partial<I> }) => Decoded<Observed<I, O>>
  /** one request that lists every object of this type (bulk refresh, reconciliation) */
  readonly list?: (ctx: WireContext) => WireRequest
  /**
   * for types the platform lists only under a parent (the records of a zone, the variables of a
   * site): bulk refresh makes one (paged) request per parent instead of a read per object
   */
  readonly listIn?: ListIn<I, O>
  /**
   * for types read one object at a time whose read includes listings of a parent (the limits of a
   * service's APIs, a service's bindings, a plan's keys): bulk refresh sends each listing once and
   * hands its items to every read that needs it
   */
  readonly shares?: Shares<I, O>
  /**
   * a request listing the objects that could be the one a create of `sent` made (its reply: an
   * array of items, or one item; NotFound means none) — for types the platform cannot list whole,
   * or to narrow the search (the records of one zone, a variable by its key)
   */
  readonly find?: (sent: I, ctx: WireContext) => WireRequest
  /**
   * why neither `find` nor `list` exists: the platform documents no operation that could show a
   * create whose reply was lost. The engine then keeps the pending entry and asks to check the
   * platform and import the object (or remove it) before it creates again.
   */
  readonly unfindable?: string
  /** does an observed object match what a create sent? Used to adopt an ambiguous create. */
  readonly matches?: (sent: I, observed: Observed<I, O>) => boolean
  /** does this read error mean the object is gone? Default: kind NotFound. */
  readonly gone?: (e: PlatformError) => boolean
  /**
   * the longest wait (poll) one step of this type may declare, in ms: the step's time budget is
   * its provider's plus this
   */
  readonly waitMs?: number
}

/** How an existing object is listed with its siblings: its parent's key and the request listing that parent. */
export interface ListIn<I, O> {
  /** the parent's key (objects with the same key share one request); undefined: read the object alone */
  readonly parent: (id: string, ctx: WireContext & { readonly inputs: I; readonly outputs: O }) => string | undefined
  /** the request listing every object of that parent, each item as `decode` reads a single object */
  readonly request: (id: string, ctx: WireContext & { readonly inputs: I; readonly outputs: O }) => WireRequest
}

type ReadContext<I, O> = WireContext & { readonly inputs: I; readonly outputs: O }

/** Items of the listings a read shares, by the name `Shares.requests` gives them (a failed listing is left out). */
export type SharedItems = Readonly<Record<string, ReadonlyArray<unknown>>>

/** A read the shared listings answered whole: nothing is left to send (`result` as a sent read's reply or error). */
export interface Settled {
  readonly _tag: 'Settled'
  readonly result: Either<PlatformError, unknown>
}

/** The listings of a parent that the reads of one refresh share, and the read that uses them. */
export interface Shares<I, O> {
  /**
   * the listings this object's read needs, by name: each depends only on its parent (every object of
   * that parent gives the same request) and its reply is an array of items (paged whole)
   */
  readonly requests: (id: string, ctx: ReadContext<I, O>) => Readonly<Record<string, WireRequest>>
  /** the read, given the items of the listings that answered: what it still sends, or its reply */
  readonly read: (id: string, ctx: ReadContext<I, O>, shared: SharedItems) => WireRequest | Settled
}

/**
 * How `trellis discover` finds the objects of a type that already exist. A type with `wire.list`
 * and no `discover` is listed whole; a type listed under a parent (the records of a zone, the
 * drains of a site) names its scope; a type the platform cannot list says why.
 */
export interface Discovery<I, O> {
  /** listed once per value of a scope (`zoneId`): from `--scope KEY=VALUE`, or the parent type's discovered ids */
  readonly scope?: DiscoveryScope<I>
  /** why the platform offers no way to list this type (shown by `trellis discover`) */
  readonly cannot?: string
  /**
   * the inputs a generated program states for an observed object, where some it reports must not be
   * set (an auto key's generated id and secret); default: all of them
   */
  readonly programInputs?: (inputs: Partial<I>) => Partial<I>
  /**
   * what must exist before it though no field refers to it (a release needs its service's APIs):
   * objects of `token` whose `field` holds the same value; a generated program says so (`dependsOn`)
   */
  readonly after?: ReadonlyArray<{ readonly token: string; readonly field: string }>
  /** objects the platform made and owns (a default workspace, managed rule sets): never offered */
  readonly platformOwned?: (o: Observed<I, O>) => boolean
}

/** A listing under a parent: one (paged) request per scope value, or a few whose items are taken together. */
export interface DiscoveryScope<I> {
  /** the input the scope value fills (`zoneId`, `siteId`, `serviceId`) */
  readonly key: keyof I & string
  /** the resource type whose discovered objects' ids are scope values (`hosting:DnsZone`); absent: `--scope` only */
  readonly parent?: string
  /** several requests when the platform lists a parent's objects in parts (a service's whole and per-API bindings) */
  readonly request: (value: string, ctx: WireContext) => WireRequest | ReadonlyArray<WireRequest>
  /**
   * the listing gives only ids: each item's import ids (an unpaged reply may hold several), and every
   * object is then read alone, as `trellis import` reads it; absent: each item decodes as a read
   */
  readonly importIdOf?: (item: unknown, value: string) => string | ReadonlyArray<string> | undefined
}

export interface ImportTarget<I> {
  readonly id: string
  /** inputs that the import id carries (e.g. zoneId of `<zone_id>:<record_id>`) */
  readonly inputs?: Partial<I>
}

export interface Identity<I> {
  /** e.g. `<zone_id>:<record_id>` */
  readonly importFormat: string
  readonly parseImportId: (s: string) => Either<string, ImportTarget<I>>
  /** the import id of an existing object (printed by `state show`) */
  readonly printImportId: (id: string, inputs: Partial<I>) => string
}

/** An object that always exists, which a create overwrites (ResourceSpec.singleton). */
export interface Singleton<I> {
  /** its remote id, from the inputs and provider configuration (undefined while unknown) */
  readonly id: (inputs: Readonly<Partial<I>>, config: Readonly<Record<string, unknown>>) => string | undefined
  /** does it hold the platform's default (as read: observed inputs), i.e. nothing another hand set? */
  readonly pristine: (observed: Readonly<Partial<I>>) => boolean
}

export interface ResourceExamples<I, O> {
  readonly valid: I
  /** inputs that must fail, with the field path the error names */
  readonly invalid: ReadonlyArray<readonly [unknown, string]>
  /** outputs as the outputs codec sees them (mock defaults use these) */
  readonly outputs: O
  /** a wire reply that `wire.decode` maps (conformance checks it) */
  readonly reply?: unknown
}

export interface ResourceSpecDef<I, O> {
  readonly token: string
  /** one paragraph for docs and `trellis schema`, naming fields that come from docs/wire/ */
  readonly doc: string
  readonly inputs: t.Type<I, unknown, unknown>
  readonly outputs: t.Type<O, unknown, unknown>
  readonly identity: Identity<I>
  /** inputs whose change forces replacement */
  readonly replaceOn: ReadonlyArray<keyof I & string>
  /**
   * the platform refuses a second object with the same identity (e.g. a domain bound twice), so a
   * replacement must delete the old object first; a node's `deleteBeforeReplace: false` overrides
   */
  readonly deleteBeforeReplace?: boolean
  /**
   * the values the platform gives inputs left out, given what is set (e.g. an interval when no
   * dates are given): shown in plans and recorded in state, never sent
   */
  readonly defaults?: (inputs: Readonly<Partial<I>>) => Partial<I>
  /**
   * optional inputs the platform fills when left out (optional + computed): leaving one out keeps
   * the platform's value — recorded as an output, never diffed, sent back unchanged on update;
   * setting it manages it
   */
  readonly computed?: ReadonlyArray<keyof I & string>
  /**
   * the value the platform gives each optional field left out, by field path at any depth (dotted,
   * `*` for every item of a list: `items.*.scale`), from docs/wire/ and the official SDK
   * types: a value compares as the platform holds it (stating a default or leaving it out is the
   * same program), and what the platform filled in is recorded as an output. Never sent.
   */
  readonly platformDefaults?: Readonly<Record<string, unknown>>
  /**
   * optional inputs sent as an empty value ([] / null / "") when left out, because the platform
   * needs the key (e.g. cost arrays: a missing one can fail, docs/wire/cost.md §6); never a computed
   * input. Any other optional input left out is not sent at all.
   */
  readonly sentEmpty?: ReadonlyArray<keyof I & string>
  /**
   * for a type whose create overwrites an object that always exists (one per team, one per site:
   * a PUT of the whole object): its remote id from the inputs and provider configuration, known
   * before any create (undefined while unknown), and whether what it holds is the platform's
   * default (nobody set it). Plan reads that object, so content not the default shows as an
   * adoption with its diff, and ownership claims it before anything is sent.
   */
  readonly singleton?: Singleton<I>
  /** inputs fixed after creation: a change warns and keeps the existing value */
  readonly keepOnUpdate?: ReadonlyArray<keyof I & string>
  /** secret field paths, dotted, `*` for every item: `secretValues.*.value` (inputs or outputs) */
  readonly secrets: ReadonlyArray<string>
  readonly rules: ReadonlyArray<Rule<I>>
  /** inputs compared by a spec-defined equality (e.g. JSON semantics, case-insensitive) */
  readonly equals?: Partial<Record<keyof I & string, (a: unknown, b: unknown) => boolean>>
  readonly wire: ResourceWire<I, O>
  /** how discovery lists existing objects when `wire.list` alone does not say (see Discovery) */
  readonly discover?: Discovery<I, O>
  readonly examples: ResourceExamples<I, O>
}

/** Everything about one resource type: codecs, identity, replace rules, secrets, rules, wire mapping, examples. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- `ResourceSpec` alone means a spec of any fields (codecs are invariant)
export interface ResourceSpec<I = any, O = any> extends ResourceSpecDef<I, O> {
  readonly _tag: 'ResourceSpec'
  readonly provider: string
  /** `CostReport` */
  readonly type: string
}

const splitToken = (token: string): [string, string] => {
  const m = /^([a-z][a-zA-Z0-9]*):([A-Za-z][A-Za-z0-9]*)$/.exec(token)
  if (!m) throw new Error(`spec token ${JSON.stringify(token)} is not of the form provider:Type`)
  return [m[1], m[2]]
}

/** Each field of `S`, the optional ones too: a field added to a spec's interface is named where specs are made. */
type EveryField<S> = { readonly [K in keyof Required<S>]: unknown }

/**
 * Check and freeze a resource spec (its token must be `provider:Type`). Its field types come from
 * the codecs alone (NoInfer elsewhere), so each field keeps the codec's doc comment, which editors
 * show on the builders' setters and refs.
 */
export const defineResource = <I, O>(
  def: {
    readonly inputs: t.Type<I, unknown, unknown>
    readonly outputs: t.Type<O, unknown, unknown>
  } & ResourceSpecDef<NoInfer<I>, NoInfer<O>>,
): ResourceSpec<I, O> => {
  const [provider, type] = splitToken(def.token)
  if (!/^[A-Z]/.test(type)) throw new Error(`resource token ${def.token}: type must start upper-case`)
  // every field named in one order (an optional one undefined) and the lists made by listOf, not a
  // spread of the definition: the engine reads the specs of all types alike (test/core/spec-layout.test.ts);
  // EveryField keeps the list whole
  return Object.freeze({
    _tag: 'ResourceSpec' as const,
    provider,
    type,
    token: def.token,
    doc: def.doc,
    inputs: def.inputs,
    outputs: def.outputs,
    identity: def.identity,
    replaceOn: listOf(def.replaceOn),
    deleteBeforeReplace: def.deleteBeforeReplace,
    defaults: def.defaults,
    computed: def.computed && listOf(def.computed),
    platformDefaults: def.platformDefaults,
    sentEmpty: def.sentEmpty && listOf(def.sentEmpty),
    singleton: def.singleton,
    keepOnUpdate: listOf(def.keepOnUpdate),
    secrets: listOf(def.secrets),
    rules: listOf(def.rules),
    equals: def.equals ?? {},
    wire: def.wire,
    discover: def.discover,
    examples: def.examples,
  } satisfies EveryField<ResourceSpec<I, O>>)
}

// ── lookups ──────────────────────────────────────────────────────────────────
export interface LookupWire<A, R> {
  readonly request: (args: A, ctx: WireContext) => WireRequest
  /** reply → result (without `id`, which the engine adds when the platform gives none) */
  readonly decode: (reply: unknown, args: A, ctx: WireContext) => Decoded<R>
}

export interface LookupExamples<A, R> {
  readonly valid: A
  readonly invalid: ReadonlyArray<readonly [unknown, string]>
  readonly result: R
  readonly reply?: unknown
}

/**
 * The objects a lookup finds, for generated programs: a field holding the id of one outside the
 * discovery selection (a team, a workspace) reads it through the lookup, a ref, not a literal id.
 */
export interface LookupFinds<A> {
  /** input fields of this provider's resources that hold such an id (`teamId`, `workspaceToken`) */
  readonly fields: ReadonlyArray<string>
  /** the arguments that read the object with this id (a lookup of a whole collection: none) */
  readonly byId: (id: string) => A
  /** a lookup of a whole collection: the result's list that holds the objects (`workspaces`) */
  readonly list?: string
  /** the field of the result (or of a list item) holding the id: `id`, `token` */
  readonly id: string
  /** the field naming the object (`slug`, `title`): a program finds it by name where the name is unique */
  readonly name: string
  /** the arguments that read the object by that name (`{ slug }`); absent: by id */
  readonly byName?: (name: string) => A
}

export interface LookupSpecDef<A, R> {
  readonly token: string
  readonly doc: string
  readonly args: t.Type<A, unknown, unknown>
  readonly result: t.Type<R, unknown, unknown>
  readonly secrets: ReadonlyArray<string>
  readonly rules: ReadonlyArray<Rule<A>>
  readonly wire: LookupWire<A, R>
  readonly examples: LookupExamples<A, R>
  /** what it finds by id, for generated programs (absent: a generated program writes such ids literally) */
  readonly finds?: LookupFinds<A>
}

/** Everything about one lookup: argument and result codecs, secrets, rules, wire mapping, examples. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as ResourceSpec: a lookup of any arguments and result
export interface LookupSpec<A = any, R = any> extends LookupSpecDef<A, R> {
  readonly _tag: 'LookupSpec'
  readonly provider: string
  /** `getWorkspaces` */
  readonly fn: string
}

/**
 * Check and freeze a lookup spec (its token must be `provider:getXxx`); field types from the codecs alone, as above.
 */
export const defineLookup = <A, R>(
  def: { readonly args: t.Type<A, unknown, unknown>; readonly result: t.Type<R, unknown, unknown> } & LookupSpecDef<
    NoInfer<A>,
    NoInfer<R>
  >,
): LookupSpec<A, R> => {
  const [provider, fn] = splitToken(def.token)
  if (!/^get[A-Z]/.test(fn)) throw new Error(`lookup token ${def.token}: function must be getXxx`)
  // as defineResource: every field named, the lists made by listOf
  return Object.freeze({
    _tag: 'LookupSpec' as const,
    provider,
    fn,
    token: def.token,
    doc: def.doc,
    args: def.args,
    result: def.result,
    secrets: listOf(def.secrets),
    rules: listOf(def.rules),
    wire: def.wire,
    examples: def.examples,
    finds: def.finds,
  } satisfies EveryField<LookupSpec<A, R>>)
}

export type AnySpec = ResourceSpec | LookupSpec
export type InputsOf<S> =
  S extends ResourceSpec<infer I, infer _O> ? I : S extends LookupSpec<infer A, infer _R> ? A : never
export type OutputsOf<S> =
  S extends ResourceSpec<infer I, infer O>
    ? I & O
    : S extends LookupSpec<infer _A, infer R>
      ? R & { id: string }
      : never
