/**
 * What a fresh hosting emulator holds (its fixtures) and what `seed` adds: objects made elsewhere,
 * in the platform's own shapes, every field checked before anything is added.
 */
import { checkSeedKinds, seedField, type SeedObjects } from '../emulator'
import { clone, fail, str, type Json } from './reply'
import { accountDefaults, siteDefaults, type HostingFixtures } from './fixtures'
import { accountBySlug, type HostingContext } from './state'
import { createRecord, newZone } from './dns'
import { newDeployKey } from './deploy-keys'
import { envKey, envVarOf } from './env-vars'

export const HOSTING_SEEDS = ['accounts', 'sites', 'dns_zones', 'dns_records', 'deploy_keys', 'env_vars']

const newAccount = (ctx: HostingContext, id: string, slug: string, typeName: string, extra: Json = {}) =>
  ctx.state.accounts.set(id, {
    id,
    name: slug,
    slug,
    type_name: typeName,
    ...accountDefaults(typeName),
    created_at: ctx.iso(),
    updated_at: ctx.iso(),
    ...extra,
  })

const siteBody = (ctx: HostingContext, id: string, name: string, repo?: { keyId: string; path: string }): Json => ({
  id,
  name,
  custom_domain: null,
  domain_aliases: [],
  url: `https://${name}.netlify.app`,
  ssl_url: `https://${name}.netlify.app`,
  ...siteDefaults(id, name, repo),
  rum_enabled: false,
  analytics_instance_id: null,
  created_at: ctx.iso(),
  updated_at: ctx.iso(),
})
const team = (x: Json) => ({ account_id: x.id, account_slug: x.slug, account_name: x.name })

/** The fixtures' teams, sites (with their deploy keys) and zones, put into a fresh state. */
export const applyFixtures = (ctx: HostingContext, fixtures: HostingFixtures): void => {
  for (const a of fixtures.accounts ?? [])
    newAccount(ctx, a.id ?? ctx.hexId(), a.slug, a.type_name ?? 'Starter', { name: a.name ?? a.slug })
  for (const f of fixtures.sites ?? []) {
    const acct = accountBySlug(ctx.state, f.account_slug)
    if (!acct) throw new Error(`hostingEmulator fixtures: site ${f.name} names unknown team ${f.account_slug}`)
    const id = f.id ?? ctx.uuid()
    const key = f.deploy_key ? newDeployKey(ctx) : undefined
    ctx.state.sites.set(id, {
      ...siteBody(ctx, id, f.name, key ? { keyId: key.id as string, path: `acme/${f.name}` } : undefined),
      ...team(acct),
      custom_domain: f.custom_domain ?? null,
      domain_aliases: [...(f.domain_aliases ?? [])],
      rum_enabled: f.rum_enabled ?? false,
    })
  }
  for (const z of fixtures.dnsZones ?? [])
    newZone(ctx, z.name, accountBySlug(ctx.state, z.account_slug) ?? fail(500, `fixture zone ${z.name}: unknown team`))
}

/** the team a seeded object names by `account_id` or `account_slug` */
const teamOf = (ctx: HostingContext, kind: string, i: number, o: Json): Json => {
  const ref = str(o.account_id) ?? str(o.account_slug)
  const acct = ref === undefined ? undefined : (ctx.state.accounts.get(ref) ?? accountBySlug(ctx.state, ref))
  if (acct) return acct
  const known = [...ctx.state.accounts.values()].map((a) => a.slug as string).join(', ')
  throw new Error(
    `seed hosting.${kind}[${i}]: account_id or account_slug must name a team (known: ${known}), got ${JSON.stringify(ref)}`,
  )
}

const seedZonesAndRecords = (ctx: HostingContext, objects: SeedObjects): void => {
  const { zones, records } = ctx.state
  for (const [i, x] of (objects.dns_zones ?? []).entries()) {
    const z = newZone(ctx, seedField('hosting', 'dns_zones', i, x, 'name'), teamOf(ctx, 'dns_zones', i, x))
    zones.delete(z.id as string)
    const id = str(x.id) ?? (z.id as string)
    zones.set(id, { ...z, ...clone(x), id, records: [] })
  }
  for (const [i, x] of (objects.dns_records ?? []).entries()) {
    const zoneId = seedField('hosting', 'dns_records', i, x, 'dns_zone_id')
    const z = zones.get(zoneId)
    if (!z) throw new Error(`seed hosting.dns_records[${i}].dns_zone_id: no zone ${zoneId}`)
    const r = createRecord(ctx, z, x)
    if (str(x.id)) {
      records.delete(r.id as string)
      records.set(x.id as string, { ...r, id: x.id })
    }
  }
}

/** A team's (or, with site_id, a site's) environment variables, as the create's body items are. */
const seedEnvVars = (ctx: HostingContext, objects: SeedObjects): void => {
  for (const [i, x] of (objects.env_vars ?? []).entries()) {
    const acct = teamOf(ctx, 'env_vars', i, x)
    const key = seedField('hosting', 'env_vars', i, x, 'key')
    const site = str(x.site_id)
    if (site !== undefined && !ctx.state.sites.has(site))
      throw new Error(`seed hosting.env_vars[${i}].site_id: no site ${site}`)
    let made: Json
    try {
      made = envVarOf(ctx, clone(x))
    } catch (e) {
      throw new Error(`seed hosting.env_vars[${i}]: ${e instanceof Error ? e.message : String(e)}`, { cause: e })
    }
    ctx.state.envVars.set(envKey(acct, site, key), made)
  }
}

/** Seeds in the order objects depend on each other: teams, deploy keys, sites, zones, records, variables. */
export const seedHosting = (ctx: HostingContext, objects: SeedObjects): void => {
  checkSeedKinds('hosting', objects, HOSTING_SEEDS)
  for (const [i, a] of (objects.accounts ?? []).entries()) {
    const slug = seedField('hosting', 'accounts', i, a, 'slug')
    const typeName = str(a.type_name) ?? 'Starter'
    newAccount(ctx, str(a.id) ?? ctx.hexId(), slug, 'Starter', { ...accountDefaults(typeName), ...clone(a) })
  }
  for (const x of objects.deploy_keys ?? []) {
    const id = str(x.id) ?? ctx.hexId()
    const key = { id, public_key: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${id} seeded`, created_at: ctx.iso() }
    ctx.state.deployKeys.set(id, { ...key, ...clone(x) })
  }
  for (const [i, x] of (objects.sites ?? []).entries()) {
    const name = seedField('hosting', 'sites', i, x, 'name')
    const acct = teamOf(ctx, 'sites', i, x)
    const id = str(x.id) ?? ctx.uuid()
    ctx.state.sites.set(id, { ...siteBody(ctx, id, name), ...clone(x), ...team(acct) })
  }
  seedZonesAndRecords(ctx, objects)
  seedEnvVars(ctx, objects)
}
