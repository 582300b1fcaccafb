/**
 * The default StateStore: `.trellis/<stack>.json` snapshots plus a `.trellis/<stack>.journal` of
 * write-ahead records. Snapshots are written atomically (temp file, fsync, rename) with a checksum;
 * journal appends are fsynced, so every settled step is durable without rewriting the whole state;
 * the journal is folded into the snapshot at the end of a run. A lock file names its holder (owner,
 * pid, host, since, and the holder's boot id and process start time, so that a pid reused by another
 * process after a crash or a reboot is not taken for the holder); a lock whose process is gone is
 * stale and recovered. The last 5 snapshots are kept under `backups/`. Every path is built from a
 * validated stack name and checked to lie inside the state directory; a snapshot names its stack,
 * and a file holding another stack's state is refused.
 */
import { createHash, randomUUID } from 'node:crypto'
import { constants, promises as fs } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve, sep } from 'node:path'
import { nodeNameProblem, stackNameProblem } from '../core/names'
import { processIdentity, sameProcess } from './process-identity'
import * as TE from 'fp-ts/TaskEither'
import { replay, type JournalRecord, type State } from './state'
import { stateError, type Lock, type LockInfo, type StateError, type StateStore } from './state-store'
import { processAlive } from '../core/process-alive'
import { withOwners } from './owners'
import { fileOwners } from './owners-file'

export interface FileStoreOptions {
  /** default `.trellis` */
  readonly dir?: string
  readonly backups?: number
  /** a lock older than this is stale even if its process seems alive (default 6 h) */
  readonly staleAfterMs?: number
  readonly sleep?: (ms: number) => Promise<void>
}

const checksum = (body: string) => createHash('sha256').update(body).digest('hex')

const io = <A>(f: () => Promise<A>): TE.TaskEither<StateError, A> =>
  TE.tryCatch(f, (e) =>
    (e as StateError)?._tag === 'StateError' ? (e as StateError) : stateError('Io', (e as Error).message),
  )

const alive = processAlive

