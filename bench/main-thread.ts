/**
 * mainThread: this process's main thread, its CPU time and the time it was runnable but waited for
 * a core (ms), from Linux's schedstat; undefined where there is none. process.cpuUsage() also counts
 * V8's GC and compiler threads, and neither says how long the main thread waited for a core that
 * another process (on a 2-core machine, the emulator server the client talks to) held.
 */
import { readFileSync } from 'node:fs'

export interface MainThread {
  readonly cpuMs: number
  readonly waitMs: number
}

export const mainThread = (): MainThread | undefined => {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number)
    return Number.isFinite(run) && Number.isFinite(wait) ? { cpuMs: run / 1e6, waitMs: wait / 1e6 } : undefined
  } catch {
    return undefined
  }
}
