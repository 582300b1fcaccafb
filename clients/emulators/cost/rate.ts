/**
 * The cost platform's request budget: fixed windows aligned to the clock (default an hour), so the
 * reset header (whole seconds) says exactly when the window ends; a window started at the first
 * request's millisecond made it up to a second late. Without a configured limit every request
 * passes and still carries the headers (limit 1,000).
 */
export interface RateLimit {
  readonly limit: number
  readonly windowMs: number
}

export const costRate = (now: () => Date, configured: RateLimit | undefined) => {
  const windowMs = configured?.windowMs ?? 3_600_000
  const limit = configured?.limit ?? 1000
  // a window's reset header is made once per window
  const windowFrom = (start: number) => ({ start, used: 0, reset: String(Math.ceil((start + windowMs) / 1000)) })
  let window = windowFrom(Math.floor(now().getTime() / windowMs) * windowMs)
  return {
    /** counts a request: its headers, or undefined when the window's budget is spent */
    take: (): Record<string, string> | undefined => {
      const start = Math.floor(now().getTime() / windowMs) * windowMs
      if (start !== window.start) window = windowFrom(start)
      if (configured !== undefined && window.used >= limit) return undefined
      window.used++
      return {
        'x-rate-limit-limit': String(limit),
        'x-rate-limit-remaining': String(Math.max(0, limit - window.used)),
        'x-rate-limit-reset': window.reset,
      }
    },
    /** the headers of a 429 */
    spent: (): Record<string, string> => ({
      'x-rate-limit-limit': String(limit),
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': window.reset,
    }),
  }
}
