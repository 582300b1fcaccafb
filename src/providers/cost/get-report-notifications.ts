/**
 * cost:getReportNotifications — Every report notification (frequency daily, weekly or monthly; change in percentage or dollars). Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const ReportNotificationItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      title: t.string,
      costReportToken: t.string,
      userTokens: t.array(t.string),
      recipientChannels: t.array(t.string),
      frequency: t.string,
      change: t.string,
    }),
  ]),
  'ReportNotificationItem',
)

export const GetReportNotificationsArgs = NoArgs('GetReportNotificationsArgs')
export type GetReportNotificationsArgs = t.TypeOf<typeof GetReportNotificationsArgs>

export const getReportNotifications = collectionLookup({
  token: 'cost:getReportNotifications',
  doc: 'Every report notification (frequency daily, weekly or monthly; change in percentage or dollars).',
  path: '/v2/report_notifications',
  items: 'report_notifications',
  list: {
    /** Every report notification (frequency daily, weekly or monthly; change in percentage or dollars). */
    reportNotifications: ReportNotificationItem,
  },
  idFromToken: true,
  example: {
    reply: {
      links: { next: null },
      report_notifications: [
        {
          token: 'rprt_ntfctn_1',
          title: 'Weekly',
          cost_report_token: 'rprt_1',
          user_tokens: ['usr_1'],
          recipient_channels: [],
          frequency: 'weekly',
          change: 'percentage',
        },
      ],
    },
    result: {
      reportNotifications: [
        {
          id: 'rprt_ntfctn_1',
          token: 'rprt_ntfctn_1',
          title: 'Weekly',
          costReportToken: 'rprt_1',
          userTokens: ['usr_1'],
          recipientChannels: [],
          frequency: 'weekly',
          change: 'percentage',
        },
      ],
    },
  },
})
export const GetReportNotificationsResult = getReportNotifications.result
export type GetReportNotificationsResult = t.TypeOf<typeof GetReportNotificationsResult>
