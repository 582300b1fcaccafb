/** A team's or a site's firewall rule set: one per owner, replaced whole by PUT. */
import { scalarText } from '../../../src/core/scalar-text'
import type { RouteRequest, Routes } from './router'
import { clone, fail, isObj, objectBody, ok, type Json, type Reply } from './reply'
import { accountOf, siteOf, type HostingContext } from './state'

const checkRule = (r: unknown, which: string): void => {
  if (
    !isObj(r) ||
    (r.type !== 'ip' && r.type !== 'geo') ||
    (r.action !== 'allow' && r.action !== 'deny') ||
    !isObj(r.data)
  )
    return fail(400, `${which}.rules: each rule needs type ip|geo, action allow|deny and data`)
  const d = r.data
  if (r.type === 'ip' && (!Array.isArray(d.addresses) || d.addresses.length === 0))
    fail(400, `${which}.rules: ip rules need addresses`)
  if (r.type === 'geo' && (!Array.isArray(d.countries) || d.countries.length === 0))
    fail(400, `${which}.rules: geo rules need countries`)
}

const checkRuleSet = (u: unknown, which: string): Json => {
  if (!isObj(u)) return fail(400, `${which} is required`)
  if (u.default !== 'allow' && u.default !== 'deny') fail(400, `${which}.default must be allow or deny`)
  if (!Array.isArray(u.rules)) fail(400, `${which}.rules must be a list`)
  for (const r of u.rules as unknown[]) checkRule(r, which)
  return { default: u.default, rules: clone(u.rules) }
}

const requireIdParam = (url: URL, id: string) => {
  if (url.searchParams.get('id') !== id) fail(400, 'id query parameter is required and must match the path')
}

export const firewallRoutes = (ctx: HostingContext): Routes => {
  const sets = ctx.state.firewalls
  const get = (key: string): Reply => ok(sets.get(key) ?? fail(404, 'Firewall rule set not found'))
  const put = (key: string, body: unknown): Reply => {
    const b = objectBody(body)
    const published = checkRuleSet(b.published, 'published')
    const unpublished = checkRuleSet(b.unpublished, 'unpublished')
    const prev = sets.get(key)
    const at = ctx.iso()
    sets.set(key, {
      id: prev?.id ?? ctx.hexId(),
      published,
      unpublished,
      created_at: prev?.created_at ?? at,
      updated_at: at,
    })
    return { status: 200 }
  }
  const remove = (key: string): Reply => {
    if (!sets.delete(key)) fail(404, 'Firewall rule set not found')
    return { status: 200 }
  }
  // a team's rule set: GET needs `?id=` (the path's team); a site's: every method does
  const teamKey = (r: RouteRequest) => `account:${scalarText(accountOf(ctx.state, r.params.account).id)}`
  const siteKey = (r: RouteRequest) => {
    const site = siteOf(ctx.state, r.params.site)
    requireIdParam(r.url, r.params.site)
    return `site:${scalarText(site.id)}`
  }
  return {
    'GET /accounts/:account/firewall_rule_set': (r) => {
      const key = teamKey(r)
      requireIdParam(r.url, r.params.account)
      return get(key)
    },
    'PUT /accounts/:account/firewall_rule_set': (r) => put(teamKey(r), r.body),
    'DELETE /accounts/:account/firewall_rule_set': (r) => remove(teamKey(r)),
    'GET /sites/:site/firewall_rule_set': (r) => get(siteKey(r)),
    'PUT /sites/:site/firewall_rule_set': (r) => put(siteKey(r), r.body),
    'DELETE /sites/:site/firewall_rule_set': (r) => remove(siteKey(r)),
  }
}
