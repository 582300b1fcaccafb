/** Recommendation views: a saved scope (providers, accounts, regions, dates, one tag) over the recommendations. */
import { arrayOf, dateAt, requireKeys } from './checks'
import type { Collections } from './collection'
import { fail, type Obj } from './reply'
import type { CostContext } from './state'

const LISTS = ['provider_ids', 'billing_account_ids', 'account_ids', 'regions']

const createView = (ctx: CostContext, b: Obj, token: string): Obj => {
  requireKeys(b, 'title', 'workspace_token')
  ctx.needWorkspace(b, true)
  arrayOf(b, ...LISTS)
  dateAt(b, 'start_date', 'end_date')
  if ((b.tag_key == null) !== (b.tag_value == null)) fail(400, 'tag_key and tag_value must be given together')
  return {
    token,
    provider_ids: [],
    billing_account_ids: [],
    account_ids: [],
    regions: [],
    start_date: null,
    end_date: null,
    tag_key: null,
    tag_value: null,
    // no savings floor and every recommendation type unless set
    min_savings: null,
    types: null,
    ...b,
    created_at: ctx.stamp(),
    created_by: 'usr_emulator',
  }
}

export const recommendationViewCollections = (ctx: CostContext): Collections => ({
  recommendation_views: {
    prefix: 'rec_vw_',
    fields: ['title', ...LISTS, 'start_date', 'end_date', 'tag_key', 'tag_value'],
    createOnly: ['workspace_token'],
    create: (b, token) => createView(ctx, b, token),
    update: (o, b) => {
      arrayOf(b, ...LISTS)
      dateAt(b, 'start_date', 'end_date')
      return { ...o, ...b }
    },
  },
})
