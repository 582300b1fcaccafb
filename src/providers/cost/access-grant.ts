/**
 * cost:AccessGrant — grants a team access to a resource (report, dashboard, folder, …). From the
 * docs/wire/cost.md: the outputs createdAt and createdBy; team and resource are fixed at creation (the
 * update endpoint takes only `access`, which it requires, so it is always sent).
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { literals } from '../../core/codecs'
import { costCrud, keepIfSetOrNotDefault } from './shared/wire'

export const AccessGrantInputs = t.exact(
  t.intersection([
    t.type({
      /** Token of the team being granted. */
      teamToken: t.string,
      /** Token of the resource being granted. */
      resourceToken: t.string,
    }),
    t.partial({
      /** Allowed values: `allowed`, `denied`. */
      access: literals(['allowed', 'denied']),
    }),
  ]),
  'AccessGrantInputs',
)
export type AccessGrantInputs = t.TypeOf<typeof AccessGrantInputs>

export const AccessGrantOutputs = t.exact(
  t.intersection([
    t.type({
      /** Token of the grant. Set by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When it was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,
      /** Token of the user who created the grant. */
      createdBy: t.string,
    }),
  ]),
  'AccessGrantOutputs',
)
export type AccessGrantOutputs = t.TypeOf<typeof AccessGrantOutputs>

export const AccessGrant = defineResource({
  token: 'cost:AccessGrant',
  doc: 'Allows or denies a team access to one resource. access defaults to `allowed`; changing the team or the resource replaces the grant.',
  inputs: AccessGrantInputs,
  outputs: AccessGrantOutputs,
  identity: byToken('access grant token'),
  replaceOn: ['teamToken', 'resourceToken'],
  // wire reference (access grant table): access defaults to allowed
  platformDefaults: { access: 'allowed' },
  secrets: [],
  rules: [],
  wire: costCrud({
    path: '/v2/access_grants',
    items: 'access_grants',
    inputs: AccessGrantInputs,
    outputs: AccessGrantOutputs,
    createOnly: ['teamToken', 'resourceToken'],
    updateBody: (i) => ({ access: i.access ?? 'allowed' }),
    normalise: (o, sent) => {
      const out = { ...o }
      keepIfSetOrNotDefault(out, sent, 'access', (v) => v === 'allowed')
      return out
    },
  }),
  examples: {
    valid: { teamToken: 'team_1', resourceToken: 'rprt_1', access: 'denied' },
    invalid: [
      [{ resourceToken: 'rprt_1' }, 'teamToken'],
      [{ teamToken: 'team_1' }, 'resourceToken'],
      [{ teamToken: 'team_1', resourceToken: 'rprt_1', access: 'maybe' }, 'access'],
    ],
    outputs: { token: 'rsrc_accss_grnt_1', createdAt: '2024-01-01T00:00:00Z', createdBy: 'usr_1' },
    reply: {
      token: 'rsrc_accss_grnt_1',
      team_token: 'team_1',
      resource_token: 'rprt_1',
      access: 'denied',
      created_at: '2024-01-01T00:00:00Z',
      created_by: 'usr_1',
    },
  },
})
