/** DNS zones and their records: fully-qualified hostnames, targets without their trailing dot. */
import type { RouteRequest, Routes } from './router'
import { fail, objectBody, ok, str, type Json, type Reply } from './reply'
import { paged, whole } from './paging'
import { accountBySlug, type HostingContext } from './state'
import { DNS_TYPES } from './vocabulary'

const stripDot = (x: string) => x.replace(/\.+$/, '')
/** the platform stores fully-qualified hostnames: `www` in zone example.com is www.example.com */
const qualify = (host: string, zone: string): string => {
  const h = stripDot(host).toLowerCase()
  const z = zone.toLowerCase()
  if (h === '' || h === '@') return z
  return h === z || h.endsWith('.' + z) ? h : `${h}.${z}`
}

export const newZone = (ctx: HostingContext, name: string, acct: Json): Json => {
  const id = ctx.hexId()
  const z: Json = {
    id,
    name,
    errors: [],
    supported_record_types: DNS_TYPES,
    user_id: ctx.hexId(),
    created_at: ctx.iso(),
    updated_at: ctx.iso(),
    records: [],
    dns_servers: ['dns1.p01.nsone.net', 'dns2.p01.nsone.net', 'dns3.p01.nsone.net', 'dns4.p01.nsone.net'],
    account_id: acct.id,
    site_id: null,
    account_slug: acct.slug,
    account_name: acct.name,
    domain: null,
    ipv6_enabled: false,
    dedicated: false,
  }
  ctx.state.zones.set(id, z)
  return z
}

const checkRecord = (b: Json): { type: string; hostname: string; value: string } => {
  const type = str(b.type) ?? ''
  if (!DNS_TYPES.includes(type)) fail(422, `type must be one of ${DNS_TYPES.join(', ')}`)
  const hostname = str(b.hostname) ?? fail(422, 'hostname is required')
  const value = str(b.value) ?? fail(422, 'value is required')
  if (type === 'MX' && typeof b.priority !== 'number') fail(422, 'priority is required for MX records')
  if (type === 'CAA' && (typeof b.flag !== 'number' || typeof b.tag !== 'string'))
    fail(422, 'flag and tag are required for CAA records')
  return { type, hostname, value }
}

export const createRecord = (ctx: HostingContext, z: Json, b: Json): Json => {
  const { type, hostname, value } = checkRecord(b)
  const id = ctx.hexId()
  const nameLike = ['CNAME', 'MX', 'NS', 'ALIAS'].includes(type)
  const r: Json = {
    id,
    hostname: qualify(hostname, z.name as string),
    type,
    // targets come back without their trailing dot
    value: nameLike ? stripDot(value) : value,
    ttl: typeof b.ttl === 'number' ? b.ttl : 3600,
    priority: typeof b.priority === 'number' ? b.priority : null,
    weight: null,
    port: null,
    flag: typeof b.flag === 'number' ? b.flag : 0,
    tag: typeof b.tag === 'string' ? b.tag : '',
    site_id: null,
    dns_zone_id: z.id,
    errors: [],
    managed: false,
  }
  ctx.state.records.set(id, r)
  return r
}

export const dnsRoutes = (ctx: HostingContext): Routes => {
  const { zones, records } = ctx.state
  const zoneView = (z: Json): Json => ({ ...z, records: [...records.values()].filter((r) => r.dns_zone_id === z.id) })
  const zoneOf = (r: RouteRequest) => zones.get(r.params.zone) ?? fail(404, 'Not Found')
  const recordOf = (r: RouteRequest) => {
    const z = zoneOf(r)
    const rec = records.get(r.params.record)
    return rec && rec.dns_zone_id === z.id ? rec : fail(404, 'Not Found')
  }
  const listZones = (r: RouteRequest): Reply => {
    const slug = r.q('account_slug')
    const mine = [...zones.values()].filter((z) => slug === undefined || z.account_slug === slug)
    return paged(r.url, mine.map(zoneView), ctx.cap)
  }
  const createZone = (r: RouteRequest): Reply => {
    const b = objectBody(r.body)
    const name = str(b.name)
    if (!name || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(stripDot(name))) fail(422, 'name must be a domain name')
    const acct =
      accountBySlug(ctx.state, str(b.account_slug) ?? '') ?? fail(422, 'account_slug must name one of your teams')
    const lower = stripDot(name!).toLowerCase()
    if ([...zones.values()].some((z) => z.name === lower)) fail(422, `A DNS zone for ${lower} already exists`)
    return ok(zoneView(newZone(ctx, lower, acct)), 201)
  }
  const deleteZone = (r: RouteRequest): Reply => {
    const z = zoneOf(r)
    for (const [id, rec] of records) if (rec.dns_zone_id === z.id) records.delete(id)
    zones.delete(r.params.zone)
    return { status: 204 }
  }
  const enableIpv6 = (r: RouteRequest): Reply => {
    const z = zoneOf(r)
    z.ipv6_enabled = true
    z.updated_at = ctx.iso()
    return ok(zoneView(z))
  }
  return {
    'GET /dns_zones': listZones,
    'POST /dns_zones': createZone,
    'GET /dns_zones/:zone': (r) => ok(zoneView(zoneOf(r))),
    'DELETE /dns_zones/:zone': deleteZone,
    'PUT /dns_zones/:zone/enable-ipv6': enableIpv6,
    'GET /dns_zones/:zone/dns_records': (r) => {
      const z = zoneOf(r)
      return whole([...records.values()].filter((rec) => rec.dns_zone_id === z.id))
    },
    'POST /dns_zones/:zone/dns_records': (r) => {
      const z = zoneOf(r)
      return ok(createRecord(ctx, z, objectBody(r.body)), 201)
    },
    'GET /dns_zones/:zone/dns_records/:record': (r) => ok(recordOf(r)),
    'DELETE /dns_zones/:zone/dns_records/:record': (r) => {
      recordOf(r)
      records.delete(r.params.record)
      return { status: 204 }
    },
  }
}