const writeAtomic = async (path: string, content: string): Promise<void> => {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`
  const fh = await fs.open(tmp, 'w')
  try {
    await fh.writeFile(content, 'utf8')
    await fh.sync()
  } finally {
    await fh.close()
  }
  await fs.rename(tmp, path)
}

/**
 * Flags of a journal opened for appends whose every write is durable when it returns (O_DSYNC: the
 * data and the size, what fdatasync gives), so a group commit is one trip to the thread pool instead
 * of open, write, fsync and close. Where the platform has no O_DSYNC, each write is followed by a sync.
 */
const DSYNC: number | undefined = constants.O_DSYNC
const JOURNAL_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (DSYNC ?? 0)

/** Append `text` to an open journal, durable on return. */
const appendDurably = async (fh: fs.FileHandle, text: string): Promise<void> => {
  await fh.writeFile(text, 'utf8')
  if (DSYNC === undefined) await fh.datasync()
}

/** Remove our own lock only: after a stale takeover the file may be another holder's. */
const releaseIfMine = async (path: string, mine: string): Promise<void> => {
  const on = await fs.readFile(path, 'utf8').catch(() => undefined)
  if (on === mine) await fs.rm(path, { force: true })
}

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
    const age =
      Date.now() -
      (await fs.stat(guard).then(
        (s) => s.mtimeMs,
        () => Date.now(),
      ))
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

/** State in JSON files under a directory (default `.trellis/`): atomic writes, a lock, backups and a journal. */
const bareFileStore = (
  opts: FileStoreOptions = {},
): StateStore & {
  readonly dir: string
  readonly backups: (
    stack: string,
  ) => TE.TaskEither<StateError, ReadonlyArray<{ readonly serial: number; readonly path: string }>>
  readonly restore: (stack: string, serial?: number) => TE.TaskEither<StateError, State>
} => {
  const dir = opts.dir ?? '.trellis'
  const keep = opts.backups ?? 5
  const staleAfter = opts.staleAfterMs ?? 6 * 3600_000
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const root = resolve(dir)
  /** A file of a stack: the name validated, the path checked to lie inside the state directory. */
  const inside = (stack: string, file: string): string => {
    const problem = stackNameProblem(stack)
    if (problem !== undefined) throw stateError('Invalid', problem)
    const path = join(dir, file)
    if (!resolve(path).startsWith(root + sep))
      throw stateError('Invalid', `${JSON.stringify(path)} is not inside the state directory ${root}`)
    return path
  }
  const snap = (s: string) => inside(s, `${s}.json`)
  const jour = (s: string) => inside(s, `${s}.journal`)
  const lockf = (s: string) => inside(s, `${s}.lock`)
  const bdir = join(dir, 'backups')
  const backupOf = (s: string, serial: number) => inside(s, join('backups', `${s}.${serial}.json`))
  let made = false
  const ensure = async () => {
    if (!made) await fs.mkdir(bdir, { recursive: true })
    made = true
  }
  // serial of the snapshot this instance last read or wrote (journal lines are tagged with it)
  const known = new Map<string, number>()
  // While this instance holds a stack's lock its journal stays open: a run's ~1,000 group commits
  // each opened and closed it. Only the holder writes, and the handle is closed before the journal
  // is removed (a snapshot folds it) and when the lock is released, so it never outlives the file.
  const held = new Set<string>()
  const journals = new Map<string, Promise<fs.FileHandle>>()
  const closeJournal = async (stack: string): Promise<void> => {
    const fh = journals.get(stack)
    if (!fh) return
    journals.delete(stack)
    await (await fh.catch(() => undefined))?.close()
  }

  /** The snapshot's state, refused when it is another stack's (a file copied or renamed over this one). */
  const parseSnapshot = (stack: string, text: string, where: string): State => {
    const s = checkedSnapshot(stack, text, where)
    if (s.stack !== stack)
      throw stateError(
        'Conflict',
        `state file ${where} holds the state of stack ${JSON.stringify(s.stack)}, not ${JSON.stringify(stack)}: refusing to use another stack's state (was a file copied over it?)`,
      )
    // names are printed in plans and listings: one with a control character would forge lines there
    for (const r of [...Object.values(s.resources ?? {}), ...Object.values(s.pending ?? {})]) {
      const problem = nodeNameProblem(r.name) ?? (nodeNameProblem(r.address) && `address ${JSON.stringify(r.address)}`)
      if (problem)
        throw stateError(
          'Corrupt',
          `state file ${where} holds a resource whose ${problem}; it was not written by trellis`,
        )
    }
    return s
  }

  const checkedSnapshot = (stack: string, text: string, where: string): State => {
    let doc: { checksum?: string; state?: State }
    try {
      doc = JSON.parse(text) as typeof doc
    } catch {
      throw stateError(
        'Corrupt',
        `state file ${where} is not valid JSON (truncated or damaged). It was NOT treated as empty. Restore the last good copy with \`trellis state restore --stack ${stack}\` (backups are in ${bdir}).`,
      )
    }
    if (typeof doc !== 'object' || doc === null || !doc.state || doc.checksum !== checksum(JSON.stringify(doc.state)))
      throw stateError(
        'Corrupt',
        `state file ${where} fails its checksum (edited or damaged). It was NOT treated as empty. Restore the last good copy with \`trellis state restore --stack ${stack}\` (backups are in ${bdir}).`,
      )
    return doc.state
  }

  const readSnapshot = async (stack: string): Promise<State | undefined> => {
    let text: string
    try {
      text = await fs.readFile(snap(stack), 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw e
    }
    return parseSnapshot(stack, text, snap(stack))
  }

  const readJournal = async (stack: string, serial: number): Promise<JournalRecord[]> => {
    let text: string
    try {
      text = await fs.readFile(jour(stack), 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw e
    }
    const out: JournalRecord[] = []
    for (const line of text.split('\n')) {
      if (!line) continue
      try {
        const { s, r } = JSON.parse(line) as { s: number; r: JournalRecord }
        // records written before the last compaction belong to an older snapshot
        if (s === serial) out.push(r)
      } catch {
        // a torn last line from a crash mid-append: everything before it is intact
        break
      }
    }
    return out
  }

  const read = async (stack: string): Promise<State | undefined> => {
    const s = await readSnapshot(stack)
    const j = await readJournal(stack, s?.serial ?? -1)
    if (!s) {
      if (j.length === 0) return undefined
      throw stateError(
        'Corrupt',
        `journal ${jour(stack)} has records but the snapshot ${snap(stack)} is missing; restore it with \`trellis state restore --stack ${stack}\``,
      )
    }
    known.set(stack, s.serial)
    return replay(s, j)
  }

  const listBackups = async (stack: string) => {
    inside(stack, `${stack}.json`)
    await ensure()
    const files = await fs.readdir(bdir)
    return files
      .map((f) => ({ f, m: new RegExp(`^${stack.replace(/[.]/g, '\\.')}\\.(\\d+)\\.json$`).exec(f) }))
      .filter((x) => x.m)
      .map((x) => ({ serial: Number(x.m![1]), path: join(bdir, x.f) }))
      .sort((a, b) => b.serial - a.serial)
  }

  const writeSnapshot = async (stack: string, next: State) => {
    const body = JSON.stringify(next)
    const content = JSON.stringify({ checksum: checksum(body), state: next }, null, 1)
    await writeAtomic(snap(stack), content)
    await writeAtomic(backupOf(stack, next.serial), content)
    // the snapshot now holds every journal record
    await closeJournal(stack)
    await fs.rm(jour(stack), { force: true })
    for (const old of (await listBackups(stack)).slice(keep)) await fs.rm(old.path, { force: true })
  }

  return {
    dir,
    lock: (stack, o = {}) =>
      io(async (): Promise<Lock> => {
        const path = lockf(stack)
        await ensure()
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
          // the lock file appears whole or not at all (written aside, then linked into place), so a
          // contender never reads a half-written holder
          const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`
          const fh = await fs.open(tmp, 'w')
          try {
            await fh.writeFile(mine, 'utf8')
            await fh.sync()
          } finally {
            await fh.close()
          }
          try {
            await fs.link(tmp, path).catch(async (e: NodeJS.ErrnoException) => {
              if (e.code === 'EEXIST') throw e
              // a file system without hard links: exclusive create, then write
              await fs.writeFile(path, mine, { flag: 'wx' })
            })
            held.add(stack)
            return {
              release: () =>
                io(async () => {
                  held.delete(stack)
                  await closeJournal(stack)
                  await releaseIfMine(path, mine)
                }),
            }
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
          } finally {
            await fs.rm(tmp, { force: true })
          }
          let seen: string
          try {
            seen = await fs.readFile(path, 'utf8')
          } catch (e) {
            // released between our attempt and this read: try again at once
            if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue
            throw e
          }
          // a damaged file is treated as stale only if it stays so for a while
          const holder = holderIn(seen)
          const stale =
            holder === undefined
              ? Date.now() -
                  (await fs.stat(path).then(
                    (s) => s.mtimeMs,
                    () => 0,
                  )) >
                5_000
              : (holder.host === hostname() && !(alive(holder.pid) && sameProcess(holder))) ||
                Date.now() - Date.parse(holder.since) > staleAfter
          if (stale) {
            if (!(await removeStale(path, seen))) await sleep(5)
            continue
          }
          if (Date.now() >= deadline)
            throw stateError(
              'Locked',
              `stack ${stack} is locked by ${holder?.owner ?? 'another run'} (pid ${holder?.pid ?? '?'} on ${holder?.host ?? '?'}) since ${holder?.since ?? '?'}; wait for it to finish`,
              holder,
            )
          await sleep(Math.min(200, Math.max(1, deadline - Date.now())))
        }
      }),
    read: (stack) => io(() => read(stack)),
    append: (stack, records) =>
      io(async () => {
        await ensure()
        const serial = known.get(stack) ?? (await readSnapshot(stack))?.serial ?? -1
        const text = records.map((r) => JSON.stringify({ s: serial, r })).join('\n') + '\n'
        if (held.has(stack)) {
          let fh = journals.get(stack)
          if (!fh) journals.set(stack, (fh = fs.open(jour(stack), JOURNAL_FLAGS)))
          try {
            await appendDurably(await fh, text)
          } catch (e) {
            // a failed open or write is not kept: the next append opens the journal again
            if (journals.get(stack) === fh) await closeJournal(stack)
            throw e
          }
          return
        }
        // an append without the lock (tests, tools): open, write durably, close
        const fh = await fs.open(jour(stack), JOURNAL_FLAGS)
        try {
          await appendDurably(fh, text)
        } finally {
          await fh.close()
        }
      }),
    write: (stack, state) =>
      io(async () => {
        await ensure()
        const on = await readSnapshot(stack)
        if (on && on.lineage !== state.lineage)
          throw stateError(
            'Conflict',
            `state of ${stack} belongs to lineage ${on.lineage}, this write to lineage ${state.lineage}: refusing to overwrite another stack's history`,
          )
        if (on && on.serial !== state.serial)
          throw stateError(
            'Conflict',
            `state of ${stack} is at serial ${on.serial}, but this write is based on serial ${state.serial}: another run changed it; plan again`,
          )
        const next: State = { ...state, serial: state.serial + 1 }
        await writeSnapshot(stack, next)
        known.set(stack, next.serial)
        return next
      }),
    list: () =>
      io(async () => {
        try {
          return (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5))
        } catch {
          return []
        }
      }),
    remove: (stack, serial) =>
      io(async () => {
        const on = await readSnapshot(stack)
        if (on && on.serial !== serial)
          throw stateError(
            'Conflict',
            `state of ${stack} is at serial ${on.serial}, not ${serial}: another run changed it; look again`,
          )
        await closeJournal(stack)
        await fs.rm(jour(stack), { force: true })
        await fs.rm(snap(stack), { force: true })
        known.delete(stack)
      }),
    backups: (stack) => io(() => listBackups(stack)),
    restore: (stack, serial) =>
      io(async () => {
        const bs = await listBackups(stack)
        const pick = serial === undefined ? bs : bs.filter((b) => b.serial === serial)
        for (const b of pick) {
          try {
            const s = parseSnapshot(stack, await fs.readFile(b.path, 'utf8'), b.path)
            const current = await readSnapshot(stack).catch(() => undefined)
            // journal records written on top of this very snapshot are still valid: keep their progress
            const records = await readJournal(stack, s.serial).catch(() => [])
            // the restored copy continues the history: a serial above anything written before
            const next: State = {
              ...replay(s, records),
              serial: Math.max(s.serial, current?.serial ?? 0, bs[0]?.serial ?? 0) + 1,
            }
            await writeSnapshot(stack, next)
            return next
          } catch {
            continue
          }
        }
        throw stateError(
          'NotFound',
          `no intact backup of ${stack}${serial !== undefined ? ` at serial ${serial}` : ''} in ${bdir}`,
        )
      }),
  }
}

/** State in files under `dir` (default `.trellis`), with the ownership claims in `<dir>/claims/` (owners-file.ts). */
export const fileStore = (opts: FileStoreOptions = {}): ReturnType<typeof bareFileStore> =>
  withOwners(bareFileStore(opts), fileOwners(opts.dir ?? '.trellis'))
