/**
 * The three report kinds made and changed alike (kubernetes efficiency, network flow, financial
 * commitment): create takes the workspace besides the update's fields and fills what the platform
 * fills; both shape the body their kind's way.
 */
import * as VOCAB from './vocabulary'
import { oneOf, requireKeys } from './checks'
import type { Collection, Collections } from './collection'
import { fillDates, joinGroupings, relativeStays, reportDatesCheck } from './report-dates'
import type { Obj } from './reply'
import type { CostContext } from './state'

type Shape = (b: Obj, now: Date, prior?: Obj) => Obj

const k8sGrouping = (g: string) => VOCAB.K8S_GROUPINGS.includes(g) || /^label:.+$/.test(g)
const NFR_GROUPINGS: ReadonlySet<string> = new Set(VOCAB.NFR_GROUPINGS)
const fcrGrouping = (g: string) => VOCAB.FCR_GROUPINGS.includes(g) || /^tag:.+$/.test(g)

const kubernetes: Shape = (b, now, prior) => {
  oneOf(b, 'aggregated_by', VOCAB.K8S_AGGREGATED_BY)
  oneOf(b, 'date_bucket', VOCAB.K8S_DATE_BUCKETS)
  oneOf(b, 'date_interval', VOCAB.K8S_INTERVALS)
  reportDatesCheck(b)
  const groupings =
    'groupings' in b ? joinGroupings(b.groupings, 'cluster_id', k8sGrouping) : (prior?.groupings ?? null)
  const merged: Obj = { ...(prior ?? {}), ...b, groupings }
  relativeStays(merged, b, prior)
  return fillDates(merged, VOCAB.K8S_DEFAULT_INTERVAL, now)
}

const networkFlow: Shape = (b, now, prior) => {
  oneOf(b, 'date_interval', VOCAB.NFR_INTERVALS)
  oneOf(b, 'flow_direction', VOCAB.NFR_DIRECTIONS)
  oneOf(b, 'flow_weight', VOCAB.NFR_WEIGHTS)
  reportDatesCheck(b)
  const groupings =
    'groupings' in b
      ? joinGroupings(b.groupings, 'resource_uuid,traffic_category,peer_resource_uuid', (g) => NFR_GROUPINGS.has(g))
      : (prior?.groupings ?? null)
  const { date_interval: interval, ...filled } = VOCAB.NFR_DEFAULTS
  const merged: Obj = { ...filled, ...(prior ?? {}), ...b, groupings }
  relativeStays(merged, b, prior)
  return fillDates(merged, interval, now)
}

const commitment: Shape = (b, now, prior) => {
  oneOf(b, 'date_interval', VOCAB.FCR_INTERVALS)
  oneOf(b, 'date_bucket', VOCAB.FCR_DATE_BUCKETS)
  oneOf(b, 'on_demand_costs_scope', VOCAB.FCR_SCOPES)
  reportDatesCheck(b)
  const groupings = 'groupings' in b ? joinGroupings(b.groupings, 'cost_type', fcrGrouping) : (prior?.groupings ?? null)
  const merged: Obj = { ...(prior ?? {}), ...b, groupings }
  // the platform stores filters wrapped in parentheses
  if (typeof merged.filter === 'string' && merged.filter !== '' && !/^\(.*\)$/.test(merged.filter))
    merged.filter = `(${merged.filter})`
  relativeStays(merged, b, prior)
  return fillDates(merged, VOCAB.FCR_DEFAULT_INTERVAL, now)
}

interface ReportKind {
  readonly prefix: string
  readonly fields: ReadonlyArray<string>
  readonly created: Obj
  readonly shape: Shape
  readonly creator: 'user_token' | 'created_by_token'
}

const reportCollection = (ctx: CostContext, r: ReportKind): Collection => ({
  prefix: r.prefix,
  fields: r.fields,
  createOnly: ['workspace_token'],
  create: (b, token) => {
    requireKeys(b, 'title', 'workspace_token')
    ctx.needWorkspace(b, true)
    return {
      token,
      filter: null,
      ...r.created,
      ...r.shape(b, ctx.now()),
      created_at: ctx.stamp(),
      default: false,
      [r.creator]: 'usr_emulator',
    }
  },
  update: (o, b) => r.shape(b, ctx.now(), o),
})

const DATES = ['start_date', 'end_date', 'date_interval']

export const reportCollections = (ctx: CostContext): Collections => ({
  kubernetes_efficiency_reports: reportCollection(ctx, {
    prefix: 'kbnts_eff_rprt_',
    fields: ['title', 'aggregated_by', 'date_bucket', ...DATES, 'filter', 'groupings'],
    created: { aggregated_by: 'idle_cost', date_bucket: 'day' },
    shape: kubernetes,
    creator: 'user_token',
  }),
  network_flow_reports: reportCollection(ctx, {
    prefix: 'ntflw_lg_rprt_',
    fields: ['title', ...DATES, 'filter', 'flow_direction', 'flow_weight', 'groupings'],
    created: { flow_direction: null },
    shape: networkFlow,
    creator: 'created_by_token',
  }),
  financial_commitment_reports: reportCollection(ctx, {
    prefix: 'fncl_cmnt_rprt_',
    fields: ['title', 'filter', ...DATES, 'date_bucket', 'on_demand_costs_scope', 'groupings'],
    created: { date_bucket: 'month', on_demand_costs_scope: 'discountable' },
    shape: commitment,
    creator: 'user_token',
  }),
})
