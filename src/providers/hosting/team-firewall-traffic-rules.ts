/**
 * hosting:TeamFirewallTrafficRules — traffic rules for every site of a team (teamId, or the
 * provider's default team). From docs/wire/hosting.md (not in the spec): one full PUT of both rule
 * sets creates and updates, read takes `?id=` with the team id, delete removes the rule set, and
 * the `siteId` output is always empty on the platform.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '../../core/spec'
import { compositeId, observe } from '../../core/observe'
import { rest } from '../../core/wire'
import { apiPath, asObject, defaultTeamId, needsTeam, short, stamp, teamIdOr } from './shared/wire'
import {
  defaultRuleSet,
  ruleSetFindings,
  ruleSetFromWire,
  ruleSetToWire,
  sameRuleSet,
  TrafficRuleSet,
} from './shared/firewall-rules'

export const TeamFirewallTrafficRulesInputs = t.exact(
  t.intersection([
    t.type({
      /** Rule set for the published state. */
      published: TrafficRuleSet,
      /** Rule set for the unpublished state. */
      unpublished: TrafficRuleSet,
    }),
    t.partial({
      /** Id of the team the rules apply to; required when no default team is configured. */
      teamId: t.string,
    }),
  ]),
  'TeamFirewallTrafficRulesInputs',
)
export type TeamFirewallTrafficRulesInputs = t.TypeOf<typeof TeamFirewallTrafficRulesInputs>

export const TeamFirewallTrafficRulesOutputs = t.exact(
  t.intersection([
    t.type({
      /** Last change time (UTC ISO 8601): the platform's updated_at when it sends one, else when trellis read its reply. */
      lastUpdated: t.string,
    }),
    t.partial({
      /** Id of the team's site the platform reports with the rules. */
      siteId: t.string,
    }),
  ]),
  'TeamFirewallTrafficRulesOutputs',
)
export type TeamFirewallTrafficRulesOutputs = t.TypeOf<typeof TeamFirewallTrafficRulesOutputs>

type Inputs = TeamFirewallTrafficRulesInputs

const read = (team: string) => rest('GET', apiPath`/accounts/${team}/firewall_rule_set`, { query: { id: team } })

