/**
 * cost:getRecommendationViews — Every recommendation view. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const RecommendationViewItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      title: t.string,
      workspaceToken: t.string,
      startDate: t.string,
      endDate: t.string,
      providerIds: t.array(t.string),
      billingAccountIds: t.array(t.string),
      accountIds: t.array(t.string),
      regions: t.array(t.string),
      tagKey: t.string,
      tagValue: t.string,
      createdAt: t.string,
      createdBy: t.string,
    }),
  ]),
  'RecommendationViewItem',
)

export const GetRecommendationViewsArgs = NoArgs('GetRecommendationViewsArgs')
export type GetRecommendationViewsArgs = t.TypeOf<typeof GetRecommendationViewsArgs>

export const getRecommendationViews = collectionLookup({
  token: 'cost:getRecommendationViews',
  doc: 'Every recommendation view.',
  path: '/v2/recommendation_views',
  items: 'recommendation_views',
  list: {
    /** Every recommendation view. */
    recommendationViews: RecommendationViewItem,
  },
  idFromToken: true,
  example: {
    reply: {
      links: { next: null },
      recommendation_views: [
        {
          token: 'rec_vw_1',
          title: 'AWS',
          workspace_token: 'wrkspc_1',
          provider_ids: ['aws'],
          billing_account_ids: [],
          account_ids: [],
          regions: [],
        },
      ],
    },
    result: {
      recommendationViews: [
        {
          id: 'rec_vw_1',
          token: 'rec_vw_1',
          title: 'AWS',
          workspaceToken: 'wrkspc_1',
          providerIds: ['aws'],
          billingAccountIds: [],
          accountIds: [],
          regions: [],
        },
      ],
    },
  },
})
export const GetRecommendationViewsResult = getRecommendationViews.result
export type GetRecommendationViewsResult = t.TypeOf<typeof GetRecommendationViewsResult>
