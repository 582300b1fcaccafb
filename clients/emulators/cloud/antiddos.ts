/**
 * The antiddos service: BGP instances (seeded), basic-protection device status, and statistics as
 * deterministic series (the same request always gives the same points).
 */
import { scalarText } from '../../../src/core/scalar-text'
import { prng } from '../../prng'
import { clone, fail, oneOf, page, reqNum, reqStr, strList, type Params } from '../cloud-kit'
import type { Actions, BgpInstanceFixture, CloudFixtures } from './fixtures'

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/
const parseDateTime = (p: Params, k: string): Date => {
  const v = reqStr(p, k)
  const m = DATE_TIME.exec(v)
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : undefined
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 19).replace('T', ' ') !== v)
    return fail('InvalidParameterValue', `${k} must be a date-time YYYY-MM-DD HH:MM:SS.`)
  return d
}

/** a deterministic series for a request: the same inputs always give the same points */
const series = (seed: number, key: string, n: number, scale: number): number[] => {
  let h = seed
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0
  const r = prng(h)
  return Array.from({ length: n }, () => Math.floor(r() * scale))
}
/** how many points of `period` seconds StartTime..EndTime holds */
const window = (p: Params, period: number, fiveMinutes = false) => {
  const start = parseDateTime(p, 'StartTime')
  const end = parseDateTime(p, 'EndTime')
  if (end.getTime() < start.getTime()) fail('InvalidParameterValue', 'EndTime must not be before StartTime.')
  if (fiveMinutes && (start.getTime() % 300_000 !== 0 || end.getTime() % 300_000 !== 0))
    fail('InvalidParameterValue', 'StartTime and EndTime must be multiples of 5 minutes.')
  return Math.floor((end.getTime() - start.getTime()) / (period * 1000)) + 1
}

export const bgpOf = (b: BgpInstanceFixture) => ({
  InstanceId: b.InstanceId,
  Region: b.Region,
  InstanceChargeType: 'PREPAID',
  InstanceChargePrepaid: { Period: 1, RenewFlag: 'NOTIFY_AND_MANUAL_RENEW' },
  PackageType: b.PackageType ?? 'Enterprise',
  EnterprisePackageConfig: {
    Region: b.Region,
    ProtectIpCount: 10,
    BasicProtectBandwidth: 300,
    Bandwidth: 100,
    ElasticProtectBandwidth: 0,
    ElasticBandwidthFlag: false,
  },
  TagInfoList: [...(b.Tags ?? [])],
  // one enterprise instance, bought for real: no standard package of either kind
  InstanceCount: 1,
  DryRun: false,
  StandardPackageConfig: null,
  StandardPlusPackageConfig: null,
})
export type BgpInstance = ReturnType<typeof bgpOf>

const instance = { EipList: ['1.1.1.1'], InstanceId: 'bgpip-00000001' }
const rule = { ...instance, Cname: 'bgpip-00000001.dayugslb.com' }
const LISTENERS = {
  Layer4Listeners: [
    {
      BackendPort: 8080,
      FrontendPort: 80,
      Protocol: 'TCP',
      RealServers: [{ RealServer: '10.0.0.2', RsType: 2, Weight: 100, Port: 8080 }],
      InstanceDetails: [instance],
      InstanceDetailRule: [rule],
    },
  ],
  Layer7Listeners: [
    {
      Domain: 'www.example.com',
      ProxyTypeList: [{ ProxyPorts: [80], ProxyType: 'http' }],
      RealServers: [{ RealServer: 'origin.example.com', RsType: 1, Weight: 100, Port: 80 }],
      InstanceDetails: [instance],
      InstanceDetailRule: [rule],
      Protocol: 'http',
      Vport: 80,
    },
  ],
}

