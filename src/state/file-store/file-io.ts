/** The file store's small I/O primitives: checksums, atomic writes, durable appends, errors as StateError. */
import { createHash } from 'node:crypto'
import { constants, promises as fs } from 'node:fs'
import * as TE from 'fp-ts/TaskEither'
import { stateError, type StateError } from '../state-store'

export const checksum = (body: string) => createHash('sha256').update(body).digest('hex')

export const io = <A>(f: () => Promise<A>): TE.TaskEither<StateError, A> =>
  TE.tryCatch(f, (e) =>
    (e as StateError)?._tag === 'StateError' ? (e as StateError) : stateError('Io', (e as Error).message),
  )

/** Write `content` aside, sync it, then rename it into place: the file appears whole or not at all. */
export const writeAtomic = async (path: string, content: string): Promise<void> => {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`
  await writeSynced(tmp, content)
  await fs.rename(tmp, path)
}

/** Create (or truncate) `path` holding `content`, synced to disk before it returns. */
export const writeSynced = async (path: string, content: string): Promise<void> => {
  const fh = await fs.open(path, 'w')
  try {
    await fh.writeFile(content, 'utf8')
    await fh.sync()
  } finally {
    await fh.close()
  }
}

/**
 * Flags of a journal opened for appends whose every write is durable when it returns (O_DSYNC: the
 * data and the size, what fdatasync gives), so a group commit is one trip to the thread pool instead
 * of open, write, fsync and close. Where the platform has no O_DSYNC, each write is followed by a sync.
 */
const DSYNC: number | undefined = constants.O_DSYNC
export const JOURNAL_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (DSYNC ?? 0)

/** Append `text` to an open journal, durable on return. */
export const appendDurably = async (fh: fs.FileHandle, text: string): Promise<void> => {
  await fh.writeFile(text, 'utf8')
  if (DSYNC === undefined) await fh.datasync()
}

/** A file's text, or undefined when it does not exist. */
export const readIfThere = async (path: string): Promise<string | undefined> => {
  try {
    return await fs.readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw e
  }
}
