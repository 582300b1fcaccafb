/**
 * cost:getVirtualTagConfigs — Every virtual tag configuration (the endpoint has no paging). Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const VirtualTagConfigItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      id: t.string,
      key: t.string,
      overridable: t.boolean,
      backfillUntil: t.string,
      createdByToken: t.string,
      collapsedTagKeys: t.array(
        t.exact(t.partial({ key: t.string, providers: t.array(t.string), filter: t.string }), 'CollapsedTagKey'),
      ),
      values: t.array(
        t.exact(
          t.partial({
            name: t.string,
            filter: t.string,
            businessMetricToken: t.string,
            displayName: t.string,
            costMetric: t.exact(
              t.partial({
                filter: t.string,
                aggregation: t.exact(t.partial({ tag: t.string }), 'VirtualTagAggregation'),
              }),
              'VirtualTagCostMetric',
            ),
            labelTransforms: t.array(
              t.exact(
                t.partial({ type: t.string, delimiter: t.string, index: t.number, template: t.string }),
                'LabelTransform',
              ),
            ),
            percentages: t.array(t.exact(t.partial({ value: t.string, pct: t.number }), 'VirtualTagPercentage')),
            dateRanges: t.array(t.exact(t.partial({ startDate: t.string, endDate: t.string }), 'VirtualTagDateRange')),
          }),
          'VirtualTagValue',
        ),
      ),
    }),
  ]),
  'VirtualTagConfigItem',
)

export const GetVirtualTagConfigsArgs = NoArgs('GetVirtualTagConfigsArgs')
export type GetVirtualTagConfigsArgs = t.TypeOf<typeof GetVirtualTagConfigsArgs>

export const getVirtualTagConfigs = collectionLookup({
  token: 'cost:getVirtualTagConfigs',
  doc: 'Every virtual tag configuration (the endpoint has no paging).',
  path: '/v2/virtual_tag_configs',
  items: 'virtual_tag_configs',
  list: {
    /** Every virtual tag configuration (the endpoint has no paging). */
    virtualTagConfigs: VirtualTagConfigItem,
  },
  idFromToken: true,
  paged: false,
  example: {
    reply: {
      virtual_tag_configs: [
        {
          token: 'vtag_1',
          key: 'team',
          overridable: true,
          backfill_until: '2024-01-01',
          created_by_token: 'usr_1',
          collapsed_tag_keys: [],
          values: [{ name: 'core', filter: "costs.tag = 'core'" }],
        },
      ],
    },
    result: {
      virtualTagConfigs: [
        {
          id: 'vtag_1',
          token: 'vtag_1',
          key: 'team',
          overridable: true,
          backfillUntil: '2024-01-01',
          createdByToken: 'usr_1',
          collapsedTagKeys: [],
          values: [{ name: 'core', filter: "costs.tag = 'core'" }],
        },
      ],
    },
  },
})
export const GetVirtualTagConfigsResult = getVirtualTagConfigs.result
export type GetVirtualTagConfigsResult = t.TypeOf<typeof GetVirtualTagConfigsResult>
