/**
 * Hosting provider configuration: token (secret), endpoint, defaultTeamId, defaultTeamSlug.
 * Environment fallbacks (HOST_API_TOKEN, HOST_API_ENDPOINT) are read only by `fromEnv` at the edge.
 * The endpoint is the origin only: request paths carry the `/api/v1` prefix (docs/wire/hosting.md §1.1).
 */
import * as t from 'io-ts'
import { Duration, parseDuration, SecretString, withDefault } from '../../core/codecs'
import type { Finding } from '../../core/issue'

export const DEFAULT_HOSTING_ENDPOINT = 'https://api.netlify.com'

/** An http(s) origin; a bare host gets `https://` (as the platform's own provider does), no trailing slash. */
export const Endpoint = new t.Type<string, string, unknown>(
  'an API address such as https://api.netlify.com',
  (u): u is string => typeof u === 'string' && /^https?:\/\/[^\s/]+/.test(u),
  (u, c) => {
    if (typeof u !== 'string' || u.trim() === '' || /\s/.test(u.trim())) return t.failure(u, c)
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(u) ? u.trim() : `https://${u.trim()}`
    return /^https?:\/\/[^\s/]+/i.test(withScheme) ? t.success(withScheme.replace(/\/+$/, '')) : t.failure(u, c)
  },
  t.identity,
)

export const HostingConfig = t.exact(
  t.intersection([
    t.type({ endpoint: withDefault(Endpoint, DEFAULT_HOSTING_ENDPOINT) }),
    t.partial({
      token: SecretString,
      defaultTeamId: t.string,
      defaultTeamSlug: t.string,
      // the time budget of one step (every request of it, retries and lost-reply looks included)
      stepTimeout: Duration,
    }),
  ]),
  'HostingConfig',
)
export type HostingConfig = t.TypeOf<typeof HostingConfig>

/** The time budget of one step, in ms (undefined: the engine's 2 minutes). */
export const hostingStepBudgetMs = (c: HostingConfig): number | undefined =>
  c.stepTimeout === undefined ? undefined : parseDuration(c.stepTimeout)

export const hostingEnv = { token: 'HOST_API_TOKEN', endpoint: 'HOST_API_ENDPOINT' } as const

/**
 * The two defaults name the same thing two ways; the platform's provider forbids giving both.
 * Runs on the configuration as written (before `resolve`, which fills in both).
 */
export const oneDefaultTeam = (c: HostingConfig): ReadonlyArray<Finding> =>
  c.defaultTeamId !== undefined && c.defaultTeamSlug !== undefined
    ? [
        {
          path: 'defaultTeamSlug',
          expected: 'either defaultTeamId or defaultTeamSlug, not both',
          given: c.defaultTeamSlug,
          message: `conflicts with defaultTeamId ${JSON.stringify(c.defaultTeamId)}: set only one of them.`,
        },
      ]
    : []

export const hostingBridge = (c: HostingConfig): Readonly<Record<string, unknown>> => ({
  token: c.token,
  endpoint: c.endpoint,
  default_team_id: c.defaultTeamId,
  default_team_slug: c.defaultTeamSlug,
})

/** Where a hosting instance's objects live (ownership claims): the endpoint (origin) it talks to. */
export const hostingEndpointOf = (c: HostingConfig): string => c.endpoint
