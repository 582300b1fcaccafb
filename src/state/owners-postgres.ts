/**
 * Claims of remote objects kept in PostgreSQL (the PostgreSQL store): a table `owners` whose
 * primary key is the object's key, so two stacks' claims of one object cannot both commit. A claim
 * is one INSERT … ON CONFLICT that takes a key only when it is free or already the stack's own;
 * the keys it could not take are the conflicts, and then the transaction is rolled back.
 */
import type { PoolClient } from 'pg'
import * as TE from 'fp-ts/TaskEither'
import type { OwnerClaim, Owners, Wanted } from './owners'
import type { StateError } from './state-store'

/** What the store lends: a transaction, its error mapping, a lock key, and its quoted schema. */
export interface PgOwnersDeps {
  readonly tx: <A>(f: (c: PoolClient) => Promise<A>) => Promise<A>
  readonly fail: (e: unknown) => StateError
  /** the 64-bit advisory lock key (as text) that guards creating the table */
  readonly setupKey: string
  /** the schema, quoted (`"trellis"`) */
  readonly schema: string
}

/** A throw that rolls back a claim that met other stacks' claims, carrying them. */
interface Taken {
  readonly taken: ReadonlyArray<OwnerClaim>
}

/** The table (`"schema".owners`) and a transaction that first makes sure it exists. */
interface Db {
  readonly T: string
  readonly tx: <A>(f: (c: PoolClient) => Promise<A>) => Promise<A>
}

/** Take each key of `wanted` that is free or the stack's own; the keys taken. */
const upsert = async (c: PoolClient, T: string, stack: string, wanted: ReadonlyArray<Wanted>) =>
  (
    await c.query(
      `INSERT INTO ${T} (key, stack, address)
         SELECT k, $2, a FROM unnest($1::text[], $3::text[]) AS w(k, a)
       ON CONFLICT (key) DO UPDATE SET address = EXCLUDED.address WHERE ${T}.stack = EXCLUDED.stack
       RETURNING key`,
      [wanted.map((w) => w.key), stack, wanted.map((w) => w.address)],
    )
  ).rows as Array<{ key: string }>

const claim = async (db: Db, stack: string, wanted: ReadonlyArray<Wanted>): Promise<ReadonlyArray<OwnerClaim>> => {
  if (wanted.length === 0) return []
  try {
    return await db.tx(async (c) => {
      const ours = new Set((await upsert(c, db.T, stack, wanted)).map((r) => r.key))
      const missing = wanted.filter((w) => !ours.has(w.key)).map((w) => w.key)
      if (missing.length === 0) return []
      const held = await c.query(`SELECT key, stack, address FROM ${db.T} WHERE key = ANY($1::text[])`, [missing])
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- rolls the claim back, caught below
      throw { taken: held.rows as OwnerClaim[] } satisfies Taken
    })
  } catch (e) {
    if (typeof e === 'object' && e !== null && 'taken' in e) return (e as Taken).taken
    throw e
  }
}

const find = (db: Db, keys: ReadonlyArray<string>): Promise<OwnerClaim[]> =>
  db.tx(
    async (c) =>
      (await c.query(`SELECT key, stack, address FROM ${db.T} WHERE key = ANY($1::text[])`, [[...keys]]))
        .rows as OwnerClaim[],
  )

const holds = (db: Db, stack: string): Promise<boolean> =>
  db.tx(async (c) => ((await c.query(`SELECT 1 FROM ${db.T} WHERE stack = $1 LIMIT 1`, [stack])).rowCount ?? 0) > 0)

/** The PostgreSQL owners' transaction: the table made once (under an advisory lock) before the first. */
const dbOf = (d: PgOwnersDeps): Db => {
  const T = `${d.schema}.owners`
  let ready: Promise<void> | undefined
  const setup = () =>
    d.tx(async (c) => {
      await c.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [d.setupKey])
      await c.query(`CREATE TABLE IF NOT EXISTS ${T} (
        key text PRIMARY KEY, stack text NOT NULL, address text NOT NULL)`)
      await c.query(`CREATE INDEX IF NOT EXISTS owners_by_stack ON ${T} (stack)`)
    })
  const tx = async <A>(f: (c: PoolClient) => Promise<A>): Promise<A> => {
    await (ready ??= setup().catch((e: unknown) => {
      ready = undefined
      throw e
    }))
    return d.tx(f)
  }
  return { T, tx }
}

/** Owners in PostgreSQL's `<schema>.owners`. */
export const pgOwners = (d: PgOwnersDeps): Owners => {
  const db = dbOf(d)
  const { T, tx } = db
  const io = <A>(f: () => Promise<A>): TE.TaskEither<StateError, A> => TE.tryCatch(f, d.fail)
  return {
    list: () => io(() => tx(async (c) => (await c.query(`SELECT key, stack, address FROM ${T}`)).rows as OwnerClaim[])),
    claim: (stack, wanted) => io(() => claim(db, stack, wanted)),
    find: (keys) => io(() => find(db, keys)),
    holds: (stack) => io(() => holds(db, stack)),
    // a key another stack holds is left to it: the upsert takes only free keys and the stack's own
    claimFree: (stack, wanted) =>
      io(async () => {
        const w = wanted()
        if (w.length > 0) await tx((c) => upsert(c, T, stack, w))
      }),
    retain: (stack, keep) =>
      io(() =>
        tx(async (c) => {
          await c.query(`DELETE FROM ${T} WHERE stack = $1 AND NOT (address = ANY($2::text[]))`, [
            stack,
            [...keep.list()],
          ])
        }),
      ),
    move: (from, address, to, toAddress) =>
      io(() =>
        tx(async (c) => {
          await c.query(`UPDATE ${T} SET stack = $3, address = $4 WHERE stack = $1 AND address = $2`, [
            from,
            address,
            to,
            toAddress,
          ])
        }),
      ),
  }
}
