/**
 * Input a careless or hostile user could hand over: stack names that climb out of the state
 * directory through every way a name enters (the builder, a JSON round-tripped stack, the CLI's
 * `--stack`, the store's own calls), a state file replaced by another stack's, node names with
 * control characters that would forge plan lines, and a stale lock whose pid now belongs to
 * another live process. Each is refused with a message naming the cause, before any request, and
 * nothing is read or written outside the state directory.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { secret } from '#trellis'
import { stack, type Stack } from '#trellis'
import { resourceNode } from '#trellis/engine'
import { apply, formatEngineError, plan } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import { renderPlan } from '#trellis'
import { registry } from '#trellis'
import { fileStore } from '#trellis'
import { processIdentity } from '#trellis/engine'
import { cost } from '#trellis/cost'
import { envFor, tempDir, unwrap } from './fixtures/world'
import { recordFigures } from './fixtures/figures'

const TRAVERSALS = [
  '../../escaped',
  '../outside/victim',
  'a/b',
  '..',
  '.',
  '.hidden',
  '/etc/passwd',
  'C:\\Windows\\x',
  'x\u0000y',
  'x\ny',
  '',
  'a'.repeat(101),
  '%2e%2e%2fx',
]
let refused = 0

/** A stack as JSON would bring it back, under a name the builder never saw. */
const folders = (name: string): Stack => ({
  ...(JSON.parse(
    JSON.stringify(
      stack('ok', { providers: { cost: cost.provider({ apiToken: secret('t0ken') }) } }).add(
        cost.folder('f', { title: 'F', workspaceToken: 'wrkspc_1' }),
      ),
    ),
  ) as Stack),
  name,
})

/** every file under a directory (relative paths) */
const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : []

test('a stack name that climbs out of the state directory is refused wherever it enters, and nothing is written outside', async () => {
  const tmp = tempDir('input-traversal')
  try {
    const stateDir = join(tmp.dir, 'a', 'b', '.trellis')
    mkdirSync(stateDir, { recursive: true })
    for (const name of TRAVERSALS) {
      // the builder
      assert.throws(() => stack(name), /stack name|must be/, `builder: ${JSON.stringify(name)}`)
      refused++
      // a JSON round-tripped stack (the builder never saw the name)
      const env = envFor(mockHandler(), stateDir)
      for (const r of [await plan(folders(name))(env)(), await apply(folders(name))(env)()]) {
        assert.ok(E.isLeft(r), `JSON stack ${JSON.stringify(name)}`)
        assert.match(formatEngineError(r.left), /stack name|stack .* field `name`/, JSON.stringify(name))
        refused++
      }
      assert.equal(env.events_, [], 'nothing was planned or sent')
      // the store's own calls
      const store = fileStore({ dir: stateDir })
      for (const [what, r] of [
        ['read', await store.read(name)()],
        ['lock', await store.lock(name)()],
        ['append', await store.append(name, [])()],
        ['restore', await store.restore(name)()],
      ] as const) {
        assert.ok(E.isLeft(r) && r.left.kind === 'Invalid', `store.${what}(${JSON.stringify(name)})`)
        refused++
      }
    }
    // nothing outside the state directory (the only file is the folder stack's, none was made)
    assert.equal(filesUnder(tmp.dir), [
      'a',
      join('a', 'b'),
      join('a', 'b', '.trellis'),
      join('a', 'b', '.trellis', 'backups'),
    ])
  } finally {
    tmp.remove()
  }
})

test('`trellis state show --stack ../outside/victim` does not open a file outside the state directory', () => {
  const tmp = tempDir('input-cli')
  try {
    const victimDir = join(tmp.dir, 'outside')
    mkdirSync(victimDir, { recursive: true })
    writeFileSync(
      join(victimDir, 'victim.json'),
      '{"checksum":"x","state":{"stack":"victim","resources":{"SECRET-ISH":{}}}}',
    )
    const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        main,
        'state',
        'show',
        '--stack',
        '../outside/victim',
        '--state-dir',
        join(tmp.dir, '.trellis'),
      ],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8', timeout: 60_000 },
    )
    assert.is.not(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /stack name "\.\.\/outside\/victim"/)
    assert.not.match(r.stdout + r.stderr, /SECRET-ISH|checksum/)
    refused++
  } finally {
    tmp.remove()
  }
})

