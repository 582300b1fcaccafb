/**
 * cost:getSavedFilters — Every saved filter (the result key is `filters`). Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const SavedFilterItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      title: t.string,
      costReportTokens: t.array(t.string),
      workspaceToken: t.string,
      filter: t.string,
      createdAt: t.string,
      createdBy: t.string,
    }),
  ]),
  'SavedFilterItem',
)

export const GetSavedFiltersArgs = NoArgs('GetSavedFiltersArgs')
export type GetSavedFiltersArgs = t.TypeOf<typeof GetSavedFiltersArgs>

export const getSavedFilters = collectionLookup({
  token: 'cost:getSavedFilters',
  doc: 'Every saved filter (the result key is `filters`).',
  path: '/v2/saved_filters',
  items: 'saved_filters',
  // a generated program reads an object it refers to outside the selection from this list, by title
  finds: { fields: ['savedFilterTokens'], byId: () => ({}), list: 'filters', id: 'token', name: 'title' },
  list: {
    /** Every saved filter (the result key is `filters`). */
    filters: SavedFilterItem,
  },

  example: {
    reply: {
      links: { next: null },
      saved_filters: [
        {
          token: 'svd_fltr_1',
          title: 'Prod',
          cost_report_tokens: ['rprt_1'],
          workspace_token: 'wrkspc_1',
          filter: "costs.tag = 'prod'",
        },
      ],
    },
    result: {
      filters: [
        {
          token: 'svd_fltr_1',
          title: 'Prod',
          costReportTokens: ['rprt_1'],
          workspaceToken: 'wrkspc_1',
          filter: "costs.tag = 'prod'",
        },
      ],
    },
  },
})
export const GetSavedFiltersResult = getSavedFilters.result
export type GetSavedFiltersResult = t.TypeOf<typeof GetSavedFiltersResult>
