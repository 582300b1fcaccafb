/**
 * hosting:SiteMetricsSettings — site analytics and real user metrics of one site. From
 * docs/wire/hosting.md (not in the spec): real user metrics is the site's `rum_enabled` (PATCH); analytics is
 * on when the site has an `analytics_instance_id` and is toggled with POST/DELETE
 * `/sites/{id}/analytics`; an unset boolean is not managed; destroying makes no call (the site
 * keeps its settings); and analytics cannot be disabled within 10 minutes of enabling it — a plan
 * rule says when it will be allowed instead of failing at the API.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { Finding } from '../../core/issue'
import { defineResource, type RuleContext } from '../../core/spec'
import { compositeId, observe } from '../../core/observe'
import { rest, type WireRequest } from '../../core/wire'
import { apiPath, asObject, str, withId } from './shared/wire'

export const SiteMetricsSettingsInputs = t.exact(
  t.intersection([
    t.type({
      /** Id of the site whose metrics settings these are. */
      siteId: t.string,
    }),
    t.partial({
      /** Enables site analytics. May incur cost on some plans. */
      siteAnalytics: t.boolean,
      /** Enables real user metrics. May incur cost on some plans. */
      realUserMetrics: t.boolean,
    }),
  ]),
  'SiteMetricsSettingsInputs',
)
export type SiteMetricsSettingsInputs = t.TypeOf<typeof SiteMetricsSettingsInputs>

export const SiteMetricsSettingsOutputs = t.exact(
  t.type({
    /**
     * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its reply.
     */
    lastUpdated: t.string,
  }),
  'SiteMetricsSettingsOutputs',
)
export type SiteMetricsSettingsOutputs = t.TypeOf<typeof SiteMetricsSettingsOutputs>

type Inputs = SiteMetricsSettingsInputs

/** The platform's hold between enabling site analytics and disabling it. */
export const ANALYTICS_HOLD_MS = 10 * 60 * 1000

/** Disabling analytics less than 10 minutes after it was applied as enabled is refused by the platform. */
export const analyticsHold = (i: Readonly<Inputs>, ctx: RuleContext): Finding[] => {
  const prior = ctx.prior
  if (!prior || i.siteAnalytics !== false || prior.inputs.siteAnalytics !== true) return []
  const at = prior.changedAt.siteAnalytics
  const since = at ? Date.parse(at) : NaN
  if (Number.isNaN(since)) return []
  const allowed = since + ANALYTICS_HOLD_MS
  if (ctx.now.getTime() >= allowed) return []
  const wait = Math.ceil((allowed - ctx.now.getTime()) / 60_000)
  return [
    {
      path: 'siteAnalytics',
      expected: `site analytics to stay enabled until ${new Date(allowed).toISOString()}`,
      given: false,
      message: `was enabled at ${new Date(since).toISOString()}; the platform allows disabling it 10 minutes later, at ${new Date(allowed).toISOString()} (about ${wait} minute${wait === 1 ? '' : 's'} from now).`,
    },
  ]
}

const readSite = (siteId: string) => rest('GET', apiPath`/sites/${siteId}`)

/** PATCH rum_enabled, then switch analytics only if it is managed and differs; the last reply is the site. */
const write = (i: Inputs): WireRequest =>
  rest('PATCH', apiPath`/sites/${i.siteId}`, {
    body: i.realUserMetrics !== undefined ? { rum_enabled: i.realUserMetrics } : {},
    then: (reply) => {
      const instance = str(asObject(reply)?.analytics_instance_id) || undefined
      if (i.siteAnalytics === true && instance === undefined)
        return rest('POST', apiPath`/sites/${i.siteId}/analytics`, { then: () => readSite(i.siteId) })
      if (i.siteAnalytics === false && instance !== undefined)
        return rest('DELETE', apiPath`/sites/${i.siteId}/analytics/${instance}`, { then: () => readSite(i.siteId) })
      return undefined
    },
  })

export const SiteMetricsSettings = defineResource({
  token: 'hosting:SiteMetricsSettings',
  doc:
    'Site analytics and real user metrics of a site (either may cost money on some plans). A setting left out is not ' +
    'managed. Analytics cannot be disabled within 10 minutes of enabling it: the plan says when it will be allowed. ' +
    "Removing this resource leaves the site's settings as they are. Refresh reads them from the listing of every site " +
    '(`GET /sites`, paged). Import by site id.',
  inputs: SiteMetricsSettingsInputs,
  outputs: SiteMetricsSettingsOutputs,
  identity: compositeId<Inputs>(':', [{ label: 'site_id', field: 'siteId' }], 0),
  // the site's own settings, always there: a create overwrites them
  singleton: { id: (i) => i.siteId, pristine: (o) => o.siteAnalytics !== true && o.realUserMetrics !== true },
  replaceOn: ['siteId'],
  secrets: [],
  rules: [{ name: '10 minutes between enabling and disabling site analytics', when: 'plan', check: analyticsHold }],
  wire: {
    create: write,
    read: (id) => readSite(id),
    // the settings are the site's own: a lost write is read back and adopted when the site shows what was sent
    find: (sent) => readSite(sent.siteId),
    // refresh reads every site in one paged listing (the same site objects a read answers)
    list: () => rest('GET', apiPath`/sites`, { paginate: { items: '', pageSize: 100 } }),
    update: (_id, i) => write(i),
    // the platform's provider only stops managing the settings
    delete: 'forget',
    decode: (reply) =>
      pipe(
        withId(reply, 'a site'),
        E.chain((s) => {
          const obj = {
            siteId: s.id,
            // absent reads as off
            siteAnalytics: (str(s.analytics_instance_id) ?? '') !== '',
            realUserMetrics: s.rum_enabled === true,
            lastUpdated: str(s.updated_at) ?? new Date().toISOString(),
          }
          // a setting left out stays unmanaged: refresh compares only the fields the stack set
          return observe(
            SiteMetricsSettingsInputs,
            SiteMetricsSettingsOutputs,
            obj,
            s.id,
            'hosting:SiteMetricsSettings',
          )
        }),
      ),
  },
  // every site has its settings from the start: only settings someone turned on are offered
  discover: { platformOwned: (o) => o.inputs.siteAnalytics !== true && o.inputs.realUserMetrics !== true },
  examples: {
    valid: { siteId: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f', siteAnalytics: true, realUserMetrics: true },
    invalid: [
      [{ siteAnalytics: true }, 'siteId'],
      [{ siteId: 's', realUserMetrics: 'yes' }, 'realUserMetrics'],
    ],
    outputs: { lastUpdated: '2024-01-01T00:00:00Z' },
    reply: {
      id: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
      name: 'acme-www',
      rum_enabled: true,
      analytics_instance_id: '65d0e1f2a3b4c5d6e7f80912',
      updated_at: '2024-01-01T00:00:00Z',
    },
  },
})
