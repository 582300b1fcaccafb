/**
 * hosting:SiteFirewallTrafficRules — a site's traffic rules for published and unpublished deploys.
 * From docs/wire/hosting.md (not in the spec): create and update are one full PUT of both rule sets
 * (`?id=` repeats the site id), read drops disabled rules, delete removes the rule set (it is not
 * reset to defaults), and the `teamId` output is always empty on the platform.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '../../core/spec'
import { compositeId, observe } from '../../core/observe'
import { rest } from '../../core/wire'
import { apiPath, asObject, short, stamp } from './shared/wire'
import {
  defaultRuleSet,
  ruleSetFindings,
  ruleSetFromWire,
  ruleSetToWire,
  sameRuleSet,
  TrafficRuleSet,
} from './shared/firewall-rules'

export const SiteFirewallTrafficRulesInputs = t.exact(
  t.type({
    /** Id of the site the rules apply to. */
    siteId: t.string,
    /** Rule set for the published state. */
    published: TrafficRuleSet,
    /** Rule set for the unpublished state. */
    unpublished: TrafficRuleSet,
  }),
  'SiteFirewallTrafficRulesInputs',
)
export type SiteFirewallTrafficRulesInputs = t.TypeOf<typeof SiteFirewallTrafficRulesInputs>

export const SiteFirewallTrafficRulesOutputs = t.exact(
  t.intersection([
    t.type({
      /**
       * Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its
       * reply.
       */
      lastUpdated: t.string,
    }),
    t.partial({
      /** Id of the team that owns the site. */
      teamId: t.string,
    }),
  ]),
  'SiteFirewallTrafficRulesOutputs',
)
export type SiteFirewallTrafficRulesOutputs = t.TypeOf<typeof SiteFirewallTrafficRulesOutputs>

type Inputs = SiteFirewallTrafficRulesInputs

const put = (i: Inputs) =>
  rest('PUT', apiPath`/sites/${i.siteId}/firewall_rule_set`, {
    query: { id: i.siteId },
    body: { published: ruleSetToWire(i.published), unpublished: ruleSetToWire(i.unpublished) },
    // the PUT answers without a body
    then: () => rest('GET', apiPath`/sites/${i.siteId}/firewall_rule_set`, { query: { id: i.siteId } }),
  })

export const SiteFirewallTrafficRules = defineResource({
  token: 'hosting:SiteFirewallTrafficRules',
  doc:
    'Traffic rules of one site: a rule set for published and one for unpublished deploys, each a default action with IP ' +
    '(CIDR) and geographic restrictions and exceptions. Every change rewrites both rule sets; deleting removes them. ' +
    'Refresh reads it alone: a site has one rule set and nothing lists the rule sets of several sites. Import by site id.',
  inputs: SiteFirewallTrafficRulesInputs,
  outputs: SiteFirewallTrafficRulesOutputs,
  identity: compositeId<Inputs>(':', [{ label: 'site_id', field: 'siteId' }], 0),
  // one rule set per site, always there: a create overwrites it
  singleton: {
    id: (i) => i.siteId,
    pristine: (o) => defaultRuleSet(o.published) && defaultRuleSet(o.unpublished),
  },
  replaceOn: ['siteId'],
  secrets: [],
  rules: [
    {
      name: 'rule sets',
      check: (i) => [...ruleSetFindings(i.published, 'published'), ...ruleSetFindings(i.unpublished, 'unpublished')],
    },
  ],
  equals: { published: sameRuleSet, unpublished: sameRuleSet },
  wire: {
    create: put,
    read: (id) => rest('GET', apiPath`/sites/${id}/firewall_rule_set`, { query: { id } }),
    update: (_id, i) => put(i),
    delete: (id) => rest('DELETE', apiPath`/sites/${id}/firewall_rule_set`, { query: { id } }),
    // one rule set per site: a lost write is read back (404: none) and adopted when it holds what was sent
    find: (sent) => rest('GET', apiPath`/sites/${sent.siteId}/firewall_rule_set`, { query: { id: sent.siteId } }),
    decode: (reply, ctx) => {
      const o = asObject(reply)
      const siteId = ctx.inputs.siteId
      if (!o || siteId === undefined) return E.left(`expected a firewall rule set of a known site, got ${short(reply)}`)
      const published = ruleSetFromWire(o.published)
      const unpublished = ruleSetFromWire(o.unpublished)
      return observe(
        SiteFirewallTrafficRulesInputs,
        SiteFirewallTrafficRulesOutputs,
        { siteId, published, unpublished, lastUpdated: stamp(o) },
        siteId,
        'hosting:SiteFirewallTrafficRules',
      )
    },
  },
  // one rule set per site, which the platform makes with the site: only a site's non-empty set is offered
  discover: {
    scope: {
      key: 'siteId',
      request: (siteId) => rest('GET', apiPath`/sites/${siteId}/firewall_rule_set`, { query: { id: siteId } }),
    },
    platformOwned: (o) => defaultRuleSet(o.inputs.published) && defaultRuleSet(o.inputs.unpublished),
  },
  examples: {
    valid: {
      siteId: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
      published: {
        defaultAction: 'allow',
        ipRestrictions: [{ addresses: ['203.0.113.0/24'], description: 'abusive range' }],
        geoRestrictions: [{ countries: ['KP'], description: 'sanctions' }],
      },
      unpublished: { defaultAction: 'deny', ipExceptions: [{ addresses: ['198.51.100.7/32'], description: 'office' }] },
    },
    invalid: [
      [{ published: { defaultAction: 'allow' }, unpublished: { defaultAction: 'allow' } }, 'siteId'],
      [{ siteId: 's', unpublished: { defaultAction: 'allow' } }, 'published'],
      [
        { siteId: 's', published: { defaultAction: 'block' }, unpublished: { defaultAction: 'allow' } },
        'published.defaultAction',
      ],
      [
        {
          siteId: 's',
          published: { defaultAction: 'allow', ipRestrictions: [{ addresses: ['10.0.0.0/33'], description: 'x' }] },
          unpublished: { defaultAction: 'allow' },
        },
        'published.ipRestrictions.0.addresses.0',
      ],
      [
        {
          siteId: 's',
          published: { defaultAction: 'allow', geoExceptions: [{ countries: ['usa'], description: 'x' }] },
          unpublished: { defaultAction: 'allow' },
        },
        'published.geoExceptions.0.countries.0',
      ],
      [
        {
          siteId: 's',
          published: { defaultAction: 'deny', ipRestrictions: [{ addresses: ['10.0.0.0/8'], description: 'x' }] },
          unpublished: { defaultAction: 'allow' },
        },
        'published.ipRestrictions',
      ],
      [
        {
          siteId: 's',
          published: { defaultAction: 'allow' },
          unpublished: { defaultAction: 'allow', ipExceptions: [{ addresses: [], description: 'x' }] },
        },
        'unpublished.ipExceptions.0.addresses',
      ],
    ],
    outputs: { lastUpdated: '2024-01-01T00:00:00Z' },
    reply: {
      id: '65c0d1e2f3a4b5c6d7e8f901',
      published: {
        default: 'allow',
        rules: [
          { type: 'ip', action: 'deny', description: 'abusive range', data: { addresses: ['203.0.113.0/24'] } },
          { type: 'geo', action: 'deny', description: 'sanctions', data: { countries: ['KP'] } },
        ],
      },
      unpublished: {
        default: 'deny',
        rules: [{ type: 'ip', action: 'allow', description: 'office', data: { addresses: ['198.51.100.7/32'] } }],
      },
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    },
  },
})
