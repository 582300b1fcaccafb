/**
 * cost:getAccessGrants — Every access grant (team → resource) visible to the token. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const AccessGrantItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      teamToken: t.string,
      resourceToken: t.string,
      access: t.string,
      createdAt: t.string,
      createdBy: t.string,
    }),
  ]),
  'AccessGrantItem',
)

export const GetAccessGrantsArgs = NoArgs('GetAccessGrantsArgs')
export type GetAccessGrantsArgs = t.TypeOf<typeof GetAccessGrantsArgs>

export const getAccessGrants = collectionLookup({
  token: 'cost:getAccessGrants',
  doc: 'Every access grant (team → resource) visible to the token.',
  path: '/v2/access_grants',
  items: 'access_grants',
  list: {
    /** Every access grant (team → resource) visible to the token. */
    accessGrants: AccessGrantItem,
  },

  example: {
    reply: {
      links: { next: null },
      access_grants: [
        {
          token: 'rsrc_accss_grnt_1',
          team_token: 'team_1',
          resource_token: 'rprt_1',
          access: 'allowed',
          created_at: '2024-01-01T00:00:00Z',
          created_by: null,
        },
      ],
    },
    result: {
      accessGrants: [
        {
          token: 'rsrc_accss_grnt_1',
          teamToken: 'team_1',
          resourceToken: 'rprt_1',
          access: 'allowed',
          createdAt: '2024-01-01T00:00:00Z',
        },
      ],
    },
  },
})
export const GetAccessGrantsResult = getAccessGrants.result
export type GetAccessGrantsResult = t.TypeOf<typeof GetAccessGrantsResult>
