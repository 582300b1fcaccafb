/**
 * A damaged state is detected and never treated as empty: every truncation and many byte changes of
 * a state file (and of a PostgreSQL snapshot row) read as Corrupt — or, for a change JSON ignores
 * (whitespace), as exactly the same state. An apply on a damaged state is refused before it touches
 * the platform, and `trellis state restore` (the CLI, in a child process) brings back the last good
 * backup, after which the next apply has nothing to do.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { isLeft, isRight, type Either } from 'fp-ts/Either'
import { stack } from '#trellis'
import { apply, formatEngineError } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import { noEvents } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import type { Handler } from '#trellis/engine'
import { fileStore } from '#trellis'
import { postgresStore, type PostgresStore } from '#trellis'
import type { State } from '#trellis'
import type { StateError, StateStore } from '#trellis/engine'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'
import { adminQuery, testPg } from '../state/postgres-server'

const root = resolve(new URL('../..', import.meta.url).pathname)
const shelf = demo.shelf('main', { title: 'Main' })
const book = demo.book('dune').shelfToken(shelf.out.token).title('Dune')
const library = stack('lib').add(shelf, book)
const envOf = (store: StateStore, handler: Handler): Env => ({
  registry: demoRegistry,
  handler,
  store,
  events: noEvents,
  concurrency: 4,
  now: () => new Date(),
  lockWaitMs: 0,
})

/** positions spread over a text: the first and last few and `n` evenly between */
const spread = (len: number, n: number): number[] =>
  [
    ...new Set([
      0,
      1,
      2,
      len - 2,
      len - 1,
      ...Array.from({ length: n }, (_, i) => Math.floor(((i + 1) * len) / (n + 1))),
    ]),
  ]
    .filter((i) => i >= 0 && i < len)
    .sort((a, b) => a - b)

/** the damaged variants of a stored text, each with a label */
const damaged = (text: string): Array<[string, string]> => [
  ...spread(text.length, 40).map((i): [string, string] => [`truncated to ${i} bytes`, text.slice(0, i)]),
  ...spread(text.length, 60).map((i): [string, string] => {
    const c = text[i] === 'x' ? 'y' : 'x'
    return [`byte ${i} changed`, text.slice(0, i) + c + text.slice(i + 1)]
  }),
  ['zeroed', '\u0000'.repeat(text.length)],
  ['empty object', '{}'],
  ['null', 'null'],
]

/** Corrupt, or exactly the original (a change JSON ignores): never undefined, never different */
const judge = (r: Either<StateError, State | undefined>, original: State, label: string): 'detected' | 'harmless' => {
  if (isLeft(r)) {
    assert.is(r.left.kind, 'Corrupt', `${label}: ${r.left.message}`)
    assert.match(r.left.message, /NOT treated as empty/, label)
    return 'detected'
  }
  assert.ok(r.right !== undefined, `${label}: a damaged state read as no state at all`)
  assert.equal(r.right, original, `${label}: a damaged state read as a different state`)
  return 'harmless'
}

const test = suite('state corruption: file store and the CLI')
const dirs: string[] = []
test.after(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

test('every truncation and byte change of the state file is detected, or changes nothing JSON sees', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-corrupt-'))
  dirs.push(dir)
  const platform = mockHandler()
  const r = await apply(library)(envOf(fileStore({ dir }), platform))()
  if (isLeft(r)) throw new Error(formatEngineError(r.left))
  const original = r.right.state
  const file = join(dir, 'lib.json')
  const text = readFileSync(file, 'utf8')
  const counts = { detected: 0, harmless: 0, truncations: 0 }
  for (const [label, bad] of damaged(text)) {
    writeFileSync(file, bad)
    const v = judge(await fileStore({ dir }).read('lib')(), original, label)
    counts[v]++
    if (label.startsWith('truncated')) {
      counts.truncations++
      assert.is(v, 'detected', `${label}: a truncated file is always detected`)
    }
  }
  writeFileSync(file, text)
  assert.ok(counts.detected > 100, JSON.stringify(counts))
  console.log(
    `  file store: ${counts.detected + counts.harmless} damaged state files: ${counts.detected} detected as Corrupt (all ${counts.truncations} truncations), ${counts.harmless} whitespace-only changes read as the same state, 0 read as empty or different`,
  )
})

