/**
 * Saved plans keep what the program was called with (issue 36 item 3): `plan --env prod --out`
 * records the environment, so `apply FILE` calls the program for prod again, and a digest of prod's
 * configuration, so a configuration changed since the plan is refused, saying so.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '#src/cli/main'
import { ROOT, run, tempDir } from './harness'

const test = suite('saved plans keep env and configuration')

const program = (): { dir: string; file: string } => {
  const dir = tempDir()
  const file = join(dir, 'env-stacks.ts')
  const src = readFileSync(join(ROOT, 'test/cli/fixtures/env-stacks.ts'), 'utf8')
    .replaceAll("'../../../", `'${ROOT}`)
    .replace("from 'io-ts'", `from '${ROOT}node_modules/io-ts/lib/index.js'`)
  writeFileSync(file, src)
  return { dir, file }
}

test('plan --env prod --out, then apply FILE: the program is called for prod again and applied', async () => {
  const { dir, file } = program()
  const state = join(dir, '.trellis')
  const saved = join(dir, 'p.json')
  assert.is((await run(['config', 'set', 'zoneName', 'prod.example.test', '--env', 'prod', '--program', file])).code, 0)
  const p = await run([
    'plan',
    file,
    '--emulate',
    '--env',
    'prod',
    '--stack',
    'network-prod',
    '--out',
    saved,
    '--state-dir',
    state,
  ])
  assert.is(p.code, EXIT.ok, p.err)
  const doc = JSON.parse(readFileSync(saved, 'utf8')) as { source: { env?: string; configDigest?: string } }
  assert.is(doc.source.env, 'prod')
  assert.match(doc.source.configDigest ?? '', /^[0-9a-f]{64}$/)
  const a = await run(['apply', saved, '--emulate', '--state-dir', state])
  assert.is(a.code, EXIT.ok, a.err)
  assert.match(a.out, /Apply complete: 1 change/)
})

test("a saved plan whose environment's configuration changed since is refused, saying so", async () => {
  const { dir, file } = program()
  const state = join(dir, '.trellis')
  const saved = join(dir, 'p.json')
  assert.is((await run(['config', 'set', 'zoneName', 'prod.example.test', '--env', 'prod', '--program', file])).code, 0)
  const p = await run([
    'plan',
    file,
    '--emulate',
    '--env',
    'prod',
    '--stack',
    'network-prod',
    '--out',
    saved,
    '--state-dir',
    state,
  ])
  assert.is(p.code, EXIT.ok, p.err)
  assert.is(
    (await run(['config', 'set', 'zoneName', 'other.example.test', '--env', 'prod', '--program', file])).code,
    0,
  )
  const a = await run(['apply', saved, '--emulate', '--state-dir', state])
  assert.is(a.code, EXIT.failed, a.out + a.err)
  assert.match(a.err, /the configuration of environment prod changed since the plan was made/)
})

test.run()
