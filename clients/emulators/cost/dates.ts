/** Calendar dates as the cost platform writes them (`YYYY-MM-DD`), relative intervals, and decimal amounts. */

export const ymd = (d: Date): string => d.toISOString().slice(0, 10)
export const monthStart = (d: Date, add = 0): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1))
export const monthEnd = (d: Date, add = 0): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add + 1, 0))
const daysBefore = (d: Date, n: number): Date =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - n))
export const isYmd = (s: unknown): s is string =>
  typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))

/** `300` → `"300.0"`, as the platform renders decimals */
export const decimal = (n: unknown): string | null =>
  typeof n === 'number'
    ? Number.isInteger(n)
      ? n.toFixed(1)
      : String(n)
    : typeof n === 'string' && n !== ''
      ? decimal(Number(n))
      : null

/** The concrete dates of a relative interval, as the server fills them in. */
export const intervalDates = (interval: string, now: Date): [string, string] => {
  const m = /^(last|next)_(\d+)_(days|months)$/.exec(interval)
  if (interval === 'this_month') return [ymd(monthStart(now)), ymd(monthEnd(now))]
  if (interval === 'last_month') return [ymd(monthStart(now, -1)), ymd(monthEnd(now, -1))]
  if (interval === 'next_month') return [ymd(monthStart(now, 1)), ymd(monthEnd(now, 1))]
  if (interval === 'year_to_date') return [`${now.getUTCFullYear()}-01-01`, ymd(now)]
  if (m && m[3] === 'days') return [ymd(daysBefore(now, +m[2])), ymd(now)]
  if (m && m[1] === 'last') return [ymd(monthStart(now, -+m[2])), ymd(monthEnd(now, -1))]
  if (m) return [ymd(monthStart(now, 1)), ymd(monthEnd(now, +m[2]))]
  return [ymd(monthStart(now)), ymd(monthEnd(now))]
}
