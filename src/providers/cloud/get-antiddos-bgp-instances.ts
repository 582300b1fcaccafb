/**
 * cloud:getAntiddosBgpInstances — the Anti-DDoS (BGP) instances of a region. From
 * docs/wire/cloud.md §3.5: antiddos DescribeBgpInstances, paged (100 a page, total `Total`); filterRegion
 * is a region name here; the package configurations are single objects on the wire and lists of
 * 0 or 1 element in the result. The result id is the filterRegion.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { antiddos, asList, camelObject, isObj, itemsFrom, lookupArgs, lookupResult, pages } from './shared/wire'

const TagFilter = t.exact(t.type({ tagKey: t.string, tagValue: t.string }), 'BgpTagFilter')

export const GetAntiddosBgpInstancesArgs = lookupArgs(
  'GetAntiddosBgpInstancesArgs',
  {
    /** Region name to look in, e.g. `ap-guangzhou`. */
    filterRegion: t.string,
  },
  {
    /** Ids of the instances to read (all when left out). */
    filterInstanceIdLists: t.array(t.string),
    /** Tags (tagKey, tagValue) the instances must carry. */
    filterTags: t.array(TagFilter),
  },
)
export type GetAntiddosBgpInstancesArgs = t.TypeOf<typeof GetAntiddosBgpInstancesArgs>

export const BgpInstance = t.exact(
  t.partial({
    instanceId: t.string,
    instanceChargePrepaids: t.array(t.UnknownRecord),
    enterprisePackageConfigs: t.array(t.UnknownRecord),
    standardPackageConfigs: t.array(t.UnknownRecord),
    standardPlusPackageConfigs: t.array(t.UnknownRecord),
    tagInfoLists: t.array(t.exact(t.partial({ tagKey: t.string, tagValue: t.string }))),
    packageType: t.string,
    instanceChargeType: t.string,
  }),
  'BgpInstance',
)

export const GetAntiddosBgpInstancesResult = lookupResult(
  'GetAntiddosBgpInstancesResult',
  {
    /** The Anti-DDoS (BGP) instances found. */
    bgpInstanceLists: t.array(BgpInstance),
    /** Region name to look in, e.g. `ap-guangzhou`. */
    filterRegion: t.string,
  },
  {
    /** Ids of the instances to read (all when left out). */
    filterInstanceIdLists: t.array(t.string),
    /** Tags (tagKey, tagValue) the instances must carry. */
    filterTags: t.array(TagFilter),
  },
)
export type GetAntiddosBgpInstancesResult = t.TypeOf<typeof GetAntiddosBgpInstancesResult>

export const bgpInstance = (b: Record<string, unknown>) => {
  const o: Record<string, unknown> = {
    instanceId: b.InstanceId,
    instanceChargePrepaids: asList(b.InstanceChargePrepaid),
    enterprisePackageConfigs: asList(b.EnterprisePackageConfig),
    standardPackageConfigs: asList(b.StandardPackageConfig),
    standardPlusPackageConfigs: asList(b.StandardPlusPackageConfig),
    tagInfoLists: Array.isArray(b.TagInfoList) ? b.TagInfoList.map((x) => camelObject(x)) : [],
    packageType: b.PackageType,
    instanceChargeType: b.InstanceChargeType,
  }
  for (const k of Object.keys(o)) if (o[k] === undefined || o[k] === null) delete o[k]
  return o
}

export const getAntiddosBgpInstances = defineLookup({
  token: 'cloud:getAntiddosBgpInstances',
  doc: 'Anti-DDoS (BGP) instances of a region (filterRegion, e.g. ap-guangzhou), optionally only some instance ids or those with given tags.',
  args: GetAntiddosBgpInstancesArgs,
  result: GetAntiddosBgpInstancesResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) =>
      antiddos(
        'DescribeBgpInstances',
        {
          FilterRegion: a.filterRegion,
          FilterInstanceIdList: a.filterInstanceIdLists,
          FilterTag: a.filterTags?.map((x) => ({ TagKey: x.tagKey, TagValue: x.tagValue })),
          Offset: 0,
          Limit: 100,
        },
        { paginate: pages('BGPInstanceList') },
      ),
    decode: (reply, a) => {
      if (!Array.isArray(reply) && !Array.isArray((reply as { BGPInstanceList?: unknown })?.BGPInstanceList))
        return E.left('expected a DescribeBgpInstances reply with a BGPInstanceList')
      return E.right({
        bgpInstanceLists: itemsFrom(reply, 'BGPInstanceList').filter(isObj).map(bgpInstance),
        filterRegion: a.filterRegion,
        ...(a.filterInstanceIdLists ? { filterInstanceIdLists: a.filterInstanceIdLists } : {}),
        ...(a.filterTags ? { filterTags: a.filterTags } : {}),
        id: a.filterRegion,
      })
    },
  },
  examples: {
    valid: { filterRegion: 'ap-guangzhou', filterTags: [{ tagKey: 'team', tagValue: 'edge' }] },
    invalid: [
      [{ filterInstanceIdLists: ['bgp-1'] }, 'filterRegion'],
      [{ filterRegion: 'ap-guangzhou', filterTags: [{ tagKey: 'team' }] }, 'filterTags.0.tagValue'],
    ],
    result: {
      bgpInstanceLists: [
        {
          instanceId: 'bgp-00000001',
          packageType: 'Enterprise',
          enterprisePackageConfigs: [{ region: 'ap-guangzhou' }],
        },
      ],
      filterRegion: 'ap-guangzhou',
      id: 'ap-guangzhou',
    },
    reply: {
      Total: 1,
      BGPInstanceList: [
        {
          InstanceId: 'bgp-00000001',
          PackageType: 'Enterprise',
          EnterprisePackageConfig: { Region: 'ap-guangzhou', ProtectIpCount: 10 },
        },
      ],
    },
  },
})
