/**
 * A fake clock for middleware tests: `sleep` records the wait and moves `now` forward at once, so
 * backoff and rate-limit waits are asserted exactly without real waiting.
 */
export interface FakeClock {
  readonly now: () => number
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** every wait asked for, in order */
  readonly sleeps: number[]
  readonly advance: (ms: number) => void
}

export const fakeClock = (start = 1_700_000_000_000): FakeClock => {
  let t = start
  const sleeps: number[] = []
  return {
    now: () => t,
    sleeps,
    advance: (ms) => {
      t += ms
    },
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new Error('aborted')
      sleeps.push(ms)
      t += ms
    },
  }
}
