/**
 * The file store's journals: reading a stack's write-ahead records, and appending them durably.
 * While this instance holds a stack's lock its journal stays open: a run's ~1,000 group commits
 * each opened and closed it. Only the holder writes, and the handle is closed before the journal is
 * removed (a snapshot folds it) and when the lock is released, so it never outlives the file.
 */
import { promises as fs } from 'node:fs'
import type { JournalRecord } from '../state'
import { appendDurably, JOURNAL_FLAGS, readIfThere } from './file-io'

export interface JournalFiles {
  /** the records tagged with `serial` (older ones belong to an earlier snapshot) */
  readonly read: (stack: string, serial: number) => Promise<JournalRecord[]>
  readonly append: (stack: string, serial: number, records: ReadonlyArray<JournalRecord>) => Promise<void>
  /** the lock is taken: keep the journal open across appends */
  readonly hold: (stack: string) => void
  /** the lock is released: close the journal */
  readonly release: (stack: string) => Promise<void>
  /** close before the file is removed */
  readonly close: (stack: string) => Promise<void>
}

/** Records of a journal's text tagged with `serial`, up to a torn last line. */
const recordsIn = (text: string, serial: number): JournalRecord[] => {
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

export const journalFiles = (jour: (stack: string) => string): JournalFiles => {
  const held = new Set<string>()
  const journals = new Map<string, Promise<fs.FileHandle>>()
  const close = async (stack: string): Promise<void> => {
    const fh = journals.get(stack)
    if (!fh) return
    journals.delete(stack)
    await (await fh.catch(() => undefined))?.close()
  }
  const appendHeld = async (stack: string, text: string): Promise<void> => {
    let fh = journals.get(stack)
    if (!fh) journals.set(stack, (fh = fs.open(jour(stack), JOURNAL_FLAGS)))
    try {
      await appendDurably(await fh, text)
    } catch (e) {
      // a failed open or write is not kept: the next append opens the journal again
      if (journals.get(stack) === fh) await close(stack)
      throw e
    }
  }
  // an append without the lock (tests, tools): open, write durably, close
  const appendOnce = async (stack: string, text: string): Promise<void> => {
    const fh = await fs.open(jour(stack), JOURNAL_FLAGS)
    try {
      await appendDurably(fh, text)
    } finally {
      await fh.close()
    }
  }
  return {
    read: async (stack, serial) => {
      const text = await readIfThere(jour(stack))
      return text === undefined ? [] : recordsIn(text, serial)
    },
    append: (stack, serial, records) => {
      const text = records.map((r) => JSON.stringify({ s: serial, r })).join('\n') + '\n'
      return held.has(stack) ? appendHeld(stack, text) : appendOnce(stack, text)
    },
    hold: (stack) => void held.add(stack),
    release: async (stack) => {
      held.delete(stack)
      await close(stack)
    },
    close,
  }
}