test('an apply on a damaged state is refused and sends nothing; `trellis state restore` (CLI) restores the last good backup', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-restore-'))
  dirs.push(dir)
  const platform = mockHandler()
  const first = await apply(library)(envOf(fileStore({ dir }), platform))()
  if (isLeft(first)) throw new Error(formatEngineError(first.left))
  const file = join(dir, 'lib.json')
  const text = readFileSync(file, 'utf8')
  writeFileSync(file, text.slice(0, Math.floor(text.length * 0.6)))

  const refused = await apply(library)(envOf(fileStore({ dir }), platform))()
  assert.ok(isLeft(refused), 'an apply on a damaged state is refused')
  if (isLeft(refused)) {
    assert.is(refused.left._tag, 'StateError')
    assert.match(formatEngineError(refused.left), /trellis state restore --stack lib/)
  }
  assert.is(platform.objects().size, 2, 'nothing was created again')

  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    })
  const show = cli('state', 'show', '--stack', 'lib', '--state-dir', dir, '--no-color')
  assert.is(show.status, 4, `state show on a damaged state exits 4 (state): ${show.stdout}${show.stderr}`)
  assert.match(show.stderr, /NOT treated as empty/)

  const restore = cli('state', 'restore', '--stack', 'lib', '--state-dir', dir, '--no-color')
  assert.is(restore.status, 0, `${restore.stdout}${restore.stderr}`)
  assert.match(restore.stdout, /Restored state of lib from backup; now at serial \d+/)

  const back = await fileStore({ dir }).read('lib')()
  assert.ok(isRight(back) && back.right !== undefined)
  if (isRight(back)) {
    assert.equal(back.right.resources, first.right.state.resources)
    assert.ok(back.right.serial > first.right.state.serial)
  }
  const again = await apply(library)(envOf(fileStore({ dir }), platform))()
  assert.ok(isRight(again), isLeft(again) ? formatEngineError(again.left) : '')
  if (isRight(again))
    assert.equal(
      again.right.plan.steps.map((s) => s.action),
      ['noop', 'noop'],
    )
  assert.is(platform.objects().size, 2)
})

test('restore with no intact backup says so (exit 4), and never writes an empty state', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-nobackup-'))
  dirs.push(dir)
  const r = await apply(library)(envOf(fileStore({ dir }), mockHandler()))()
  if (isLeft(r)) throw new Error(formatEngineError(r.left))
  const s = fileStore({ dir })
  const bs = await s.backups('lib')()
  if (isLeft(bs)) throw new Error(bs.left.message)
  for (const b of bs.right) writeFileSync(b.path, '{"checksum":"0","state":{}}')
  writeFileSync(join(dir, 'lib.json'), 'garbage')
  const out = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'state', 'restore', '--stack', 'lib', '--state-dir', dir],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  )
  assert.is(out.status, 4, `${out.stdout}${out.stderr}`)
  assert.match(out.stderr, /no intact backup of lib/)
  assert.is(readFileSync(join(dir, 'lib.json'), 'utf8'), 'garbage', 'the damaged file is left for inspection')
})

test.run()

const pg = testPg()
if (pg.kind === 'skip') console.log(`state corruption with PostgreSQL: not run: ${pg.why}`)
else if (pg.kind === 'required') {
  const t = suite('state corruption: postgres store')
  t('a PostgreSQL server is available', () => {
    assert.unreachable(pg.why)
  })
  t.run()
} else {
  const t = suite('state corruption: postgres store')
  const schema = `corrupt_${randomBytes(6).toString('hex')}`
  const stores: PostgresStore[] = []
  const open = async () => {
    const s = postgresStore({ connectionString: await pg.url(), schema })
    stores.push(s)
    return s
  }
  t.after(async () => {
    for (const s of stores) await s.close()
    await adminQuery(await pg.url(), `DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  })

  t(
    'every truncation and byte change of a snapshot row is detected (checksum); apply refuses; restore brings it back',
    async () => {
      const url = await pg.url()
      const platform = mockHandler()
      const r = await apply(library)(envOf(await open(), platform))()
      if (isLeft(r)) throw new Error(formatEngineError(r.left))
      const original = r.right.state
      const { rows } = await adminQuery(url, `SELECT body FROM "${schema}".snapshots WHERE stack = 'lib'`)
      const body = rows[0].body as string
      let detected = 0
      let harmless = 0
      const reader = await open()
      for (const [label, bad] of damaged(body).filter(([l]) => l !== 'zeroed')) {
        await adminQuery(url, `UPDATE "${schema}".snapshots SET body = $1 WHERE stack = 'lib'`, [bad])
        const v = judge(await reader.read('lib')(), original, label)
        if (v === 'detected') detected++
        else harmless++
      }
      // the body is compact JSON: every change is seen
      assert.is(harmless, 0)
      const refused = await apply(library)(envOf(await open(), platform))()
      assert.ok(isLeft(refused) && refused.left._tag === 'StateError' && refused.left.kind === 'Corrupt')
      assert.is(platform.objects().size, 2)
      const restored = await (await open()).restore('lib')()
      assert.ok(isRight(restored), isLeft(restored) ? restored.left.message : '')
      const again = await apply(library)(envOf(await open(), platform))()
      assert.ok(isRight(again) && again.right.plan.steps.every((s) => s.action === 'noop'))
      console.log(
        `  postgres store: ${detected} damaged snapshot rows: all detected as Corrupt, 0 read as empty or different; apply refused; restore then a no-op apply`,
      )
    },
  )

  t.run()
}
