/**
 * A StateStore in PostgreSQL, so a team shares one state per stack. Same semantics as the file
 * store: a per-stack lock that names its holder, snapshots written in a transaction with serial and
 * lineage checks, journal appends as rows (committed = durable; replayed on read; cleared by the
 * next snapshot), the last 5 snapshots kept as backups, and checksums on every stored body.
 *
 * The lock is a session-level advisory lock (pg_try_advisory_lock on a hash of schema and stack)
 * held on a dedicated connection for as long as the run holds it; the holder's owner, pid, host and
 * time are recorded in `locks` so a refusal names it. When the holding process dies, its session
 * ends and PostgreSQL releases the lock itself: no stale lock to clean up.
 */
import { createHash, randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { ClientBase, Pool, PoolClient } from 'pg'
import * as TE from 'fp-ts/TaskEither'
import { replay, type JournalRecord, type State } from './state'
import { stateError, type Lock, type LockInfo, type StateError, type StateStore } from './state-store'
import { pgModule } from './pg-module'
import { withOwners } from './owners'
import { pgOwners } from './owners-postgres'

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

const sha256 = (body: string) => createHash('sha256').update(body).digest('hex')

const isStateError = (e: unknown): e is StateError => (e as StateError | undefined)?._tag === 'StateError'

/** host:port/database of a connection string, without user or password (for messages). */
const describe = (connectionString: string): string => {
  try {
    const u = new URL(connectionString)
    return `${u.hostname || 'localhost'}${u.port ? `:${u.port}` : ''}${u.pathname.length > 1 ? u.pathname : ''}`
  } catch {
    return 'the configured database'
  }
}

/** The 64-bit advisory lock key of a stack, and its two halves as pg_locks shows them. */
const lockKey = (schema: string, stack: string) => {
  const h = createHash('sha256').update(`trellis\u0000${schema}\u0000${stack}`).digest()
  return { key: h.readBigInt64BE(0).toString(), hi: h.readUInt32BE(0), lo: h.readUInt32BE(4) }
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

type Pg = (typeof import('pg'))['default']
let pgLoaded: Promise<Pg> | undefined

/** pg is an optional peer dependency, loaded on first use: `import 'trellis'` never loads it. */
const loadPg = (): Promise<Pg> =>
  (pgLoaded ??= pgModule().then(
    (m) => m.default,
    (e: unknown) => {
      pgLoaded = undefined
      const code = (e as { code?: unknown }).code
      throw code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND'
        ? new Error(
            'the pg package is not installed; postgresStore needs it (an optional peer dependency): npm install pg',
          )
        : e
    },
  ))

/** State shared in PostgreSQL: advisory locks, checked serials and lineage, a journal, backups. */
const barePostgresStore = (opts: PostgresStoreOptions): PostgresStore => {
  const schema = opts.schema ?? 'trellis'
  if (!IDENT.test(schema))
    throw new Error(
      `postgresStore: schema must be a plain identifier (letters, digits, _), got ${JSON.stringify(schema)}`,
    )
  const keep = opts.backups ?? 5
  const defaultWait = opts.lockWaitMs ?? 0
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const where = describe(opts.connectionString)
  const S = `"${schema}"`
  // made on first use, once pg is loaded
  let pool: Promise<Pool> | undefined
  const poolOf = () =>
    (pool ??= loadPg().then((pg) => {
      const p = new pg.Pool({
        connectionString: opts.connectionString,
        max: opts.poolSize ?? 4,
        idleTimeoutMillis: 2_000,
        allowExitOnIdle: true,
      })
      // an idle connection the server closed must not crash the process; the next query reconnects
      p.on('error', () => undefined)
      return p
    }))

  const fail = (e: unknown): StateError => {
    if (isStateError(e)) return e
    const err = e as { code?: string; message?: string }
    return stateError(
      'Io',
      `PostgreSQL state store at ${where}: ${err.message ?? String(e)}${err.code ? ` (${err.code})` : ''}`,
    )
  }
  const io = <A>(f: () => Promise<A>): TE.TaskEither<StateError, A> => TE.tryCatch(f, fail)

  const restoreAdvice = (stack: string) =>
    `It was NOT treated as empty. Restore the last good copy with \`trellis state restore --stack ${stack}\` against this database (backups are in ${schema}.backups).`

  // ── schema, created once per store (and skipped when it is there already) ────
  let ready: Promise<void> | undefined
  const setup = async () => {
    const c = await (await poolOf()).connect()
    try {
      const have = await c.query(
        `SELECT to_regclass($1) AS a, to_regclass($2) AS b, to_regclass($3) AS c, to_regclass($4) AS d`,
        [`${S}.snapshots`, `${S}.backups`, `${S}.journal`, `${S}.locks`],
      )
      const r = have.rows[0] as Record<string, unknown>
      if (r.a && r.b && r.c && r.d) return
      await c.query('BEGIN')
      // two processes creating the tables at once would race on the catalogs
      await c.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [lockKey(schema, '\u0000setup').key])
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${S}`)
      await c.query(`CREATE TABLE IF NOT EXISTS ${S}.snapshots (
        stack text PRIMARY KEY, lineage text NOT NULL, serial bigint NOT NULL,
        checksum text NOT NULL, body text NOT NULL, written_at timestamptz NOT NULL DEFAULT now())`)
      await c.query(`CREATE TABLE IF NOT EXISTS ${S}.backups (
        stack text NOT NULL, serial bigint NOT NULL, checksum text NOT NULL, body text NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (stack, serial))`)
      await c.query(`CREATE TABLE IF NOT EXISTS ${S}.journal (
        seq bigserial PRIMARY KEY, stack text NOT NULL, serial bigint NOT NULL,
        checksum text NOT NULL, record text NOT NULL)`)
      await c.query(`CREATE INDEX IF NOT EXISTS journal_by_stack ON ${S}.journal (stack, seq)`)
      await c.query(`CREATE TABLE IF NOT EXISTS ${S}.locks (
        stack text PRIMARY KEY, owner text NOT NULL, pid integer NOT NULL, host text NOT NULL,
        since text NOT NULL, backend_pid integer NOT NULL, token text NOT NULL)`)
      await c.query('COMMIT')
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined)
      throw e
    } finally {
      c.release()
    }
  }
  const ensure = () => {
    ready ??= setup().catch((e) => {
      ready = undefined
      throw e
    })
    return ready
  }

  const tx = async <A>(f: (c: PoolClient) => Promise<A>, begin = 'BEGIN'): Promise<A> => {
    await ensure()
    const c = await (await poolOf()).connect()
    try {
      await c.query(begin)
      const a = await f(c)
      await c.query('COMMIT')
      return a
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined)
      throw e
    } finally {
      c.release()
    }
  }

  let closing: Promise<void> | undefined
  // serial of the snapshot this instance last read or wrote (journal rows are tagged with it)
  const known = new Map<string, number>()

  const parseBody = (stack: string, body: string, sum: string, what: string): State => {
    if (sha256(body) !== sum)
      throw stateError('Corrupt', `${what} of ${stack} fails its checksum (edited or damaged). ${restoreAdvice(stack)}`)
    try {
      return JSON.parse(body) as State
    } catch {
      throw stateError('Corrupt', `${what} of ${stack} is not valid JSON. ${restoreAdvice(stack)}`)
    }
  }

  /** journal records of `serial`, in append order, each checked against its checksum */
  const journalOf = async (c: ClientBase, stack: string, serial: number): Promise<JournalRecord[]> => {
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
          `journal record ${r.seq} of ${stack} fails its checksum (edited or damaged). ${restoreAdvice(stack)}`,
        )
      return JSON.parse(r.record) as JournalRecord
    })
  }

  const read = (stack: string) =>
    tx(async (c) => {
      const row = (await c.query(`SELECT serial, checksum, body FROM ${S}.snapshots WHERE stack = $1`, [stack]))
        .rows[0] as { serial: string; checksum: string; body: string } | undefined
      if (!row) {
        const orphans = Number(
          (await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${S}.journal WHERE stack = $1`, [stack])).rows[0].n,
        )
        if (orphans === 0) return undefined
        throw stateError(
          'Corrupt',
          `the journal of ${stack} has ${orphans} records but there is no snapshot for them to apply to; restore it with \`trellis state restore --stack ${stack}\``,
        )
      }
      const s = parseBody(stack, row.body, row.checksum, 'the state snapshot')
      const records = await journalOf(c, stack, s.serial)
      known.set(stack, s.serial)
      return replay(s, records)
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')

  /** store `next` as the snapshot (the caller holds the row lock), keep it as a backup, clear the journal */
  const putSnapshot = async (c: ClientBase, stack: string, next: State, exists: boolean) => {
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

  const firstWriteRace = (stack: string, e: unknown): unknown =>
    (e as { code?: string }).code === '23505'
      ? stateError('Conflict', `another run wrote the first state of ${stack} at the same moment; plan again`)
      : e

  const write = (stack: string, state: State) =>
    tx(async (c) => {
      const on = (await c.query(`SELECT lineage, serial FROM ${S}.snapshots WHERE stack = $1 FOR UPDATE`, [stack]))
        .rows[0] as { lineage: string; serial: string } | undefined
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
      await putSnapshot(c, stack, next, on !== undefined)
      return next
    }).then(
      (next) => {
        known.set(stack, next.serial)
        return next
      },
      (e) => {
        throw firstWriteRace(stack, e)
      },
    )

  const append = async (stack: string, records: ReadonlyArray<JournalRecord>) => {
    if (records.length === 0) return
    await ensure()
    const texts = records.map((r) => JSON.stringify(r))
    // tagged with the snapshot this run is based on; rows of an older snapshot are never replayed
    await (
      await poolOf()
    ).query(
      `INSERT INTO ${S}.journal (stack, serial, checksum, record)
       SELECT $1, coalesce($2::bigint, (SELECT serial FROM ${S}.snapshots WHERE stack = $1), -1), c, r
       FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS t(c, r, i) ORDER BY i`,
      [stack, known.get(stack) ?? null, texts.map(sha256), texts],
    )
  }

  /** who holds the advisory lock of a stack right now, as recorded in `locks` (undefined: free) */
  const holderOf = async (c: ClientBase, stack: string): Promise<{ info?: LockInfo; session?: string } | undefined> => {
    const k = lockKey(schema, stack)
    const r = (
      await c.query(
        `SELECT k.pid AS session, l.owner, l.pid, l.host, l.since, a.client_addr::text AS addr
         FROM pg_locks k
         LEFT JOIN ${S}.locks l ON l.stack = $1 AND l.backend_pid = k.pid
         LEFT JOIN pg_stat_activity a ON a.pid = k.pid
         WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 1
           AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND k.classid::bigint = $2 AND k.objid::bigint = $3`,
        [stack, k.hi, k.lo],
      )
    ).rows[0] as
      | {
          session: number
          owner: string | null
          pid: number | null
          host: string | null
          since: string | null
          addr: string | null
        }
      | undefined
    if (!r) return undefined
    if (r.owner === null) return { session: `PostgreSQL session ${r.session}${r.addr ? ` from ${r.addr}` : ''}` }
    return { info: { owner: r.owner, pid: Number(r.pid), host: r.host ?? '?', since: r.since ?? '?' } }
  }

  const lock = (stack: string, o: { readonly owner?: string; readonly waitMs?: number } = {}) =>
    io(async (): Promise<Lock> => {
      await ensure()
      const info: LockInfo = {
        owner: o.owner ?? process.env.USER ?? 'trellis',
        pid: process.pid,
        host: hostname(),
        since: new Date().toISOString(),
      }
      const k = lockKey(schema, stack)
      const token = randomUUID()
      const deadline = Date.now() + (o.waitMs ?? defaultWait)
      // a dedicated session: the lock lives exactly as long as it does
      const c = new (await loadPg()).Client({
        connectionString: opts.connectionString,
        keepAlive: true,
        application_name: `trellis lock ${stack}`.slice(0, 63),
      })
      let gone = false
      c.on('error', () => {
        gone = true
      })
      c.on('end', () => {
        gone = true
      })
      try {
        await c.connect()
        // a holder whose machine vanished (no FIN) is noticed by the server in about two minutes
        await c.query(`SET tcp_keepalives_idle = 60; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 6`)
        let unnamed = 0
        for (;;) {
          const got = (await c.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1::bigint) AS ok`, [k.key])).rows[0]
            .ok
          if (got) {
            await c.query(
              `INSERT INTO ${S}.locks (stack, owner, pid, host, since, backend_pid, token) VALUES ($1, $2, $3, $4, $5, pg_backend_pid(), $6)
               ON CONFLICT (stack) DO UPDATE SET owner = EXCLUDED.owner, pid = EXCLUDED.pid, host = EXCLUDED.host, since = EXCLUDED.since, backend_pid = EXCLUDED.backend_pid, token = EXCLUDED.token`,
              [stack, info.owner, info.pid, info.host, info.since, token],
            )
            let released = false
            return {
              release: () =>
                TE.tryCatch(async () => {
                  if (released) return
                  released = true
                  try {
                    // when the session is gone, PostgreSQL has released the lock with it
                    if (!gone) {
                      await c.query(`DELETE FROM ${S}.locks WHERE stack = $1 AND token = $2`, [stack, token])
                      await c.query(`SELECT pg_advisory_unlock($1::bigint)`, [k.key])
                    }
                  } catch {
                    // closing the session below releases the lock all the same
                  } finally {
                    await c.end().catch(() => undefined)
                  }
                }, fail),
            }
          }
          const h = await holderOf(c, stack)
          if (h === undefined) continue // released in between: try again at once
          // the holder records itself right after taking the lock; give it a moment to do so
          if (!h.info && unnamed++ < 10) {
            await sleep(20)
            continue
          }
          if (Date.now() >= deadline) {
            if (h.info)
              throw stateError(
                'Locked',
                `stack ${stack} is locked by ${h.info.owner} (pid ${h.info.pid} on ${h.info.host}) since ${h.info.since}; wait for it to finish`,
                h.info,
              )
            throw stateError(
              'Locked',
              `stack ${stack} is locked by ${h.session} that has not recorded its owner; wait for it to finish`,
            )
          }
          await sleep(Math.min(200, Math.max(1, deadline - Date.now())))
        }
      } catch (e) {
        await c.end().catch(() => undefined)
        throw e
      }
    })

  const listBackups = async (c: ClientBase, stack: string) =>
    (
      (
        await c.query(
          `SELECT serial, checksum, body, written_at FROM ${S}.backups WHERE stack = $1 ORDER BY serial DESC`,
          [stack],
        )
      ).rows as Array<{ serial: string; checksum: string; body: string; written_at: Date }>
    ).map((r) => ({
      serial: Number(r.serial),
      checksum: r.checksum,
      body: r.body,
      writtenAt: r.written_at.toISOString(),
    }))

  const restore = (stack: string, serial?: number) =>
    tx(async (c) => {
      // lock the current row (if any) so a concurrent write waits for the restore
      const on = (await c.query(`SELECT serial FROM ${S}.snapshots WHERE stack = $1 FOR UPDATE`, [stack])).rows[0] as
        { serial: string } | undefined
      const bs = await listBackups(c, stack)
      const pick = serial === undefined ? bs : bs.filter((b) => b.serial === serial)
      for (const b of pick) {
        let s: State
        try {
          s = parseBody(stack, b.body, b.checksum, `backup ${b.serial}`)
        } catch {
          continue
        }
        // journal rows written on top of this very snapshot are still valid: keep their progress
        const records = await journalOf(c, stack, b.serial).catch(() => [])
        // the restored copy continues the history: a serial above anything written before
        const next: State = {
          ...replay(s, records),
          serial: Math.max(b.serial, Number(on?.serial ?? 0), bs[0]?.serial ?? 0) + 1,
        }
        await putSnapshot(c, stack, next, on !== undefined)
        return next
      }
      throw stateError(
        'NotFound',
        `no intact backup of ${stack}${serial !== undefined ? ` at serial ${serial}` : ''} in ${schema}.backups`,
      )
    }).then((next) => {
      known.set(stack, next.serial)
      return next
    })

  const owners = pgOwners({ tx, fail, setupKey: lockKey(schema, '\u0000owners').key, schema: S })
  return {
    owners,
    schema,
    lock,
    read: (stack) => io(() => read(stack)),
    append: (stack, records) => io(() => append(stack, records)),
    write: (stack, state) => io(() => write(stack, state)),
    list: () =>
      io(async () =>
        (
          await tx(
            async (c) =>
              (await c.query(`SELECT stack FROM ${S}.snapshots ORDER BY stack`)).rows as Array<{ stack: string }>,
          )
        ).map((r) => r.stack),
      ),
    remove: (stack, serial) =>
      io(() =>
        tx(async (c) => {
          const on = (await c.query(`SELECT serial FROM ${S}.snapshots WHERE stack = $1 FOR UPDATE`, [stack]))
            .rows[0] as { serial: string } | undefined
          if (on && Number(on.serial) !== serial)
            throw stateError(
              'Conflict',
              `state of ${stack} is at serial ${on.serial}, not ${serial}: another run changed it; look again`,
            )
          await c.query(`DELETE FROM ${S}.journal WHERE stack = $1`, [stack])
          await c.query(`DELETE FROM ${S}.snapshots WHERE stack = $1`, [stack])
          known.delete(stack)
        }),
      ),
    backups: (stack) =>
      io(() => tx(async (c) => (await listBackups(c, stack)).map(({ serial, writtenAt }) => ({ serial, writtenAt })))),
    restore: (stack, serial) => io(() => restore(stack, serial)),
    close: () => (closing ??= pool ? pool.then((p) => p.end()).catch(() => undefined) : Promise.resolve()),
  }
}

/** State shared in PostgreSQL, with the ownership claims in `<schema>.owners` (owners-postgres.ts). */
export const postgresStore = (opts: PostgresStoreOptions): PostgresStore => {
  const s = barePostgresStore(opts)
  return s.owners ? withOwners(s, s.owners) : s
}
