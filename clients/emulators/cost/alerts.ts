/** Who is told, and who may see: anomaly notifications, cost alerts and a team's access grants. */
import * as VOCAB from './vocabulary'
import { arrayOf, numberAt, oneOf, requireKeys } from './checks'
import type { Collections } from './collection'
import { fail, type Obj } from './reply'
import type { CostContext } from './state'

const checkThreshold = (b: Obj): void => {
  if (b.threshold !== undefined && b.threshold !== null && !Number.isInteger(b.threshold))
    fail(400, 'threshold must be an integer')
  arrayOf(b, 'recipient_channels', 'user_tokens')
}

const checkAlert = (b: Obj): void => {
  oneOf(b, 'interval', VOCAB.ALERT_INTERVALS)
  oneOf(b, 'unit_type', VOCAB.ALERT_UNIT_TYPES)
  numberAt(b, 'threshold', 'minimum_threshold')
  arrayOf(b, 'report_tokens', 'email_recipients', 'slack_channels', 'teams_channels')
}

const createAlert = (ctx: CostContext, b: Obj, token: string): Obj => {
  requireKeys(b, 'title', 'interval', 'unit_type', 'threshold', 'report_tokens', 'workspace_token')
  checkAlert(b)
  ctx.needWorkspace(b, true)
  for (const r of b.report_tokens as string[])
    if (!ctx.exists('cost_reports', r)) fail(404, `Cost Report ${r} not found`)
  const at = ctx.now().toISOString()
  return {
    token,
    minimum_threshold: null,
    email_recipients: [],
    slack_channels: [],
    teams_channels: [],
    ...b,
    created_at: at,
    updated_at: at,
  }
}

const createAnomalyNotification = (ctx: CostContext, b: Obj, token: string): Obj => {
  requireKeys(b, 'cost_report_token')
  checkThreshold(b)
  if (!ctx.exists('cost_reports', b.cost_report_token))
    fail(404, `Cost Report ${String(b.cost_report_token)} not found`)
  return {
    token,
    cost_report_token: b.cost_report_token,
    threshold: b.threshold ?? null,
    recipient_channels: b.recipient_channels ?? [],
    user_tokens: b.user_tokens ?? [],
    created_at: ctx.stamp(),
    updated_at: ctx.stamp(),
  }
}

const createGrant = (ctx: CostContext, b: Obj, token: string): Obj => {
  requireKeys(b, 'team_token', 'resource_token')
  oneOf(b, 'access', VOCAB.ACCESS)
  if (!ctx.exists('teams', b.team_token)) fail(404, `Team ${String(b.team_token)} not found`)
  return {
    token,
    team_token: b.team_token,
    resource_token: b.resource_token,
    access: b.access ?? 'allowed',
    created_at: ctx.stamp(),
    created_by: 'usr_emulator',
  }
}

export const alertCollections = (ctx: CostContext): Collections => ({
  access_grants: {
    prefix: 'rsrc_accss_grnt_',
    fields: ['access'],
    createOnly: ['team_token', 'resource_token'],
    create: (b, token) => createGrant(ctx, b, token),
    update: (o, b) => {
      requireKeys(b, 'access')
      oneOf(b, 'access', VOCAB.ACCESS)
      return { ...o, access: b.access }
    },
  },
  anomaly_notifications: {
    prefix: 'rprt_alrt_',
    fields: ['threshold', 'recipient_channels', 'user_tokens'],
    createOnly: ['cost_report_token'],
    create: (b, token) => createAnomalyNotification(ctx, b, token),
    update: (o, b) => {
      checkThreshold(b)
      return { ...o, ...b, updated_at: ctx.stamp() }
    },
  },
  cost_alerts: {
    prefix: 'cstm_alrt_rl_',
    fields: [
      'title',
      'interval',
      'unit_type',
      'threshold',
      'report_tokens',
      'minimum_threshold',
      'email_recipients',
      'slack_channels',
      'teams_channels',
    ],
    createOnly: ['workspace_token'],
    create: (b, token) => createAlert(ctx, b, token),
    update: (o, b) => {
      checkAlert(b)
      return { ...o, ...b, updated_at: ctx.now().toISOString() }
    },
  },
})
