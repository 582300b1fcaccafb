/**
 * cloud:getAntiddosOverviewAttackTrend — the daily count of CC or DDoS attacks. From
 * docs/wire/cloud.md §3.7: antiddos DescribeOverviewAttackTrend, one call; type `cc` or `ddos`, dimension
 * only `attackcount`, period only 86400; the platform echoes type, period and times, which the
 * result carries; `Data` is `datas` (in the platform's order, G7) and `Count` is periodPointCount.
 * The bridged engine gives this lookup a random id on every read (G19); here the id is left to the
 * engine, which derives a stable one from the arguments.
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { DateTime, literals, numbers } from '../../core/codecs'
import { defineLookup } from '../../core/spec'
import { antiddos, isObj, listOf, lookupArgs, lookupResult, num, responseOf, str } from './shared/wire'
import { timeWindowRules } from './shared/time-window'

const required = {
  /** Kind of attack: `cc` or `ddos`. */
  type: literals(['cc', 'ddos']),
  /** What is counted: only `attackcount`. */
  dimension: literals(['attackcount']),
  /** Length of each point, in seconds: only 86400. */
  period: numbers([86400]),
  /** Start of the period, `YYYY-MM-DD HH:MM:SS`. */
  startTime: DateTime,
  /** End of the period, `YYYY-MM-DD HH:MM:SS`. */
  endTime: DateTime,
}

export const GetAntiddosOverviewAttackTrendArgs = lookupArgs('GetAntiddosOverviewAttackTrendArgs', required, {})
export type GetAntiddosOverviewAttackTrendArgs = t.TypeOf<typeof GetAntiddosOverviewAttackTrendArgs>

export const GetAntiddosOverviewAttackTrendResult = lookupResult(
  'GetAntiddosOverviewAttackTrendResult',
  {
    /** Attack counts, one per period point. */
    datas: t.array(t.number),
    /** The number of points in datas. */
    periodPointCount: t.number,
    /** Kind of attack: `cc` or `ddos`. */
    type: t.string,
    /** What is counted: only `attackcount`. */
    dimension: t.string,
    /** Length of each point, in seconds: only 86400. */
    period: t.number,
    /** Start of the period, `YYYY-MM-DD HH:MM:SS`. */
    startTime: t.string,
    /** End of the period, `YYYY-MM-DD HH:MM:SS`. */
    endTime: t.string,
  },
  {},
)
export type GetAntiddosOverviewAttackTrendResult = t.TypeOf<typeof GetAntiddosOverviewAttackTrendResult>

export const getAntiddosOverviewAttackTrend = defineLookup({
  token: 'cloud:getAntiddosOverviewAttackTrend',
  doc: 'Attack counts per day (period 86400, dimension attackcount) of CC or DDoS attacks (type) between two times.',
  args: GetAntiddosOverviewAttackTrendArgs,
  result: GetAntiddosOverviewAttackTrendResult,
  secrets: [],
  rules: timeWindowRules<GetAntiddosOverviewAttackTrendArgs>(),
  wire: {
    request: (a) =>
      antiddos('DescribeOverviewAttackTrend', {
        Type: a.type,
        Dimension: a.dimension,
        Period: a.period,
        StartTime: a.startTime,
        EndTime: a.endTime,
      }),
    decode: (reply, a) => {
      const r = responseOf(reply)
      if (!isObj(reply) || !Array.isArray(r.Data))
        return E.left('expected a DescribeOverviewAttackTrend reply with Data')
      const datas = listOf(r, 'Data').map((x) => num(x) ?? 0)
      return E.right({
        datas,
        periodPointCount: num(r.Count) ?? datas.length,
        type: str(r.Type) ?? a.type,
        dimension: a.dimension,
        period: num(r.Period) ?? a.period,
        startTime: str(r.StartTime) ?? a.startTime,
        endTime: str(r.EndTime) ?? a.endTime,
      })
    },
  },
  examples: {
    valid: {
      type: 'ddos',
      dimension: 'attackcount',
      period: 86400,
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-07 00:00:00',
    },
    invalid: [
      [
        {
          type: 'syn',
          dimension: 'attackcount',
          period: 86400,
          startTime: '2024-01-01 00:00:00',
          endTime: '2024-01-02 00:00:00',
        },
        'type',
      ],
      [
        {
          type: 'cc',
          dimension: 'bandwidth',
          period: 86400,
          startTime: '2024-01-01 00:00:00',
          endTime: '2024-01-02 00:00:00',
        },
        'dimension',
      ],
      [
        {
          type: 'cc',
          dimension: 'attackcount',
          period: 3600,
          startTime: '2024-01-01 00:00:00',
          endTime: '2024-01-02 00:00:00',
        },
        'period',
      ],
      [{ type: 'cc', dimension: 'attackcount', period: 86400, endTime: '2024-01-02 00:00:00' }, 'startTime'],
      [
        {
          type: 'cc',
          dimension: 'attackcount',
          period: 86400,
          startTime: '2024-01-01 00:00:00',
          endTime: '2024-01-02T00:00:00Z',
        },
        'endTime',
      ],
    ],
    result: {
      datas: [3, 0],
      periodPointCount: 2,
      type: 'ddos',
      dimension: 'attackcount',
      period: 86400,
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-02 00:00:00',
    },
    reply: {
      Type: 'ddos',
      StartTime: '2024-01-01 00:00:00',
      EndTime: '2024-01-02 00:00:00',
      Period: 86400,
      Data: [3, 0],
      Count: 2,
    },
  },
})
