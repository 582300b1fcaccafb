/**
 * The `durable-apply` measurement: `apply(stack)` on the mock handler with a durable state store —
 * the file store (write-ahead records appended and fsynced to the journal, one snapshot at the end)
 * or the PostgreSQL store (journal rows committed; a throwaway server started here, fsync on) —
 * counting appends (group commits), records and snapshot writes.
 */
import { spawnSync } from 'node:child_process'
import { chownSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/Either'
import {
  apply,
  fileStore,
  formatEngineError,
  makeRegistry,
  mockHandler,
  postgresStore,
  registry as allProviders,
  DEFAULT_CONCURRENCY,
  type StateStore,
} from 'trellis'
import { cost } from 'trellis/cost'
import { costWorkload } from './workload'
import { mixedWorkload } from './mixed-workload'

const ms = (t0: number): number => Math.round((performance.now() - t0) * 10) / 10

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

/** directory holding initdb and pg_ctl (PATH, then Debian's versioned directories) */
const pgBin = (): string | undefined => {
  for (const d of (process.env.PATH ?? '').split(':'))
    if (d && spawnSync('test', ['-x', join(d, 'initdb')]).status === 0) return d
  const root = '/usr/lib/postgresql'
  try {
    for (const v of readdirSync(root).sort().reverse())
      if (spawnSync('test', ['-x', join(root, v, 'bin', 'initdb')]).status === 0) return join(root, v, 'bin')
  } catch {
    return undefined
  }
  return undefined
}

/**
 * A throwaway PostgreSQL cluster on 127.0.0.1 with the server's default durability (fsync and
 * synchronous_commit on: a commit is on disk, as the file store's fsync is); `TRELLIS_BENCH_PG`
 * names an existing server instead. Stopped and removed by `stop`.
 */
const startPg = async (): Promise<{ url: string; stop: () => void }> => {
  if (process.env.TRELLIS_BENCH_PG) return { url: process.env.TRELLIS_BENCH_PG, stop: () => undefined }
  const bin = pgBin()
  if (!bin) throw new Error('durable-apply (postgres): initdb not found and TRELLIS_BENCH_PG not set')
  const root = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'trellis-bench-pg-'))
  const as = (cmd: string, args: string[]) =>
    root
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(join(bin, cmd), args, { encoding: 'utf8' })
  if (root) {
    const id = (f: string) => Number(spawnSync('id', [f, 'postgres'], { encoding: 'utf8' }).stdout.trim())
    chownSync(dir, id('-u'), id('-g'))
  }
  const data = join(dir, 'data')
  const init = as('initdb', ['-D', data, '-A', 'trust', '-U', 'trellis', '-E', 'UTF8', '--locale=C'])
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
  const port = await freePort()
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`
  const run = as('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', opts, 'start'])
  if (run.status !== 0) throw new Error(`pg_ctl start failed: ${run.stderr || run.stdout}`)
  return {
    url: `postgres://trellis@127.0.0.1:${port}/postgres`,
    stop: () => {
      as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export const runDurable = async (
  n: number,
  workload: 'cost' | 'mixed',
  storeKind: 'file' | 'postgres',
): Promise<Record<string, unknown> & { inProcessMs: number }> => {
  const registry = workload === 'mixed' ? allProviders : makeRegistry([cost.spec])
  const dir = mkdtempSync(join(tmpdir(), 'trellis-bench-'))
  const pg = storeKind === 'postgres' ? await startPg() : undefined
  const pgStore = pg ? postgresStore({ connectionString: pg.url }) : undefined
  try {
    const inner: StateStore = pgStore ?? fileStore({ dir })
    let appends = 0
    let records = 0
    let writes = 0
    const store: StateStore = {
      ...inner,
      append: (stack, rs) => {
        appends++
        records += rs.length
        return inner.append(stack, rs)
      },
      write: (stack, st) => {
        writes++
        return inner.write(stack, st)
      },
    }
    const s = workload === 'mixed' ? mixedWorkload(n, 'durable') : costWorkload(n, 'durable')
    const env = {
      registry,
      handler: mockHandler(),
      store,
      events: () => undefined,
      concurrency: DEFAULT_CONCURRENCY,
      now: () => new Date(),
    }
    const t0 = performance.now()
    const r = await apply(s)(env)()
    const inProcessMs = ms(t0)
    if (E.isLeft(r)) throw new Error(formatEngineError(r.left))
    const resources = Object.keys(r.right.state.resources).length
    const want = s.nodes.filter((x) => x._tag === 'Resource').length
    if (resources !== want) throw new Error(`expected ${want} resources in state, got ${resources}`)
    const file = join(dir, `${s.name}.json`)
    return {
      inProcessMs,
      workload,
      store: storeKind,
      appends,
      records,
      recordsPerAppend: Math.round((records / appends) * 10) / 10,
      snapshotWrites: writes,
      ...(pg ? {} : { snapshotKb: Math.round(statSync(file).size / 1024) }),
      journalCompacted: pg ? undefined : !readdirSync(dir).includes(`${s.name}.journal`),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await pgStore?.close()
    pg?.stop()
  }
}
