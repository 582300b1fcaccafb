/**
 * Rules shared by the antiddos trend lookups: the end is not before the start and, where the
 * platform asks for it, both fall on period boundaries (e.g. 5 minutes).
 */
import type { Rule } from '../../../core/spec'
import { isRef } from '../../../core/ref'

const DT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

export const parseDateTime = (s: unknown): number | undefined => {
  if (typeof s !== 'string') return undefined
  const m = DT.exec(s)
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : undefined
}

export const timeWindowRules = <A extends { readonly startTime: string; readonly endTime: string }>(
  boundarySeconds?: number,
): ReadonlyArray<Rule<A>> => [
  {
    name: 'end not before start',
    check: (a) => {
      if (isRef(a.startTime) || isRef(a.endTime)) return []
      const s = parseDateTime(a.startTime)
      const e = parseDateTime(a.endTime)
      return s !== undefined && e !== undefined && e < s
        ? [{ path: 'endTime', expected: `a time not before startTime (${a.startTime})`, given: a.endTime }]
        : []
    },
  },
  ...(boundarySeconds
    ? [
        {
          name: 'period boundaries',
          check: (a: A) =>
            (['startTime', 'endTime'] as const).flatMap((f) => {
              const v = parseDateTime(a[f])
              return v !== undefined && !isRef(a[f]) && v % (boundarySeconds * 1000) !== 0
                ? [{ path: f, expected: `a time on a ${boundarySeconds / 60}-minute boundary`, given: a[f] }]
                : []
            }),
        },
      ]
    : []),
]
