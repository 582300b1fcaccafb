/**
 * Lookups with the platform's not-found codes, and eventual consistency (docs/wire/cloud.md): a new
 * service, usage plan or IP strategy is missing from its Describe action and the listings until it has
 * been looked for `visibleAfter` times or `visibleAfterMs` have passed.
 */
import { clone, fail, oneOf, page, type Params } from '../../cloud-kit'
import { type Gw, type Obj, type Service } from './state'
import { ENVS, type Env } from './vocabulary'

export const made = (g: Gw, id: string): void => {
  if (g.visibleAfter > 0) g.state.pending.set(id, { left: g.visibleAfter, at: g.clock().getTime() })
}
/** still invisible? Old enough objects become visible (and stay so). */
export const hidden = (g: Gw, id: string): boolean => {
  const p = g.state.pending.get(id)
  if (p === undefined) return false
  if (g.clock().getTime() - p.at >= g.visibleAfterMs) {
    g.state.pending.delete(id)
    return false
  }
  return true
}
/** one look that did not see the object: it counts toward its becoming visible */
export const looked = (g: Gw, id: string): void => {
  const p = g.state.pending.get(id)
  if (p === undefined) return
  if (p.left <= 1) g.state.pending.delete(id)
  else p.left--
}
/** `visible`: a direct Describe — a just-created object fails it a few times first. */
export const seen = (g: Gw, id: string, code: string, what: string, visible: boolean): void => {
  if (!hidden(g, id)) return
  if (visible) looked(g, id)
  return fail(code, `${what} ${id} does not exist.`)
}
/** a listing would show the object: hidden until it has been looked for often enough, or is old enough */
export const isPending = (g: Gw, id: string): boolean => {
  if (!hidden(g, id)) return false
  looked(g, id)
  return true
}
export const service = (g: Gw, id: string, poll = false): Service => {
  const s = g.state.services.get(id)
  if (!s) return fail('ResourceNotFound.InvalidService', `The service ${id} does not exist.`)
  seen(g, id, 'ResourceNotFound.InvalidService', 'The service', poll)
  return s
}
export const api = (g: Gw, serviceId: string, apiId: string) => {
  const a = g.state.apis.get(apiId)
  if (!a || a.info.ServiceId !== serviceId)
    return fail('ResourceNotFound.InvalidApi', `The API ${apiId} does not exist in service ${serviceId}.`)
  return a
}
export const plan = (g: Gw, id: string, poll = false): Obj => {
  const p = g.state.plans.get(id)
  if (!p) return fail('ResourceNotFound.InvalidUsagePlan', `The usage plan ${id} does not exist.`)
  seen(g, id, 'ResourceNotFound.InvalidUsagePlan', 'The usage plan', poll)
  return p
}
export const key = (g: Gw, id: string): Obj =>
  g.state.keys.get(id) ?? fail('ResourceNotFound.InvalidAccessKeyId', `The key ${id} does not exist.`)
export const plugin = (g: Gw, id: string): Obj =>
  g.state.plugins.get(id) ?? fail('ResourceNotFound.InvalidPlugin', `The plugin ${id} does not exist.`)
export const strategy = (g: Gw, serviceId: string, id: string, poll = false) => {
  const s = g.state.strategies.get(id)
  if (!s || s.info.ServiceId !== serviceId)
    return fail('ResourceNotFound.InvalidIPStrategy', `The IP strategy ${id} does not exist.`)
  seen(g, id, 'ResourceNotFound.InvalidIPStrategy', 'The IP strategy', poll)
  return s
}
export const envOf = (p: Params, k: string): Env => oneOf(p, k, ENVS) as Env
export const listed = <A>(g: Gw, all: ReadonlyArray<A>, p: Params, key: string): Obj => ({
  Result: { TotalCount: all.length, [key]: clone(page(p, all, g.pageSize)) },
})
