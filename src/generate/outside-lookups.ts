/**
 * Lookups for what a generated program refers to outside the selection: a field holding an id that
 * no discovered object holds becomes a ref to a lookup of its provider that finds such ids (the
 * lookup spec's `finds`) — a team by its slug, a workspace by its name in the list of workspaces.
 * Each lookup is read once while generating, to learn the name a program finds the object by;
 * where none finds it (or the read fails), the program keeps the literal id, saying so.
 */
import * as E from 'fp-ts/Either'
import type { LookupFinds, LookupSpec } from '../core/spec'
import type { DiscoveredObject } from '../discover/discovered'
import { eachAtOnce } from '../discover/each-at-once'
import type { Env } from '../engine/env'
import { lookup } from '../engine/operations'
import { statedInputs } from './differing-inputs'
import { idIndex } from './id-index'
import { fieldOf, REF_FIELD } from './ref-field'

/** A lookup the program declares. */
export interface OutsideLookup {
  readonly provider: string
  /** the builder function: `getTeam` */
  readonly fn: string
  readonly node: string
  /** what its variable is named after (`team acme`), made unique by the generator */
  readonly words: string
  readonly args: Readonly<Record<string, unknown>>
}

/** Where an outside id is read: the lookup (index) and the source after its variable. */
export interface OutsideRef {
  readonly lookup: number
  readonly expr: string
  /** an item picked from a lookup's list is declared once, named after this (`workspace default`) */
  readonly pick?: string
}

/** What lies outside the selection: the lookups a generated program declares, and which ids they find. */
export interface Outside {
  readonly lookups: ReadonlyArray<OutsideLookup>
  /** `outsideKey(provider, field, id)` → where the program reads it */
  readonly refs: ReadonlyMap<string, OutsideRef>
}

export const NO_OUTSIDE: Outside = { lookups: [], refs: new Map() }

/** The key of `Outside.refs` for an id a field holds: the provider, the field and the id. */
export const outsideKey = (provider: string, field: string, id: string): string => `${provider} ${field} ${id}`

interface Need {
  readonly provider: string
  readonly field: string
  readonly id: string
  readonly spec: LookupSpec
  readonly finds: LookupFinds<Record<string, unknown>>
}

const findsOf = (spec: LookupSpec): LookupFinds<Record<string, unknown>> =>
  spec.finds as LookupFinds<Record<string, unknown>>

/** Each outside id in a field some lookup of the object's provider finds. */
const needsOf = (env: Env, objects: ReadonlyArray<DiscoveredObject>): ReadonlyArray<Need> => {
  const ids = idIndex(objects)
  const finders = [...env.registry.lookups.values()].filter((l) => l.finds)
  const out = new Map<string, Need>()
  const walk = (provider: string, v: unknown, path: ReadonlyArray<string>): void => {
    if (typeof v === 'string') {
      const field = fieldOf(path)
      if (v === '' || ids.has(v) || !REF_FIELD.test(field)) return
      const spec = finders.find((l) => l.provider === provider && l.finds!.fields.includes(field))
      if (spec) out.set(outsideKey(provider, field, v), { provider, field, id: v, spec, finds: findsOf(spec) })
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(provider, x, [...path, String(i)]))
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(provider, x, [...path, k])
  }
  for (const o of objects) {
    const spec = env.registry.resources.get(o.token)
    if (spec) walk(spec.provider, statedInputs(spec, o.inputs), [])
  }
  return [...out.values()]
}

const words = (s: string): string =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')
    .join('-')
    .slice(0, 40)

/** The lookups to declare and where each outside id is read, one read of each lookup. */
export const outsideLookups = async (env: Env, objects: ReadonlyArray<DiscoveredObject>): Promise<Outside> => {
  const needs = needsOf(env, objects)
  // a lookup of a whole collection is read once; one of a single object once per id
  const groupOf = (n: Need): string => (n.finds.list ? n.spec.token : `${n.spec.token} ${n.id}`)
  const groups = [...new Map(needs.map((n) => [groupOf(n), n])).values()]
  const read = await eachAtOnce(groups, env.concurrency, async (n) => {
    const r = await lookup(n.spec.token, 'generate', n.finds.byId(n.id))(env)()
    return [groupOf(n), E.isRight(r) ? r.right : undefined] as const
  })
  const results = new Map(read)
  const lookups: OutsideLookup[] = []
  const index = new Map<string, number>()
  const refs = new Map<string, OutsideRef>()
  for (const n of needs) {
    const result = results.get(groupOf(n))
    const found = result && (n.finds.list ? inList(n, result) : single(n, result))
    if (!found) continue
    let at = index.get(groupOf(n))
    if (at === undefined) {
      at = lookups.push({ provider: n.provider, fn: n.spec.fn, ...found.lookup }) - 1
      index.set(groupOf(n), at)
    }
    refs.set(outsideKey(n.provider, n.field, n.id), {
      lookup: at,
      expr: found.expr,
      ...(found.pick ? { pick: found.pick } : {}),
    })
  }
  return { lookups, refs }
}

type Found =
  { readonly lookup: Omit<OutsideLookup, 'provider' | 'fn'>; readonly expr: string; readonly pick?: string } | undefined

/** A lookup of one object: by its name where the lookup reads by name, else by its id. */
const single = (n: Need, result: Readonly<Record<string, unknown>>): Found => {
  if (result[n.finds.id] !== n.id) return undefined
  const name = result[n.finds.name]
  const named = typeof name === 'string' && words(name) !== '' ? name : undefined
  const args = named && n.finds.byName ? n.finds.byName(named) : n.finds.byId(n.id)
  const node = words(named ?? n.id) || 'object'
  const what = n.spec.fn.replace(/^get/, '')
  return { lookup: { node, words: `${what} ${node}`, args }, expr: `.out.${n.finds.id}` }
}

/** A lookup of a whole collection: the one item with the object's name where that is unique, else its id. */
const inList = (n: Need, result: Readonly<Record<string, unknown>>): Found => {
  const list = n.finds.list!
  const items = (Array.isArray(result[list]) ? result[list] : []) as ReadonlyArray<Record<string, unknown>>
  const item = items.find((i) => i[n.finds.id] === n.id)
  if (!item) return undefined
  const name = item[n.finds.name]
  const unique = typeof name === 'string' && items.filter((i) => i[n.finds.name] === name).length === 1
  const [field, value] = unique ? [n.finds.name, name] : [n.finds.id, n.id]
  const what = `${list} item with ${field} ${JSON.stringify(value)}`
  const pick = `theOne(items, ${JSON.stringify(what)}, (i) => i.${field} === ${JSON.stringify(value)})`
  return {
    lookup: { node: 'all', words: list, args: {} },
    expr: `.out.${list}.map((items) => ${pick}.${n.finds.id})`,
    pick: `${n.spec.fn.replace(/^get/, '').replace(/s$/, '')} ${String(value)}`,
  }
}
