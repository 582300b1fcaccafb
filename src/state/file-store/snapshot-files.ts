/**
 * The file store's snapshots: checksummed JSON written atomically, each also kept as a backup (the
 * newest `keep`). A snapshot names its stack, and a file holding another stack's state is refused.
 */
import { promises as fs } from 'node:fs'
import { join } from 'node:path'
import { nodeNameProblem } from '../../core/names'
import type { State } from '../state'
import { stateError } from '../state-store'
import { checksum, readIfThere, writeAtomic } from './file-io'
import type { FileLayout } from './layout'

export interface Backup {
  readonly serial: number
  readonly path: string
}

export interface SnapshotFiles {
  /** the snapshot's state, refused when it is another stack's or damaged */
  readonly parse: (stack: string, text: string, where: string) => State
  readonly read: (stack: string) => Promise<State | undefined>
  /** write the snapshot and its backup, remove the journal it folds, prune old backups */
  readonly write: (stack: string, next: State) => Promise<void>
  /** backups, newest first */
  readonly backups: (stack: string) => Promise<Backup[]>
}

const restoreHint = (stack: string, bdir: string) =>
  `Restore the last good copy with \`trellis state restore --stack ${stack}\` (backups are in ${bdir}).`

/** The state in a snapshot's text, its checksum verified. */
const checkedSnapshot = (stack: string, text: string, where: string, bdir: string): State => {
  let doc: { checksum?: string; state?: State }
  try {
    doc = JSON.parse(text) as typeof doc
  } catch {
    throw stateError(
      'Corrupt',
      `state file ${where} is not valid JSON (truncated or damaged). It was NOT treated as empty. ${restoreHint(stack, bdir)}`,
    )
  }
  if (typeof doc !== 'object' || doc === null || !doc.state || doc.checksum !== checksum(JSON.stringify(doc.state)))
    throw stateError(
      'Corrupt',
      `state file ${where} fails its checksum (edited or damaged). It was NOT treated as empty. ${restoreHint(stack, bdir)}`,
    )
  return doc.state
}

/** The snapshot's state, refused when it is another stack's (a file copied or renamed over this one). */
const parseSnapshot = (stack: string, text: string, where: string, bdir: string): State => {
  const s = checkedSnapshot(stack, text, where, bdir)
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

export const snapshotFiles = (
  layout: FileLayout,
  keep: number,
  closeJournal: (stack: string) => Promise<void>,
): SnapshotFiles => {
  const { bdir } = layout
  const parse = (stack: string, text: string, where: string) => parseSnapshot(stack, text, where, bdir)
  const backups = async (stack: string): Promise<Backup[]> => {
    layout.inside(stack, `${stack}.json`)
    await layout.ensure()
    const files = await fs.readdir(bdir)
    const pattern = new RegExp(`^${stack.replace(/[.]/g, '\\.')}\\.(\\d+)\\.json$`)
    return files
      .map((f) => ({ f, m: pattern.exec(f) }))
      .filter((x) => x.m)
      .map((x) => ({ serial: Number(x.m![1]), path: join(bdir, x.f) }))
      .sort((a, b) => b.serial - a.serial)
  }
  return {
    parse,
    read: async (stack) => {
      const text = await readIfThere(layout.snap(stack))
      return text === undefined ? undefined : parse(stack, text, layout.snap(stack))
    },
    write: async (stack, next) => {
      const body = JSON.stringify(next)
      const content = JSON.stringify({ checksum: checksum(body), state: next }, null, 1)
      await writeAtomic(layout.snap(stack), content)
      await writeAtomic(layout.backupOf(stack, next.serial), content)
      // the snapshot now holds every journal record
      await closeJournal(stack)
      await fs.rm(layout.jour(stack), { force: true })
      for (const old of (await backups(stack)).slice(keep)) await fs.rm(old.path, { force: true })
    },
    backups,
  }
}
