/**
 * `trellis emulate` in the background, and `--emulate` commands that last across it: apply, edit,
 * apply, import (of an object seeded into the running emulator), a restart of the emulator after
 * which `plan --refresh` finds nothing changed, a real plan that refuses the emulated state, and
 * destroy. The emulator is a child process (started and stopped as a user would: Ctrl-C); each
 * command is a separate `main()` call that finds it through `<state-dir>/emulated/endpoint.json`.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main, EXIT } from '#src/cli/main'
import { EMULATOR_SECRET_ID, EMULATOR_SECRET_KEY } from '../../clients/emulators/cloud'

const test = suite('trellis emulate (CLI)')
const root = process.cwd()

const run = async (...argv: string[]) => {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { line: (s) => out.push(s), err: (s) => err.push(s), colour: false })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const withEnv = async <T>(vars: Record<string, string>, f: () => Promise<T>): Promise<T> => {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]))
  Object.assign(process.env, vars)
  try {
    return await f()
  } finally {
    for (const [k, v] of Object.entries(before))
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
  }
}

/** A program file: a cost folder (and, from v2 on, the seeded one) and a cloud service. */
const program = (dir: string, name: string, title: string, withSeeded: boolean): string => {
  const f = join(dir, `${name}.ts`)
  writeFileSync(
    f,
    [
      `import { stack } from '${root}/src/index'`,
      `import * as cost from '${root}/builders/cost'`,
      `import * as cloud from '${root}/builders/cloud'`,
      `const team = cost.folder('team', { title: ${JSON.stringify(title)} })`,
      `const api = cloud.apiGatewayService('api', { serviceName: 'api', serviceDesc: ${JSON.stringify(title)}, protocol: 'http', netTypes: ['OUTER'] })`,
      `const seeded = cost.folder('seeded', { title: 'Made elsewhere' })`,
      `export default stack('local').add(team, api${withSeeded ? ', seeded' : ''})`,
    ].join('\n'),
  )
  return f
}

