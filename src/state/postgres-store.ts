/**
 * A StateStore in PostgreSQL, so a team shares one state per stack. Same semantics as the file
 * store: a per-stack lock that names its holder (postgres-store/pg-lock.ts), snapshots written in a
 * transaction with serial and lineage checks, journal appends as rows (committed = durable; replayed
 * on read; cleared by the next snapshot), the last 5 snapshots kept as backups, and checksums on
 * every stored body.
 */
import type { ClientBase } from 'pg'
import * as TE from 'fp-ts/TaskEither'
import { replay, type JournalRecord, type State } from './state'
import { stateError, type StateError, type StateStore } from './state-store'
import { lockKey, pgDb, sha256, type PgDb } from './postgres-store/pg-db'
import { withMoves } from './move-intent'
import { withOwners } from './owners'
import { pgOwners } from './owners-postgres'
import { takePgLock } from './postgres-store/pg-lock'
import { journalOf, listBackups, parseBody, putSnapshot } from './postgres-store/pg-rows'

/** Where the PostgreSQL state lives: connection string, schema, pool. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (the password never appears in a message) */
  readonly connectionString: string
  /** schema holding trellis' tables, created on first use (default `trellis`) */
  readonly schema?: string
  /** how long `lock` waits for a live holder when the caller gives no `waitMs` (default 0) */
  readonly lockWaitMs?: number
  /** snapshots kept as backups per stack (default 5) */
  readonly backups?: number
  /** connections in the pool for reads and writes (default 4; each held lock has its own) */
  readonly poolSize?: number
  readonly sleep?: (ms: number) => Promise<void>
}

