/**
 * Clock: the run's clock as ISO strings, one per clock millisecond (formatting a date for every
 * record was a tenth of a mock run).
 */

export interface Clock {
  /** `d`: the clock as the step read it already; else read now */
  readonly iso: (d?: Date) => string
}

export const clock = (now: () => Date): Clock => {
  let lastMs = NaN
  let lastIso = ''
  return {
    iso: (d = now()) => {
      const ms = d.getTime()
      if (ms !== lastMs) {
        lastMs = ms
        lastIso = d.toISOString()
      }
      return lastIso
    },
  }
}
