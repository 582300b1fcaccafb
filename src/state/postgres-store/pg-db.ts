/**
 * The PostgreSQL store's database: pg loaded on first use, a pool, the schema made once, transactions,
 * and errors as StateError naming the database (never its user or password).
 */
import { createHash } from 'node:crypto'
import type { Pool, PoolClient } from 'pg'
import { stateError, type StateError } from '../state-store'
import { pgModule } from '../pg-module'
import { createTables } from './pg-tables'

export interface PgDbOptions {
  readonly connectionString: string
  readonly schema: string
  readonly poolSize?: number
}

export interface PgDb {
  readonly schema: string
  /** the schema, quoted for SQL */
  readonly S: string
  readonly connectionString: string
  readonly pool: () => Promise<Pool>
  /** the tables, made once per store (and skipped when they are there already) */
  readonly ensure: () => Promise<void>
  readonly tx: <A>(f: (c: PoolClient) => Promise<A>, begin?: string) => Promise<A>
  readonly fail: (e: unknown) => StateError
  /** close the pool's connections, once */
  readonly close: () => Promise<void>
}

export const sha256 = (body: string) => createHash('sha256').update(body).digest('hex')

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
export const lockKey = (schema: string, stack: string) => {
  const h = createHash('sha256').update(`trellis\u0000${schema}\u0000${stack}`).digest()
  return { key: h.readBigInt64BE(0).toString(), hi: h.readUInt32BE(0), lo: h.readUInt32BE(4) }
}

type Pg = (typeof import('pg'))['default']
let pgLoaded: Promise<Pg> | undefined

/** pg is an optional peer dependency, loaded on first use: `import 'trellis'` never loads it. */
export const loadPg = (): Promise<Pg> =>
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

/** Run `f` in a transaction on one of the pool's connections, rolled back when it throws. */
const inTransaction = async <A>(pool: Pool, f: (c: PoolClient) => Promise<A>, begin: string): Promise<A> => {
  const c = await pool.connect()
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

export const pgDb = (opts: PgDbOptions): PgDb => {
  const { schema, connectionString } = opts
  const S = `"${schema}"`
  const where = describe(connectionString)
  // made on first use, once pg is loaded
  let pool: Promise<Pool> | undefined
  const poolOf = () =>
    (pool ??= loadPg().then((pg) => {
      const p = new pg.Pool({
        connectionString,
        max: opts.poolSize ?? 4,
        idleTimeoutMillis: 2_000,
        allowExitOnIdle: true,
      })
      // an idle connection the server closed must not crash the process; the next query reconnects
      p.on('error', () => undefined)
      return p
    }))
  let ready: Promise<void> | undefined
  const ensure = () => {
    ready ??= poolOf()
      .then((p) => createTables(p, S, lockKey(schema, '\u0000setup').key))
      .catch((e) => {
        ready = undefined
        throw e
      })
    return ready
  }
  let closing: Promise<void> | undefined
  return {
    schema,
    S,
    connectionString,
    pool: poolOf,
    ensure,
    tx: async (f, begin = 'BEGIN') => {
      await ensure()
      return inTransaction(await poolOf(), f, begin)
    },
    fail: (e) => {
      if (isStateError(e)) return e
      const err = e as { code?: string; message?: string }
      const code = err.code ? ` (${err.code})` : ''
      return stateError('Io', `PostgreSQL state store at ${where}: ${err.message ?? String(e)}${code}`)
    },
    close: () => (closing ??= pool ? pool.then((p) => p.end()).catch(() => undefined) : Promise.resolve()),
  }
}