export const TeamFirewallTrafficRules = defineResource({
  token: 'hosting:TeamFirewallTrafficRules',
  doc:
    'Traffic rules of a whole team (teamId or the default team): a rule set for published and one for unpublished deploys, ' +
    'each a default action with IP (CIDR) and geographic restrictions and exceptions. Every change rewrites both rule ' +
    'sets; deleting removes them. Refresh reads it alone: a team has one rule set. Import by team id.',
  inputs: TeamFirewallTrafficRulesInputs,
  outputs: TeamFirewallTrafficRulesOutputs,
  identity: compositeId<Inputs>(':', [{ label: 'team_id', field: 'teamId' }], 0),
  replaceOn: ['teamId'],
  // left out, the provider's default team: never diffed (an import reads it from the id)
  computed: ['teamId'],
  // one rule set per team, always there: a create overwrites it
  singleton: {
    id: (i, config) => i.teamId ?? defaultTeamId(config),
    pristine: (o) => defaultRuleSet(o.published) && defaultRuleSet(o.unpublished),
  },
  secrets: [],
  rules: [
    { name: 'team id or default team', check: (i, ctx) => needsTeam(i.teamId, 'teamId', ctx.config) },
    {
      name: 'rule sets',
      check: (i) => [...ruleSetFindings(i.published, 'published'), ...ruleSetFindings(i.unpublished, 'unpublished')],
    },
  ],
  equals: { published: sameRuleSet, unpublished: sameRuleSet },
  wire: {
    create: (i, ctx) => {
      const team = teamIdOr(i.teamId, ctx.config, 'hosting:TeamFirewallTrafficRules')
      return rest('PUT', apiPath`/accounts/${team}/firewall_rule_set`, {
        body: { published: ruleSetToWire(i.published), unpublished: ruleSetToWire(i.unpublished) },
        then: () => read(team),
      })
    },
    read: (id) => read(id),
    update: (id, i) =>
      rest('PUT', apiPath`/accounts/${id}/firewall_rule_set`, {
        body: { published: ruleSetToWire(i.published), unpublished: ruleSetToWire(i.unpublished) },
        then: () => read(id),
      }),
    delete: (id) => rest('DELETE', apiPath`/accounts/${id}/firewall_rule_set`),
    // one rule set per team: a lost write is read back (404: none) and adopted when it holds what was sent
    find: (sent, ctx) => read(teamIdOr(sent.teamId, ctx.config, 'hosting:TeamFirewallTrafficRules')),
    decode: (reply, ctx) => {
      const o = asObject(reply)
      const teamId = ctx.inputs.teamId ?? defaultTeamId(ctx.config)
      if (!o || teamId === undefined) return E.left(`expected a firewall rule set of a known team, got ${short(reply)}`)
      const obj = {
        teamId: ctx.inputs.teamId,
        published: ruleSetFromWire(o.published),
        unpublished: ruleSetFromWire(o.unpublished),
        lastUpdated: stamp(o),
      }
      return observe(
        TeamFirewallTrafficRulesInputs,
        TeamFirewallTrafficRulesOutputs,
        obj,
        teamId,
        'hosting:TeamFirewallTrafficRules',
      )
    },
  },
  // one rule set per team, which the platform makes with the team: only a team's non-empty set is offered
  discover: {
    scope: { key: 'teamId', request: (teamId) => read(teamId) },
    platformOwned: (o) => defaultRuleSet(o.inputs.published) && defaultRuleSet(o.inputs.unpublished),
  },
  examples: {
    valid: {
      teamId: '5f1a2b3c4d5e6f7a8b9c0d1e',
      published: {
        defaultAction: 'allow',
        geoRestrictions: [{ countries: ['US'], subregions: ['US-CA'], description: 'no California traffic' }],
      },
      unpublished: {
        defaultAction: 'deny',
        ipExceptions: [{ addresses: ['2001:db8::/32'], description: 'office v6' }],
      },
    },
    invalid: [
      [{ published: { defaultAction: 'allow' }, unpublished: { defaultAction: 'allow' } }, 'teamId'],
      [{ teamId: 't', published: { defaultAction: 'allow' } }, 'unpublished'],
      [
        {
          teamId: 't',
          published: {
            defaultAction: 'allow',
            geoRestrictions: [{ countries: ['US'], subregions: ['California'], description: 'x' }],
          },
          unpublished: { defaultAction: 'allow' },
        },
        'published.geoRestrictions.0.subregions.0',
      ],
      [
        {
          teamId: 't',
          published: { defaultAction: 'allow', ipExceptions: [{ addresses: ['not-an-ip'], description: 'x' }] },
          unpublished: { defaultAction: 'allow' },
        },
        'published.ipExceptions.0.addresses.0',
      ],
      [
        {
          teamId: 't',
          published: { defaultAction: 'allow' },
          unpublished: { defaultAction: 'deny', geoRestrictions: [{ countries: ['US'], description: 'x' }] },
        },
        'unpublished.geoRestrictions',
      ],
    ],
    outputs: { lastUpdated: '2024-01-01T00:00:00Z' },
    reply: {
      id: '65c0d1e2f3a4b5c6d7e8f902',
      published: {
        default: 'allow',
        rules: [
          {
            type: 'geo',
            action: 'deny',
            description: 'no California traffic',
            data: { countries: ['US'], subregions: ['US-CA'] },
          },
        ],
      },
      unpublished: {
        default: 'deny',
        rules: [{ type: 'ip', action: 'allow', description: 'office v6', data: { addresses: ['2001:db8::/32'] } }],
      },
    },
  },
})
