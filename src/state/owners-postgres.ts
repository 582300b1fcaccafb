/**
 * Claims of remote objects kept in PostgreSQL (the PostgreSQL store): a table `owners` whose
 * primary key is the object's key, so two stacks' claims of one object cannot both commit. A claim
 * is one INSERT … ON CONFLICT that takes a key only when it is free or already the stack's own;
 * the keys it could not take are the conflicts, and then the transaction is rolled back.
 */
import type { PoolClient } from 'pg'
import * as TE from 'fp-ts/TaskEither'
import type { OwnerClaim, Owners } from './owners'
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

/** Owners in PostgreSQL's `<schema>.owners`. */
export const pgOwners = (d: PgOwnersDeps): Owners => {
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
  const io = <A>(f: () => Promise<A>): TE.TaskEither<StateError, A> => TE.tryCatch(f, d.fail)

  const claim = async (stack: string, wanted: ReadonlyArray<{ key: string; address: string }>) => {
    if (wanted.length === 0) return []
    try {
      return await tx(async (c) => {
        const got = await c.query(
          `INSERT INTO ${T} (key, stack, address)
             SELECT k, $2, a FROM unnest($1::text[], $3::text[]) AS w(k, a)
           ON CONFLICT (key) DO UPDATE SET address = EXCLUDED.address WHERE ${T}.stack = EXCLUDED.stack
           RETURNING key`,
          [wanted.map((w) => w.key), stack, wanted.map((w) => w.address)],
        )
        const ours = new Set((got.rows as Array<{ key: string }>).map((r) => r.key))
        const missing = wanted.filter((w) => !ours.has(w.key)).map((w) => w.key)
        if (missing.length === 0) return []
        const held = await c.query(`SELECT key, stack, address FROM ${T} WHERE key = ANY($1::text[])`, [missing])
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- rolls the claim back, caught below
        throw { taken: held.rows as OwnerClaim[] } satisfies Taken
      })
    } catch (e) {
      if (typeof e === 'object' && e !== null && 'taken' in e) return (e as Taken).taken
      throw e
    }
  }

  return {
    list: () => io(() => tx(async (c) => (await c.query(`SELECT key, stack, address FROM ${T}`)).rows as OwnerClaim[])),
    claim: (stack, wanted) => io(() => claim(stack, wanted)),
    retain: (stack, keep) =>
      io(() =>
        tx(async (c) => {
          await c.query(`DELETE FROM ${T} WHERE stack = $1 AND NOT (address = ANY($2::text[]))`, [stack, [...keep]])
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
