/**
 * The file store's lock: a file naming its holder (owner, pid, host, since, and the holder's boot id
 * and process start time, so that a pid reused by another process after a crash or a reboot is not
 * taken for the holder). A lock whose process is gone, or older than `staleAfter`, is stale and
 * recovered; a damaged lock file only once it stays damaged for a while.
 */
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { hostname } from 'node:os'
import { processAlive } from '../../core/process-alive'
import { processIdentity, sameProcess } from '../process-identity'
import { stateError, type LockInfo } from '../state-store'
import { writeSynced } from './file-io'

export interface LockFileOptions {
  readonly owner?: string
  readonly waitMs?: number
  readonly staleAfter: number
  readonly sleep: (ms: number) => Promise<void>
}

/** Remove our own lock only: after a stale takeover the file may be another holder's. */
export const releaseIfMine = async (path: string, mine: string): Promise<void> => {
  const on = await fs.readFile(path, 'utf8').catch(() => undefined)
  if (on === mine) await fs.rm(path, { force: true })
}

const mtimeOr = (path: string, otherwise: number): Promise<number> =>
  fs.stat(path).then(
    (s) => s.mtimeMs,
    () => otherwise,
  )

/**
 * Remove a lock judged stale — only if it is still the file that was judged. Recoveries take turns
 * under a guard file, so two runs recovering the same stale lock never delete each other's fresh
 * one. False when another run is recovering it right now (the caller tries again).
 */
const removeStale = async (path: string, seen: string): Promise<boolean> => {
  const guard = `${path}.recover`
  try {
    await (await fs.open(guard, 'wx')).close()
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    // a recovery takes milliseconds: an old guard was left by a run that died during one
    const age = Date.now() - (await mtimeOr(guard, Date.now()))
    if (age > 5_000) await fs.rm(guard, { force: true })
    return false
  }
  try {
    const now = await fs.readFile(path, 'utf8').catch(() => undefined)
    if (now === seen) await fs.rm(path, { force: true })
    return true
  } finally {
    await fs.rm(guard, { force: true })
  }
}

/** The holder a lock file names, or undefined when the file is damaged. */
const holderIn = (text: string): LockInfo | undefined => {
  try {
    const h = JSON.parse(text) as Partial<LockInfo>
    return typeof h.owner === 'string' &&
      typeof h.pid === 'number' &&
      typeof h.host === 'string' &&
      typeof h.since === 'string'
      ? {
          owner: h.owner,
          pid: h.pid,
          host: h.host,
          since: h.since,
          ...(typeof h.boot === 'string' ? { boot: h.boot } : {}),
          ...(typeof h.started === 'string' ? { started: h.started } : {}),
        }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Place the lock file holding `mine`: written aside, then linked into place, so a contender never
 * reads a half-written holder. False when a lock file is already there.
 */
const place = async (path: string, mine: string): Promise<boolean> => {
  const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`
  await writeSynced(tmp, mine)
  try {
    await fs.link(tmp, path).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code === 'EEXIST') throw e
      // a file system without hard links: exclusive create, then write
      await fs.writeFile(path, mine, { flag: 'wx' })
    })
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    return false
  } finally {
    await fs.rm(tmp, { force: true })
  }
}

/** Whether the lock file `seen` (its holder `holder`) is stale. */
const isStale = async (path: string, holder: LockInfo | undefined, staleAfter: number): Promise<boolean> =>
  holder === undefined
    ? // a damaged file is treated as stale only if it stays so for a while
      Date.now() - (await mtimeOr(path, 0)) > 5_000
    : (holder.host === hostname() && !(processAlive(holder.pid) && sameProcess(holder))) ||
      Date.now() - Date.parse(holder.since) > staleAfter

const lockedBy = (stack: string, holder: LockInfo | undefined) =>
  stateError(
    'Locked',
    `stack ${stack} is locked by ${holder?.owner ?? 'another run'} (pid ${holder?.pid ?? '?'} on ${holder?.host ?? '?'}) since ${holder?.since ?? '?'}; wait for it to finish`,
    holder,
  )

/**
 * Take the lock file at `path` for `stack`, waiting up to `waitMs` for a live holder. Resolves to
 * the text written, which `releaseIfMine` needs.
 */
export const takeLockFile = async (path: string, stack: string, o: LockFileOptions): Promise<string> => {
  const info: LockInfo = {
    owner: o.owner ?? process.env.USER ?? 'trellis',
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    ...processIdentity(process.pid),
  }
  // the nonce tells this holder's file from any other, even one written in the same millisecond
  const mine = JSON.stringify({ ...info, nonce: randomUUID() })
  const deadline = Date.now() + (o.waitMs ?? 0)
  for (;;) {
    if (await place(path, mine)) return mine
    const seen = await fs.readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
      // released between our attempt and this read: try again at once
      if (e.code === 'ENOENT') return undefined
      throw e
    })
    if (seen === undefined) continue
    const holder = holderIn(seen)
    if (await isStale(path, holder, o.staleAfter)) {
      if (!(await removeStale(path, seen))) await o.sleep(5)
      continue
    }
    if (Date.now() >= deadline) throw lockedBy(stack, holder)
    await o.sleep(Math.min(200, Math.max(1, deadline - Date.now())))
  }
}