/** Starts `trellis emulate` as a child and waits for the line that says where it serves. */
const startEmulator = async (stateDir: string): Promise<{ child: ChildProcess; log: () => string }> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'emulate', '--state-dir', stateDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout.on('data', (b: Buffer) => (log += b.toString()))
  child.stderr.on('data', (b: Buffer) => (log += b.toString()))
  const deadline = Date.now() + 30_000
  while (!/Ctrl-C saves and stops/.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`trellis emulate did not start: ${log}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { child, log: () => log }
}

/** Ctrl-C, and wait (bounded) for it to save and stop. */
const stopEmulator = async (e: { child: ChildProcess; log: () => string }): Promise<void> => {
  const exited = new Promise<number | null>((r) => e.child.once('exit', (code) => r(code)))
  e.child.kill('SIGINT')
  let bound: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((r) => (bound = setTimeout(() => r('late'), 15_000)))
  const code = await Promise.race([exited, late]).finally(() => clearTimeout(bound))
  if (code === 'late') {
    e.child.kill('SIGKILL')
    throw new Error(`trellis emulate did not stop on SIGINT: ${e.log()}`)
  }
  assert.is(code, 0, e.log())
  assert.match(e.log(), /saved and stopped/)
}

test('apply → edit → apply → import → restart → plan --refresh → real plan refused → destroy', async () => {
  const d = mkdtempSync(join(tmpdir(), 'trellis-emulate-'))
  const state = join(d, '.trellis')
  const v1 = program(d, 'v1', 'Team', false)
  const v2 = program(d, 'v2', 'Team (renamed)', false)
  const v3 = program(d, 'v3', 'Team (renamed)', true)
  const seed = join(d, 'seed.json')
  writeFileSync(seed, JSON.stringify({ cost: { folders: [{ token: 'fldr_seeded', title: 'Made elsewhere' }] } }))

  let emu = await startEmulator(state)
  try {
    const endpoint = JSON.parse(readFileSync(join(state, 'emulated', 'endpoint.json'), 'utf8')) as {
      endpoints: Record<string, string>
    }
    assert.match(emu.log(), new RegExp(`cost +${endpoint.endpoints.cost}`))

    const s = await run('emulate', 'seed', seed, '--state-dir', state)
    assert.is(s.code, EXIT.ok, s.err)
    assert.match(s.out, /Seeded the running emulator .* with 1 cost folders/)

    const a1 = await run('apply', v1, '--emulate', '--yes', '--state-dir', state)
    assert.is(a1.code, EXIT.ok, a1.err)
    assert.match(a1.out, /Apply complete: 2 changes/)

    const a2 = await run('apply', v2, '--emulate', '--yes', '--state-dir', state)
    assert.is(a2.code, EXIT.ok, a2.err)
    assert.match(a2.out, /~ cost:Folder "team" will be updated/)
    assert.match(a2.out, /Apply complete: 2 changes/)

    const i = await run('import', v3, 'cost:Folder', 'seeded', 'fldr_seeded', '--emulate', '--state-dir', state)
    assert.is(i.code, EXIT.ok, i.err)
    assert.match(i.out, /Imported cost:Folder "seeded" \(id fldr_seeded\)/)

    await stopEmulator(emu)
    assert.not.ok(existsSync(join(state, 'emulated', 'endpoint.json')), 'the endpoint file goes with the emulator')
    emu = await startEmulator(state)

    const p = await run('plan', v3, '--emulate', '--refresh', '--detailed-exitcode', '--state-dir', state)
    assert.is(p.code, EXIT.ok, `${p.out}\n${p.err}`)
    assert.match(p.out, /No changes/)

    // credentials that pass the preflight stage's checks — the real wiring pointed at the running
    // emulator, never at the internet — so the refusal seen is the store's: this state was made
    // against the emulators
    const live = JSON.parse(readFileSync(join(state, 'emulated', 'endpoint.json'), 'utf8')) as {
      endpoints: Record<string, string>
    }
    const real = await withEnv(
      {
        COST_HOST: live.endpoints.cost,
        COST_API_TOKEN: 'emulator-token',
        CLOUD_DOMAIN: `localhost:${new URL(live.endpoints.cloud).port}`,
        CLOUD_PROTOCOL: 'HTTP',
        CLOUD_SECRET_ID: EMULATOR_SECRET_ID,
        CLOUD_SECRET_KEY: EMULATOR_SECRET_KEY,
      },
      () => run('plan', v3, '--state-dir', join(state, 'emulated')),
    )
    assert.is(real.code, EXIT.state, real.out)
    assert.match(real.err, /made against the emulated platforms .*; a run against the real platforms will not use it/)
    const beside = await run('state', 'list', '--stack', 'local', '--state-dir', state)
    assert.is(beside.out, '(empty)', 'the real state is another namespace: nothing of the emulated apply')

    const x = await run('destroy', v3, '--emulate', '--yes', '--state-dir', state)
    assert.is(x.code, EXIT.ok, x.err)
    assert.match(x.out, /Destroy complete: 3 changes/)
  } finally {
    await stopEmulator(emu)
  }
  // the data file kept what the last emulator held: nothing of the destroyed stack
  const data = JSON.parse(readFileSync(join(state, 'emulator.json'), 'utf8')) as {
    platforms: { cost: { data: { store: { $map: Array<[string, { $map: unknown[] }]> } } } }
  }
  const folders = data.platforms.cost.data.store.$map.find(([k]) => k === 'folders')?.[1].$map ?? []
  assert.is(folders.length, 0)
})

test('without a running emulator, --emulate commands load and save the data file', async () => {
  const d = mkdtempSync(join(tmpdir(), 'trellis-emulate-'))
  const state = join(d, '.trellis')
  const v1 = program(d, 'v1', 'Team', false)
  const v2 = program(d, 'v2', 'Other', false)
  const a1 = await run('apply', v1, '--emulate', '--yes', '--state-dir', state)
  assert.is(a1.code, EXIT.ok, a1.err)
  assert.ok(existsSync(join(state, 'emulator.json')))
  const a2 = await run('apply', v2, '--emulate', '--yes', '--state-dir', state)
  assert.is(a2.code, EXIT.ok, a2.err)
  const p = await run('plan', v2, '--emulate', '--refresh', '--detailed-exitcode', '--state-dir', state)
  assert.is(p.code, EXIT.ok, p.out + p.err)
  const list = await run('state', 'list', '--emulate', '--state-dir', state)
  assert.match(list.out, /cost:Folder\/team {2}fldr_/)
  assert.not.match(list.out, /endpoint|emulator/)
})

test('emulate seed refuses an unknown kind, naming the known ones, and changes nothing', async () => {
  const d = mkdtempSync(join(tmpdir(), 'trellis-emulate-'))
  const seed = join(d, 'seed.json')
  writeFileSync(seed, JSON.stringify({ cost: { folders: [{ title: 'ok' }] }, hosting: { sitez: [{}] } }))
  const r = await run('emulate', 'seed', seed, '--state-dir', join(d, '.trellis'))
  assert.is(r.code, EXIT.failed)
  assert.match(
    r.err,
    /seed hosting: unknown kind "sitez" \(known: accounts, sites, dns_zones, dns_records, deploy_keys, env_vars\)/,
  )
  assert.not.ok(existsSync(join(d, '.trellis', 'emulator.json')))
})

test('emulate refuses bad flags with a usage error', async () => {
  const r1 = await run('emulate', '--port', '70000')
  assert.is(r1.code, EXIT.usage)
  assert.match(r1.err, /--port: expected a port from 1 to 65533/)
  const r2 = await run('emulate', '--faults', 'rate=2')
  assert.is(r2.code, EXIT.usage)
  assert.match(r2.err, /--faults: expected rate=R/)
  const r3 = await run('emulate', 'seed', 'x.yaml')
  assert.is(r3.code, EXIT.usage)
  assert.match(r3.err, /YAML is not read/)
})

test('a busy --port says which port, and how to choose another', async () => {
  const holder = createServer()
  await new Promise<void>((ok) => holder.listen(0, '127.0.0.1', ok))
  const port = (holder.address() as AddressInfo).port
  const dir = mkdtempSync(join(tmpdir(), 'trellis-busy-'))
  try {
    const r = await run('emulate', '--port', String(port), '--state-dir', dir)
    assert.is(r.code, EXIT.usage, r.err)
    assert.match(r.err, `port ${port} on 127.0.0.1 is in use by another process`)
    assert.match(r.err, 'choose other ports with --port N, or leave --port out')
  } finally {
    holder.close()
  }
})

test.run()