/** A state store in PostgreSQL, to be closed after use. */
export interface PostgresStore extends StateStore {
  readonly schema: string
  /** the kept snapshots of a stack, newest first */
  readonly backups: (
    stack: string,
  ) => TE.TaskEither<StateError, ReadonlyArray<{ readonly serial: number; readonly writtenAt: string }>>
  /** write the newest intact backup (or the one at `serial`) back as the current state */
  readonly restore: (stack: string, serial?: number) => TE.TaskEither<StateError, State>
  /** close the pool's connections, once (held locks keep their own until released) */
  readonly close: () => Promise<void>
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

/** One store: its database, the backups it keeps, and the serial it last read or wrote per stack. */
interface Parts {
  readonly db: PgDb
  readonly keep: number
  /** journal rows are tagged with the serial of the snapshot this instance last read or wrote */
  readonly known: Map<string, number>
}

/** The snapshot row of a stack, locked for update. */
const rowForUpdate = async (c: ClientBase, S: string, stack: string) =>
  (await c.query(`SELECT lineage, serial FROM ${S}.snapshots WHERE stack = $1 FOR UPDATE`, [stack])).rows[0] as
    { lineage: string; serial: string } | undefined

const readState = ({ db, known }: Parts, stack: string) =>
  db.tx(async (c) => {
    const row = (await c.query(`SELECT serial, checksum, body FROM ${db.S}.snapshots WHERE stack = $1`, [stack]))
      .rows[0] as { serial: string; checksum: string; body: string } | undefined
    if (!row) {
      const count = `SELECT count(*) AS n FROM ${db.S}.journal WHERE stack = $1`
      const orphans = Number((await c.query<{ n: string }>(count, [stack])).rows[0].n)
      if (orphans === 0) return undefined
      throw stateError(
        'Corrupt',
        `the journal of ${stack} has ${orphans} records but there is no snapshot for them to apply to; restore it with \`trellis state restore --stack ${stack}\``,
      )
    }
    const s = parseBody(db.schema, stack, row.body, row.checksum, 'the state snapshot')
    const records = await journalOf(c, db, stack, s.serial)
    known.set(stack, s.serial)
    return replay(s, records)
  }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')

const firstWriteRace = (stack: string, e: unknown): unknown =>
  (e as { code?: string }).code === '23505'
    ? stateError('Conflict', `another run wrote the first state of ${stack} at the same moment; plan again`)
    : e

const writeState = ({ db, keep, known }: Parts, stack: string, state: State) =>
  db
    .tx(async (c) => {
      const on = await rowForUpdate(c, db.S, stack)
      if (on && on.lineage !== state.lineage)
        throw stateError(
          'Conflict',
          `state of ${stack} belongs to lineage ${on.lineage}, this write to lineage ${state.lineage}: refusing to overwrite another stack's history`,
        )
      if (on && Number(on.serial) !== state.serial)
        throw stateError(
          'Conflict',
          `state of ${stack} is at serial ${on.serial}, but this write is based on serial ${state.serial}: another run changed it; plan again`,
        )
      const next: State = { ...state, serial: state.serial + 1 }
      await putSnapshot(c, db.S, keep, { stack, next, exists: on !== undefined })
      return next
    })
    .then(
      (next) => {
        known.set(stack, next.serial)
        return next
      },
      (e) => {
        throw firstWriteRace(stack, e)
      },
    )

const appendRows = async ({ db, known }: Parts, stack: string, records: ReadonlyArray<JournalRecord>) => {
  if (records.length === 0) return
  await db.ensure()
  const texts = records.map((r) => JSON.stringify(r))
  // tagged with the snapshot this run is based on; rows of an older snapshot are never replayed
  await (
    await db.pool()
  ).query(
    `INSERT INTO ${db.S}.journal (stack, serial, checksum, record)
     SELECT $1, coalesce($2::bigint, (SELECT serial FROM ${db.S}.snapshots WHERE stack = $1), -1), c, r
     FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS t(c, r, i) ORDER BY i`,
    [stack, known.get(stack) ?? null, texts.map(sha256), texts],
  )
}

/** Write the newest intact backup (or the one at `serial`) back as a new serial. */
const restoreState = ({ db, keep, known }: Parts, stack: string, serial?: number) =>
  db
    .tx(async (c) => {
      // lock the current row (if any) so a concurrent write waits for the restore
      const on = await rowForUpdate(c, db.S, stack)
      const bs = await listBackups(c, db.S, stack)
      const pick = serial === undefined ? bs : bs.filter((b) => b.serial === serial)
      for (const b of pick) {
        let s: State
        try {
          s = parseBody(db.schema, stack, b.body, b.checksum, `backup ${b.serial}`)
        } catch {
          continue
        }
        // journal rows written on top of this very snapshot are still valid: keep their progress
        const records = await journalOf(c, db, stack, b.serial).catch(() => [])
        // the restored copy continues the history: a serial above anything written before
        const next: State = {
          ...replay(s, records),
          serial: Math.max(b.serial, Number(on?.serial ?? 0), bs[0]?.serial ?? 0) + 1,
        }
        await putSnapshot(c, db.S, keep, { stack, next, exists: on !== undefined })
        return next
      }
      throw stateError(
        'NotFound',
        `no intact backup of ${stack}${serial !== undefined ? ` at serial ${serial}` : ''} in ${db.schema}.backups`,
      )
    })
    .then((next) => {
      known.set(stack, next.serial)
      return next
    })

const removeState = ({ db, known }: Parts, stack: string, serial: number) =>
  db.tx(async (c) => {
    const on = await rowForUpdate(c, db.S, stack)
    if (on && Number(on.serial) !== serial)
      throw stateError(
        'Conflict',
        `state of ${stack} is at serial ${on.serial}, not ${serial}: another run changed it; look again`,
      )
    await c.query(`DELETE FROM ${db.S}.journal WHERE stack = $1`, [stack])
    await c.query(`DELETE FROM ${db.S}.snapshots WHERE stack = $1`, [stack])
    known.delete(stack)
  })

const listStacks = async (db: PgDb) =>
  (
    await db.tx(
      async (c) =>
        (await c.query(`SELECT stack FROM ${db.S}.snapshots ORDER BY stack`)).rows as Array<{ stack: string }>,
    )
  ).map((r) => r.stack)

/** State shared in PostgreSQL: advisory locks, checked serials and lineage, a journal, backups. */
const barePostgresStore = (opts: PostgresStoreOptions): PostgresStore => {
  const schema = opts.schema ?? 'trellis'
  if (!IDENT.test(schema))
    throw new Error(
      `postgresStore: schema must be a plain identifier (letters, digits, _), got ${JSON.stringify(schema)}`,
    )
  const db = pgDb({ connectionString: opts.connectionString, schema, poolSize: opts.poolSize })
  const p: Parts = { db, keep: opts.backups ?? 5, known: new Map() }
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const io = <A>(f: () => Promise<A>): TE.TaskEither<StateError, A> => TE.tryCatch(f, db.fail)
  const owners = pgOwners({ tx: db.tx, fail: db.fail, setupKey: lockKey(schema, '\u0000owners').key, schema: db.S })
  return {
    owners,
    schema,
    lock: (stack, o = {}) =>
      io(() => takePgLock(db, stack, { owner: o.owner, waitMs: o.waitMs ?? opts.lockWaitMs ?? 0, sleep })),
    read: (stack) => io(() => readState(p, stack)),
    append: (stack, records) => io(() => appendRows(p, stack, records)),
    write: (stack, state) => io(() => writeState(p, stack, state)),
    list: () => io(() => listStacks(db)),
    remove: (stack, serial) => io(() => removeState(p, stack, serial)),
    backups: (stack) =>
      io(() =>
        db.tx(async (c) => (await listBackups(c, db.S, stack)).map(({ serial, writtenAt }) => ({ serial, writtenAt }))),
      ),
    restore: (stack, serial) => io(() => restoreState(p, stack, serial)),
    close: db.close,
  }
}

/** State shared in PostgreSQL, with the ownership claims in `<schema>.owners` (owners-postgres.ts). */
export const postgresStore = (opts: PostgresStoreOptions): PostgresStore => {
  const s = barePostgresStore(opts)
  return withMoves(s.owners ? withOwners(s, s.owners) : s)
}
