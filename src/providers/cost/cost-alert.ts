/**
 * cost:CostAlert — alerts when reports' costs move past a threshold over an interval. From the
 * docs/wire/cost.md: the wire names of the chat channels (chatAChannels, chatBChannels), and that the
 * workspace is fixed at creation. Lists are always sent as arrays.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { literals } from '../../core/codecs'
import { copyFields } from '../../core/copy'
import { costCrud, dropEmptyUnlessSent, known } from './shared/wire'

export const CostAlertInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the cost alert. */
      title: t.string,

      /** Allowed values: `day`, `week`, `month`, `quarter`. */
      interval: literals(['day', 'week', 'month', 'quarter']),

      /** Allowed values: `currency`, `percentage`. */
      unitType: literals(['currency', 'percentage']),

      /** The amount that triggers the alert: a currency amount or a percentage change, as unitType says. */
      threshold: t.number,

      /** Reports to alert on. */
      reportTokens: t.array(t.string),

      /** Workspace the alert belongs to. */
      workspaceToken: t.string,
    }),
    t.partial({
      /** Minimum monetary amount for percentage-based alerts. Applies only when unitType is `percentage`. */
      minimumThreshold: t.number,

      /** E-mail addresses that receive the alert. */
      emailRecipients: t.array(t.string),

      /** Chat channels (of the first chat tool) that receive the alert. */
      chatAChannels: t.array(t.string),

      /** Chat channels (of the second chat tool) that receive the alert. */
      chatBChannels: t.array(t.string),
    }),
  ]),
  'CostAlertInputs',
)
export type CostAlertInputs = t.TypeOf<typeof CostAlertInputs>

export const CostAlertOutputs = t.exact(
  t.intersection([
    t.type({
      /** The cost alert's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When the alert was created (UTC ISO 8601). */
      createdAt: t.string,
      /** When the alert was last changed (UTC ISO 8601). */
      updatedAt: t.string,
    }),
  ]),
  'CostAlertOutputs',
)
export type CostAlertOutputs = t.TypeOf<typeof CostAlertOutputs>

const LISTS = ['emailRecipients', 'chatAChannels', 'chatBChannels'] as const

export const CostAlert = defineResource({
  token: 'cost:CostAlert',
  doc: 'Alerts by e-mail or chat when the costs of reports move past a threshold (an amount or a percentage) within a day, week, month or quarter. minimumThreshold applies to percentage alerts only.',
  inputs: CostAlertInputs,
  outputs: CostAlertOutputs,
  identity: byToken('cost alert token'),
  replaceOn: ['workspaceToken'],
  // TF always sends these arrays and a missing one can fail (docs/wire/cost.md §6.2): sent empty when left out
  sentEmpty: ['emailRecipients', 'chatAChannels', 'chatBChannels'],
  secrets: [],
  rules: [
    {
      name: 'minimum threshold for percentages only',
      check: (i) =>
        i.minimumThreshold !== undefined && known(i.unitType) && i.unitType !== 'percentage'
          ? [
              {
                path: 'minimumThreshold',
                expected: 'no minimumThreshold unless unitType is `percentage`',
                given: i.minimumThreshold,
              },
            ]
          : [],
    },
  ],
  wire: costCrud({
    path: '/v2/cost_alerts',
    items: 'cost_alerts',
    inputs: CostAlertInputs,
    outputs: CostAlertOutputs,
    renames: { chatAChannels: 'slack_channels', chatBChannels: 'teams_channels' },
    createOnly: ['workspaceToken'],
    // a copy field by field, not a spread: every create passes here (see copyFields)
    createBody: (i) => {
      const b = copyFields(i) as Record<string, unknown>
      b.emailRecipients = i.emailRecipients ?? []
      b.chatAChannels = i.chatAChannels ?? []
      b.chatBChannels = i.chatBChannels ?? []
      return b
    },
    updateBody: (i) => {
      const { workspaceToken: _w, ...rest } = i
      return {
        ...rest,
        emailRecipients: i.emailRecipients ?? [],
        chatAChannels: i.chatAChannels ?? [],
        chatBChannels: i.chatBChannels ?? [],
      }
    },
    // the reply's own copy, changed in place (see CostCrud.normalise)
    normalise: (out, sent) => {
      dropEmptyUnlessSent(out, sent, ...LISTS)
      return out
    },
  }),
  examples: {
    valid: {
      title: 'Spike',
      interval: 'day',
      unitType: 'percentage',
      threshold: 20,
      minimumThreshold: 100,
      reportTokens: ['rprt_1'],
      workspaceToken: 'wrkspc_1',
      chatAChannels: ['#finops'],
    },
    invalid: [
      [{ interval: 'day', unitType: 'currency', threshold: 1, reportTokens: [], workspaceToken: 'w' }, 'title'],
      [
        { title: 'a', interval: 'year', unitType: 'currency', threshold: 1, reportTokens: [], workspaceToken: 'w' },
        'interval',
      ],
      [
        { title: 'a', interval: 'day', unitType: 'euros', threshold: 1, reportTokens: [], workspaceToken: 'w' },
        'unitType',
      ],
      [{ title: 'a', interval: 'day', unitType: 'currency', reportTokens: [], workspaceToken: 'w' }, 'threshold'],
      [{ title: 'a', interval: 'day', unitType: 'currency', threshold: 1, workspaceToken: 'w' }, 'reportTokens'],
      [{ title: 'a', interval: 'day', unitType: 'currency', threshold: 1, reportTokens: [] }, 'workspaceToken'],
      [
        {
          title: 'a',
          interval: 'day',
          unitType: 'currency',
          threshold: 1,
          reportTokens: [],
          workspaceToken: 'w',
          minimumThreshold: 5,
        },
        'minimumThreshold',
      ],
    ],
    outputs: { token: 'cstm_alrt_rl_1', createdAt: '2025-04-21T15:19:49.891Z', updatedAt: '2025-04-21T15:19:49.891Z' },
    reply: {
      token: 'cstm_alrt_rl_1',
      title: 'Spike',
      interval: 'day',
      unit_type: 'percentage',
      threshold: 20,
      minimum_threshold: 100,
      report_tokens: ['rprt_1'],
      workspace_token: 'wrkspc_1',
      email_recipients: [],
      slack_channels: ['#finops'],
      teams_channels: [],
      created_at: '2025-04-21T15:19:49.891Z',
      updated_at: '2025-04-21T15:19:49.891Z',
    },
  },
})
