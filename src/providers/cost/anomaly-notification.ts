/**
 * cost:AnomalyNotification — who hears about cost anomalies on a report. The spec leaves required
 * inputs and further fields "not shown"; from docs/wire/cost.md: costReportToken is the one
 * required input and is fixed at creation, threshold is a whole number, userTokens (users notified)
 * is an input, and createdAt/updatedAt are outputs. Lists are always sent as arrays.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { costCrud, dropEmptyUnlessSent, known } from './shared/wire'

export const AnomalyNotificationInputs = t.exact(
  t.intersection([
    t.type({
      /** Cost report that has the notification. */
      costReportToken: t.string,
    }),
    t.partial({
      /** Threshold amount that must be met for a notification. */
      threshold: t.number,
      /** Chat channels that receive the notification. */
      recipientChannels: t.array(t.string),
      /** Users who receive the notification by e-mail. */
      userTokens: t.array(t.string),
    }),
  ]),
  'AnomalyNotificationInputs',
)
export type AnomalyNotificationInputs = t.TypeOf<typeof AnomalyNotificationInputs>

export const AnomalyNotificationOutputs = t.exact(
  t.intersection([
    t.type({
      /** Its token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When it was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,
      /** When it was last changed (UTC ISO 8601), set by the platform. */
      updatedAt: t.string,
    }),
  ]),
  'AnomalyNotificationOutputs',
)
export type AnomalyNotificationOutputs = t.TypeOf<typeof AnomalyNotificationOutputs>

export const AnomalyNotification = defineResource({
  token: 'cost:AnomalyNotification',
  doc: 'Notifies users and chat channels of cost anomalies on one cost report. threshold is a whole amount; changing the report replaces the notification.',
  inputs: AnomalyNotificationInputs,
  outputs: AnomalyNotificationOutputs,
  identity: byToken('anomaly notification token'),
  replaceOn: ['costReportToken'],
  // TF always sends these arrays and a missing one can fail (docs/wire/cost.md §6.2): sent empty when left out
  sentEmpty: ['recipientChannels', 'userTokens'],
  secrets: [],
  rules: [
    {
      name: 'whole threshold',
      check: (i) =>
        known(i.threshold) && !(Number.isInteger(i.threshold) && (i.threshold as number) >= 0)
          ? [{ path: 'threshold', expected: 'a whole, non-negative amount', given: i.threshold }]
          : [],
    },
  ],
  wire: costCrud({
    path: '/v2/anomaly_notifications',
    items: 'anomaly_notifications',
    inputs: AnomalyNotificationInputs,
    outputs: AnomalyNotificationOutputs,
    createOnly: ['costReportToken'],
    createBody: (i) => ({ ...i, recipientChannels: i.recipientChannels ?? [], userTokens: i.userTokens ?? [] }),
    updateBody: (i) => ({
      threshold: i.threshold,
      recipientChannels: i.recipientChannels ?? [],
      userTokens: i.userTokens ?? [],
    }),
    normalise: (o, sent) => {
      const out = { ...o }
      dropEmptyUnlessSent(out, sent, 'recipientChannels', 'userTokens')
      return out
    },
  }),
  examples: {
    valid: { costReportToken: 'rprt_1', threshold: 100, recipientChannels: ['#finops'] },
    invalid: [
      [{ threshold: 5 }, 'costReportToken'],
      [{ costReportToken: 'rprt_1', threshold: 'high' }, 'threshold'],
      [{ costReportToken: 'rprt_1', threshold: 2.5 }, 'threshold'],
      [{ costReportToken: 'rprt_1', recipientChannels: '#finops' }, 'recipientChannels'],
    ],
    outputs: { token: 'rprt_alrt_1', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z' },
    reply: {
      token: 'rprt_alrt_1',
      cost_report_token: 'rprt_1',
      threshold: 100,
      recipient_channels: ['#finops'],
      user_tokens: [],
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    },
  },
})
