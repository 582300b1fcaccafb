/**
 * cost:RecommendationView — a saved view of savings recommendations. The spec lists the inputs but
 * leaves required fields and outputs "not shown"; from docs/wire/cost.md: title and workspaceToken
 * are required (the workspace is fixed at creation), billingAccountIds and accountIds are inputs too,
 * tagKey and tagValue go together, and createdAt/createdBy are outputs. Lists are always sent as
 * arrays (an unset list clears it, as on the platform).
 * Upstream attributes not carried yet (newer API only): types (recommendation types) and
 * minSavings.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { DateYMD } from '../../core/codecs'
import type { Finding } from '../../core/issue'
import { costCrud, dropEmptyUnlessSent, known } from './shared/wire'

export const RecommendationViewInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the view. */
      title: t.string,
      /** Workspace the view belongs to. */
      workspaceToken: t.string,
    }),
    t.partial({
      /** Cloud providers whose recommendations are shown, e.g. `aws`. */
      providerIds: t.array(t.string),

      /** Billing accounts whose recommendations are shown. */
      billingAccountIds: t.array(t.string),

      /** Cloud accounts whose recommendations are shown. */
      accountIds: t.array(t.string),

      /** Regions whose recommendations are shown. */
      regions: t.array(t.string),

      /** Recommendations created on or after this day (`YYYY-MM-DD`). */
      startDate: DateYMD,

      /** Recommendations created on or before this day (`YYYY-MM-DD`). */
      endDate: DateYMD,

      /** Only resources with this tag key. */
      tagKey: t.string,

      /** Only resources whose tag (tagKey) has this value. */
      tagValue: t.string,
    }),
  ]),
  'RecommendationViewInputs',
)
export type RecommendationViewInputs = t.TypeOf<typeof RecommendationViewInputs>

export const RecommendationViewOutputs = t.exact(
  t.intersection([
    t.type({
      /** Its token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When it was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,
      /** Token of the user who created the view. */
      createdBy: t.string,
    }),
  ]),
  'RecommendationViewOutputs',
)
export type RecommendationViewOutputs = t.TypeOf<typeof RecommendationViewOutputs>

const LISTS = ['providerIds', 'billingAccountIds', 'accountIds', 'regions'] as const
const withLists = (i: RecommendationViewInputs) => ({
  ...i,
  providerIds: i.providerIds ?? [],
  billingAccountIds: i.billingAccountIds ?? [],
  accountIds: i.accountIds ?? [],
  regions: i.regions ?? [],
})

export const RecommendationView = defineResource({
  token: 'cost:RecommendationView',
  doc: 'A saved view over savings recommendations, narrowed by provider, account, region, creation dates (YYYY-MM-DD) and one tag.',
  inputs: RecommendationViewInputs,
  outputs: RecommendationViewOutputs,
  identity: byToken('recommendation view token'),
  replaceOn: ['workspaceToken'],
  // TF always sends these arrays and a missing one can fail (docs/wire/cost.md §6.2): sent empty when left out
  sentEmpty: [...LISTS],
  secrets: [],
  rules: [
    {
      name: 'tag key and value together',
      check: (i): Finding[] =>
        i.tagKey !== undefined && i.tagValue === undefined
          ? [{ path: 'tagValue', expected: 'a tag value when tagKey is given', given: undefined }]
          : i.tagValue !== undefined && i.tagKey === undefined
            ? [{ path: 'tagKey', expected: 'a tag key when tagValue is given', given: undefined }]
            : [],
    },
    {
      name: 'dates in order',
      check: (i) =>
        known(i.startDate) && known(i.endDate) && String(i.startDate) > String(i.endDate)
          ? [{ path: 'endDate', expected: `a date not before startDate (${i.startDate})`, given: i.endDate }]
          : [],
    },
  ],
  wire: costCrud({
    path: '/v2/recommendation_views',
    items: 'recommendation_views',
    inputs: RecommendationViewInputs,
    outputs: RecommendationViewOutputs,
    createOnly: ['workspaceToken'],
    createBody: withLists,
    updateBody: (i) => {
      const { workspaceToken: _w, ...rest } = withLists(i)
      return rest
    },
    normalise: (o, sent) => {
      const out = { ...o }
      dropEmptyUnlessSent(out, sent, ...LISTS)
      return out
    },
  }),
  examples: {
    valid: {
      title: 'AWS us-east-1',
      workspaceToken: 'wrkspc_1',
      providerIds: ['aws'],
      regions: ['us-east-1'],
      startDate: '2024-01-01',
      endDate: '2024-06-30',
    },
    invalid: [
      [{ workspaceToken: 'w' }, 'title'],
      [{ title: 'v' }, 'workspaceToken'],
      [{ title: 'v', workspaceToken: 'w', startDate: '2024-02-30' }, 'startDate'],
      [{ title: 'v', workspaceToken: 'w', tagKey: 'team' }, 'tagValue'],
      [{ title: 'v', workspaceToken: 'w', startDate: '2024-03-01', endDate: '2024-01-01' }, 'endDate'],
    ],
    outputs: { token: 'rec_vw_1', createdAt: '2024-01-01T00:00:00Z', createdBy: 'usr_1' },
    reply: {
      token: 'rec_vw_1',
      title: 'AWS us-east-1',
      workspace_token: 'wrkspc_1',
      provider_ids: ['aws'],
      billing_account_ids: [],
      account_ids: [],
      regions: ['us-east-1'],
      start_date: '2024-01-01',
      end_date: '2024-06-30',
      tag_key: null,
      tag_value: null,
      created_at: '2024-01-01T00:00:00Z',
      created_by: 'usr_1',
    },
  },
})
