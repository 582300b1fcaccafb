/**
 * Issue 39 at the command line: `trellis discover` and `trellis generate` against the emulators
 * (their --json documents valid against schemas/), an existing file kept without --force, and
 * the flags each needs asked for before anything is listed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, run, tempDir } from './harness'

const test = suite('cli: discover and generate')
const ajv = new Ajv({ allErrors: true })
for (const f of readdirSync(join(ROOT, 'schemas')))
  ajv.addSchema(JSON.parse(readFileSync(join(ROOT, 'schemas', f), 'utf8')) as object, f)
const valid = (schema: string, text: string): Record<string, unknown> => {
  const doc = JSON.parse(text) as Record<string, unknown>
  assert.ok(ajv.validate(schema, doc), `${schema}: ${ajv.errorsText()}`)
  return doc
}

test('what another state directory made is discovered, generated once, and kept without --force', async () => {
  const d = tempDir()
  const data = join(d, 'emulator.json')
  const made = await run([
    'apply',
    join(ROOT, 'examples/hosting-dns.ts'),
    '--emulate',
    '--yes',
    '--state-dir',
    join(d, 'a'),
    '--data',
    data,
  ])
  assert.is(made.code, 0, made.err)
  const mine = ['--emulate', '--state-dir', join(d, 'b'), '--data', data, '--provider', 'hosting']
  const found = await run(['discover', '--json', ...mine])
  assert.is(found.code, 0, found.err)
  const doc = valid('discover.json', found.out) as { objects: Array<{ token: string }> }
  assert.equal(
    doc.objects.filter((o) => o.token.startsWith('hosting:Dns')).map((o) => o.token),
    ['hosting:DnsZone', ...Array<string>(5).fill('hosting:DnsRecord')],
  )
  const file = join(d, 'infra.ts')
  const gen = await run(['generate', '--out', file, '--stack', 'legacy', '--json', ...mine])
  assert.is(gen.code, 0, gen.err)
  const g = valid('generate.json', gen.out) as { imports: unknown[] }
  assert.is(g.imports.length, doc.objects.length)
  assert.match(readFileSync(file, 'utf8'), /hosting\.dnsRecord\(/)
  writeFileSync(file, '// mine\n')
  const kept = await run(['generate', '--out', file, '--stack', 'legacy', ...mine])
  assert.is(kept.code, 64)
  assert.match(kept.err + kept.out, '--force')
  assert.is(readFileSync(file, 'utf8'), '// mine\n')
  const forced = await run(['generate', '--out', file, '--stack', 'legacy', '--force', ...mine])
  assert.is(forced.code, 0, forced.err)
  assert.match(forced.out, 'builder(s) in stack legacy')
})

test('generate without --out or --stack is a usage error, and writes nothing', async () => {
  const d = tempDir()
  const noOut = await run(['generate', '--stack', 'legacy', '--emulate', '--state-dir', d])
  assert.is(noOut.code, 64)
  assert.match(noOut.err + noOut.out, '--out FILE is required')
  const file = join(d, 'x.ts')
  const noStack = await run(['generate', '--out', file, '--emulate', '--state-dir', d])
  assert.is(noStack.code, 64)
  assert.not.ok(existsSync(file))
})

test.run()
