/**
 * The default StateStore: `.trellis/<stack>.json` snapshots plus a `.trellis/<stack>.journal` of
 * write-ahead records. Snapshots are written atomically (temp file, fsync, rename) with a checksum;
 * journal appends are fsynced, so every settled step is durable without rewriting the whole state;
 * the journal is folded into the snapshot at the end of a run. A lock file names its holder
 * (file-store/lock-file.ts); a lock whose process is gone is stale and recovered. The last 5
 * snapshots are kept under `backups/`. Every path is built from a validated stack name and checked
 * to lie inside the state directory; a snapshot names its stack, and a file holding another stack's
 * state is refused.
 */
import { promises as fs } from 'node:fs'
import * as TE from 'fp-ts/TaskEither'
import { replay, type State } from './state'
import { stateError, type Lock, type StateError, type StateStore } from './state-store'
import { io } from './file-store/file-io'
import { withMoves } from './move-intent'
import { withOwners } from './owners'
import { fileOwners } from './owners-file'
import { journalFiles, type JournalFiles } from './file-store/journal-files'
import { fileLayout, type FileLayout } from './file-store/layout'
import { releaseIfMine, takeLockFile } from './file-store/lock-file'
import { snapshotFiles, type Backup, type SnapshotFiles } from './file-store/snapshot-files'

export interface FileStoreOptions {
  /** default `.trellis` */
  readonly dir?: string
  readonly backups?: number
  /** a lock older than this is stale even if its process seems alive (default 6 h) */
  readonly staleAfterMs?: number
  readonly sleep?: (ms: number) => Promise<void>
}

export type FileStore = StateStore & {
  readonly dir: string
  readonly backups: (stack: string) => TE.TaskEither<StateError, ReadonlyArray<Backup>>
  readonly restore: (stack: string, serial?: number) => TE.TaskEither<StateError, State>
}

/** One store's parts, and the serial of the snapshot it last read or wrote per stack (journal lines carry it). */
interface Parts {
  readonly layout: FileLayout
  readonly journal: JournalFiles
  readonly snapshots: SnapshotFiles
  readonly known: Map<string, number>
}

const readState = async ({ layout, journal, snapshots, known }: Parts, stack: string): Promise<State | undefined> => {
  const s = await snapshots.read(stack)
  const j = await journal.read(stack, s?.serial ?? -1)
  if (!s) {
    if (j.length === 0) return undefined
    throw stateError(
      'Corrupt',
      `journal ${layout.jour(stack)} has records but the snapshot ${layout.snap(stack)} is missing; restore it with \`trellis state restore --stack ${stack}\``,
    )
  }
  known.set(stack, s.serial)
  return replay(s, j)
}

const writeState = async ({ layout, snapshots, known }: Parts, stack: string, state: State): Promise<State> => {
  await layout.ensure()
  const on = await snapshots.read(stack)
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
  await snapshots.write(stack, next)
  known.set(stack, next.serial)
  return next
}

const removeState = async ({ layout, journal, snapshots, known }: Parts, stack: string, serial: number) => {
  const on = await snapshots.read(stack)
  if (on && on.serial !== serial)
    throw stateError(
      'Conflict',
      `state of ${stack} is at serial ${on.serial}, not ${serial}: another run changed it; look again`,
    )
  await journal.close(stack)
  await fs.rm(layout.jour(stack), { force: true })
  await fs.rm(layout.snap(stack), { force: true })
  known.delete(stack)
}

/** Write the newest intact backup (or the one at `serial`) back as a new serial. */
const restoreState = async ({ layout, journal, snapshots }: Parts, stack: string, serial?: number) => {
  const bs = await snapshots.backups(stack)
  const pick = serial === undefined ? bs : bs.filter((b) => b.serial === serial)
  for (const b of pick) {
    try {
      const s = snapshots.parse(stack, await fs.readFile(b.path, 'utf8'), b.path)
      const current = await snapshots.read(stack).catch(() => undefined)
      // journal records written on top of this very snapshot are still valid: keep their progress
      const records = await journal.read(stack, s.serial).catch(() => [])
      // the restored copy continues the history: a serial above anything written before
      const next: State = {
        ...replay(s, records),
        serial: Math.max(s.serial, current?.serial ?? 0, bs[0]?.serial ?? 0) + 1,
      }
      await snapshots.write(stack, next)
      return next
    } catch {
      continue
    }
  }
  throw stateError(
    'NotFound',
    `no intact backup of ${stack}${serial !== undefined ? ` at serial ${serial}` : ''} in ${layout.bdir}`,
  )
}

const appendState = async (p: Parts, stack: string, records: Parameters<StateStore['append']>[1]) => {
  await p.layout.ensure()
  const serial = p.known.get(stack) ?? (await p.snapshots.read(stack))?.serial ?? -1
  await p.journal.append(stack, serial, records)
}

/** State in JSON files under a directory (default `.trellis/`): atomic writes, a lock, backups and a journal. */
const bareFileStore = (opts: FileStoreOptions = {}): FileStore => {
  const dir = opts.dir ?? '.trellis'
  const staleAfter = opts.staleAfterMs ?? 6 * 3600_000
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const layout = fileLayout(dir)
  const journal = journalFiles(layout.jour)
  const p: Parts = {
    layout,
    journal,
    snapshots: snapshotFiles(layout, opts.backups ?? 5, journal.close),
    known: new Map(),
  }
  return {
    dir,
    lock: (stack, o = {}) =>
      io(async (): Promise<Lock> => {
        const path = layout.lockf(stack)
        await layout.ensure()
        const mine = await takeLockFile(path, stack, { ...o, staleAfter, sleep })
        journal.hold(stack)
        const release = async () => {
          await journal.release(stack)
          await releaseIfMine(path, mine)
        }
        return { release: () => io(release) }
      }),
    read: (stack) => io(() => readState(p, stack)),
    append: (stack, records) => io(() => appendState(p, stack, records)),
    write: (stack, state) => io(() => writeState(p, stack, state)),
    list: () =>
      io(async () => {
        try {
          return (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5))
        } catch {
          return []
        }
      }),
    remove: (stack, serial) => io(() => removeState(p, stack, serial)),
    backups: (stack) => io(() => p.snapshots.backups(stack)),
    restore: (stack, serial) => io(() => restoreState(p, stack, serial)),
  }
}

/** State in files under `dir` (default `.trellis`), with the ownership claims in `<dir>/claims/` (owners-file.ts). */
export const fileStore = (opts: FileStoreOptions = {}): FileStore =>
  withMoves(withOwners(bareFileStore(opts), fileOwners(opts.dir ?? '.trellis')))
