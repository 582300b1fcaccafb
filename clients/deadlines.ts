/**
 * Deadlines: the timeouts of the Node transport's requests in flight, one timer per duration
 * rather than one per request. Requests of one duration expire in the order they started, so each
 * duration's pending requests form a list in deadline order: a start appends, a stop unlinks (both
 * O(1)), and a single timer is armed for the earliest. Node keeps its timers in such lists too,
 * but each setTimeout also makes a Timeout object, registers an async resource and reads the
 * loop's clock through a binding: per request, a visible share of a client's CPU at high
 * concurrency. While a list holds a request its timer keeps the process alive (a request in
 * flight must not be dropped by an exiting process); an empty list holds nothing.
 */

// ── model ────────────────────────────────────────────────────────────────────
/** What expires: told once, when its time is up and it was not stopped before. */
export interface Expiring {
  expired(): void
}

/** One request's place in its duration's list (stop it once settled). */
export class Deadline {
  prev: Deadline | undefined
  next: Deadline | undefined
  /** linked in its list (not stopped, not expired yet) */
  live = true

  constructor(
    readonly list: DeadlineList,
    /** performance.now() at which it expires */
    readonly at: number,
    readonly owner: Expiring,
  ) {}
}

class DeadlineList {
  head: Deadline | undefined
  tail: Deadline | undefined
  timer: ReturnType<typeof setTimeout> | undefined

  constructor(readonly ms: number) {}

  add(owner: Expiring): Deadline {
    const d = new Deadline(this, performance.now() + this.ms, owner)
    if (this.tail) {
      d.prev = this.tail
      this.tail.next = d
    } else this.head = d
    this.tail = d
    // an armed timer is for an earlier deadline (it re-arms for the rest when it fires); it may be
    // unreferenced, since the list was empty: referenced again, it holds the process for this one
    if (this.timer) this.timer.ref()
    else this.arm(this.ms)
    return d
  }

  remove(d: Deadline): void {
    if (!d.live) return
    d.live = false
    if (d.prev) d.prev.next = d.next
    else this.head = d.next
    if (d.next) d.next.prev = d.prev
    else this.tail = d.prev
    d.prev = d.next = undefined
    // nothing left to wait for: the timer may fire once more, but keeps nobody alive
    if (!this.head && this.timer) this.timer.unref()
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.fire(), Math.max(1, Math.ceil(ms)))
  }

  private fire(): void {
    this.timer = undefined
    const now = performance.now()
    for (let d = this.head; d !== undefined && d.at <= now; d = this.head) {
      this.remove(d)
      d.owner.expired()
    }
    if (this.head) this.arm(this.head.at - performance.now())
    else lists.delete(this.ms)
  }
}

const lists = new Map<number, DeadlineList>()

// ── operations ───────────────────────────────────────────────────────────────
/** `owner` is told `expired()` after `ms`, unless the deadline is stopped first. */
export const startDeadline = (ms: number, owner: Expiring): Deadline => {
  let list = lists.get(ms)
  if (!list) lists.set(ms, (list = new DeadlineList(ms)))
  return list.add(owner)
}

/** The request settled: it no longer expires (stopping twice, or after it expired, does nothing). */
export const stopDeadline = (d: Deadline): void => d.list.remove(d)
