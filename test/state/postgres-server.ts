/**
 * The PostgreSQL server the state tests use. `TRELLIS_TEST_PG` when set (.ci/run starts one and sets
 * it); otherwise a throwaway cluster started here on 127.0.0.1 when `initdb` is installed, stopped
 * when the process exits; otherwise none: the tests are not registered and say why — except under
 * CI, where a missing server is a failure, never a silent skip.
 */
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import pg from 'pg'

export type TestPg =
  | { readonly kind: 'available'; readonly url: () => Promise<string> }
  | { readonly kind: 'skip'; readonly why: string }
  /** under CI with no server: register a failing test saying why */
  | { readonly kind: 'required'; readonly why: string }

/** directory holding initdb and pg_ctl: PATH first, then Debian's versioned directories (newest first) */
const pgBin = (): string | undefined => {
  for (const d of (process.env.PATH ?? '').split(delimiter))
    if (d && existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl'))) return d
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : undefined
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

const start = async (bin: string): Promise<string> => {
  const root = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'trellis-pg-'))
  // initdb refuses to run as root: run the server as the postgres user then
  const as = (cmd: string, args: string[]) =>
    root
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(join(bin, cmd), args, { encoding: 'utf8' })
  if (root)
    chownSync(
      dir,
      Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
      Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
    )
  const data = join(dir, 'data')
  const init = as('initdb', ['-D', data, '-A', 'trust', '-U', 'trellis', '-E', 'UTF8', '--locale=C', '--no-sync'])
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
  const port = await freePort()
  const run = as('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ])
  if (run.status !== 0) throw new Error(`pg_ctl start failed: ${run.stderr || run.stdout}`)
  process.on('exit', () => {
    as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    rmSync(dir, { recursive: true, force: true })
  })
  return `postgres://trellis@127.0.0.1:${port}/postgres`
}

let started: Promise<string> | undefined

/** what the tests do, given the environment and where initdb is (if anywhere) */
export const decideTestPg = (env: Readonly<Record<string, string | undefined>>, bin: string | undefined): TestPg => {
  const given = env.TRELLIS_TEST_PG
  if (given) return { kind: 'available', url: () => Promise.resolve(given) }
  if (bin) return { kind: 'available', url: () => (started ??= start(bin)) }
  const why = 'TRELLIS_TEST_PG is not set and initdb (PostgreSQL) is not installed'
  return env.CI
    ? { kind: 'required', why: `${why}; .ci/run should have installed and started PostgreSQL` }
    : { kind: 'skip', why }
}

export const testPg = (): TestPg => decideTestPg(process.env, process.env.TRELLIS_TEST_PG ? undefined : pgBin())

/** run SQL as an administrator of the test server (kill sessions, damage rows, drop schemas) */
export const adminQuery = async (url: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> => {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await c.query(sql, params)
  } finally {
    await c.end()
  }
}
