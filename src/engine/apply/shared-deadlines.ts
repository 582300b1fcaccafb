/**
 * Step budgets that start close together share one timer and one abort signal (a speed trick of
 * the apply kernel; guard: test/engine/apply/shared-deadlines.test.ts). An AbortController and a
 * timer per step were about a tenth of what an apply allocated per request. A budget of `ms`
 * joins the group of its length opened less than `ms / 20` (at most a second) before it, so each
 * step gets its whole budget and at most that window more; a group's signal aborts when the
 * budget of its last possible member is spent.
 */
import { setMaxListeners } from 'node:events'

/** The reason a budget's signal aborts with. */
export interface BudgetSpent {
  readonly _tag: 'BudgetSpent'
  readonly ms: number
}

/** One step's budget: its signal aborts when the time is spent (or the run's signal aborts). */
export interface StepBudget {
  readonly ms: number
  readonly signal: AbortSignal
  readonly spent: () => boolean
  readonly end: () => void
  /** `f` called once when the budget is spent (not when the run's signal aborts); the result stops watching */
  readonly whenSpent: (f: () => void) => () => void
}

// the budget each budget signal belongs to: how a wrapper that sees only a call's context finds it
const bySignal = new WeakMap<AbortSignal, StepBudget>()

/** The budget whose signal this is, if it is a budget's. */
export const budgetOfSignal = (signal: AbortSignal | undefined): StepBudget | undefined =>
  signal === undefined ? undefined : bySignal.get(signal)

/** Make `b` the budget its signal is known by. */
export const knownBySignal = (b: StepBudget): StepBudget => {
  if (!bySignal.has(b.signal)) bySignal.set(b.signal, b)
  return b
}

/** The budgets of one run. */
export interface Deadlines {
  readonly start: (ms: number) => StepBudget
  /** every timer stopped (the run ended) */
  readonly stop: () => void
}

/** The longest a group takes new members: a step may get up to this much more than its budget. */
export const MAX_WINDOW_MS = 1000

const windowOf = (ms: number): number => Math.min(MAX_WINDOW_MS, Math.floor(ms / 20))

class Group {
  readonly ctl = new AbortController()
  readonly timer: ReturnType<typeof setTimeout>
  // what to call when the budget is spent (budget-bound.ts's tasks): a set, not a listener each
  readonly watchers = new Set<() => void>()
  out = false
  live = 0
  constructor(
    readonly ms: number,
    readonly closesAt: number,
    onSpent: (g: Group) => void,
  ) {
    // every request of every member listens to the one signal
    setMaxListeners(0, this.ctl.signal)
    this.timer = setTimeout(() => onSpent(this), windowOf(ms) + ms)
    // a budget never keeps the process alive: the steps' own requests do while they run
    this.timer.unref?.()
  }
}

class Member implements StepBudget {
  constructor(
    private readonly g: Group,
    private readonly ended: (g: Group) => void,
  ) {}
  get ms(): number {
    return this.g.ms
  }
  get signal(): AbortSignal {
    return this.g.ctl.signal
  }
  spent(): boolean {
    return this.g.out
  }
  end(): void {
    this.ended(this.g)
  }
  whenSpent(f: () => void): () => void {
    const { watchers } = this.g
    if (this.g.out) {
      f()
      return () => undefined
    }
    watchers.add(f)
    return () => void watchers.delete(f)
  }
}

/**
 * A run's budgets on `now`'s clock (ms). They do not follow the run's signal: a stopped run starts
 * no new step, and each step in flight finishes within its budget (run-state.ts).
 */
export const sharedDeadlines = (now: () => number = Date.now): Deadlines => {
  const open = new Map<number, Group>()
  const running = new Set<Group>()
  const retire = (g: Group): void => {
    clearTimeout(g.timer)
    running.delete(g)
    if (open.get(g.ms) === g) open.delete(g.ms)
  }
  const onSpent = (g: Group): void => {
    g.out = true
    retire(g)
    g.ctl.abort({ _tag: 'BudgetSpent', ms: g.ms } satisfies BudgetSpent)
    for (const f of [...g.watchers]) f()
    g.watchers.clear()
  }
  const ended = (g: Group): void => {
    g.live--
    if (g.live === 0 && now() >= g.closesAt) retire(g)
  }
  const groupFor = (ms: number): Group => {
    const t = now()
    const g = open.get(ms)
    if (g !== undefined && t < g.closesAt) return g
    const made = new Group(ms, t + windowOf(ms), onSpent)
    open.set(ms, made)
    running.add(made)
    return made
  }
  return {
    start: (ms) => {
      const g = groupFor(ms)
      g.live++
      return knownBySignal(new Member(g, ended))
    },
    stop: () => {
      for (const g of [...running]) retire(g)
    },
  }
}
