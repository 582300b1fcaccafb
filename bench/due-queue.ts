/**
 * dueQueue: items that each leave at a moment of the high-resolution clock (`performance.now()`),
 * never before it and as soon as the event loop can after it: the held server's answers
 * (bench/held-server.ts), so that an answer held `latencyMs` is held that long, as the bench's
 * bound counts, and not ~0.5-0.7 ms more. Node's timers count whole milliseconds of the loop's
 * clock, taken when the loop last woke: a timer for what was left, rounded up (and armed again when
 * it fired early), left answers 20.5-20.9 ms after their requests at the median where 20 were
 * asked. Here a timer wakes the queue within the millisecond before its first item is due, and the
 * rest is slept in slices of at most NAP_MS (`Atomics.wait`: the thread sleeps, it does not spin;
 * the server shares the client's two cores), each followed by a turn of the loop, which reads the
 * sockets and then leaves what fell due. A turn per slice spun instead (`setImmediate` alone)
 * left answers as precisely but took ~40 ms more CPU per 1,000 answers.
 */

// ── model ────────────────────────────────────────────────────────────────────
export interface DueQueue<T> {
  /** `item` leaves no sooner than `at`; items due at the same moment leave in the order they came */
  readonly add: (at: number, item: T) => void
  /** items waiting */
  readonly pending: () => number
  /** drops what waits and stops the queue's timer */
  readonly close: () => void
}

/**
 * A timer of n ms wakes about n ms after the loop next waits, so one asked for what is left rounded
 * down wakes within the millisecond before the item is due; the loop's clock may lag the real one,
 * so it may wake sooner, never later. The rest is slept in slices this long at most: a request
 * that arrives meanwhile is read (and its hold starts) at most this late.
 */
const NAP_MS = 0.1
const napCell = new Int32Array(new SharedArrayBuffer(4))

// ── constructor ──────────────────────────────────────────────────────────────
/** `leave(item, at, now)`: called once per item, at `now` ≥ `at`, in order of `at`. */
export const dueQueue = <T>(leave: (item: T, at: number, now: number) => void): DueQueue<T> => {
  // ordered by when they are due (added in order almost always: appended)
  const ats: number[] = []
  const items: T[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerAt = Infinity
  let immediate: ReturnType<typeof setImmediate> | undefined

  const arm = (): void => {
    if (ats.length === 0 || immediate !== undefined) return
    const at = ats[0]
    const left = at - performance.now()
    if (left < 1) {
      // the last of it: a slice of sleep, then a turn of the loop (the sockets read) and a look
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      timerAt = Infinity
      if (left > 0) Atomics.wait(napCell, 0, 0, Math.min(left, NAP_MS))
      immediate = setImmediate(flush)
      return
    }
    if (at >= timerAt) return
    if (timer !== undefined) clearTimeout(timer)
    timerAt = at
    timer = setTimeout(flush, Math.floor(left))
  }

  const flush = (): void => {
    timer = undefined
    timerAt = Infinity
    immediate = undefined
    let now = performance.now()
    let i = 0
    while (i < ats.length && ats[i] <= now) {
      leave(items[i], ats[i], now)
      i++
      // leaving takes time (a socket write): what fell due meanwhile goes too
      if (i < ats.length && ats[i] > now) now = performance.now()
    }
    if (i > 0) {
      ats.splice(0, i)
      items.splice(0, i)
    }
    arm()
  }

  return {
    add: (at, item) => {
      let i = ats.length
      while (i > 0 && ats[i - 1] > at) i--
      ats.splice(i, 0, at)
      items.splice(i, 0, item)
      if (i === 0) arm()
    },
    pending: () => ats.length,
    close: () => {
      if (timer !== undefined) clearTimeout(timer)
      if (immediate !== undefined) clearImmediate(immediate)
      timer = immediate = undefined
      timerAt = Infinity
      ats.length = 0
      items.length = 0
    },
  }
}
