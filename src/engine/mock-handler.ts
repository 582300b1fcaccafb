/**
 * mockHandler: the mock interpreter's handler. Pulumi's small contract — `newResource` returns an id
 * and outputs, `call` returns a lookup's result — merged over defaults derived from the specs:
 * inputs echoed, deterministic ids, example outputs. Objects live in memory, so read, update,
 * delete and find behave like a platform's.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { fieldsOf } from '../core/codecs'
import { isSecret, secret } from '../core/secret'
import type { ResourceSpec } from '../core/spec'
import type { Handler, Obs, StepFailure } from './handler'
import { stepFailure } from './handler'
import { labelOfAddress } from '../core/node'

/** Pulumi-style mocks: `newResource` fabricates a resource's id and outputs, `call` answers a lookup. */
export interface Mocks {
  /** fabricate a resource; undefined falls back to the defaults */
  readonly newResource?: (a: {
    readonly token: string
    readonly name: string
    readonly inputs: Readonly<Record<string, unknown>>
  }) => { readonly id?: string; readonly outputs?: Readonly<Record<string, unknown>> } | undefined
  /** answer a lookup; undefined falls back to the spec's example result */
  readonly call?: (a: {
    readonly token: string
    readonly args: Readonly<Record<string, unknown>>
  }) => Readonly<Record<string, unknown>> | undefined
}

/** An object the mock platform holds. */
export interface Stored {
  readonly token: string
  readonly inputs: Readonly<Record<string, unknown>>
  readonly outputs: Readonly<Record<string, unknown>>
}

/** The mock handler: a Handler whose platform objects can be inspected. */
export interface MockHandler extends Handler {
  /** objects the mock platform holds, by id */
  readonly objects: () => ReadonlyMap<string, Stored>
}

const ID_LIKE = /(^id$|Id$|^token$)/

// per type, the outputs the mock gives (the spec's examples) and which of them take the id:
// facts about the spec, worked out once
interface Defaults {
  readonly template: Readonly<Record<string, unknown>>
  readonly ids: ReadonlyArray<string>
}
const defaults = new WeakMap<ResourceSpec, Defaults>()
const defaultsOf = (spec: ResourceSpec): Defaults => {
  let d = defaults.get(spec)
  if (!d) {
    const example = (spec.examples.outputs ?? {}) as Record<string, unknown>
    const template: Record<string, unknown> = {}
    const ids: string[] = []
    for (const f of fieldsOf(spec.outputs)) {
      if (ID_LIKE.test(f.name) && f.codec.is('')) {
        template[f.name] = ''
        ids.push(f.name)
      } else if (example[f.name] !== undefined) template[f.name] = example[f.name]
      // a secret output is a secret in the mock too, as the platform's handler gives it
      if (spec.secrets.includes(f.name) && !isSecret(template[f.name]))
        template[f.name] = secret(template[f.name] ?? `mock-${f.name}`)
    }
    defaults.set(spec, (d = { template, ids }))
  }
  return d
}

/** The outputs the mock gives an object of this type with this id: id-like fields take the id, others the spec's example. */
export const mockOutputs = (spec: ResourceSpec, id: string): Record<string, unknown> => {
  const d = defaultsOf(spec)
  // a copy of the type's template (fields in the spec's order), then the id where it goes
  const outputs: Record<string, unknown> = { ...d.template }
  for (let i = 0; i < d.ids.length; i++) outputs[d.ids[i]] = id
  return outputs
}

/** A lazy task answering `f()` when run (the platform changes when the task runs, not when it is made). */
const later =
  <A>(f: () => E.Either<StepFailure, A>): TE.TaskEither<StepFailure, A> =>
  () =>
    Promise.resolve().then(f)

/** The mock interpreter's handler: objects kept in memory, outputs fabricated from mocks and the specs' examples. */
export const mockHandler = (mocks: Mocks = {}, seed: ReadonlyMap<string, Stored> = new Map()): MockHandler => {
  const store = new Map<string, Stored>(seed)
  // a replacement never reuses its predecessor's id: ids ever handed out (or seeded) are those
  // held now and those deleted (no second set of every id held)
  const retired = new Set<string>()
  const used = (id: string): boolean => store.has(id) || (retired.size > 0 && retired.has(id))
  // a type's id prefix, lower-cased once per type rather than once per create
  const prefixes = new Map<ResourceSpec, string>()
  const idPrefix = (spec: ResourceSpec): string => {
    let p = prefixes.get(spec)
    if (p === undefined) prefixes.set(spec, (p = spec.type.toLowerCase()))
    return p
  }
  const create = (spec: ResourceSpec, name: string, inputs: Readonly<Record<string, unknown>>): Obs => {
    const m = mocks.newResource?.({ token: spec.token, name, inputs })
    // the first of `<type>-<name>`, `<type>-<name>-2`, … not handed out yet: every id handed
    // out is held or retired, so a replacement takes the next (no count kept per address)
    let n = 0
    let id = m?.id
    while (id === undefined || (m?.id === undefined && used(id))) {
      n++
      id = `${idPrefix(spec)}-${name}${n > 1 ? `-${n}` : ''}`
    }
    const outputs = mockOutputs(spec, id)
    if (m?.outputs) Object.assign(outputs, m.outputs)
    store.set(id, { token: spec.token, inputs, outputs })
    return { id, inputs, outputs }
  }
  const createTask: Handler['create'] = (c, inputs) => later(() => E.right(create(c.spec, c.name, inputs)))
  return {
    objects: () => store,
    create: createTask,
    // nothing to wait for: the run takes a mock create in the turn it starts (a declared capability)
    createSync: { of: createTask, run: create },
    read: (c, id) =>
      later(() => {
        const o = store.get(id)
        return E.right(o && o.token === c.spec.token ? { id, inputs: o.inputs, outputs: o.outputs } : undefined)
      }),
    update: (c, id, inputs) =>
      later(() => {
        const o = store.get(id)
        if (!o)
          return E.left(stepFailure(labelOfAddress(c.address), 'update', `mock: no ${c.spec.token} with id ${id}`))
        store.set(id, { ...o, inputs })
        return E.right({ id, inputs, outputs: o.outputs })
      }),
    delete: (_c, id) =>
      later(() => {
        if (store.delete(id)) retired.add(id)
        return E.right(undefined)
      }),
    lookup: (c, args) =>
      later(() => {
        const r: unknown = mocks.call?.({ token: c.spec.token, args }) ?? c.spec.examples.result
        return E.right({ ...(r as Record<string, unknown>) })
      }),
    list: (c) =>
      TE.fromIO(() =>
        [...store.entries()]
          .filter(([, o]) => o.token === c.spec.token)
          .map(([id, o]) => ({ id, inputs: o.inputs, outputs: o.outputs })),
      ),
    find: (c, sent) =>
      TE.fromIO(() =>
        [...store.entries()]
          .filter(([, o]) => o.token === c.spec.token && JSON.stringify(o.inputs) === JSON.stringify(sent))
          .map(([id, o]) => ({ id, inputs: o.inputs, outputs: o.outputs })),
      ),
  }
}
