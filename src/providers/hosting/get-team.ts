/**
 * hosting:getTeam — a team (the platform calls it an account) by id or slug, or the provider's
 * default team. From docs/wire/hosting.md: a slug is matched exactly against `GET /accounts` (every
 * page is fetched here; the original read only the first), an id is read with `GET /accounts/{id}`;
 * the slug wins when both are given.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { rest } from '../../core/wire'
import { apiPath, asObject, defaultTeamId, hasDefaultTeam, num, short, str, strings } from './shared/wire'

export const GetTeamArgs = t.exact(
  t.partial({
    /** Id of the team to read (or give slug; neither reads the default team). */
    id: t.string,
    /** The team's slug, as in its URLs (or give id). */
    slug: t.string,
  }),
  'GetTeamArgs',
)
export type GetTeamArgs = t.TypeOf<typeof GetTeamArgs>

export const GetTeamResult = t.exact(
  t.intersection([
    t.type({
      /** The team's display name. */
      name: t.string,
      /** The team's slug, as in its URLs (or give id). */
      slug: t.string,
    }),
    t.partial({
      /** Optional. */
      id: t.string,
      /** The team's plan as shown (`Pro`). */
      typeName: t.string,
      /** The team's plan (`pro`). */
      type: t.string,
      /** Id of the team's plan. */
      typeId: t.string,
      /** How often the team is billed (`monthly`). */
      billingPeriod: t.string,
      /** Ids of the team's owners. */
      ownerIds: t.array(t.string),
      /** The roles members of the team may have. */
      rolesAllowed: t.array(t.string),
      /** What the plan includes and how much of it is used, per capability (`sites`, `collaborators`). */
      capabilities: t.record(
        t.string,
        t.exact(
          t.partial({
            /** How many the plan includes. */
            included: t.number,
            /** How many are used. */
            used: t.number,
          }),
        ),
      ),
      /** When the team was made (ISO 8601). */
      createdAt: t.string,
      /** When the team last changed (ISO 8601). */
      updatedAt: t.string,
    }),
  ]),
  'GetTeamResult',
)
export type GetTeamResult = t.TypeOf<typeof GetTeamResult>

/** What a plan includes and uses, per capability; absent when the platform shows none. */
const capabilitiesOf = (u: unknown): GetTeamResult['capabilities'] => {
  const c = asObject(u)
  if (!c) return undefined
  const out: NonNullable<GetTeamResult['capabilities']> = {}
  for (const [k, v] of Object.entries(c)) {
    const o = asObject(v)
    if (!o) continue
    const included = num(o.included)
    const used = num(o.used)
    out[k] = { ...(included === undefined ? {} : { included }), ...(used === undefined ? {} : { used }) }
  }
  return out
}

/** A platform account → the spec's team, with what the platform fills in besides (absent: left out). */
export const teamOf = (u: unknown): (GetTeamResult & { id: string }) | undefined => {
  const a = asObject(u)
  const id = a ? str(a.id) : undefined
  if (!a || !id) return undefined
  const more = {
    typeName: str(a.type_name),
    type: str(a.type),
    typeId: str(a.type_id),
    billingPeriod: str(a.billing_period),
    ownerIds: strings(a.owner_ids),
    rolesAllowed: strings(a.roles_allowed),
    capabilities: capabilitiesOf(a.capabilities),
    createdAt: str(a.created_at),
    updatedAt: str(a.updated_at),
  }
  const filled = Object.fromEntries(Object.entries(more).filter(([, v]) => v !== undefined))
  return { id, name: str(a.name) ?? '', slug: str(a.slug) ?? '', ...filled }
}

export const getTeam = defineLookup({
  token: 'hosting:getTeam',
  // a generated program reads a team it refers to by its slug
  finds: { fields: ['teamId'], byId: (id) => ({ id }), id: 'id', name: 'slug', byName: (slug) => ({ slug }) },
  doc: "A team by id or slug (the slug wins when both are given), or the provider's default team when neither is given. Returns id, name and slug, and what the platform fills in besides: the plan (type, typeName, typeId), billingPeriod, ownerIds, rolesAllowed, capabilities, createdAt and updatedAt.",
  args: GetTeamArgs,
  result: GetTeamResult,
  secrets: [],
  rules: [
    {
      name: 'id, slug or default team',
      check: (a, ctx) =>
        a.id === undefined && a.slug === undefined && !hasDefaultTeam(ctx.config)
          ? [{ path: 'id', expected: 'an id or a slug (the hosting provider has no default team)', given: a.id }]
          : [],
    },
  ],
  wire: {
    request: (a, ctx) => {
      if (a.slug !== undefined) return rest('GET', apiPath`/accounts`, { paginate: { items: '', paged: false } })
      const id = a.id ?? defaultTeamId(ctx.config)
      if (id === undefined)
        throw new Error('hosting:getTeam: give an id or a slug, or configure a default team on the hosting provider')
      return rest('GET', apiPath`/accounts/${id}`)
    },
    decode: (reply, a, ctx) => {
      if (a.slug !== undefined) {
        const all = Array.isArray(reply) ? reply : []
        const hit = all.map(teamOf).find((x) => x?.slug === a.slug)
        return hit
          ? E.right(hit)
          : E.left(`no team with slug ${JSON.stringify(a.slug)} among the ${all.length} team(s) this token can see`)
      }
      const team = teamOf(reply)
      const wanted = a.id ?? defaultTeamId(ctx.config)
      return team
        ? E.right(team)
        : E.left(`team ${JSON.stringify(wanted)}: expected an account object, got ${short(reply)}`)
    },
  },
  examples: {
    valid: { slug: 'acme' },
    invalid: [
      [{ slug: 3 }, 'slug'],
      [{}, 'id'],
    ],
    result: { id: '5f1a2b3c4d5e6f7a8b9c0d1e', name: 'Acme Inc', slug: 'acme', typeName: 'Starter' },
    reply: [{ id: '5f1a2b3c4d5e6f7a8b9c0d1e', name: 'Acme Inc', slug: 'acme', type_name: 'Starter' }],
  },
})
