/**
 * cost:getUsers — Every user of the account (tokens without the permission get a 403). Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const UserItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      name: t.string,
      email: t.string,
      role: t.string,
      defaultDashboardToken: t.string,
      lastSeenAt: t.string,
    }),
  ]),
  'UserItem',
)

export const GetUsersArgs = NoArgs('GetUsersArgs')
export type GetUsersArgs = t.TypeOf<typeof GetUsersArgs>

export const getUsers = collectionLookup({
  token: 'cost:getUsers',
  doc: 'Every user of the account (tokens without the permission get a 403).',
  path: '/v2/users',
  items: 'users',
  // a generated program reads an object it refers to outside the selection from this list, by email
  finds: { fields: ['userTokens'], byId: () => ({}), list: 'users', id: 'token', name: 'email' },
  list: {
    /** Every user of the account (tokens without the permission get a 403). */
    users: UserItem,
  },

  example: {
    reply: {
      links: { next: null },
      users: [
        {
          token: 'usr_1',
          name: 'Ada',
          email: 'ada@acme.example',
          role: 'Owner',
          default_dashboard_token: null,
          last_seen_at: null,
        },
      ],
    },
    result: { users: [{ token: 'usr_1', name: 'Ada', email: 'ada@acme.example', role: 'Owner' }] },
  },
})
export const GetUsersResult = getUsers.result
export type GetUsersResult = t.TypeOf<typeof GetUsersResult>
