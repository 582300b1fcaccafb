/**
 * skipClock: emulated time. The emulators answer at once, so a wait for one (a poll's interval, a
 * retry's backoff) need not pass on the wall clock: its sleep moves this clock ahead by the declared
 * interval and resolves on the next turn of the event loop. A poll still ends by its declared timeout
 * (counted on this clock), and an emulator built on the same clock (`cloudEmulator({ now: clock.now })`)
 * sees the time pass: objects turn visible after `visibleAfterMs`, signatures stay fresh.
 */
import type { Sleep } from '../sequence'

/** A clock whose sleeps skip ahead instead of waiting, and what they skipped. */
export interface SkipClock {
  /** the start's time plus every sleep so far */
  readonly now: () => Date
  /** moves the clock ahead by `ms` and resolves at once (a signal already aborted skips nothing) */
  readonly sleep: Sleep
  /** how many sleeps moved the clock */
  readonly sleeps: () => number
  /** the milliseconds they skipped in all */
  readonly skipped: () => number
}

/** A skip clock starting at `start()` (default: the wall clock, which it follows between sleeps). */
export const skipClock = (start: () => Date = () => new Date()): SkipClock => {
  let skipped = 0
  let sleeps = 0
  return {
    now: () => new Date(start().getTime() + skipped),
    sleep: async (ms, signal) => {
      if (!signal?.aborted) {
        skipped += Math.max(0, ms)
        sleeps++
      }
      // a turn of the event loop, so other steps and an abort get their say between polls
      await new Promise<void>((resolve) => setImmediate(resolve))
    },
    sleeps: () => sleeps,
    skipped: () => skipped,
  }
}
