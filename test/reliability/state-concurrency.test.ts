/**
 * Two applies of one stack at once, through the engine's `apply` with the mock handler and the demo
 * provider, with the file store and with PostgreSQL: the second either waits for the first and then
 * finds nothing to do, or is refused with a message naming the holder — never a second set of
 * creates. And a lock whose holder process is killed is recovered (a dead pid's lock file; a
 * session PostgreSQL closes itself).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { isLeft, isRight, type Either } from 'fp-ts/Either'
import { stack } from '#trellis'
import { apply, formatEngineError, type ApplyResult, type EngineError } from '#trellis/engine'
import { mockHandler, type MockHandler } from '#trellis/testing'
import { noEvents } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import type { Handler } from '#trellis/engine'
import { fileStore } from '#trellis'
import { postgresStore, type PostgresStore } from '#trellis'
import type { StateStore } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'
import { adminQuery, testPg } from '../state/postgres-server'

const root = resolve(new URL('../..', import.meta.url).pathname)
const shelf = demo.shelf('main', { title: 'Main' })
const book = demo.book('dune').shelfToken(shelf.out.token).title('Dune')
const library = (name: string) => stack(name).add(shelf, book)

const envOf = (store: StateStore, handler: Handler, lockWaitMs: number): Env => ({
  registry: demoRegistry,
  handler,
  store,
  events: noEvents,
  concurrency: 4,
  now: () => new Date(),
  lockWaitMs,
})

/** a handler whose creates wait at a gate: the first apply holds its lock while the test looks */
const gated = (h: MockHandler) => {
  let open!: () => void
  let entered!: () => void
  const gate = new Promise<void>((r) => (open = r))
  const inside = new Promise<void>((r) => (entered = r))
  const handler: Handler = {
    ...h,
    create: (c, i) => async () => {
      entered()
      await gate
      return h.create(c, i)()
    },
  }
  return { handler, open, inside }
}

const creates = (r: ApplyResult) => r.journal.filter((j) => j.action === 'create' && j.status === 'done').length

interface Kind {
  readonly name: string
  /** a fresh place for state; `store()` opens another instance over it (another process) */
  readonly open: () => Promise<{
    readonly store: () => StateStore
    readonly holderArgs: ReadonlyArray<string>
    /** leave the stack locked by a holder that is gone, and wait until the store can tell */
    readonly abandon: (stack: string) => Promise<void>
    readonly cleanup: () => Promise<void>
  }>
  /** rounds of the heavier races (a PostgreSQL lock attempt opens a connection) */
  readonly rounds: { readonly churn: number; readonly stale: number }
}

