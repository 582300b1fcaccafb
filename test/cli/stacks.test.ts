/**
 * The stacks issue's done-when, through the CLI in-process on the emulators: a two-stack program
 * planned, applied and destroyed as one run (network first, destroy in reverse), a consumed export's
 * removal refused naming its consumer, environments and their configuration, and no silent new
 * stack or environment (exit 64 with the closest name).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '#src/cli/main'
import { ROOT, run, tempDir } from './harness'

const test = suite('stacks through the CLI')

/** A fixture program copied into a fresh directory (absolute imports), with its variant fixed. */
const program = (name: string, variant = 'a'): { dir: string; file: string } => {
  const dir = tempDir()
  const file = join(dir, `${name}.ts`)
  const src = readFileSync(join(ROOT, 'test/cli/fixtures', `${name}.ts`), 'utf8')
    .replaceAll("'../../../", `'${ROOT}`)
    .replace("from 'io-ts'", `from '${ROOT}node_modules/io-ts/lib/index.js'`)
    .replace("process.env.STACKS_VARIANT ?? 'a'", JSON.stringify(variant))
  writeFileSync(file, src)
  return { dir, file }
}
const indexOf = (text: string, re: RegExp): number => text.search(re)

test('plan shows both stacks, network first; apply then destroy runs sites first', async () => {
  const { dir, file } = program('two-stacks')
  const state = join(dir, '.trellis')
  const p = await run(['plan', file, '--emulate', '--state-dir', state])
  assert.is(p.code, EXIT.ok, p.err)
  assert.ok(indexOf(p.out, /── stack network ──/) >= 0, p.out)
  assert.ok(indexOf(p.out, /── stack network ──/) < indexOf(p.out, /── stack sites ──/), p.out)
  assert.match(p.out, /Stacks, in order:\n {2}network: 1 change\n {2}sites: 1 change/)
  const a = await run(['apply', file, '--emulate', '--yes', '--state-dir', state])
  assert.is(a.code, EXIT.ok, a.err)
  assert.match(a.out, /Apply across stacks:\n {2}network: 1 change \(state serial \d+\)\n {2}sites: 1 change/)
  const d = await run(['destroy', file, '--emulate', '--yes', '--state-dir', state])
  assert.is(d.code, EXIT.ok, d.err)
  assert.match(d.out, /Destroy across stacks:\n {2}sites: 1 change \(state serial \d+\)\n {2}network: 1 change/)
})

test('removing the export while sites consumes it is refused at plan, naming sites', async () => {
  const { dir, file } = program('two-stacks')
  const state = join(dir, '.trellis')
  assert.is((await run(['apply', file, '--emulate', '--yes', '--state-dir', state])).code, EXIT.ok)
  const dropped = program('two-stacks', 'dropped').file
  const p = await run(['plan', dropped, '--emulate', '--state-dir', state])
  assert.is(p.code, EXIT.invalid, p.out + p.err)
  assert.match(p.err, /stack sites consumes output zoneId of stack network: apply sites without it first/)
  assert.match(p.out, / {2}network: failed/)
  // sites alone (it reads network no more) may go first; then network may drop the export
  assert.is((await run(['apply', dropped, '--emulate', '--yes', '--stack', 'sites', '--state-dir', state])).code, 0)
  assert.is((await run(['plan', dropped, '--emulate', '--state-dir', state])).code, EXIT.ok)
})

test('--stack netwrk exits 64 suggesting network; --stack sites brings network along', async () => {
  const { dir, file } = program('two-stacks')
  const state = join(dir, '.trellis')
  const bad = await run(['plan', file, '--emulate', '--stack', 'netwrk', '--state-dir', state])
  assert.is(bad.code, EXIT.usage)
  assert.match(bad.err, /--stack netwrk: no such stack: .* \(did you mean network\?\)/)
  const sites = await run(['plan', file, '--emulate', '--stack', 'sites', '--state-dir', state])
  assert.is(sites.code, EXIT.ok, sites.err)
  assert.match(sites.out, /Stacks, in order:\n {2}network: 1 change\n {2}sites: 1 change/)
})

test('environments: --env prod plans the prod stacks with prod configuration; --env prd exits 64 suggesting prod', async () => {
  const { dir, file } = program('env-stacks')
  const state = join(dir, '.trellis')
  for (const [env, zone] of [
    ['dev', 'dev.example.test'],
    ['prod', 'prod.example.test'],
  ])
    assert.is((await run(['config', 'set', 'zoneName', zone, '--env', env, '--program', file])).code, EXIT.ok)
  assert.equal(JSON.parse(readFileSync(join(dir, 'trellis.prod.json'), 'utf8')).config, {
    zoneName: 'prod.example.test',
  })
  const p = await run(['plan', file, '--emulate', '--env', 'prod', '--state-dir', state])
  assert.is(p.code, EXIT.ok, p.err)
  assert.match(p.out, /Stacks, in order:\n {2}network-prod: 1 change\n {2}sites-prod: 1 change/)
  assert.match(p.out, /prod\.example\.test/)
  assert.not.match(p.out, /dev\.example\.test/)
  const typo = await run(['plan', file, '--emulate', '--env', 'prd', '--state-dir', state])
  assert.is(typo.code, EXIT.usage)
  assert.match(typo.err, /--env prd: .* declares no such environment \(did you mean prod\?\)/)
  const none = await run(['plan', file, '--emulate', '--state-dir', state])
  assert.is(none.code, EXIT.usage)
  assert.match(none.err, /declares environments dev, prod: pass --env NAME/)
})

test('a missing required key stops the run before the plan, naming key and environment', async () => {
  const { dir, file } = program('env-stacks')
  const p = await run(['plan', file, '--emulate', '--env', 'dev', '--state-dir', join(dir, '.trellis')])
  assert.is(p.code, EXIT.invalid)
  assert.match(p.err, /configuration key zoneName is missing for environment dev/)
  assert.not.match(p.out, /stack network-dev/)
})

test('config --secret needs TRELLIS_PASSPHRASE; the file holds no plain value; get and the program read it', async () => {
  const { dir, file } = program('env-stacks')
  const set = ['config', 'set', 'zoneName', 'hidden.example.test', '--env', 'dev', '--program', file, '--secret']
  const refused = await run(set, { TRELLIS_PASSPHRASE: undefined })
  assert.is(refused.code, EXIT.invalid)
  assert.match(refused.err, /zoneName of environment dev is a secret: set TRELLIS_PASSPHRASE/)
  assert.is((await run(set, { TRELLIS_PASSPHRASE: 'correct horse' })).code, EXIT.ok)
  const text = readFileSync(join(dir, 'trellis.dev.json'), 'utf8')
  assert.not.match(text, /hidden/)
  const get = ['config', 'get', 'zoneName', '--env', 'dev', '--program', file]
  assert.is((await run(get, { TRELLIS_PASSPHRASE: 'correct horse' })).out, 'hidden.example.test')
  const locked = await run(get, { TRELLIS_PASSPHRASE: undefined })
  assert.is(locked.code, EXIT.invalid)
  const p = await run(['plan', file, '--emulate', '--env', 'dev', '--state-dir', join(dir, '.trellis')], {
    TRELLIS_PASSPHRASE: 'correct horse',
  })
  assert.is(p.code, EXIT.ok, p.err)
  assert.match(p.out, /hidden\.example\.test/)
  const rm = await run(['config', 'rm', 'zoneNam', '--env', 'dev', '--program', file])
  assert.is(rm.code, EXIT.usage)
  assert.match(rm.err, /no configuration key zoneNam .* \(did you mean zoneName\?\)/)
})

test.run()
