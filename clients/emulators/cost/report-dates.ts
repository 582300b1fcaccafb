/** What every report-like body shares: relative intervals filled with concrete dates, comma-joined groupings. */
import { dateAt } from './checks'
import { intervalDates, isYmd, ymd } from './dates'
import { fail, type Obj } from './reply'

/** relative interval → concrete dates; dates → `custom` */
export const fillDates = (o: Obj, defaultInterval: string, now: Date): Obj => {
  const dated = isYmd(o.start_date)
  const asked = (o.date_interval as string | null) ?? defaultInterval
  // custom without dates falls back to the default interval
  const interval = dated ? 'custom' : asked === 'custom' ? defaultInterval : asked
  const [s, e] = dated
    ? [o.start_date as string, (o.end_date as string) ?? ymd(now)]
    : intervalDates(interval === 'custom' ? defaultInterval : interval, now)
  return { ...o, date_interval: interval, start_date: s, end_date: e }
}

export const joinGroupings = (v: unknown, fallback: string, valid: (g: string) => boolean): string | null => {
  if (v === undefined || v === null) return null
  if (!Array.isArray(v)) fail(400, 'groupings must be an array of strings')
  const bad = (v as unknown[]).filter((g) => typeof g !== 'string' || !valid(g))
  if (bad.length) fail(400, `groupings: invalid value(s) ${bad.map((b) => JSON.stringify(b)).join(', ')}`)
  return (v as string[]).length === 0 ? fallback : (v as string[]).join(',')
}

export const reportDatesCheck = (b: Obj): void => {
  dateAt(b, 'start_date', 'end_date')
  if (b.start_date && b.date_interval && b.date_interval !== 'custom')
    fail(400, 'start_date and end_date can only be used with date_interval custom')
}

/**
 * Without dates in the body, the dates a relative interval was filled with are the server's, not
 * the user's: the interval asked for (or the one the report had, on an update that names none)
 * stays relative instead of freezing into a custom range.
 */
export const relativeStays = (merged: Obj, b: Obj, prior: Obj | undefined): void => {
  const interval = b.date_interval ?? prior?.date_interval
  if (!b.start_date && interval && interval !== 'custom') {
    delete merged.start_date
    delete merged.end_date
  }
}