const fileKind: Kind = {
  name: 'file store',
  open: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-race-'))
    return {
      store: () => fileStore({ dir }),
      holderArgs: ['file', dir],
      abandon: async (stackName) =>
        writeFileSync(
          join(dir, `${stackName}.lock`),
          JSON.stringify({ owner: 'ghost', pid: deadPid(), host: hostname(), since: new Date().toISOString() }),
        ),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
  rounds: { churn: 1000, stale: 100 },
}

const pg = testPg()
const pgKind: Kind | undefined =
  pg.kind === 'available'
    ? {
        name: 'postgres store',
        open: async () => {
          const url = await pg.url()
          const schema = `race_${randomBytes(6).toString('hex')}`
          const opened: PostgresStore[] = []
          return {
            store: () => {
              const s = postgresStore({ connectionString: url, schema })
              opened.push(s)
              return s
            },
            holderArgs: ['postgres', url, schema],
            abandon: async (stackName) => {
              const holder = postgresStore({ connectionString: url, schema })
              opened.push(holder)
              const l = await holder.lock(stackName, { owner: 'ghost' })()
              if (isLeft(l)) throw new Error(l.left.message)
              const { rows } = await adminQuery(url, `SELECT backend_pid FROM "${schema}".locks WHERE stack = $1`, [
                stackName,
              ])
              await adminQuery(url, `SELECT pg_terminate_backend($1)`, [rows[0].backend_pid])
              // the server drops the session's advisory locks as the backend exits
              for (let i = 0; i < 500; i++) {
                const held = await adminQuery(url, `SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [
                  rows[0].backend_pid,
                ])
                if (held.rowCount === 0) return
                await new Promise((r) => setTimeout(r, 10))
              }
              throw new Error('the killed session did not go away')
            },
            cleanup: async () => {
              for (const s of opened) await s.close()
              await adminQuery(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
            },
          }
        },
        rounds: { churn: 200, stale: 10 },
      }
    : undefined
if (pg.kind === 'skip') console.log(`state concurrency with PostgreSQL: not run: ${pg.why}`)
if (pg.kind === 'required') {
  const t = suite('state concurrency: postgres store')
  t('a PostgreSQL server is available', () => {
    assert.unreachable(pg.why)
  })
  t.run()
}

/** a child process holding the lock of `stackName`; resolves once it holds it */
const holdInChild = (args: ReadonlyArray<string>, stackName: string, owner: string) =>
  new Promise<ChildProcess>((ok, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'test/reliability/state-lock-holder.ts'), ...args, stackName, owner],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => {
      out += String(d)
      if (out.includes('LOCKED')) ok(child)
      if (out.includes('REFUSED')) fail(new Error(out))
    })
    child.stderr.on('data', (d) => (err += String(d)))
    child.on('exit', (code) => fail(new Error(`lock holder exited (${code}) before locking: ${out}${err}`)))
    setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`lock holder did not lock within 30 s: ${out}${err}`))
    }, 30_000).unref()
  })

/** the pid of a process that has exited */
const deadPid = (): number =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout)

for (const kind of [fileKind, ...(pgKind ? [pgKind] : [])]) {
  const test = suite(`state concurrency: ${kind.name}`)
  const places: Array<{ cleanup: () => Promise<void> }> = []
  const place = async () => {
    const p = await kind.open()
    places.push(p)
    return p
  }
  test.after(async () => {
    for (const p of places.splice(0)) await p.cleanup()
  })

  test('an apply while another holds the stack is refused, naming the holder; nothing is created twice', async () => {
    const p = await place()
    const platform = mockHandler()
    const g = gated(platform)
    const first = apply(library('lib'))(envOf(p.store(), g.handler, 0))()
    await g.inside
    const second = await apply(library('lib'))(envOf(p.store(), platform, 0))()
    assert.ok(isLeft(second), 'the second apply is refused while the first runs')
    if (isLeft(second)) {
      assert.is(second.left._tag, 'StateError')
      const text = formatEngineError(second.left)
      assert.match(text, `(pid ${process.pid} on ${hostname()}) since `)
      assert.match(text, /locked by \S+/)
    }
    assert.is(platform.objects().size, 0, 'the refused apply sent nothing')
    g.open()
    const r = await first
    assert.ok(isRight(r))
    if (isRight(r)) assert.is(creates(r.right), 2)
    assert.is(platform.objects().size, 2)
  })

  test('an apply that waits for the lock runs after the first and finds nothing to do', async () => {
    const p = await place()
    const platform = mockHandler()
    const g = gated(platform)
    const first = apply(library('lib'))(envOf(p.store(), g.handler, 0))()
    await g.inside
    let done = false
    const second = apply(library('lib'))(envOf(p.store(), platform, 20_000))().then((r) => ((done = true), r))
    await new Promise((r) => setTimeout(r, 150))
    assert.not.ok(done, 'the second apply is waiting for the lock')
    g.open()
    const [a, b] = await Promise.all([first, second])
    assert.ok(
      isRight(a) && isRight(b),
      JSON.stringify([a, b].map((x) => (isLeft(x) ? formatEngineError(x.left) : 'ok'))),
    )
    if (isRight(a) && isRight(b)) {
      assert.is(creates(a.right), 2)
      assert.is(creates(b.right), 0, 'the second run planned against the first run’s state')
      // a run with nothing to do writes no new snapshot: it ends on the first run's serial
      assert.is(b.right.state.serial, a.right.state.serial, 'the second run saw the first run’s state')
    }
    assert.is(platform.objects().size, 2)
  })

  test('lock races: two applies started together, 30 rounds; exactly one creates, the other waits or is refused by name', async () => {
    const p = await place()
    const f = { rounds: 0, refused: 0, waitedOrAfter: 0 }
    for (let round = 0; round < 30; round++) {
      const name = `race-${round}`
      const platform = mockHandler()
      // even rounds refuse at once, odd rounds wait
      const wait = round % 2 === 0 ? 0 : 20_000
      const rs: Array<Either<EngineError, ApplyResult>> = await Promise.all([
        apply(library(name))(envOf(p.store(), platform, wait))(),
        apply(library(name))(envOf(p.store(), platform, wait))(),
      ])
      const ok = rs.filter(isRight).map((r) => r.right)
      const refused = rs.filter(isLeft).map((r) => r.left)
      assert.is(ok.filter((r) => creates(r) === 2).length, 1, `round ${round}: exactly one apply creates`)
      assert.is(platform.objects().size, 2, `round ${round}: no duplicate objects`)
      for (const e of refused) {
        assert.is(e._tag, 'StateError', `round ${round}: ${formatEngineError(e)}`)
        assert.ok(e._tag === 'StateError' && e.kind === 'Locked', `round ${round}: ${formatEngineError(e)}`)
        assert.match(formatEngineError(e), `(pid ${process.pid} on ${hostname()})`)
        assert.is(wait, 0, 'a waiting apply is never refused')
      }
      for (const r of ok) if (creates(r) !== 2) assert.is(creates(r), 0)
      const s = await p.store().read(name)()
      assert.ok(
        isRight(s) && Object.keys(s.right?.resources ?? {}).length === 2 && Object.keys(s.right!.pending).length === 0,
      )
      f.rounds++
      f.refused += refused.length
      f.waitedOrAfter += ok.length - 1
    }
    console.log(
      `  ${kind.name}: ${f.rounds} lock races: ${f.refused} refused naming the holder, ${f.waitedOrAfter} waited (or came after) and changed nothing`,
    )
  })

  test('a lock taken and released over and over: every refusal seen by another instance names the holder', async () => {
    const p = await place()
    const a = p.store()
    const b = p.store()
    let stop = false
    const churn = (async () => {
      let n = 0
      while (!stop) {
        const l = await a.lock('churn', { owner: 'churner' })()
        if (isRight(l)) {
          n++
          await l.right.release()()
        }
      }
      return n
    })()
    let got = 0
    let named = 0
    for (let i = 0; i < kind.rounds.churn; i++) {
      const l = await b.lock('churn', { owner: 'prober' })()
      if (isRight(l)) {
        got++
        await l.right.release()()
      } else {
        assert.is(l.left.kind, 'Locked')
        assert.is(l.left.holder?.owner, 'churner', l.left.message)
        named++
      }
    }
    stop = true
    const churned = await churn
    assert.is(got + named, kind.rounds.churn)
    console.log(
      `  ${kind.name}: ${kind.rounds.churn} lock attempts against a holder locking and releasing ${churned} times: ${got} taken, ${named} refused naming the holder, 0 unnamed`,
    )
  })

  test('a stale lock recovered by 6 runs at once: exactly one of them holds it', async () => {
    const p = await place()
    for (let round = 0; round < kind.rounds.stale; round++) {
      const name = `stale-${round}`
      await p.abandon(name)
      const rs = await Promise.all(Array.from({ length: 6 }, (_, i) => p.store().lock(name, { owner: `run-${i}` })()))
      const won = rs.filter(isRight)
      assert.is(won.length, 1, `round ${round}: ${won.length} holders`)
      for (const r of rs) if (isLeft(r)) assert.match(r.left.message, /locked by run-\d/)
      await won[0].right.release()()
    }
    console.log(
      `  ${kind.name}: ${kind.rounds.stale} stale locks each recovered by 6 runs at once: one holder every time`,
    )
  })

  test('the lock of a killed holder process is recovered; while it lives, a refusal names its pid', async () => {
    const p = await place()
    const child = await holdInChild(p.holderArgs, 'web', 'ci-holder')
    const e = await p.store().lock('web', { owner: 'me', waitMs: 200 })()
    assert.ok(isLeft(e))
    if (isLeft(e)) {
      assert.is(e.left.holder?.owner, 'ci-holder')
      assert.is(e.left.holder?.pid, child.pid)
      assert.match(e.left.message, `ci-holder (pid ${child.pid} on ${hostname()})`)
    }
    const gone = new Promise((r) => child.once('exit', r))
    child.kill('SIGKILL')
    await gone
    const l = await p.store().lock('web', { owner: 'me', waitMs: 10_000 })()
    assert.ok(isRight(l), isLeft(l) ? l.left.message : '')
    if (isRight(l)) await l.right.release()()
  })

  test.run()
}
