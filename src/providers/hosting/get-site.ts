/**
 * hosting:getSite — a site by id, or by exact name within a team (teamSlug or the default team).
 * From docs/wire/hosting.md: by name it is `GET /{account_slug}/sites?name=` (no `accounts/`
 * segment; the name filter is a substring match, so the exact name is picked here); when the
 * site's build settings name a deploy key, its public key is read for `gitDeployKey`; a missing
 * custom domain reads as "".
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { rest } from '../../core/wire'
import {
  apiPath,
  asObject,
  defaultTeamSlug,
  hasDefaultTeam,
  short,
  str,
  strings,
  teamSlugOr,
  type Json,
} from './shared/wire'
import { begin, keep, recall } from './shared/chain'
import { SiteDetails, siteDetailsOf } from './shared/site-details'

export const GetSiteArgs = t.exact(
  t.partial({
    /** Id of the site to read (or give name). */
    id: t.string,
    /** Name of the site to read (or give id). */
    name: t.string,
    /** Optional. needed with name when no default team. */
    teamSlug: t.string,
  }),
  'GetSiteArgs',
)
export type GetSiteArgs = t.TypeOf<typeof GetSiteArgs>

export const GetSiteResult = t.exact(
  t.intersection([
    t.type({
      /** Name of the site to read (or give id). */
      name: t.string,
      /** Optional. needed with name when no default team. */
      teamSlug: t.string,
      /** The site's custom domain, if any. */
      customDomain: t.string,
      /** Further domains that serve the site. */
      domainAliases: t.array(t.string),
    }),
    t.partial({
      /** Optional. */
      id: t.string,
      /** Public key of the deploy key the site reads its repository with, if it has one. */
      gitDeployKey: t.string,
    }),
    SiteDetails,
  ]),
  'GetSiteResult',
)
export type GetSiteResult = t.TypeOf<typeof GetSiteResult>

/** A platform site → the spec's site item and what the platform fills in besides (shared with getSites). */
export const siteItem = (s: Json) => ({
  id: str(s.id) ?? '',
  name: str(s.name) ?? '',
  teamSlug: str(s.account_slug) ?? '',
  customDomain: str(s.custom_domain) ?? '',
  domainAliases: strings(s.domain_aliases) ?? [],
  ...siteDetailsOf(s),
})

const deployKeyOf = (site: unknown) => str(asObject(asObject(site)?.build_settings)?.deploy_key_id) || undefined

const thenKey = (a: object) => (site: unknown) => {
  keep(a, site)
  const k = deployKeyOf(site)
  return k ? rest('GET', apiPath`/deploy_keys/${k}`) : undefined
}

const describe = (a: GetSiteArgs, ctx: { config: Readonly<Record<string, unknown>> }) =>
  a.id !== undefined
    ? `id ${JSON.stringify(a.id)}`
    : `name ${JSON.stringify(a.name)} in team ${JSON.stringify(a.teamSlug ?? defaultTeamSlug(ctx.config))}`

export const getSite = defineLookup({
  token: 'hosting:getSite',
  // a generated program reads a site it refers to outside the selection by id (a name needs its team too)
  finds: { fields: ['siteId'], byId: (id) => ({ id }), id: 'id', name: 'name' },
  doc: "A site by id, or by exact name within a team (teamSlug or the provider's default team). Returns id, name, teamSlug, customDomain, domainAliases and gitDeployKey (the public key of its deploy key, if any).",
  args: GetSiteArgs,
  result: GetSiteResult,
  secrets: [],
  rules: [
    {
      name: 'id, or name and team',
      check: (a, ctx) =>
        a.id === undefined && a.name === undefined
          ? [{ path: 'id', expected: 'an id, or a name (with teamSlug or a default team)', given: undefined }]
          : a.id === undefined && a.teamSlug === undefined && !hasDefaultTeam(ctx.config)
            ? [
                {
                  path: 'teamSlug',
                  expected: 'a teamSlug to look the name up in (the hosting provider has no default team)',
                  given: undefined,
                },
              ]
            : [],
    },
  ],
  wire: {
    request: (a, ctx) => {
      begin(a)
      if (a.id !== undefined) return rest('GET', apiPath`/sites/${a.id}`, { then: thenKey(a) })
      const slug = teamSlugOr(a.teamSlug, ctx.config, 'hosting:getSite')
      return rest('GET', apiPath`/${slug}/sites`, {
        query: { name: a.name },
        paginate: { items: '', pageSize: 100 },
        then: (sites) => {
          const hit = (Array.isArray(sites) ? sites : []).map(asObject).find((s) => s?.name === a.name)
          return hit ? thenKey(a)(hit) : undefined
        },
      })
    },
    decode: (reply, a, ctx) => {
      const kept = recall(a)
      const site = kept.length > 0 ? asObject(kept[0]) : Array.isArray(reply) ? undefined : asObject(reply)
      if (!site)
        return E.left(
          `no site with ${describe(a, ctx)}${Array.isArray(reply) ? ` (${reply.length} site(s) matched the name filter, none exactly)` : ''}`,
        )
      if (!str(site.id)) return E.left(`site with ${describe(a, ctx)}: expected a site with an id, got ${short(site)}`)
      // the deploy key is the last reply when one was read
      const key = kept.length > 0 && reply !== kept[0] ? str(asObject(reply)?.public_key) : undefined
      return E.right({ ...siteItem(site), ...(key ? { gitDeployKey: key } : {}) })
    },
  },
  examples: {
    valid: { name: 'acme-www', teamSlug: 'acme' },
    invalid: [
      [{}, 'id'],
      [{ name: 'acme-www' }, 'teamSlug'],
      [{ id: 5 }, 'id'],
    ],
    result: {
      id: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
      name: 'acme-www',
      teamSlug: 'acme',
      customDomain: 'www.acme.test',
      domainAliases: ['acme.test'],
    },
    reply: {
      id: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
      name: 'acme-www',
      account_slug: 'acme',
      custom_domain: 'www.acme.test',
      domain_aliases: ['acme.test'],
      build_settings: {},
    },
  },
})
