/**
 * cost:getIntegrations — the account's integrations, at most 1,000, optionally of one provider
 * type (`providerFilter`, sent as the `provider` query parameter, e.g. `custom_provider`). The item
 * `name` is the wire's `account_identifier`; statuses outside the six known values are kept.
 */
import * as t from 'io-ts'
import { collectionLookup } from './shared/list-lookup'
import { IntegrationStatus } from './shared/integration-status'

/** the spec's limit on integrations fetched by the two integration lookups */
export const MAX_INTEGRATIONS = 1000

export const IntegrationItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      name: t.string,
      provider: t.string,
      status: IntegrationStatus,
      createdAt: t.string,
      lastUpdated: t.string,
      workspaceTokens: t.array(t.string),
      managedAccountTokens: t.array(t.string),
    }),
  ]),
  'IntegrationItem',
)

/** wire integration (spec-cased) → item: the display name is `account_identifier` */
export const integrationItem = (o: Record<string, unknown>): Record<string, unknown> => {
  const { accountIdentifier, ...rest } = o
  return { ...rest, ...(accountIdentifier !== undefined ? { name: accountIdentifier } : {}) }
}

export const GetIntegrationsArgs = t.exact(
  t.partial({
    /** Optional. for example `custom_provider`. */
    providerFilter: t.string,
  }),
  'GetIntegrationsArgs',
)
export type GetIntegrationsArgs = t.TypeOf<typeof GetIntegrationsArgs>

export const getIntegrations = collectionLookup({
  token: 'cost:getIntegrations',
  doc: 'Up to 1,000 integrations, of the provider type providerFilter when given (for example `custom_provider`).',
  path: '/v2/integrations',
  items: 'integrations',
  list: {
    /** Up to 1,000 integrations, of the provider type providerFilter when given (for example `custom_provider`). */
    integrations: IntegrationItem,
  },
  args: GetIntegrationsArgs,
  query: (a) => ({ provider: a.providerFilter }),
  max: MAX_INTEGRATIONS,
  extra: {
    /** The provider type the integrations were narrowed to, when given. */
    providerFilter: t.string,
  },
  echo: (a) => (a.providerFilter !== undefined ? { providerFilter: a.providerFilter } : {}),
  normalise: integrationItem,
  example: {
    valid: { providerFilter: 'custom_provider' },
    invalid: [[{ providerFilter: ['aws'] }, 'providerFilter']],
    reply: {
      links: { next: null },
      integrations: [
        {
          token: 'accss_crdntl_1',
          provider: 'custom_provider',
          account_identifier: 'Snowflake',
          status: 'imported',
          last_updated: null,
          workspace_tokens: ['wrkspc_1'],
          created_at: '2024-01-01T00:00:00Z',
          managed_account_tokens: [],
        },
      ],
    },
    result: {
      providerFilter: 'custom_provider',
      integrations: [
        {
          token: 'accss_crdntl_1',
          provider: 'custom_provider',
          name: 'Snowflake',
          status: 'imported',
          workspaceTokens: ['wrkspc_1'],
          createdAt: '2024-01-01T00:00:00Z',
          managedAccountTokens: [],
        },
      ],
    },
  },
})
export const GetIntegrationsResult = getIntegrations.result
export type GetIntegrationsResult = t.TypeOf<typeof GetIntegrationsResult>
