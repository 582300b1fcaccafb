/** A site's log drains: `log_types` travels as a string holding a JSON array; the destination is fixed. */
import type { RouteRequest, Routes } from './router'
import { clone, fail, isObj, ok, str, type Json, type Reply } from './reply'
import { siteOf, type HostingContext } from './state'
import { LOG_DESTINATIONS, LOG_TYPES } from './vocabulary'

const checkLogTypes = (b: Json): void => {
  let types: unknown
  try {
    types = JSON.parse(str(b.log_types) ?? 'x')
  } catch {
    fail(400, 'log_types must be a JSON-encoded list')
  }
  if (!Array.isArray(types) || types.some((x) => !LOG_TYPES.includes(x as string)))
    fail(400, `log_types must list ${LOG_TYPES.join(', ')}`)
}

const checkConfig = (dest: string, cfg: Json): void => {
  const url = str(cfg.url)
  if (['http', 'datadog', 'newrelic'].includes(dest) && (!url || !/^https?:\/\/[^\s]+$/.test(url)))
    fail(422, 'URL is invalid')
  if (dest === 's3' && !(cfg.bucket_name && cfg.bucket_region && cfg.path && cfg.verification_filename))
    fail(422, 'bucket_name, bucket_region, path and verification_filename are required for s3')
}

const checkDrain = (ctx: HostingContext, siteId: string, b: unknown, id: string): Json => {
  if (!isObj(b)) return fail(400, 'body must be an object')
  const dest = str(b.destination)
  if (!dest || !LOG_DESTINATIONS.includes(dest)) fail(422, `destination must be one of ${LOG_DESTINATIONS.join(', ')}`)
  checkLogTypes(b)
  const format = b.format ?? 'json'
  if (format !== 'json' && format !== 'ndjson') fail(422, 'format must be json or ndjson')
  const cfg = isObj(b.service_config) ? b.service_config : {}
  checkConfig(dest!, cfg)
  return {
    id,
    site_id: siteId,
    destination: dest,
    format,
    log_types: str(b.log_types),
    exclude_pii: typeof b.exclude_pii === 'boolean' ? b.exclude_pii : null,
    service_config: clone(cfg),
    created_at: ctx.iso(),
    updated_at: ctx.iso(),
  }
}

export const logDrainRoutes = (ctx: HostingContext): Routes => {
  const drains = ctx.state.logDrains
  const siteIdOf = (r: RouteRequest) => siteOf(ctx.state, r.params.site).id as string
  const drainOf = (r: RouteRequest) => {
    const site = siteIdOf(r)
    const ld = drains.get(r.params.drain)
    return ld && ld.site_id === site ? { ld, site } : fail(404, 'Not Found')
  }
  const createDrain = (r: RouteRequest): Reply => {
    const site = siteIdOf(r)
    const id = ctx.uuid()
    const drain = checkDrain(ctx, site, r.body, id)
    drains.set(id, drain)
    return ok(drain, 201)
  }
  const putDrain = (r: RouteRequest): Reply => {
    const { ld, site } = drainOf(r)
    const id = r.params.drain
    if (isObj(r.body) && r.body.id !== undefined && r.body.id !== id) fail(422, 'id does not match the path')
    const next: Json = { ...checkDrain(ctx, site, r.body, id), created_at: ld.created_at }
    if (next.destination !== ld.destination) fail(422, 'destination cannot be changed')
    drains.set(id, next)
    return ok(next)
  }
  return {
    'GET /sites/:site/log_drains': (r) => {
      const site = siteIdOf(r)
      return ok([...drains.values()].filter((x) => x.site_id === site))
    },
    'POST /sites/:site/log_drains': createDrain,
    'GET /sites/:site/log_drains/:drain': (r) => ok(drainOf(r).ld),
    'PUT /sites/:site/log_drains/:drain': putDrain,
    'DELETE /sites/:site/log_drains/:drain': (r) => {
      drainOf(r)
      drains.delete(r.params.drain)
      return { status: 204 }
    },
  }
}