const deviceStatus =
  (status: CloudFixtures['deviceStatus'] = {}) =>
  (p: Params) => {
    const ips = strList(p, 'IpList') ?? []
    const idList = strList(p, 'IdList') ?? []
    if (p.FilterRegion !== undefined && typeof p.FilterRegion !== 'number')
      fail('InvalidParameter', 'FilterRegion must be a region id (a number).')
    return {
      Data: ips.map((ip) => ({ Key: ip, Value: status[ip] ?? '2' })),
      CLBData: idList.map((id) => ({ Key: id, Value: status[id] ?? '2' })),
      CnameWafData: [],
    }
  }

const bgpBizTrend = (seed: number) => (p: Params) => {
  const business = reqStr(p, 'Business')
  const metric = oneOf(p, 'MetricName', ['intraffic', 'outtraffic', 'inpkg', 'outpkg'])!
  const instanceId = reqStr(p, 'InstanceId')
  const flag = reqNum(p, 'Flag')
  if (flag !== 0 && flag !== 1) fail('InvalidParameterValue', 'Flag must be 0 or 1.')
  const n = window(p, 300, true)
  const data = series(seed, `${business}|${metric}|${instanceId}|${scalarText(p.StartTime)}`, n, 1000)
  return { DataList: data, Total: data.reduce((a, b) => a + b, 0), MetricName: metric, MaxData: Math.max(0, ...data) }
}

const bgpInstances = (bgp: ReadonlyArray<BgpInstance>, pageSize: number) => (p: Params) => {
  const region = reqStr(p, 'FilterRegion')
  const idsWanted = strList(p, 'FilterInstanceIdList')
  const tagsWanted = (p.FilterTag ?? []) as Params[]
  const all = bgp.filter(
    (b) =>
      b.Region === region &&
      (!idsWanted || idsWanted.length === 0 || idsWanted.includes(b.InstanceId)) &&
      tagsWanted.every((t) => b.TagInfoList.some((x) => x.TagKey === t.TagKey && x.TagValue === t.TagValue)),
  )
  // the region is a filter, not a field of the reply (BGPInstanceInfo)
  return { Total: all.length, BGPInstanceList: clone(page(p, all, pageSize)).map(({ Region: _r, ...b }) => b) }
}

const attackTrend = (seed: number) => (p: Params) => {
  const type = oneOf(p, 'Type', ['cc', 'ddos'])!
  oneOf(p, 'Dimension', ['attackcount'])
  const period = reqNum(p, 'Period')
  if (period !== 86400) fail('InvalidParameterValue', 'Period must be 86400.')
  const data = series(seed, `attack|${type}|${scalarText(p.StartTime)}`, window(p, period), 50)
  return { Type: type, StartTime: p.StartTime, EndTime: p.EndTime, Period: period, Data: data, Count: data.length }
}

const ccTrend = (seed: number) => (p: Params) => {
  const period = reqNum(p, 'Period')
  if (![300, 3600, 86400].includes(period)) fail('InvalidParameterValue', 'Period must be 300, 3600 or 86400.')
  const metric = oneOf(p, 'MetricName', ['inqps', 'dropqps', 'incount', 'dropcount'])!
  const business = oneOf(p, 'Business', ['bgpip', 'bgp-multip', 'basic', 'bgp', 'net'], false)
  const data = series(seed, `cc|${metric}|${business ?? ''}|${scalarText(p.StartTime)}`, window(p, period), 500)
  return { Count: data.length, Data: data }
}

export const antiddosActions = (
  seed: number,
  bgp: ReadonlyArray<BgpInstance>,
  status: CloudFixtures['deviceStatus'],
  pageSize: number,
): Actions => ({
  DescribeBasicDeviceStatus: deviceStatus(status),
  DescribeBgpBizTrend: bgpBizTrend(seed),
  DescribeBgpInstances: bgpInstances(bgp, pageSize),
  DescribeListListener: () => clone(LISTENERS),
  DescribeOverviewAttackTrend: attackTrend(seed),
  DescribeOverviewCCTrend: ccTrend(seed),
})
