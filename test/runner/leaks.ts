/**
 * Leaked handles: what still holds the process open after the suites ran (a listening server, a
 * socket, a child process, a ref'd timer), each named with the test file that left it when known.
 * Node's own lists: process.getActiveResourcesInfo (documented; names only) and
 * process._getActiveHandles (the objects, so a server can say where it listens).
 */
import type { ChildProcess } from 'node:child_process'
import type { Server, Socket } from 'node:net'

type Handle = { readonly constructor: { readonly name: string }; readonly hasRef?: () => boolean }
const proc = process as unknown as { _getActiveHandles?: () => ReadonlyArray<Handle> }

const stdio: ReadonlyArray<unknown> = [process.stdin, process.stdout, process.stderr]

/** The ref'd handles now, stdio aside. */
export const activeHandles = (): ReadonlyArray<Handle> =>
  (proc._getActiveHandles?.() ?? []).filter((h) => !stdio.includes(h) && h.hasRef?.() !== false)

/** ref'd timers pending now (Node names them only as `Timeout`) */
export const activeTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length

const where = (a: ReturnType<Server['address']>): string =>
  a === null ? 'nowhere' : typeof a === 'string' ? a : `${a.address}:${a.port}`

/** A handle in words: what it is and where it points. */
export const describeHandle = (h: Handle): string => {
  const kind = h.constructor.name
  if (kind === 'Server') return `Server listening on ${where((h as unknown as Server).address())}`
  if (kind === 'Socket' || kind === 'TLSSocket') {
    const s = h as unknown as Socket
    return s.remoteAddress ? `${kind} to ${s.remoteAddress}:${s.remotePort}` : `${kind} (not connected)`
  }
  if (kind === 'ChildProcess') {
    const c = h as unknown as ChildProcess
    return `ChildProcess pid ${c.pid} (${c.spawnargs.join(' ').slice(0, 120)})`
  }
  return kind
}

export interface Leak {
  readonly what: string
  /** the test file after whose suites it was first seen open */
  readonly file?: string
}

/** Follows which file's suites left each handle open. */
export const leakTracker = () => {
  const origin = new Map<Handle, string>()
  const before = new Set(activeHandles())
  return {
    /** call after a file's suites ran */
    after: (file: string) => {
      for (const h of activeHandles()) if (!before.has(h) && !origin.has(h)) origin.set(h, file)
    },
    /** what is still open; timers counted apart */
    open: (): ReadonlyArray<Leak> => {
      const hs = activeHandles().filter((h) => !before.has(h))
      const timers = activeTimers()
      return [
        ...hs.map((h) => ({ what: describeHandle(h), ...(origin.has(h) ? { file: origin.get(h) } : {}) })),
        ...(timers ? [{ what: `${timers} ref'd timer${timers === 1 ? '' : 's'} (Timeout)` }] : []),
      ]
    },
  }
}

/** The leaks still open after `graceMs` (checked every 50 ms; none: returns as soon as they close). */
export const leaksAfter = async (open: () => ReadonlyArray<Leak>, graceMs: number): Promise<ReadonlyArray<Leak>> => {
  const until = Date.now() + graceMs
  for (;;) {
    const now = open()
    if (now.length === 0 || Date.now() >= until) return now
    // ref'd: a leak closing meanwhile must not let the process end before the totals line
    await new Promise((r) => setTimeout(r, 50))
  }
}
