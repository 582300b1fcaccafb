/**
 * hosting:getSites — every site of a team (teamSlug or the provider's default team). From the
 * docs/wire/hosting.md: `GET /{account_slug}/sites` paged with page/per_page (100 at most), read to the
 * last page; the platform gives no id for the result.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { rest } from '../../core/wire'
import { apiPath, asObject, defaultTeamSlug, needsTeam, short, teamSlugOr } from './shared/wire'
import { siteItem } from './get-site'
import { SiteDetails } from './shared/site-details'

export const SiteItem = t.exact(
  t.intersection([
    t.type({
      id: t.string,
      name: t.string,
      teamSlug: t.string,
      customDomain: t.string,
      domainAliases: t.array(t.string),
    }),
    SiteDetails,
  ]),
  'SiteItem',
)
export type SiteItem = t.TypeOf<typeof SiteItem>

export const GetSitesArgs = t.exact(
  t.partial({
    /** Optional. needed when no default team. */
    teamSlug: t.string,
  }),
  'GetSitesArgs',
)
export type GetSitesArgs = t.TypeOf<typeof GetSitesArgs>

export const GetSitesResult = t.exact(
  t.intersection([
    t.type({
      /** Optional. needed when no default team. */
      teamSlug: t.string,
      /** The team's sites: customDomain, domainAliases, id, name, teamSlug. */
      sites: t.array(SiteItem),
    }),
    t.partial({
      /** A field of the result (spec). */
      id: t.string,
    }),
  ]),
  'GetSitesResult',
)
export type GetSitesResult = t.TypeOf<typeof GetSitesResult>

export const getSites = defineLookup({
  token: 'hosting:getSites',
  doc: "Every site of a team (teamSlug or the provider's default team), each with id, name, teamSlug, customDomain and domainAliases, and what the platform fills in besides (addresses, state, plan, build settings, times).",
  args: GetSitesArgs,
  result: GetSitesResult,
  secrets: [],
  rules: [{ name: 'team slug or default team', check: (a, ctx) => needsTeam(a.teamSlug, 'teamSlug', ctx.config) }],
  wire: {
    request: (a, ctx) =>
      rest('GET', apiPath`/${teamSlugOr(a.teamSlug, ctx.config, 'hosting:getSites')}/sites`, {
        paginate: { items: '', pageSize: 100 },
      }),
    decode: (reply, a, ctx) => {
      if (!Array.isArray(reply))
        return E.left(
          `sites of team ${JSON.stringify(a.teamSlug ?? defaultTeamSlug(ctx.config))}: expected a list, got ${short(reply)}`,
        )
      const teamSlug = a.teamSlug ?? defaultTeamSlug(ctx.config) ?? ''
      return E.right({
        teamSlug,
        sites: reply
          .map(asObject)
          .filter((s) => s !== undefined)
          .map((s) => siteItem(s)),
      })
    },
  },
  examples: {
    valid: { teamSlug: 'acme' },
    invalid: [
      [{}, 'teamSlug'],
      [{ teamSlug: ['acme'] }, 'teamSlug'],
    ],
    result: {
      teamSlug: 'acme',
      sites: [
        {
          id: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
          name: 'acme-www',
          teamSlug: 'acme',
          customDomain: '',
          domainAliases: [],
        },
      ],
    },
    reply: [
      {
        id: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
        name: 'acme-www',
        account_slug: 'acme',
        custom_domain: null,
        domain_aliases: [],
      },
    ],
  },
})
