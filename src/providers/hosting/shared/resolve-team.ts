/**
 * Resolve the provider's default team once, before planning (wire §1.2): `GET /accounts/{id}` for
 * defaultTeamId, or every page of `GET /accounts` matched on the slug for defaultTeamSlug. The
 * team is validated and both its id and slug are filled in, so specs can use either.
 */
import * as TE from 'fp-ts/TaskEither'
import { pipe } from 'fp-ts/function'
import { rest, type PlatformClient } from '../../../core/wire'
import type { HostingConfig } from '../config'
import { apiPath } from './wire'
import { teamOf } from '../get-team'

export const resolveDefaultTeam = (
  config: HostingConfig,
  client: PlatformClient,
): TE.TaskEither<string, HostingConfig> => {
  const { defaultTeamId: id, defaultTeamSlug: slug } = config
  if (id !== undefined)
    return pipe(
      client.call(rest('GET', apiPath`/accounts/${id}`)),
      TE.mapLeft((e) =>
        e.kind === 'NotFound'
          ? `hosting provider: defaultTeamId ${JSON.stringify(id)} is not a team this token can see`
          : `hosting provider: could not read defaultTeamId ${JSON.stringify(id)}: ${e.message}${e.status ? ` (HTTP ${e.status})` : ''}`,
      ),
      TE.chain((reply) => {
        const team = teamOf(reply)
        if (!team)
          return TE.left(`hosting provider: defaultTeamId ${JSON.stringify(id)}: the platform returned no team`)
        if (slug !== undefined && slug !== team.slug)
          return TE.left(
            `hosting provider: defaultTeamSlug ${JSON.stringify(slug)} does not match team ${JSON.stringify(id)} (slug ${JSON.stringify(team.slug)})`,
          )
        return TE.right({ ...config, defaultTeamId: team.id, defaultTeamSlug: team.slug })
      }),
    )
  if (slug !== undefined)
    return pipe(
      client.call(rest('GET', apiPath`/accounts`, { paginate: { items: '', paged: false } })),
      TE.mapLeft(
        (e) =>
          `hosting provider: could not list teams to find defaultTeamSlug ${JSON.stringify(slug)}: ${e.message}${e.status ? ` (HTTP ${e.status})` : ''}`,
      ),
      TE.chain((reply) => {
        const all = Array.isArray(reply) ? reply : []
        const team = all.map(teamOf).find((t) => t?.slug === slug)
        return team
          ? TE.right({ ...config, defaultTeamId: team.id, defaultTeamSlug: team.slug })
          : TE.left(
              `hosting provider: defaultTeamSlug ${JSON.stringify(slug)} is not among the ${all.length} team(s) this token can see`,
            )
      }),
    )
  return TE.right(config)
}
