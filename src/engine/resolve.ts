/**
 * Resolve refs inside a value against the values known so far (node address → its fields).
 * A ref whose node is not known yet resolves to UNKNOWN.
 */
import { isRef, resolveRef } from '../core/ref'
import { isSecret } from '../core/secret'
import { UNKNOWN } from './unknown'

export type Known = (address: string) => Readonly<Record<string, unknown>> | undefined

export const resolveRefs = (u: unknown, known: Known): unknown => {
  if (isRef(u)) {
    const v = known(u.node)
    if (v === undefined) return UNKNOWN
    // a ref into an unknown field stays unknown, and map functions never see UNKNOWN
    const base = v[u.path[0] as string]
    if (typeof base === 'object' && base !== null && (base as { _tag?: unknown })._tag === 'Unknown') return UNKNOWN
    return resolveRef(u, v)
  }
  if (isSecret(u)) return u
  if (Array.isArray(u)) return u.map((x) => resolveRefs(x, known))
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype) {
    // a spread clones the object (its shape in one step), then only fields holding objects are
    // rewritten in place: adding the fields one by one to an empty object was the slowest part of
    // resolving every node's inputs, twice per operation
    const o: Record<string, unknown> = { ...u }
    for (const k in o) {
      const v = o[k]
      if (typeof v === 'object' && v !== null) o[k] = resolveRefs(v, known)
    }
    return o
  }
  return u
}
