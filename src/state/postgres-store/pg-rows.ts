/** The PostgreSQL store's rows: snapshots and backups with checksummed bodies, journal records. */
import type { ClientBase } from 'pg'
import type { JournalRecord, State } from '../state'
import { stateError } from '../state-store'
import { sha256 } from './pg-db'

export interface BackupRow {
  readonly serial: number
  readonly checksum: string
  readonly body: string
  readonly writtenAt: string
}

export const restoreAdvice = (schema: string, stack: string) =>
  `It was NOT treated as empty. Restore the last good copy with \`trellis state restore --stack ${stack}\` against this database (backups are in ${schema}.backups).`

/** The state in a stored body, checked against its checksum. */
export const parseBody = (schema: string, stack: string, body: string, sum: string, what: string): State => {
  if (sha256(body) !== sum)
    throw stateError(
      'Corrupt',
      `${what} of ${stack} fails its checksum (edited or damaged). ${restoreAdvice(schema, stack)}`,
    )
  try {
    return JSON.parse(body) as State
  } catch {
    throw stateError('Corrupt', `${what} of ${stack} is not valid JSON. ${restoreAdvice(schema, stack)}`)
  }
}

/** journal records of `serial`, in append order, each checked against its checksum */
export const journalOf = async (
  c: ClientBase,
  { schema, S }: { readonly schema: string; readonly S: string },
  stack: string,
  serial: number,
): Promise<JournalRecord[]> => {
  const rows = (
    await c.query(`SELECT seq, checksum, record FROM ${S}.journal WHERE stack = $1 AND serial = $2 ORDER BY seq`, [
      stack,
      serial,
    ])
  ).rows as Array<{ seq: string; checksum: string; record: string }>
  return rows.map((r) => {
    if (sha256(r.record) !== r.checksum)
      throw stateError(
        'Corrupt',
        `journal record ${r.seq} of ${stack} fails its checksum (edited or damaged). ${restoreAdvice(schema, stack)}`,
      )
    return JSON.parse(r.record) as JournalRecord
  })
}

/** store `next` as the snapshot (the caller holds the row lock), keep it as a backup, clear the journal */
export const putSnapshot = async (
  c: ClientBase,
  S: string,
  keep: number,
  { stack, next, exists }: { stack: string; next: State; exists: boolean },
) => {
  const body = JSON.stringify(next)
  const sum = sha256(body)
  if (exists)
    await c.query(
      `UPDATE ${S}.snapshots SET lineage = $2, serial = $3, checksum = $4, body = $5, written_at = now() WHERE stack = $1`,
      [stack, next.lineage, next.serial, sum, body],
    )
  // a plain insert: two first writes at once must not both succeed (the loser gets 23505)
  else
    await c.query(`INSERT INTO ${S}.snapshots (stack, lineage, serial, checksum, body) VALUES ($1, $2, $3, $4, $5)`, [
      stack,
      next.lineage,
      next.serial,
      sum,
      body,
    ])
  await c.query(
    `INSERT INTO ${S}.backups (stack, serial, checksum, body) VALUES ($1, $2, $3, $4)
     ON CONFLICT (stack, serial) DO UPDATE SET checksum = EXCLUDED.checksum, body = EXCLUDED.body, written_at = now()`,
    [stack, next.serial, sum, body],
  )
  // the snapshot now holds every journal record
  await c.query(`DELETE FROM ${S}.journal WHERE stack = $1`, [stack])
  await c.query(
    `DELETE FROM ${S}.backups WHERE stack = $1 AND serial NOT IN (SELECT serial FROM ${S}.backups WHERE stack = $1 ORDER BY serial DESC LIMIT $2)`,
    [stack, keep],
  )
}

/** a stack's backups, newest first */
export const listBackups = async (c: ClientBase, S: string, stack: string): Promise<BackupRow[]> => {
  const rows = (
    await c.query(`SELECT serial, checksum, body, written_at FROM ${S}.backups WHERE stack = $1 ORDER BY serial DESC`, [
      stack,
    ])
  ).rows as Array<{ serial: string; checksum: string; body: string; written_at: Date }>
  return rows.map((r) => ({
    serial: Number(r.serial),
    checksum: r.checksum,
    body: r.body,
    writtenAt: r.written_at.toISOString(),
  }))
}
