/**
 * SIGINT/SIGTERM for the CLI: the first asks the run to stop (no new steps; those in flight finish
 * and are recorded; the lock is released; exit 130); a second exits at once, after saying what may
 * be left pending. Tests pass their own Interrupts instead of the process's.
 */
export interface InterruptHandlers {
  readonly first: (signal: string) => void
  /** said just before the process exits */
  readonly second: (signal: string) => void
}

export interface Interrupts {
  readonly on: (h: InterruptHandlers) => { readonly off: () => void }
}

export const interrupts = (exit: (code: number) => never = (c) => process.exit(c)): Interrupts => ({
  on: (h) => {
    let seen = 0
    const onSignal = (sig: NodeJS.Signals) => {
      seen++
      if (seen === 1) return h.first(sig)
      h.second(sig)
      exit(130)
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
    return {
      off: () => {
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)
      },
    }
  },
})
