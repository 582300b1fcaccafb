/**
 * lockEmulatorData: one in-process run at a time on an emulator data file. A `--emulate` run loads
 * the file when it opens and saves it when it closes; two runs on one directory at once would each
 * save what they loaded plus their own changes, and the last to close would drop the other's
 * objects (and both would hand out the same ids). So a run holds `<file>.lock` from open to close,
 * and the next one waits for it, boundedly. A lock whose process is gone (same host, pid not
 * alive) is taken over.
 */
import { promises as fs } from 'node:fs'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import { processAlive } from '../../src/core/process-alive'
import { emulators, readEmulatorData, type EmulatorSet } from './emulators'

export interface DataLockOptions {
  /** how long to wait for another run's lock (default 60 s) */
  readonly waitMs?: number
  /** pause between looks (default 50 ms) */
  readonly pollMs?: number
}

interface Holder {
  readonly pid: number
  readonly host: string
  readonly since: string
}

export const dataLockFile = (file: string): string => `${file}.lock`

const holderOf = async (lock: string): Promise<Holder | undefined> => {
  try {
    const h = JSON.parse(await fs.readFile(lock, 'utf8')) as Partial<Holder>
    return typeof h.pid === 'number' && typeof h.host === 'string' ? (h as Holder) : undefined
  } catch {
    return undefined
  }
}

/** Takes the lock of a data file, waiting for another run's; resolves to its release. */
export const lockEmulatorData = async (file: string, opts: DataLockOptions = {}): Promise<() => Promise<void>> => {
  const lock = dataLockFile(file)
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() }
  const text = JSON.stringify(me)
  const deadline = Date.now() + (opts.waitMs ?? 60_000)
  await fs.mkdir(dirname(lock), { recursive: true })
  for (;;) {
    try {
      await fs.writeFile(lock, text, { flag: 'wx' })
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const h = await holderOf(lock)
    // a holder gone for good (or a file half written by one that died) is no holder
    if (
      h === undefined ? await olderThan(lock, 5_000) : h.host === me.host && h.pid !== me.pid && !processAlive(h.pid)
    ) {
      await fs.rm(lock, { force: true })
      continue
    }
    if (Date.now() > deadline)
      throw new Error(
        `${file} is in use by another --emulate run (pid ${h?.pid ?? '?'} on ${h?.host ?? '?'} since ${h?.since ?? '?'}); wait for it to finish, or start \`trellis emulate\` so that runs share one emulator`,
      )
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 50))
  }
  return async () => {
    // only our own lock: after a takeover the file may be another run's
    const h = await holderOf(lock)
    if (h && h.pid === me.pid && h.since === me.since) await fs.rm(lock, { force: true })
  }
}

const olderThan = async (path: string, ms: number): Promise<boolean> => {
  try {
    return Date.now() - (await fs.stat(path)).mtimeMs > ms
  } catch {
    return false
  }
}

/**
 * The emulators as a data file holds them, with its lock taken: what every run that will save the
 * file back starts with (an --emulate run, the server, a seed). The lock is released if the file
 * cannot be read.
 */
export const openEmulatorData = async (
  file: string,
  waitMs: number | undefined,
): Promise<{ readonly set: EmulatorSet; readonly release: () => Promise<void> }> => {
  const release = await lockEmulatorData(file, waitMs === undefined ? {} : { waitMs })
  const set = emulators()
  try {
    const saved = await readEmulatorData(file)
    if (saved) set.restore(saved)
  } catch (e) {
    await release()
    throw e
  }
  return { set, release }
}
