/**
 * cost:getAnomalyNotifications — Every anomaly notification. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const AnomalyNotificationItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      costReportToken: t.string,
      threshold: t.number,
      userTokens: t.array(t.string),
      recipientChannels: t.array(t.string),
      createdAt: t.string,
      updatedAt: t.string,
    }),
  ]),
  'AnomalyNotificationItem',
)

export const GetAnomalyNotificationsArgs = NoArgs('GetAnomalyNotificationsArgs')
export type GetAnomalyNotificationsArgs = t.TypeOf<typeof GetAnomalyNotificationsArgs>

export const getAnomalyNotifications = collectionLookup({
  token: 'cost:getAnomalyNotifications',
  doc: 'Every anomaly notification.',
  path: '/v2/anomaly_notifications',
  items: 'anomaly_notifications',
  list: {
    /** Every anomaly notification. */
    anomalyNotifications: AnomalyNotificationItem,
  },
  idFromToken: true,
  example: {
    reply: {
      links: { next: null },
      anomaly_notifications: [
        {
          token: 'rprt_alrt_1',
          cost_report_token: 'rprt_1',
          threshold: 100,
          user_tokens: [],
          recipient_channels: ['#finops'],
          created_at: '2024-01-01T00:00:00Z',
          updated_at: '2024-01-01T00:00:00Z',
        },
      ],
    },
    result: {
      anomalyNotifications: [
        {
          id: 'rprt_alrt_1',
          token: 'rprt_alrt_1',
          costReportToken: 'rprt_1',
          threshold: 100,
          userTokens: [],
          recipientChannels: ['#finops'],
          createdAt: '2024-01-01T00:00:00Z',
          updatedAt: '2024-01-01T00:00:00Z',
        },
      ],
    },
  },
})
export const GetAnomalyNotificationsResult = getAnomalyNotifications.result
export type GetAnomalyNotificationsResult = t.TypeOf<typeof GetAnomalyNotificationsResult>
