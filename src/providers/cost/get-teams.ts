/**
 * cost:getTeams — Every team with its members and workspaces. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const TeamItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      name: t.string,
      description: t.string,
      defaultDashboardToken: t.string,
      workspaceTokens: t.array(t.string),
      userTokens: t.array(t.string),
      userEmails: t.array(t.string),
    }),
  ]),
  'TeamItem',
)

export const GetTeamsArgs = NoArgs('GetTeamsArgs')
export type GetTeamsArgs = t.TypeOf<typeof GetTeamsArgs>

export const getTeams = collectionLookup({
  token: 'cost:getTeams',
  doc: 'Every team with its members and workspaces.',
  path: '/v2/teams',
  items: 'teams',
  // a generated program reads an object it refers to outside the selection from this list, by name
  finds: { fields: ['teamToken'], byId: () => ({}), list: 'teams', id: 'token', name: 'name' },
  list: {
    /** Every team with its members and workspaces. */
    teams: TeamItem,
  },

  example: {
    reply: {
      links: { next: null },
      teams: [
        {
          token: 'team_1',
          name: 'FinOps',
          description: null,
          default_dashboard_token: null,
          workspace_tokens: ['wrkspc_1'],
          user_tokens: ['usr_1'],
          user_emails: ['a@acme.example'],
        },
      ],
    },
    result: {
      teams: [
        {
          token: 'team_1',
          name: 'FinOps',
          workspaceTokens: ['wrkspc_1'],
          userTokens: ['usr_1'],
          userEmails: ['a@acme.example'],
        },
      ],
    },
  },
})
export const GetTeamsResult = getTeams.result
export type GetTeamsResult = t.TypeOf<typeof GetTeamsResult>
