/**
 * cost:getWorkspaces — every workspace the token can see. Item fields beyond token and name
 * (createdAt, enableCurrencyConversion, currency, exchangeRateDate) come from docs/wire/cost.md.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const Workspace = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      name: t.string,
      createdAt: t.string,
      enableCurrencyConversion: t.boolean,
      currency: t.string,
      exchangeRateDate: t.string,
    }),
  ]),
  'Workspace',
)

export const GetWorkspacesArgs = NoArgs('GetWorkspacesArgs')
export type GetWorkspacesArgs = t.TypeOf<typeof GetWorkspacesArgs>

export const getWorkspaces = collectionLookup({
  token: 'cost:getWorkspaces',
  doc: 'Every workspace the API token can see (all pages).',
  path: '/v2/workspaces',
  items: 'workspaces',
  // a generated program reads an object it refers to outside the selection from this list, by name
  finds: { fields: ['workspaceToken'], byId: () => ({}), list: 'workspaces', id: 'token', name: 'name' },
  list: {
    /** Every workspace the API token can see (all pages). */
    workspaces: Workspace,
  },
  example: {
    reply: {
      links: { next: null },
      workspaces: [
        {
          token: 'wrkspc_default',
          name: 'Default',
          created_at: '2024-01-01T00:00:00Z',
          enable_currency_conversion: false,
          currency: 'USD',
          exchange_rate_date: null,
        },
      ],
    },
    result: {
      workspaces: [
        {
          token: 'wrkspc_default',
          name: 'Default',
          createdAt: '2024-01-01T00:00:00Z',
          enableCurrencyConversion: false,
          currency: 'USD',
        },
      ],
    },
  },
})
export const GetWorkspacesResult = getWorkspaces.result
export type GetWorkspacesResult = t.TypeOf<typeof GetWorkspacesResult>
