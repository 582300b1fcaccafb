/**
 * Telling a lock's holder from another process that got its pid later. A pid is reused after the
 * holder dies (soon, on a busy machine or in a container), and a live pid alone would keep a dead
 * run's lock for hours. On Linux the boot id and a process's start time (clock ticks after boot,
 * from /proc) name one process for good; elsewhere nothing is known and the pid alone decides.
 */
import { readFileSync } from 'node:fs'

/** What tells a process apart beyond its pid (which the system reuses), recorded with a lock. */
export interface ProcessIdentity {
  readonly boot?: string
  readonly started?: string
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/** The boot id and start time of a process, where the system tells them. */
export const processIdentity = (pid: number): ProcessIdentity => {
  const boot = read('/proc/sys/kernel/random/boot_id')?.trim()
  const stat = read(`/proc/${pid}/stat`)
  // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so fields count from the last `)`;
  // starttime is field 22, the 20th after comm
  const started = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  return { ...(boot ? { boot } : {}), ...(started && /^\d+$/.test(started) ? { started } : {}) }
}

/**
 * Is the live process with the holder's pid the holder itself? False when its boot id or start
 * time differ from what the holder recorded; true when they match or cannot be compared.
 */
export const sameProcess = (holder: { readonly pid: number } & ProcessIdentity): boolean => {
  const now = processIdentity(holder.pid)
  if (holder.boot !== undefined && now.boot !== undefined && holder.boot !== now.boot) return false
  if (holder.started !== undefined && now.started !== undefined && holder.started !== now.started) return false
  return true
}
