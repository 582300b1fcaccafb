/**
 * The fluent DSL, derived generically from a provider's registry: one builder function per
 * resource (`cost.costReport(name, initial?)`) and per lookup (`cost.getWorkspaces(name, args?)`),
 * one setter per input field, typed refs under `.out`, lifecycle `.options()`. Every call returns a
 * new frozen builder over a frozen node; nothing here knows any particular resource.
 */
import { fieldsOf } from '../src/core/codecs'
import { closestName } from '../src/core/closest-name'
import {
  addressOf,
  labelOfAddress,
  lookupNode,
  resourceNode,
  type LookupNode,
  type ResourceNode,
  type ResourceOptions,
} from '../src/core/node'
import { bridgeConfig, configFromEnv, type ProviderSpec } from '../src/core/provider'
import { makeRef, type Ref } from '../src/core/ref'
import type { Secret } from '../src/core/secret'
import type { LookupSpec, ResourceSpec } from '../src/core/spec'
import { providerInstance, type HasNode, type Pending, type ProviderInstance } from '../src/core/stack'
import { copyFields, withMethods } from '../src/core/copy'

// ── types ────────────────────────────────────────────────────────────────────
/** A value, a ref to one, or (for any value) a secret; arrays and objects may hold refs inside. */
export type Input<T> =
  | T
  | Ref<T>
  | Secret<T>
  | (T extends ReadonlyArray<infer U>
      ? ReadonlyArray<Input<U>>
      : T extends object
        ? // an optional field inside (a list item's, say) takes a ref too
          { readonly [K in keyof T]: Input<Exclude<T[K], undefined>> | Extract<T[K], undefined> }
        : never)

export type Inputs<I> = { readonly [K in keyof I]?: Input<Exclude<I[K], undefined>> }

/** Typed refs to every field a node exposes. */
export type Outs<T> = { readonly [K in keyof T]-?: Ref<Exclude<T[K], undefined>> }

/** The field every node's `.out` has besides its spec's (declared once, so its doc shows on hover). */
export interface WithId {
  /** The object's remote id as trellis records it (a lookup's: the id of its result), known after apply. */
  readonly id: string
}

export interface BuilderOptions extends Omit<ResourceOptions, 'dependsOn'> {
  readonly dependsOn?: ReadonlyArray<HasNode | string>
}

/**
 * The names an object of inputs sets, type-level only: the builder functions infer them (`K`) to
 * take those inputs off the pending ones. The object itself is checked against `Inputs<I>`, a
 * plain object type, so tsc's own excess-property check names a misspelt field ("Did you mean to
 * write 'workspaceToken'?") and an editor shows each field's doc.
 */
export type InputNames<K extends PropertyKey> = { readonly [k in K]?: unknown }

/**
 * A resource builder. `M` (type-level only) is the required inputs not set yet: each setter and
 * `set` takes theirs off, and `stack().add()` refuses a builder while any is left (see Addable).
 */
export type ResourceBuilder<I, O, M extends PropertyKey = never> = {
  readonly [K in keyof I]-?: (value: Input<Exclude<I[K], undefined>>) => ResourceBuilder<I, O, Exclude<M, K>>
} & {
  /** The frozen node this builder describes (what `stack().add()` records). */
  readonly node: ResourceNode
  /** Typed refs to the resource's inputs, outputs and id, resolved when the resource is applied. */
  readonly out: Outs<I & O & WithId>
  /** set several inputs at once */
  readonly set: <K extends keyof I = never>(inputs: Inputs<I> & InputNames<K>) => ResourceBuilder<I, O, Exclude<M, K>>
  /** Lifecycle options: dependsOn, protect, ignoreChanges, deleteBeforeReplace, importId, aliases, provider. */
  readonly options: (o: BuilderOptions) => ResourceBuilder<I, O, M>
} & Pending<M>

export interface LookupBuilder<A, R> {
  /** The frozen lookup node this builder describes. */
  readonly node: LookupNode
  /** Typed refs to the lookup's result fields, read at plan time. */
  readonly out: Outs<R & WithId>
  /** Options: dependsOn, and the provider instance to read through. */
  readonly options: (o: Pick<BuilderOptions, 'dependsOn' | 'provider'>) => LookupBuilder<A, R>
}

/** A resource spec's inputs, outputs; a lookup spec's arguments, result (what builders/<provider>.ts index). */
export type SpecI<S> = S extends ResourceSpec<infer I, infer _O> ? I : never
export type SpecO<S> = S extends ResourceSpec<infer _I, infer O> ? O : never
export type LArgs<S> = S extends LookupSpec<infer A, infer _R> ? A : never
export type LRes<S> = S extends LookupSpec<infer _A, infer R> ? R : never

type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T]

/** The builder function of one resource type: the required inputs the initial object leaves unset are pending. */
export type ResourceBuilderFn<I, O> = <K extends keyof I = never>(
  name: string,
  initial?: Inputs<I> & InputNames<K>,
) => ResourceBuilder<I, O, Exclude<RequiredKeys<I>, K>>

