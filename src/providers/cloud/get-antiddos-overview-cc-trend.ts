/**
 * cloud:getAntiddosOverviewCcTrend — the CC (HTTP flood) trend. From docs/wire/cloud.md §3.8:
 * antiddos DescribeOverviewCCTrend (upper-case CC), one call; period 300, 3600 or 86400;
 * metricName inqps, dropqps, incount or dropcount; business and ipLists optional. The spec does
 * not show the outputs: the result is `datas` (in the platform's order, G7), its `Count` as periodPointCount, plus the echoed inputs.
 * The bridged engine gives this lookup a random id on every read (G19); here the id is left to the
 * engine, which derives a stable one from the arguments.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { DateTime, literals, numbers } from '../../core/codecs'
import { defineLookup } from '../../core/spec'
import { antiddos, isObj, listOf, lookupArgs, lookupResult, num, responseOf } from './shared/wire'
import { timeWindowRules } from './shared/time-window'

const required = {
  /** Length of each point, in seconds: 300, 3600 or 86400. */
  period: numbers([300, 3600, 86400]),
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`. */
  startTime: DateTime,
  /** End of the period, `YYYY-MM-DD HH:MM:SS`. */
  endTime: DateTime,
  /** The metric: `inqps`, `dropqps`, `incount` or `dropcount`. */
  metricName: literals(['inqps', 'dropqps', 'incount', 'dropcount']),
}
const optional = {
  /** The Anti-DDoS product: `bgpip`, `bgp-multip` or `basic`. */
  business: t.string,
  /** IP addresses to read the trend of (all when left out). */
  ipLists: t.array(t.string),
}

export const GetAntiddosOverviewCcTrendArgs = lookupArgs('GetAntiddosOverviewCcTrendArgs', required, optional)
export type GetAntiddosOverviewCcTrendArgs = t.TypeOf<typeof GetAntiddosOverviewCcTrendArgs>

export const GetAntiddosOverviewCcTrendResult = lookupResult(
  'GetAntiddosOverviewCcTrendResult',
  {
    /** The metric's values, one per period point. */
    datas: t.array(t.number),
    /** How many points the trend has (the platform's Count; the upstream data source's period_point_count). */
    periodPointCount: t.number,
    /** Length of each point, in seconds: 300, 3600 or 86400. */
    period: t.number,
    /** Start of the period, `YYYY-MM-DD HH:MM:SS`. */
    startTime: t.string,
    /** End of the period, `YYYY-MM-DD HH:MM:SS`. */
    endTime: t.string,
    /** The metric: `inqps`, `dropqps`, `incount` or `dropcount`. */
    metricName: t.string,
  },
  optional,
)
export type GetAntiddosOverviewCcTrendResult = t.TypeOf<typeof GetAntiddosOverviewCcTrendResult>

export const getAntiddosOverviewCcTrend = defineLookup({
  token: 'cloud:getAntiddosOverviewCcTrend',
  doc: 'The CC attack trend (metricName inqps, dropqps, incount or dropcount) at a period of 300, 3600 or 86400 seconds, optionally for one business and some IPs.',
  args: GetAntiddosOverviewCcTrendArgs,
  result: GetAntiddosOverviewCcTrendResult,
  secrets: [],
  rules: timeWindowRules<GetAntiddosOverviewCcTrendArgs>(),
  wire: {
    request: (a) =>
      antiddos('DescribeOverviewCCTrend', {
        Period: a.period,
        StartTime: a.startTime,
        EndTime: a.endTime,
        MetricName: a.metricName,
        Business: a.business,
        IpList: a.ipLists,
      }),
    decode: (reply, a) => {
      const r = responseOf(reply)
      if (!isObj(reply) || !Array.isArray(r.Data)) return E.left('expected a DescribeOverviewCCTrend reply with Data')
      const datas = listOf(r, 'Data').map((x) => num(x) ?? 0)
      return E.right({
        datas,
        periodPointCount: num(r.Count) ?? datas.length,
        period: a.period,
        startTime: a.startTime,
        endTime: a.endTime,
        metricName: a.metricName,
        ...(a.business !== undefined ? { business: a.business } : {}),
        ...(a.ipLists !== undefined ? { ipLists: a.ipLists } : {}),
      })
    },
  },
  examples: {
    valid: {
      period: 3600,
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-01 06:00:00',
      metricName: 'inqps',
      business: 'bgpip',
    },
    invalid: [
      [{ startTime: '2024-01-01 00:00:00', endTime: '2024-01-01 06:00:00', metricName: 'inqps' }, 'period'],
      [{ period: 60, startTime: '2024-01-01 00:00:00', endTime: '2024-01-01 06:00:00', metricName: 'inqps' }, 'period'],
      [
        { period: 300, startTime: '2024-01-01 00:00:00', endTime: '2024-01-01 06:00:00', metricName: 'qps' },
        'metricName',
      ],
      [
        { period: 300, startTime: '2024-13-01 00:00:00', endTime: '2024-01-01 06:00:00', metricName: 'inqps' },
        'startTime',
      ],
    ],
    result: {
      datas: [5, 7],
      periodPointCount: 2,
      period: 3600,
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-01 01:00:00',
      metricName: 'inqps',
    },
    reply: { Count: 2, Data: [5, 7] },
  },
})
