/**
 * What the three analysis reports (Kubernetes efficiency, network flow, financial commitment)
 * share on the wire (reference §2.11, §2.13, §2.15, §6.4, §6.8): groupings go out as an array and
 * come back comma-joined (`[]` asks for the server's default groupings); dates are sent only with
 * the `custom` interval; the server fills the dates of relative intervals and a default interval;
 * filters may come back wrapped in parentheses.
 */
import type { Rule } from '../../../core/spec'
import type { Finding } from '../../../core/issue'
import { filterEquals, known, splitCsv } from './wire'

export interface ReportDefaults {
  /** interval the server applies when neither an interval nor dates are given */
  readonly interval: string
  /** groupings the server applies when none (or `[]`) are given, comma-joined */
  readonly groupings: string
  /** other server defaults, spec names → value */
  readonly fields?: Readonly<Record<string, unknown>>
}

interface ReportLike {
  readonly dateInterval?: string
  readonly startDate?: string
  readonly endDate?: string
  readonly groupings?: ReadonlyArray<string>
  readonly filter?: string
}

/**
 * The body fields for dates and groupings: dates only with `custom`; groupings as given, or `[]`
 * (the server's defaults) once they are removed — left out from the start, they are not sent.
 */
export const reportBody = <I extends ReportLike>(i: I, prior?: I): Record<string, unknown> => {
  const base = i as unknown as Record<string, unknown>
  const dated = i.startDate !== undefined || i.endDate !== undefined
  return {
    ...base,
    dateInterval: dated ? 'custom' : i.dateInterval,
    startDate: dated ? i.startDate : undefined,
    endDate: dated ? i.endDate : undefined,
    groupings: i.groupings ?? (prior?.groupings !== undefined ? [] : undefined),
  }
}

/**
 * Reply (spec names) → what the user would have written, so a re-plan shows no diff. With nothing
 * sent (an import, a listing) the interval and the other defaulted fields are reported as the
 * platform holds them: the engine keeps only the fields the stack sets, and a user who wrote a
 * default (say `dateBucket: 'month'`) must find it after an import. Default groupings stay
 * dropped even then: `[]` and the default read back alike, and a refresh must not turn one into
 * the other.
 */
export const reportNormalise =
  (d: ReportDefaults) =>
  (o: Record<string, unknown>, sent: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...o }
    const importing = Object.keys(sent).length === 0
    // groupings: comma-joined on the way back; server defaults are not the user's
    const g = splitCsv(out.groupings)
    const sentG = sent.groupings as string[] | undefined
    if (sentG !== undefined && sentG.length === 0 && (g === undefined || (g as string[]).join(',') === d.groupings))
      out.groupings = []
    else if (sentG === undefined && (g === undefined || (g as string[]).join(',') === d.groupings)) delete out.groupings
    else out.groupings = g
    // dates: concrete dates of a relative interval move over time; only custom dates are the user's
    const custom = out.dateInterval === 'custom'
    if (sent.startDate === undefined && sent.endDate === undefined && !custom) {
      delete out.startDate
      delete out.endDate
    }
    if (
      !importing &&
      sent.dateInterval === undefined &&
      (out.dateInterval === d.interval || (custom && out.startDate !== undefined))
    )
      delete out.dateInterval
    if (!importing)
      for (const [k, v] of Object.entries(d.fields ?? {})) if (sent[k] === undefined && out[k] === v) delete out[k]
    // the platform may wrap a filter in parentheses: keep the user's text when it means the same
    if (typeof sent.filter === 'string' && filterEquals(sent.filter, out.filter)) out.filter = sent.filter
    if (out.filter === '') delete out.filter
    return out
  }

/** Dates need an end with a start (and vice versa), in order, and no interval other than `custom`. */
export const reportDateRules = <I extends ReportLike>(
  what: string,
  opts: { readonly customAllowed: boolean },
): ReadonlyArray<Rule<I>> => [
  {
    name: 'dates and interval',
    check: (i) => {
      const out: Finding[] = []
      const dated = i.startDate !== undefined || i.endDate !== undefined
      if (dated && known(i.dateInterval) && !(opts.customAllowed && i.dateInterval === 'custom'))
        out.push({
          path: 'dateInterval',
          expected: `no dateInterval${opts.customAllowed ? ' (or `custom`)' : ''} when startDate/endDate are given (${what})`,
          given: i.dateInterval,
        })
      if (i.startDate !== undefined && i.endDate === undefined)
        out.push({ path: 'endDate', expected: 'an end date when startDate is given', given: undefined })
      if (i.endDate !== undefined && i.startDate === undefined)
        out.push({ path: 'startDate', expected: 'a start date when endDate is given', given: undefined })
      if (known(i.startDate) && known(i.endDate) && String(i.startDate) > String(i.endDate))
        out.push({
          path: 'endDate',
          expected: `a date not before startDate (${String(i.startDate)})`,
          given: i.endDate,
        })
      return out
    },
  },
]