/** The builder function of one lookup: `args` required when the lookup has a required argument. */
export type LookupBuilderFn<A, R> =
  RequiredKeys<A> extends never
    ? (name: string, args?: Inputs<A>) => LookupBuilder<A, R>
    : (name: string, args: Inputs<A>) => LookupBuilder<A, R>

export type ConfigInput<C> = {
  readonly [K in keyof C]?: Exclude<C[K], undefined> extends Secret<infer S> ? Secret<S> | S : Exclude<C[K], undefined>
}

/** The builders of a provider: one per resource type and per lookup. */
export type Builders<P extends ProviderSpec> = {
  readonly [K in keyof P['resources'] & string as Uncapitalize<K>]: ResourceBuilderFn<
    SpecI<P['resources'][K]>,
    SpecO<P['resources'][K]>
  >
} & {
  readonly [K in keyof P['lookups'] & string]: LookupBuilderFn<LArgs<P['lookups'][K]>, LRes<P['lookups'][K]>>
} & {
  /** a provider instance for `stack(name, { providers })` */
  readonly provider: (
    config?: ConfigInput<P extends ProviderSpec<infer C, infer _A, infer _B> ? C : never>,
  ) => ProviderInstance
  /** fill unset configuration from environment variables (call it at the edge with process.env) */
  readonly fromEnv: (
    env: Readonly<Record<string, string | undefined>>,
    explicit?: ConfigInput<P extends ProviderSpec<infer C, infer _A, infer _B> ? C : never>,
  ) => ProviderInstance
  /** the configuration of a provider instance under the underlying engine's snake_case keys */
  readonly bridgeConfig: (instance: ProviderInstance) => Readonly<Record<string, unknown>>
  readonly spec: P
}

// ── constructors ─────────────────────────────────────────────────────────────
const RESERVED = new Set(['node', 'out', 'set', 'options', 'then', 'toJSON', 'constructor'])
/** names asked of any object by promises, serialisers and test tools: never taken for a mistyped field */
const NOT_FIELDS = new Set([
  'then',
  'toJSON',
  'inspect',
  'asymmetricMatch',
  '$$typeof',
  'nodeType',
  '_tag',
  'href',
  'path',
])

const addressOfDep = (d: HasNode | string): string =>
  typeof d === 'string'
    ? d
    : addressOf('_tag' in d && (d._tag === 'Resource' || d._tag === 'Lookup') ? d : (d as { node: ResourceNode }).node)

const cleanOptions = (o: BuilderOptions): ResourceOptions => {
  const { dependsOn, ...rest } = o
  return dependsOn ? { ...rest, dependsOn: dependsOn.map(addressOfDep) } : rest
}

/**
 * The `.out` of a node: one getter per field on a prototype shared by every node of a type, so a
 * ref is made only for the field asked for (making every field's ref on each `.out` was the
 * largest cost of building a big stack).
 */