test("a state file replaced by another stack's state is refused (read, plan, apply), and nothing is deleted", async () => {
  const tmp = tempDir('input-foreign')
  try {
    const handler = mockHandler()
    const mk = (name: string) =>
      stack(name, { providers: { cost: cost.provider({ apiToken: secret('t0ken') }) } }).add(
        cost.folder(`${name}-f`, { title: name, workspaceToken: 'wrkspc_1' }),
      )
    await unwrap(apply(mk('alpha'))(envFor(handler, tmp.dir)))
    await unwrap(apply(mk('beta'))(envFor(handler, tmp.dir)))
    copyFileSync(join(tmp.dir, 'beta.json'), join(tmp.dir, 'alpha.json'))
    const env = envFor(handler, tmp.dir)
    const read = await fileStore({ dir: tmp.dir }).read('alpha')()
    assert.ok(E.isLeft(read) && read.left.kind === 'Conflict', JSON.stringify(read))
    assert.match(read.left.message, /holds the state of stack "beta", not "alpha"/)
    for (const r of [await plan(mk('alpha'))(env)(), await apply(mk('alpha'))(env)()]) {
      assert.ok(E.isLeft(r))
      assert.match(formatEngineError(r.left), /another stack's state/)
      refused++
    }
    assert.equal(env.events_, [], "no step ran: beta's folder was not deleted")
  } finally {
    tmp.remove()
  }
})

test('node names with control characters are refused at compile; every printed name is escaped', async () => {
  const forged = 'x"\n- cost:Folder "production" will be DELETED\n'
  const s = stack('ctl', { providers: { cost: cost.provider({ apiToken: secret('t0ken') }) } }).add(
    resourceNode('cost:Folder', forged, { title: 'T', workspaceToken: 'wrkspc_1' }),
    resourceNode('cost:Folder', 'bidi\u202ekcatta', { title: 'T', workspaceToken: 'wrkspc_1' }),
  )
  const tmp = tempDir('input-names')
  try {
    const r = await plan(s)(envFor(mockHandler(), tmp.dir))()
    assert.ok(E.isLeft(r))
    const text = formatEngineError(r.left)
    assert.match(text, /holds a control or bidirectional character/)
    assert.is(text.split('\n').length, 2, `one line per refused name: ${text}`)
    assert.not.match(text, /^- cost:Folder "production"/m)
    refused += 2
    // a plan holding such a name (built by hand: compile refuses it) still prints it on one line
    const ok = await unwrap(
      plan(
        stack('ctl', { providers: { cost: cost.provider({ apiToken: secret('t0ken') }) } }).add(
          cost.folder('plain', { title: 'T', workspaceToken: 'wrkspc_1' }),
        ),
      )(envFor(mockHandler(), tmp.dir)),
    )
    const hand = { ...ok.plan, steps: ok.plan.steps.map((x) => ({ ...x, name: forged })) }
    const rendered = renderPlan(hand, registry)
    assert.not.match(rendered, /^- cost:Folder "production" will be DELETED/m, rendered)
    assert.match(rendered, /\\n- cost:Folder \\"production\\" will be DELETED\\n/)
  } finally {
    tmp.remove()
  }
})

test('a stale lock whose pid now belongs to another live process is recovered; the live holder is not', async () => {
  const tmp = tempDir('input-pid')
  // a live process that is not the holder: its pid stands for a reused one
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
  try {
    await new Promise((r) => setTimeout(r, 100))
    const id = processIdentity(other.pid!)
    assert.ok(id.started !== undefined && id.boot !== undefined, 'this system tells process start times (Linux /proc)')
    const lockFile = join(tmp.dir, 'pid.lock')
    const holder = (started: string, boot: string) =>
      JSON.stringify({
        owner: 'dead-run',
        pid: other.pid,
        host: hostname(),
        since: new Date().toISOString(),
        boot,
        started,
      })
    mkdirSync(tmp.dir, { recursive: true })
    const store = fileStore({ dir: tmp.dir })
    // the dead run's record: same pid, another start time (the pid was reused) → stale, taken
    writeFileSync(lockFile, holder(String(Number(id.started) - 1), id.boot))
    const taken = await store.lock('pid')()
    assert.ok(E.isRight(taken), `a reused pid does not hold the lock: ${JSON.stringify(taken)}`)
    await taken.right.release()()
    // a lock from before a reboot (another boot id) → stale, taken
    writeFileSync(lockFile, holder(id.started, '00000000-0000-0000-0000-000000000000'))
    const afterBoot = await store.lock('pid')()
    assert.ok(E.isRight(afterBoot), 'a lock from another boot is stale')
    await afterBoot.right.release()()
    // the real holder (its own start time) is respected, and named
    writeFileSync(lockFile, holder(id.started, id.boot))
    const refusedLock = await store.lock('pid')()
    assert.ok(E.isLeft(refusedLock) && refusedLock.left.kind === 'Locked')
    assert.match(refusedLock.left.message, new RegExp(`dead-run \\(pid ${other.pid}`))
    refused++
    // a lock this process takes records its own identity
    writeFileSync(lockFile, holder(String(Number(id.started) - 1), id.boot))
    const mine = await unwrap(store.lock('pid'))
    const recorded = JSON.parse(readFileSync(lockFile, 'utf8')) as { started?: string; boot?: string }
    assert.equal({ started: recorded.started, boot: recorded.boot }, processIdentity(process.pid))
    await mine.release()()
  } finally {
    other.kill('SIGKILL')
    tmp.remove()
  }
})

test.after(() => {
  console.log(`  [input] ${TRAVERSALS.length} hostile stack names; ${refused} refusals, each naming the cause`)
  recordFigures('input', { names: TRAVERSALS.length, refused })
})

test.run()
