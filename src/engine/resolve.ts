/**
 * Resolve refs inside a value against the values known so far. A ref whose node is not known yet
 * resolves to UNKNOWN.
 */
import { isRef, resolveRef } from '../core/ref'
import { isSecret } from '../core/secret'
import type { ResourceState } from '../state/state'
import { UNKNOWN, isUnknown } from './unknown'
import { copyFields } from '../core/copy'

/** Answer of a Known for a node not known yet. */
export const NOT_YET: unique symbol = Symbol('not known yet')

/**
 * One field of a node as refs see it (`field` undefined: the node's whole record), or NOT_YET.
 * Asked field by field so that a resource in state is read where its values lie instead of
 * being merged into a new record for every node a ref points at.
 */
export type Known = (address: string, field: string | undefined) => unknown

/** A resource in state as refs see it: its id, then its outputs, then its inputs. */
export const stateField = (r: Pick<ResourceState, 'inputs' | 'outputs' | 'id'>, field: string | undefined): unknown => {
  if (field === undefined) return { ...r.inputs, ...r.outputs, id: r.id }
  if (field === 'id') return r.id
  return Object.prototype.hasOwnProperty.call(r.outputs, field) ? r.outputs[field] : r.inputs[field]
}

/** A Known over records of fields by address. */
export const recordField = (record: Readonly<Record<string, unknown>>, field: string | undefined): unknown =>
  field === undefined ? record : record[field]

/**
 * The value with its refs resolved. Copy on write: a value holding no ref comes back as it is
 * (most inputs hold none), and a changed value is a fresh object at every level above the change.
 */
export const resolveRefs = (u: unknown, known: Known): unknown => {
  if (typeof u !== 'object' || u === null) return u
  if (isRef(u)) {
    const base = known(u.node, u.path[0])
    // a ref into an unknown field stays unknown, and map functions never see UNKNOWN
    if (base === NOT_YET || isUnknown(base)) return UNKNOWN
    return resolveRef(u, base, u.path.length > 0 ? 1 : 0)
  }
  if (isSecret(u)) return u
  // the walk written out rather than through rewriteInside (core/copy): this runs for every node in
  // the run loop, and the shared walk's calls through `f` measured ~35 ms slower at 10,000 steps
  if (Array.isArray(u)) {
    // the copy made at its size (pushing onto a slice reserved room for 16 more elements in every
    // copy, and inputs are frozen arrays, which slice copies the slow way)
    let out: unknown[] | undefined
    for (let i = 0; i < u.length; i++) {
      const x = resolveRefs(u[i], known)
      if (x !== u[i] && out === undefined) {
        out = new Array<unknown>(u.length)
        for (let j = 0; j < i; j++) out[j] = u[j]
      }
      if (out !== undefined) out[i] = x
    }
    return out ?? u
  }
  if (Object.getPrototypeOf(u) !== Object.prototype) return u
  let out: Record<string, unknown> | undefined
  for (const k in u) {
    const v = (u as Record<string, unknown>)[k]
    if (typeof v !== 'object' || v === null) continue
    const x = resolveRefs(v, known)
    if (x === v) continue
    if (!out) out = copyFields(u as Record<string, unknown>)
    out[k] = x
  }
  return out ?? u
}
