/** Teams and sites as the platform lists them, a site's RUM switch, and its analytics (held 10 minutes). */
import type { RouteRequest, Routes } from './router'
import { fail, objectBody, ok, type Reply } from './reply'
import { paged, whole } from './paging'
import { accountBySlug, accountOf, siteOf, type HostingContext } from './state'

export const ANALYTICS_HOLD_MS = 10 * 60 * 1000

export const siteRoutes = (ctx: HostingContext): Routes => {
  const { sites, accounts, analyticsEnabledAt } = ctx.state
  const named = (r: RouteRequest) => {
    const name = r.q('name')
    return [...sites.values()].filter((x) => name === undefined || (x.name as string).includes(name))
  }
  const patchSite = (r: RouteRequest): Reply => {
    const site = siteOf(ctx.state, r.params.site)
    const b = objectBody(r.body)
    if (b.rum_enabled !== undefined) {
      if (typeof b.rum_enabled !== 'boolean') fail(422, 'rum_enabled must be a boolean')
      site.rum_enabled = b.rum_enabled
    }
    site.updated_at = ctx.iso()
    return ok(site)
  }
  const enableAnalytics = (r: RouteRequest): Reply => {
    const site = siteOf(ctx.state, r.params.site)
    if (site.analytics_instance_id) fail(422, 'Analytics already enabled')
    const id = ctx.hexId()
    site.analytics_instance_id = id
    analyticsEnabledAt.set(site.id as string, ctx.now().getTime())
    return ok(
      { id, service_slug: 'analytics', service_name: 'Analytics', site_id: site.id, created_at: ctx.iso() },
      201,
    )
  }
  const disableAnalytics = (r: RouteRequest): Reply => {
    const site = siteOf(ctx.state, r.params.site)
    if (site.analytics_instance_id !== r.params.instance) fail(404, 'Not Found')
    const since = analyticsEnabledAt.get(site.id as string) ?? 0
    if (ctx.now().getTime() - since < ANALYTICS_HOLD_MS)
      fail(
        422,
        `Error during disabling: analytics was enabled less than 10 minutes ago; try again after ${new Date(since + ANALYTICS_HOLD_MS).toISOString()}`,
      )
    site.analytics_instance_id = null
    analyticsEnabledAt.delete(site.id as string)
    return { status: 204 }
  }
  return {
    'GET /accounts': () => whole([...accounts.values()]),
    'GET /accounts/:account': (r) => ok(accountOf(ctx.state, r.params.account)),
    'GET /sites': (r) => paged(r.url, named(r), ctx.cap),
    'GET /sites/:site': (r) => ok(siteOf(ctx.state, r.params.site)),
    'PATCH /sites/:site': patchSite,
    'POST /sites/:site/analytics': enableAnalytics,
    'DELETE /sites/:site/analytics/:instance': disableAnalytics,
  }
}

/** `GET /{account_slug}/sites`: no `accounts/` segment, so listed after every other route */
export const teamSiteRoutes = (ctx: HostingContext): Routes => ({
  'GET /:account_slug/sites': (r) => {
    const acct = accountBySlug(ctx.state, r.params.account_slug) ?? fail(404, 'Not Found')
    const name = r.q('name')
    const mine = [...ctx.state.sites.values()].filter(
      (x) => x.account_slug === acct.slug && (name === undefined || (x.name as string).includes(name)),
    )
    return paged(r.url, mine, ctx.cap)
  },
})