const ADDRESS = Symbol('address')
const outsProto = (fields: ReadonlyArray<string>): object => {
  // below the getters, a trap for every other name: a mistyped field throws (in plain JS it
  // would be `undefined`, and an input set from it silently dropped). Known fields never reach it
  const unknownField = new Proxy(Object.prototype, {
    get(target, key, receiver: { readonly [ADDRESS]: string }) {
      if (typeof key === 'symbol' || key in target || NOT_FIELDS.has(key))
        return Reflect.get(target, key, receiver) as unknown
      const near = closestName(key, fields)
      throw new Error(
        `${labelOfAddress(receiver[ADDRESS])} has no output \`${key}\`${near ? `; did you mean \`${near}\`?` : ''} ` +
          `(its fields: ${fields.join(', ')})`,
      )
    },
  })
  const proto: Record<string, unknown> = Object.create(unknownField) as Record<string, unknown>
  for (const f of fields) {
    const path = Object.freeze([f]) // one per field, shared by every ref to it
    Object.defineProperty(proto, f, {
      enumerable: true,
      get(this: { readonly [ADDRESS]: string }) {
        return makeRef(this[ADDRESS], path)
      },
    })
  }
  return Object.freeze(proto)
}

/** A type's `.out` prototype (`id` and the fields named), made when first asked for. */
const lazyOuts = (names: () => ReadonlyArray<string>): (() => object) => {
  let outs: object | undefined
  return () => (outs ??= outsProto([...new Set(['id', ...names()])]))
}

/** A node's `.out`: its address over its type's prototype of getters. */
const outsOf = (proto: object, address: string): Record<string, Ref<unknown>> =>
  Object.freeze(withMethods(proto, { [ADDRESS]: address }))

const resourceBuilder = <I, O>(spec: ResourceSpec<I, O>): ResourceBuilderFn<I, O> => {
  const inputNames = fieldsOf(spec.inputs).map((f) => f.name)
  for (const n of inputNames)
    if (RESERVED.has(n)) throw new Error(`${spec.token}: input field \`${n}\` collides with a builder method`)
  // the prototype (a setter per input, the getters of `.out`) is made for the type's first node:
  // `import 'trellis/cloud'` makes every type's builder function, and a program calls a few of them
  let make: ((node: ResourceNode) => ResourceBuilder<I, O>) | undefined
  return (name: string, initial: Readonly<Record<string, unknown>> = {}) =>
    (make ??= builderMaker(spec, inputNames))(resourceNode(spec.token, name, copyFields(initial)))
}

/**
 * Below a builder's setters, a trap for names near an input: in plain JavaScript a misspelt setter
 * would fail as `folderTokn is not a function`; this names the builder and the nearest input. A
 * name near none is `undefined` as usual, since tools probe objects for names of their own.
 */
const unknownSetter = (inputs: ReadonlyArray<string>): object =>
  new Proxy(Object.prototype, {
    get(target, key, receiver: { readonly node: ResourceNode }) {
      if (typeof key === 'symbol' || key in target || NOT_FIELDS.has(key))
        return Reflect.get(target, key, receiver) as unknown
      const near = closestName(key, inputs)
      if (near === undefined) return undefined
      throw new TypeError(
        `${labelOfAddress(addressOf(receiver.node))} has no input \`${key}\`; did you mean \`${near}\`? ` +
          `(its inputs: ${inputs.join(', ')}; and node, out, set, options)`,
      )
    },
  })

/** How the builders of one resource type are made: a frozen object over the type's prototype. */
const builderMaker = <I, O>(
  spec: ResourceSpec<I, O>,
  inputNames: ReadonlyArray<string>,
): ((node: ResourceNode) => ResourceBuilder<I, O>) => {
  // made by the first `.out` of the type: a program reads the outputs of some of its types
  const outsOfType = lazyOuts(() => [...inputNames, ...fieldsOf(spec.outputs).map((f) => f.name)])
  const proto: Record<string, unknown> = Object.create(unknownSetter(inputNames)) as Record<string, unknown>
  // every builder of the type over one prototype of its setters (core/copy.ts's withMethods)
  const make = (node: ResourceNode): ResourceBuilder<I, O> =>
    Object.freeze(withMethods(proto, { node })) as unknown as ResourceBuilder<I, O>
  for (const f of inputNames)
    proto[f] = function (this: { node: ResourceNode }, value: unknown) {
      const inputs: Record<string, unknown> = copyFields(this.node.inputs)
      inputs[f] = value
      return make(resourceNode(spec.token, this.node.name, inputs, this.node.options))
    }
  proto.set = function (this: { node: ResourceNode }, inputs: Record<string, unknown>) {
    return make(
      resourceNode(spec.token, this.node.name, Object.assign(copyFields(this.node.inputs), inputs), this.node.options),
    )
  }
  proto.options = function (this: { node: ResourceNode }, o: BuilderOptions) {
    return make(
      resourceNode(spec.token, this.node.name, this.node.inputs, { ...this.node.options, ...cleanOptions(o) }),
    )
  }
  Object.defineProperty(proto, 'out', {
    get(this: { node: ResourceNode }) {
      return outsOf(outsOfType(), addressOf(this.node))
    },
  })
  Object.freeze(proto)
  return make
}

const lookupBuilder = <A, R>(spec: LookupSpec<A, R>): ((name: string, args?: Inputs<A>) => LookupBuilder<A, R>) => {
  const outsOfType = lazyOuts(() => [
    ...fieldsOf(spec.result).map((f) => f.name),
    ...fieldsOf(spec.args).map((f) => f.name),
  ])
  const make = (node: LookupNode): LookupBuilder<A, R> =>
    Object.freeze({
      node,
      get out() {
        return outsOf(outsOfType(), addressOf(node)) as LookupBuilder<A, R>['out']
      },
      options: (o: Pick<BuilderOptions, 'dependsOn' | 'provider'>) =>
        make(lookupNode(spec.token, node.name, node.args, { ...node.options, ...cleanOptions(o) })),
    })
  return (name, args = {}) => make(lookupNode(spec.token, name, copyFields(args as Record<string, unknown>)))
}

const uncapitalize = (s: string) => s[0].toLowerCase() + s.slice(1)

/** Every builder of one provider, from its registry. */
export const buildersFor = <P extends ProviderSpec>(p: P): Builders<P> => {
  const out: Record<string, unknown> = {
    spec: p,
    provider: (config: Record<string, unknown> = {}) => providerInstance(p.name, config),
    fromEnv: (env: Readonly<Record<string, string | undefined>>, explicit: Record<string, unknown> = {}) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one provider of any config type, by name
      providerInstance(p.name, configFromEnv<any>(p as ProviderSpec<any>, env, explicit)),
    bridgeConfig: (instance: ProviderInstance) => bridgeConfig(p, instance),
  }
  for (const [type, spec] of Object.entries(p.resources)) out[uncapitalize(type)] = resourceBuilder(spec)
  for (const [fn, spec] of Object.entries(p.lookups)) out[fn] = lookupBuilder(spec)
  return Object.freeze(out) as Builders<P>
}
