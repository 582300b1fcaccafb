/**
 * A spec's `platformDefaults` (field path → the value the platform gives it when left out, at any
 * depth, `*` for every item of a list): a value compares as the platform holds it, so an import
 * that reads the platform's objects matches a program that states a default and one that leaves
 * it out alike, and what the platform filled in is recorded as an output (read back, `.out.<field>`).
 */
import { isSecret, isSecretMarker } from '../core/secret'
import { isRef } from '../core/ref'
import { isProtected } from '../state/protect'
import { isUnknown } from './unknown'

// ── model ────────────────────────────────────────────────────────────────────
/** The declared defaults as a tree: a node's value is the default of the key that leads to it. */
export interface DefaultsTree {
  readonly value?: unknown
  readonly hasValue: boolean
  readonly keys: ReadonlyMap<string, DefaultsTree>
  /** the keys in order, for an index loop (a Map's iterator made an entry per key, at every create) */
  readonly names: ReadonlyArray<string>
}

interface Building {
  value?: unknown
  hasValue: boolean
  keys: Map<string, Building>
  names: string[]
}

const trees = new WeakMap<object, DefaultsTree>()

/** The tree of a spec's declaration (built once per declaration), or undefined when it declares none. */
export const defaultsTreeOf = (spec: {
  readonly platformDefaults?: Readonly<Record<string, unknown>>
}): DefaultsTree | undefined => {
  const d = spec.platformDefaults
  if (d === undefined) return undefined
  let tree = trees.get(d)
  if (tree) return tree
  const root: Building = { hasValue: false, keys: new Map(), names: [] }
  for (const path in d) {
    let at = root
    for (const part of path.split('.')) {
      let next = at.keys.get(part)
      if (!next) {
        at.keys.set(part, (next = { hasValue: false, keys: new Map(), names: [] }))
        at.names.push(part)
      }
      at = next
    }
    at.value = d[path]
    at.hasValue = true
  }
  trees.set(d, (tree = root))
  return tree
}

// ── filling ──────────────────────────────────────────────────────────────────
/** A value never looked into: a scalar, a secret, a ref or an unknown. */
const opaque = (u: unknown): boolean =>
  typeof u !== 'object' || u === null || isSecret(u) || isSecretMarker(u) || isProtected(u) || isUnknown(u) || isRef(u)

/** `v` (the value under the key that led to `t`) with the platform's defaults where it leaves keys out; unchanged parts shared. */
export const fillDefaults = (t: DefaultsTree, v: unknown): unknown => {
  if (v === undefined) return t.hasValue ? t.value : undefined
  if (opaque(v) || t.keys.size === 0) return v
  if (Array.isArray(v)) {
    const item = t.keys.get('*')
    if (!item) return v
    let out: unknown[] | undefined
    for (let i = 0; i < v.length; i++) {
      const x = fillDefaults(item, v[i])
      if (x !== v[i]) (out ??= v.slice())[i] = x
    }
    return out ?? v
  }
  const o = v as Readonly<Record<string, unknown>>
  let out: Record<string, unknown> | undefined
  for (let i = 0; i < t.names.length; i++) {
    const k = t.names[i]
    if (k === '*') continue
    const x = fillDefaults(t.keys.get(k)!, o[k])
    if (x !== o[k]) (out ??= { ...o })[k] = x
  }
  return out ?? v
}

/** The field `k` of a node's inputs as the platform holds it (`v` when the declaration says nothing of `k`). */
export const fillField = (t: DefaultsTree | undefined, k: string, v: unknown): unknown => {
  const sub = t?.keys.get(k)
  return sub ? fillDefaults(sub, v) : v
}
