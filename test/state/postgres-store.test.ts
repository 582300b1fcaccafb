/**
 * The PostgreSQL store against the StateStore conformance suite (each case in its own schema), plus
 * what only a shared database shows: concurrent first writes, a killed session's lock, journal rows
 * without a snapshot, a damaged journal row. Needs a server: TRELLIS_TEST_PG, or initdb to start
 * one; without either the cases are not registered (and under CI they fail).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { randomBytes } from 'node:crypto'
import { isLeft, isRight } from 'fp-ts/Either'
import { postgresStore, type PostgresStore } from '#src/state/postgres-store'
import { emptyState } from '#trellis/engine'
import { storeConformance, resource } from './store-conformance'
import { adminQuery, testPg } from './postgres-server'

const pg = testPg()

if (pg.kind === 'skip') console.log(`postgres store: tests not run: ${pg.why}`)
else if (pg.kind === 'required') {
  const t = suite('postgres store')
  t('a PostgreSQL server is available', () => {
    assert.unreachable(pg.why)
  })
  t.run()
} else {
  const schemaName = () => `t_${randomBytes(6).toString('hex')}`
  const opened: Array<{ stores: PostgresStore[]; schema: string; url: string }> = []
  const setup = async () => {
    const url = await pg.url()
    const schema = schemaName()
    const stores: PostgresStore[] = []
    const open = () => {
      const s = postgresStore({ connectionString: url, schema })
      stores.push(s)
      return s
    }
    opened.push({ stores, schema, url })
    return { url, schema, open, stores }
  }
  const cleanup = async (x: { stores: PostgresStore[]; schema: string; url: string }) => {
    for (const s of x.stores) await s.close()
    await adminQuery(x.url, `DROP SCHEMA IF EXISTS "${x.schema}" CASCADE`)
  }

  /** take the lock from another store instance, then kill that session the way a crash would */
  const abandonLock = async (url: string, schema: string, open: () => PostgresStore, stack: string) => {
    const holder = open()
    const l = await holder.lock(stack, { owner: 'ghost' })()
    if (isLeft(l)) throw new Error(l.left.message)
    const { rows } = await adminQuery(url, `SELECT backend_pid FROM "${schema}".locks WHERE stack = $1`, [stack])
    await adminQuery(url, `SELECT pg_terminate_backend($1)`, [rows[0].backend_pid])
  }

  storeConformance(
    'postgres store',
    async () => {
      const x = await setup()
      const store = x.open()
      return {
        store,
        reopen: x.open,
        abandonLock: (stack) => abandonLock(x.url, x.schema, x.open, stack),
        corrupt: async (stack) => {
          await adminQuery(
            x.url,
            `UPDATE "${x.schema}".snapshots SET body = left(body, length(body) / 2) WHERE stack = $1`,
            [stack],
          )
        },
        backups: async (stack) => {
          const r = await store.backups(stack)()
          if (isLeft(r)) throw new Error(r.left.message)
          return r.right.map((b) => b.serial)
        },
        restore: (stack) => store.restore(stack)(),
        cleanup: () => cleanup(x),
      }
    },
    { waits: true, recovers: true, backups: true },
  )

  const test = suite('postgres store: shared-database cases')
  test.after(async () => {
    for (const x of opened.splice(0)) await cleanup(x)
  })

  test('two first writes of a stack at once: exactly one succeeds, the other is a Conflict', async () => {
    const x = await setup()
    for (let round = 0; round < 10; round++) {
      const stack = `first-${round}`
      const [a, b] = await Promise.all([
        x.open().write(stack, emptyState(stack, 'lin-a', 's'))(),
        x.open().write(stack, emptyState(stack, 'lin-b', 's'))(),
      ])
      const wins = [a, b].filter(isRight)
      assert.is(wins.length, 1, `round ${round}: ${JSON.stringify([a, b])}`)
      const loser = [a, b].find(isLeft)!
      if (isLeft(loser)) assert.is(loser.left.kind, 'Conflict')
    }
  })

  test('concurrent writes from one serial: exactly one succeeds (row lock), the state is never torn', async () => {
    const x = await setup()
    const s = x.open()
    const w1 = await s.write('web', emptyState('web', 'lin', 's'))()
    if (isLeft(w1)) throw new Error(w1.left.message)
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => x.open().write('web', { ...w1.right, outputs: { writer: i } })()),
    )
    assert.is(rs.filter(isRight).length, 1)
    const won = rs.findIndex(isRight)
    const r = await s.read('web')()
    assert.ok(isRight(r) && r.right?.serial === 2 && (r.right.outputs as { writer: number }).writer === won)
  })

  test('journal rows without a snapshot are Corrupt, not silently dropped', async () => {
    const x = await setup()
    const s = x.open()
    const a = await s.append('new', [{ t: 'put', resource: resource(1) }])()
    assert.ok(isRight(a))
    const r = await x.open().read('new')()
    assert.ok(isLeft(r) && r.left.kind === 'Corrupt' && /journal/.test(r.left.message))
  })

  test('an edited journal row fails its checksum', async () => {
    const x = await setup()
    const s = x.open()
    const w = await s.write('web', emptyState('web', 'lin', 's'))()
    assert.ok(isRight(w))
    await s.append('web', [{ t: 'put', resource: resource(1) }])()
    await adminQuery(x.url, `UPDATE "${x.schema}".journal SET record = replace(record, 'id1', 'id666')`)
    const r = await x.open().read('web')()
    assert.ok(
      isLeft(r) && r.left.kind === 'Corrupt' && /journal record \d+ of web fails its checksum/.test(r.left.message),
    )
  })

  test('restore keeps journal progress made on top of the restored snapshot', async () => {
    const x = await setup()
    const s = x.open()
    const w = await s.write('web', emptyState('web', 'lin', 's'))()
    assert.ok(isRight(w))
    await s.read('web')()
    await s.append('web', [{ t: 'put', resource: resource(7) }])()
    await adminQuery(x.url, `UPDATE "${x.schema}".snapshots SET checksum = 'x'`)
    const r = await s.restore('web')()
    assert.ok(isRight(r))
    if (isRight(r)) assert.equal(Object.keys(r.right.resources), ['demo:Shelf/s7'])
  })

  test('an unreachable database is an Io error naming host:port, never the password', async () => {
    const x = await setup()
    const u = new URL(x.url)
    u.password = 'hunter2-not-printed'
    u.port = '1' // nothing listens there
    const bad = postgresStore({ connectionString: u.toString(), schema: x.schema })
    const r = await bad.read('web')()
    await bad.close()
    assert.ok(isLeft(r) && r.left.kind === 'Io')
    if (isLeft(r)) {
      assert.not.match(r.left.message, 'hunter2')
      assert.match(r.left.message, '127.0.0.1:1')
    }
  })

  test('a schema name that is not a plain identifier is refused before any SQL', () => {
    assert.throws(
      () => postgresStore({ connectionString: 'postgres://x@127.0.0.1/db', schema: 'a"; DROP TABLE x; --' }),
      /plain identifier/,
    )
  })

  test.run()
}
