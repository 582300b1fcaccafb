/**
 * cost:getSegments — Every segment. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const SegmentItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      title: t.string,
      description: t.string,
      parentSegmentToken: t.string,
      trackUnallocated: t.boolean,
      priority: t.number,
      reportToken: t.string,
      workspaceToken: t.string,
      filter: t.string,
    }),
  ]),
  'SegmentItem',
)

export const GetSegmentsArgs = NoArgs('GetSegmentsArgs')
export type GetSegmentsArgs = t.TypeOf<typeof GetSegmentsArgs>

export const getSegments = collectionLookup({
  token: 'cost:getSegments',
  doc: 'Every segment.',
  path: '/v2/segments',
  items: 'segments',
  list: {
    /** Every segment. */
    segments: SegmentItem,
  },

  example: {
    reply: {
      links: { next: null },
      segments: [
        {
          token: 'fltr_sgmnt_1',
          title: 'Engineering',
          description: null,
          parent_segment_token: null,
          track_unallocated: false,
          priority: 100,
          report_token: 'rprt_2',
          workspace_token: 'wrkspc_1',
          filter: null,
        },
      ],
    },
    result: {
      segments: [
        {
          token: 'fltr_sgmnt_1',
          title: 'Engineering',
          trackUnallocated: false,
          priority: 100,
          reportToken: 'rprt_2',
          workspaceToken: 'wrkspc_1',
        },
      ],
    },
  },
})
export const GetSegmentsResult = getSegments.result
export type GetSegmentsResult = t.TypeOf<typeof GetSegmentsResult>
