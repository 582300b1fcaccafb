/**
 * The PostgreSQL store's lock: a session-level advisory lock (pg_try_advisory_lock on a hash of
 * schema and stack) held on a dedicated connection for as long as the run holds it; the holder's
 * owner, pid, host and time are recorded in `locks` so a refusal names it. When the holding process
 * dies, its session ends and PostgreSQL releases the lock itself: no stale lock to clean up.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { Client, ClientBase } from 'pg'
import * as TE from 'fp-ts/TaskEither'
import { stateError, type Lock, type LockInfo } from '../state-store'
import { loadPg, lockKey, type PgDb } from './pg-db'

export interface PgLockOptions {
  readonly owner?: string
  readonly waitMs: number
  readonly sleep: (ms: number) => Promise<void>
}

interface Holder {
  readonly info?: LockInfo
  readonly session?: string
}

/** who holds the advisory lock of a stack right now, as recorded in `locks` (undefined: free) */
const holderOf = async (c: ClientBase, db: PgDb, stack: string): Promise<Holder | undefined> => {
  const k = lockKey(db.schema, stack)
  const r = (
    await c.query(
      `SELECT k.pid AS session, l.owner, l.pid, l.host, l.since, a.client_addr::text AS addr
       FROM pg_locks k
       LEFT JOIN ${db.S}.locks l ON l.stack = $1 AND l.backend_pid = k.pid
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

const lockedBy = (stack: string, h: Holder) =>
  h.info
    ? stateError(
        'Locked',
        `stack ${stack} is locked by ${h.info.owner} (pid ${h.info.pid} on ${h.info.host}) since ${h.info.since}; wait for it to finish`,
        h.info,
      )
    : stateError(
        'Locked',
        `stack ${stack} is locked by ${h.session} that has not recorded its owner; wait for it to finish`,
      )

/** A dedicated session: the lock lives exactly as long as it does. `gone()` once the session ended. */
const lockSession = async (db: PgDb, stack: string) => {
  const c = new (await loadPg()).Client({
    connectionString: db.connectionString,
    keepAlive: true,
    application_name: `trellis lock ${stack}`.slice(0, 63),
  })
  let ended = false
  c.on('error', () => {
    ended = true
  })
  c.on('end', () => {
    ended = true
  })
  return { c, gone: () => ended }
}

/** The lock taken on session `c`: recorded in `locks`, released once. */
const held = async (db: PgDb, c: Client, gone: () => boolean, stack: string, info: LockInfo): Promise<Lock> => {
  const { key } = lockKey(db.schema, stack)
  const token = randomUUID()
  await c.query(
    `INSERT INTO ${db.S}.locks (stack, owner, pid, host, since, backend_pid, token) VALUES ($1, $2, $3, $4, $5, pg_backend_pid(), $6)
     ON CONFLICT (stack) DO UPDATE SET owner = EXCLUDED.owner, pid = EXCLUDED.pid, host = EXCLUDED.host, since = EXCLUDED.since, backend_pid = EXCLUDED.backend_pid, token = EXCLUDED.token`,
    [stack, info.owner, info.pid, info.host, info.since, token],
  )
  let released = false
  const release = async () => {
    if (released) return
    released = true
    try {
      // when the session is gone, PostgreSQL has released the lock with it
      if (!gone()) {
        await c.query(`DELETE FROM ${db.S}.locks WHERE stack = $1 AND token = $2`, [stack, token])
        await c.query(`SELECT pg_advisory_unlock($1::bigint)`, [key])
      }
    } catch {
      // closing the session below releases the lock all the same
    } finally {
      await c.end().catch(() => undefined)
    }
  }
  return { release: () => TE.tryCatch(release, db.fail) }
}

/** Try for the advisory lock on session `c` until it is ours or `deadline` passes. */
const acquire = async (c: Client, db: PgDb, stack: string, deadline: number, o: PgLockOptions): Promise<void> => {
  const { key } = lockKey(db.schema, stack)
  let unnamed = 0
  for (;;) {
    const got = (await c.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1::bigint) AS ok`, [key])).rows[0].ok
    if (got) return
    const h = await holderOf(c, db, stack)
    if (h === undefined) continue // released in between: try again at once
    // the holder records itself right after taking the lock; give it a moment to do so
    if (!h.info && unnamed++ < 10) {
      await o.sleep(20)
      continue
    }
    if (Date.now() >= deadline) throw lockedBy(stack, h)
    await o.sleep(Math.min(200, Math.max(1, deadline - Date.now())))
  }
}

/** Take the stack's lock, waiting up to `waitMs` for a live holder. */
export const takePgLock = async (db: PgDb, stack: string, o: PgLockOptions): Promise<Lock> => {
  await db.ensure()
  const info: LockInfo = {
    owner: o.owner ?? process.env.USER ?? 'trellis',
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
  }
  const deadline = Date.now() + o.waitMs
  const { c, gone } = await lockSession(db, stack)
  try {
    await c.connect()
    // a holder whose machine vanished (no FIN) is noticed by the server in about two minutes
    await c.query(`SET tcp_keepalives_idle = 60; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 6`)
    await acquire(c, db, stack, deadline, o)
    return await held(db, c, gone, stack, info)
  } catch (e) {
    await c.end().catch(() => undefined)
    throw e
  }
}
