/**
 * Saved plans across stacks (issue 36 item 3): `plan --out` of a program of two stacks saves both
 * parts, and `apply FILE` applies each exactly as saved, producers first; a part whose state moved
 * on is refused; a plan that read a store-only stack (stackOutputs) records its serial, and is
 * refused once that stack moved on.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '#src/cli/main'
import { ROOT, run, tempDir } from './harness'

const test = suite('saved plans across stacks')
const ajv = new Ajv({ allErrors: true })
for (const f of readdirSync(join(ROOT, 'schemas')))
  ajv.addSchema(JSON.parse(readFileSync(join(ROOT, 'schemas', f), 'utf8')) as object, f)

const program = (name: string, dir = tempDir()): { dir: string; file: string } => {
  const file = join(dir, `${name}.ts`)
  const src = readFileSync(join(ROOT, 'test/cli/fixtures', `${name}.ts`), 'utf8')
    .replaceAll("'../../../", `'${ROOT}`)
    .replace("from 'io-ts'", `from '${ROOT}node_modules/io-ts/lib/index.js'`)
  writeFileSync(file, src)
  return { dir, file }
}

test('plan --out across two stacks, then apply FILE: both applied as saved, network first', async () => {
  const { dir, file } = program('two-stacks')
  const state = join(dir, '.trellis')
  const saved = join(dir, 'p.json')
  const p = await run(['plan', file, '--emulate', '--out', saved, '--state-dir', state])
  assert.is(p.code, EXIT.ok, p.err)
  assert.match(p.out, /Saved the plan of 2 stacks to .*p\.json; apply exactly it with `trellis apply .*--emulate/)
  const doc = JSON.parse(readFileSync(saved, 'utf8')) as { stacks: Array<{ source: { stack: string } }> }
  assert.ok(ajv.validate('saved-plan.json', doc), ajv.errorsText())
  assert.equal(
    doc.stacks.map((s) => s.source.stack),
    ['network', 'sites'],
  )
  const a = await run(['apply', saved, '--emulate', '--state-dir', state])
  assert.is(a.code, EXIT.ok, a.err)
  assert.match(a.out, /Apply across stacks:\n {2}network: 1 change \(state serial \d+\)\n {2}sites: 1 change/)
  // applied: the same file again is out of date
  const again = await run(['apply', saved, '--emulate', '--state-dir', state])
  assert.is(again.code, EXIT.failed)
  assert.match(again.err, /the plan was made when network had no state/)
})

test('show FILE of a plan saved across stacks shows every stack’s part: text, --json and --html', async () => {
  const { dir, file } = program('two-stacks')
  const state = join(dir, '.trellis')
  const saved = join(dir, 'p.json')
  assert.is((await run(['plan', file, '--emulate', '--out', saved, '--state-dir', state])).code, EXIT.ok)
  const text = await run(['show', saved])
  assert.is(text.code, EXIT.ok, text.err)
  assert.match(text.out, 'across 2 stacks (network, sites;')
  const network = text.out.indexOf('Stack network:')
  const sites = text.out.indexOf('Stack sites:')
  assert.ok(network > 0 && sites > network, text.out)
  assert.match(text.out.slice(network, sites), 'hosting:DnsZone')
  assert.match(text.out.slice(sites), 'hosting:DnsRecord')
  const json = await run(['show', saved, '--json'])
  assert.is(json.code, EXIT.ok, json.err)
  const doc = JSON.parse(json.out) as { stack: string; stacks: Array<{ stack: string; saved: { stack: string } }> }
  assert.ok(ajv.validate('plan.json', doc), ajv.errorsText())
  assert.is(doc.stack, 'network')
  assert.equal(
    doc.stacks.map((s) => [s.stack, s.saved.stack]),
    [
      ['network', 'network'],
      ['sites', 'sites'],
    ],
  )
  const page = join(dir, 'plan.html')
  const html = await run(['show', saved, '--html', page])
  assert.is(html.code, EXIT.ok, html.err)
  assert.match(readFileSync(join(dir, 'plan.network.html'), 'utf8'), 'Plan for stack network')
  assert.match(readFileSync(join(dir, 'plan.sites.html'), 'utf8'), 'Plan for stack sites')
})

test('a plan that read a store-only stack records its serial; once that stack moved on, apply FILE refuses', async () => {
  const { dir, file } = program('two-stacks')
  const state = join(dir, '.trellis')
  assert.is((await run(['apply', file, '--emulate', '--yes', '--state-dir', state])).code, EXIT.ok)
  const shop = program('reads-network', dir).file
  const saved = join(dir, 'shop.json')
  const p = await run(['plan', shop, '--emulate', '--out', saved, '--state-dir', state])
  assert.is(p.code, EXIT.ok, p.err)
  const doc = JSON.parse(readFileSync(saved, 'utf8')) as { read: Record<string, number> }
  assert.ok(typeof doc.read.network === 'number', JSON.stringify(doc.read))
  // network moves on (destroyed and applied again: a new serial), then the saved plan is stale
  assert.is((await run(['apply', file, '--emulate', '--yes', '--refresh', '--state-dir', state])).code, EXIT.ok)
  assert.is((await run(['destroy', file, '--emulate', '--yes', '--stack', 'sites', '--state-dir', state])).code, 0)
  const a = await run(['apply', saved, '--emulate', '--state-dir', state])
  assert.is(a.code, EXIT.failed, a.out + a.err)
  assert.match(a.err, /stack network, whose outputs the plan read, moved on: serial \d+ then, \d+ now/)
})

test.run()
