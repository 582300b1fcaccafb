/**
 * cost:getIntegrationByName — the first integration (in the platform's order) whose display name
 * (wire `account_identifier`) is exactly `name`, among at most 1,000 integrations, narrowed first
 * by `providerFilter` (the `provider` query parameter). No match is an error that says so.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { defineLookup } from '../../core/spec'
import { keysFromWire } from '../../core/case'
import { decodeWith, itemsOf, listRequest } from './shared/wire'
import { IntegrationStatus } from './shared/integration-status'
import { MAX_INTEGRATIONS } from './get-integrations'

export const GetIntegrationByNameArgs = t.exact(
  t.intersection([
    t.type({
      /** Required. display name. */
      name: t.string,
    }),
    t.partial({
      /** Provider type to search among first, for example `custom_provider`. */
      providerFilter: t.string,
    }),
  ]),
  'GetIntegrationByNameArgs',
)
export type GetIntegrationByNameArgs = t.TypeOf<typeof GetIntegrationByNameArgs>

export const GetIntegrationByNameResult = t.exact(
  t.intersection([
    t.type({
      /** The integration's token. */
      token: t.string,
      /** Required. display name. */
      name: t.string,
    }),
    t.partial({
      /** A field of the result (spec). */
      id: t.string,

      /** When the integration was created (UTC ISO 8601). */
      createdAt: t.string,
      /** null when the integration was never updated */
      lastUpdated: t.union([t.string, t.null]),

      /** Managed accounts the integration is assigned to. */
      managedAccountTokens: t.array(t.string),

      /** Provider type to search among first, for example `custom_provider`. */
      providerFilter: t.string,

      /** The integration's provider type (`custom_provider`, `aws`, …), as the platform holds it. */
      provider: t.string,

      /** The integration's status, e.g. `connected`, `pending`, `importing`, `imported`, `error`. */
      status: IntegrationStatus,

      /** Workspaces the integration is associated with. */
      workspaceTokens: t.array(t.string),
    }),
  ]),
  'GetIntegrationByNameResult',
)
export type GetIntegrationByNameResult = t.TypeOf<typeof GetIntegrationByNameResult>

export const getIntegrationByName = defineLookup({
  token: 'cost:getIntegrationByName',
  doc: 'The first integration whose display name is exactly `name` (among at most 1,000, of the provider type providerFilter when given).',
  args: GetIntegrationByNameArgs,
  result: GetIntegrationByNameResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) =>
      listRequest('/v2/integrations', 'integrations', { query: { provider: a.providerFilter }, max: MAX_INTEGRATIONS }),
    decode: (reply, a) =>
      pipe(
        itemsOf(reply, 'integrations'),
        E.chain((items) => {
          const found = items.find(
            (x) =>
              typeof x === 'object' &&
              x !== null &&
              (x as { account_identifier?: unknown }).account_identifier === a.name,
          )
          if (!found) {
            const among = `${items.length} integration${items.length === 1 ? '' : 's'}${a.providerFilter !== undefined ? ` of provider ${JSON.stringify(a.providerFilter)}` : ''}`
            return E.left(
              `integration not found: no integration named ${JSON.stringify(a.name)} among ${among} (at most ${MAX_INTEGRATIONS} are searched; names match exactly)` +
                (a.providerFilter !== undefined ? '; try without providerFilter' : ''),
            )
          }
          const o = keysFromWire(found) as Record<string, unknown>
          return decodeWith(GetIntegrationByNameResult, 'GET /v2/integrations reply', {
            id: o.token,
            token: o.token,
            name: a.name,
            ...(a.providerFilter !== undefined ? { providerFilter: a.providerFilter } : {}),
            provider: o.provider ?? undefined,
            status: o.status ?? undefined,
            createdAt: o.createdAt ?? undefined,
            lastUpdated: o.lastUpdated ?? null,
            workspaceTokens: o.workspaceTokens ?? [],
            managedAccountTokens: o.managedAccountTokens ?? [],
          })
        }),
      ),
  },
  examples: {
    valid: { name: 'Snowflake', providerFilter: 'custom_provider' },
    invalid: [
      [{ providerFilter: 'aws' }, 'name'],
      [{ name: 3 }, 'name'],
    ],
    result: {
      id: 'accss_crdntl_1',
      token: 'accss_crdntl_1',
      name: 'Snowflake',
      providerFilter: 'custom_provider',
      provider: 'custom_provider',
      status: 'imported',
      createdAt: '2024-01-01T00:00:00Z',
      lastUpdated: null,
      workspaceTokens: ['wrkspc_1'],
      managedAccountTokens: [],
    },
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
  },
})
