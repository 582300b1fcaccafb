/**
 * cost:CustomProvider — an integration for uploading costs of services the platform does not
 * support natively. From docs/wire/cost.md: the create endpoint takes only name and description
 * (workspaces follow in a PUT of `workspace_tokens`), the name comes back as `account_identifier`,
 * the description is never returned, and the platform refuses an empty workspace list.
 *
 * name and description cannot change after creation: a change warns and keeps the existing value.
 * Workspaces update in place, but once set they cannot all be removed (refused at plan time). Import
 * is by integration token; the description is unknown after an import (the API does not return it).
 * Upstream attributes not carried: provider (always `custom_provider` for this type, so
 * nothing to set or read).
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { rest } from '../../core/wire'
import { costCrud, dropEmptyUnlessSent } from './shared/wire'
import { IntegrationStatus } from './shared/integration-status'

export const CustomProviderInputs = t.exact(
  t.partial({
    /** Display name. Fixed after creation (see Errors). */
    name: t.string,
    /** Fixed after creation (see Errors). The API does not return it, so an import does not restore it. */
    description: t.string,
    /** Workspace tokens. Updatable in place. The remote API requires at least one token, so associations cannot be fully removed once set. */
    workspaces: t.array(t.string),
  }),
  'CustomProviderInputs',
)
export type CustomProviderInputs = t.TypeOf<typeof CustomProviderInputs>

export const CustomProviderOutputs = t.exact(
  t.intersection([
    t.type({
      /** The integration's token, assigned by the platform (also its import id). */
      token: t.string,
    }),
    t.partial({
      /** The integration's status, e.g. `connected`, `pending`, `importing`, `imported`, `error`. */
      status: IntegrationStatus,

      /** When it was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,

      /** When the integration was last changed (UTC ISO 8601). */
      lastUpdated: t.string,

      /** Managed accounts the integration is assigned to. */
      managedAccountTokens: t.array(t.string),
    }),
  ]),
  'CustomProviderOutputs',
)
export type CustomProviderOutputs = t.TypeOf<typeof CustomProviderOutputs>

const workspacePut = (token: string, workspaces: ReadonlyArray<string>) =>
  rest('PUT', `/v2/integrations/${encodeURIComponent(token)}`, { body: { workspace_tokens: workspaces } })

export const CustomProvider = defineResource({
  token: 'cost:CustomProvider',
  doc:
    'A custom provider integration (cost uploads for services not supported natively). name and description are fixed after ' +
    'creation: a change warns and keeps the existing value. workspaces update in place, but the platform needs at least one ' +
    'once they are set, so removing them all is refused. Import by integration token; the API never returns the description, ' +
    'so after an import it is unknown until set again.',
  inputs: CustomProviderInputs,
  outputs: CustomProviderOutputs,
  identity: byToken('integration token'),
  replaceOn: [],
  keepOnUpdate: ['name', 'description'],
  secrets: [],
  rules: [
    {
      name: 'the platform requires a name',
      check: (i) =>
        i.name === undefined
          ? [{ path: 'name', expected: 'a display name (the platform requires one)', given: undefined }]
          : [],
    },
    {
      name: 'no empty workspace list',
      check: (i) =>
        Array.isArray(i.workspaces) && i.workspaces.length === 0
          ? [
              {
                path: 'workspaces',
                expected: 'at least one workspace token, or no workspaces field',
                given: i.workspaces,
                message: 'the platform refuses an empty workspace list.',
              },
            ]
          : [],
    },
    {
      name: 'workspaces cannot all be removed',
      when: 'plan',
      check: (i, ctx) => {
        const before = ctx.prior?.inputs.workspaces
        return Array.isArray(before) && before.length > 0 && i.workspaces === undefined
          ? [
              {
                path: 'workspaces',
                expected: `at least one workspace token (now ${(before as string[]).join(', ')})`,
                given: i.workspaces,
                message:
                  'cannot be removed: the platform requires at least one workspace once any is set; keep one, or replace the custom provider.',
              },
            ]
          : []
      },
    },
  ],
  wire: costCrud({
    path: '/v2/integrations',
    createPath: '/v2/integrations/custom_provider',
    items: 'integrations',
    listQuery: { provider: 'custom_provider' },
    inputs: CustomProviderInputs,
    outputs: CustomProviderOutputs,
    createBody: (i) => ({ name: i.name, description: i.description }),
    // the create takes no workspaces: a PUT follows when some are given
    afterCreate: (i, reply) => {
      const token = (reply as { token?: unknown } | null)?.token
      return i.workspaces && i.workspaces.length > 0 && typeof token === 'string'
        ? workspacePut(token, i.workspaces)
        : undefined
    },
    updateBody: (i) => ({ workspaceTokens: i.workspaces ?? [] }),
    clearRemoved: false,
    normalise: (o, sent) => {
      const out: Record<string, unknown> = { ...o, workspaces: o.workspaceTokens }
      // the name stays as the user wrote it; an import seeds it from the platform's display name
      out.name = sent.name ?? o.accountIdentifier ?? undefined
      // never returned: the value sent (or, after an import, unknown)
      out.description = sent.description
      dropEmptyUnlessSent(out, sent, 'workspaces')
      return out
    },
  }),
  examples: {
    valid: { name: 'Snowflake (manual)', description: 'Monthly CSV uploads', workspaces: ['wrkspc_1'] },
    invalid: [
      [{ description: 'd' }, 'name'],
      [{ name: 'n', workspaces: 'wrkspc_1' }, 'workspaces'],
      [{ name: 'n', workspaces: [] }, 'workspaces'],
    ],
    outputs: {
      token: 'accss_crdntl_1',
      status: 'imported',
      createdAt: '2024-01-01T00:00:00Z',
      managedAccountTokens: [],
    },
    reply: {
      token: 'accss_crdntl_1',
      provider: 'custom_provider',
      account_identifier: 'Snowflake (manual)',
      status: 'imported',
      last_updated: null,
      workspace_tokens: ['wrkspc_1'],
      created_at: '2024-01-01T00:00:00Z',
      managed_account_tokens: [],
    },
  },
})
