/**
 * cost:getCostAlerts — Every cost alert. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const CostAlertItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      title: t.string,
      interval: t.string,
      threshold: t.number,
      unitType: t.string,
      minimumThreshold: t.number,
      emailRecipients: t.array(t.string),
      chatAChannels: t.array(t.string),
      chatBChannels: t.array(t.string),
      reportTokens: t.array(t.string),
      workspaceToken: t.string,
      createdAt: t.string,
      updatedAt: t.string,
    }),
  ]),
  'CostAlertItem',
)

export const GetCostAlertsArgs = NoArgs('GetCostAlertsArgs')
export type GetCostAlertsArgs = t.TypeOf<typeof GetCostAlertsArgs>

export const getCostAlerts = collectionLookup({
  token: 'cost:getCostAlerts',
  doc: 'Every cost alert.',
  path: '/v2/cost_alerts',
  items: 'cost_alerts',
  list: {
    /** Every cost alert. */
    costAlerts: CostAlertItem,
  },
  renames: { chatAChannels: 'slack_channels', chatBChannels: 'teams_channels' },
  idFromToken: true,
  example: {
    reply: {
      links: { next: null },
      cost_alerts: [
        {
          token: 'cstm_alrt_rl_1',
          title: 'Spike',
          interval: 'day',
          threshold: 20,
          unit_type: 'percentage',
          minimum_threshold: null,
          email_recipients: [],
          slack_channels: ['#finops'],
          teams_channels: [],
          report_tokens: ['rprt_1'],
          workspace_token: 'wrkspc_1',
          created_at: '2025-04-21T15:19:49.891Z',
          updated_at: '2025-04-21T15:19:49.891Z',
        },
      ],
    },
    result: {
      costAlerts: [
        {
          id: 'cstm_alrt_rl_1',
          token: 'cstm_alrt_rl_1',
          title: 'Spike',
          interval: 'day',
          threshold: 20,
          unitType: 'percentage',
          emailRecipients: [],
          chatAChannels: ['#finops'],
          chatBChannels: [],
          reportTokens: ['rprt_1'],
          workspaceToken: 'wrkspc_1',
          createdAt: '2025-04-21T15:19:49.891Z',
          updatedAt: '2025-04-21T15:19:49.891Z',
        },
      ],
    },
  },
})
export const GetCostAlertsResult = getCostAlerts.result
export type GetCostAlertsResult = t.TypeOf<typeof GetCostAlertsResult>
