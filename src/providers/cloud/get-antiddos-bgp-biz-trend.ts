/**
 * cloud:getAntiddosBgpBizTrend — the traffic or packet trend of an Anti-DDoS instance. From the
 * docs/wire/cloud.md §3.4: antiddos DescribeBgpBizTrend in one call; every input is required; times
 * are `YYYY-MM-DD HH:MM:SS` on 5-minute boundaries; metricName is intraffic, outtraffic, inpkg or
 * outpkg; flag 0 is a fixed time, 1 a custom one. The series keeps the platform's order and
 * repeated values (the engine it bridges de-duplicates it, G7). The result id is the instanceId.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { DateTime, literals, numbers } from '../../core/codecs'
import { defineLookup } from '../../core/spec'
import { antiddos, isObj, listOf, lookupArgs, lookupResult, num, responseOf, str } from './shared/wire'
import { timeWindowRules } from './shared/time-window'

const required = {
  /** The Anti-DDoS product, e.g. `bgp-multip` (the Anti-DDoS package). */
  business: t.string,
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`, on a multiple of 5 minutes. */
  startTime: DateTime,
  /** End of the period, `YYYY-MM-DD HH:MM:SS`, on a multiple of 5 minutes. */
  endTime: DateTime,
  /** The metric: `intraffic`, `outtraffic`, `inpkg` or `outpkg`. */
  metricName: literals(['intraffic', 'outtraffic', 'inpkg', 'outpkg']),
  /** Id of the Anti-DDoS instance. */
  instanceId: t.string,
  /** Kind of period: 0 fixed time, 1 custom time. */
  flag: numbers([0, 1]),
}

export const GetAntiddosBgpBizTrendArgs = lookupArgs('GetAntiddosBgpBizTrendArgs', required, {})
export type GetAntiddosBgpBizTrendArgs = t.TypeOf<typeof GetAntiddosBgpBizTrendArgs>

export const GetAntiddosBgpBizTrendResult = lookupResult(
  'GetAntiddosBgpBizTrendResult',
  {
    /** The metric's values over the period, one per point. */
    dataLists: t.array(t.number),
    /** The number of points in dataLists. */
    total: t.number,
    /** The largest value over the period. */
    maxData: t.number,
    ...required,
    /** The metric: `intraffic`, `outtraffic`, `inpkg` or `outpkg`. */
    metricName: t.string,
  },
  {},
)
export type GetAntiddosBgpBizTrendResult = t.TypeOf<typeof GetAntiddosBgpBizTrendResult>

export const getAntiddosBgpBizTrend = defineLookup({
  token: 'cloud:getAntiddosBgpBizTrend',
  doc: 'The business trend (traffic or packets, in or out) of an Anti-DDoS instance between two times on 5-minute boundaries; flag 0 fixed time, 1 custom time.',
  args: GetAntiddosBgpBizTrendArgs,
  result: GetAntiddosBgpBizTrendResult,
  secrets: [],
  rules: timeWindowRules<GetAntiddosBgpBizTrendArgs>(300),
  wire: {
    request: (a) =>
      antiddos('DescribeBgpBizTrend', {
        Business: a.business,
        StartTime: a.startTime,
        EndTime: a.endTime,
        MetricName: a.metricName,
        InstanceId: a.instanceId,
        Flag: a.flag,
      }),
    decode: (reply, a) => {
      const r = responseOf(reply)
      if (!isObj(reply) || !Array.isArray(r.DataList))
        return E.left('expected a DescribeBgpBizTrend reply with a DataList')
      return E.right({
        dataLists: listOf(r, 'DataList').map((x) => num(x) ?? 0),
        total: num(r.Total) ?? 0,
        maxData: num(r.MaxData) ?? 0,
        business: a.business,
        startTime: a.startTime,
        endTime: a.endTime,
        // the platform echoes the metric; the engine writes the echo back
        metricName: str(r.MetricName) ?? a.metricName,
        instanceId: a.instanceId,
        flag: a.flag,
        id: a.instanceId,
      })
    },
  },
  examples: {
    valid: {
      business: 'bgp-multip',
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-01 01:00:00',
      metricName: 'intraffic',
      instanceId: 'bgp-00000001',
      flag: 0,
    },
    invalid: [
      [
        {
          startTime: '2024-01-01 00:00:00',
          endTime: '2024-01-01 01:00:00',
          metricName: 'intraffic',
          instanceId: 'bgp-1',
          flag: 0,
        },
        'business',
      ],
      [
        {
          business: 'b',
          startTime: '2024-01-01',
          endTime: '2024-01-01 01:00:00',
          metricName: 'intraffic',
          instanceId: 'bgp-1',
          flag: 0,
        },
        'startTime',
      ],
      [
        {
          business: 'b',
          startTime: '2024-01-01 00:00:00',
          endTime: '2024-01-01 01:00:00',
          metricName: 'qps',
          instanceId: 'bgp-1',
          flag: 0,
        },
        'metricName',
      ],
      [
        {
          business: 'b',
          startTime: '2024-01-01 00:00:00',
          endTime: '2024-01-01 01:00:00',
          metricName: 'intraffic',
          instanceId: 'bgp-1',
          flag: 2,
        },
        'flag',
      ],
      [
        {
          business: 'b',
          startTime: '2024-01-01 00:00:00',
          endTime: '2024-01-01 01:00:00',
          metricName: 'intraffic',
          flag: 1,
        },
        'instanceId',
      ],
      [
        {
          business: 'b',
          startTime: '2024-01-01 00:02:00',
          endTime: '2024-01-01 01:00:00',
          metricName: 'intraffic',
          instanceId: 'bgp-1',
          flag: 1,
        },
        'startTime',
      ],
      [
        {
          business: 'b',
          startTime: '2024-01-02 00:00:00',
          endTime: '2024-01-01 01:00:00',
          metricName: 'intraffic',
          instanceId: 'bgp-1',
          flag: 1,
        },
        'endTime',
      ],
    ],
    result: {
      dataLists: [1, 2],
      total: 3,
      maxData: 2,
      business: 'bgp-multip',
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-01 00:05:00',
      metricName: 'intraffic',
      instanceId: 'bgp-00000001',
      flag: 0,
      id: 'bgp-00000001',
    },
    reply: { DataList: [1, 2], Total: 3, MetricName: 'intraffic', MaxData: 2 },
  },
})
