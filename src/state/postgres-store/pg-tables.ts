/** The PostgreSQL store's tables: snapshots, backups, journal rows and lock holders. */
import type { Pool } from 'pg'

/** Create the tables in schema `S` (quoted) unless they are all there; `setupKey` serialises creators. */
export const createTables = async (pool: Pool, S: string, setupKey: string): Promise<void> => {
  const c = await pool.connect()
  try {
    const have = await c.query(
      `SELECT to_regclass($1) AS a, to_regclass($2) AS b, to_regclass($3) AS c, to_regclass($4) AS d`,
      [`${S}.snapshots`, `${S}.backups`, `${S}.journal`, `${S}.locks`],
    )
    const r = have.rows[0] as Record<string, unknown>
    if (r.a && r.b && r.c && r.d) return
    await c.query('BEGIN')
    // two processes creating the tables at once would race on the catalogs
    await c.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [setupKey])
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
