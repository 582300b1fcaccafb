import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main, EXIT } from '#src/cli/main'

const test = suite('cli')
const run = async (...argv: string[]) => {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { line: (s) => out.push(s), err: (s) => err.push(s), colour: false })
  return { code, out: out.join('\n'), err: err.join('\n') }
}
const dir = () => mkdtempSync(join(tmpdir(), 'trellis-cli-'))

test('plan --emulate prints the plan; --detailed-exitcode exits 2 when there are changes', async () => {
  const d = dir()
  const r = await run('plan', 'examples/quickstart.ts', '--emulate', '--state-dir', d, '--detailed-exitcode')
  assert.is(r.code, EXIT.changes, r.err)
  assert.match(r.out, /\+ cost:Folder "finance" will be created/)
  assert.match(r.out, /Plan: 6 to create/)
})

test('apply --emulate --yes applies, and a second plan has no changes (exit 0 with --detailed-exitcode)', async () => {
  const d = dir()
  const a = await run('apply', 'examples/quickstart.ts', '--emulate', '--yes', '--state-dir', d)
  assert.is(a.code, EXIT.ok, a.err)
  assert.match(a.out, /Apply complete: 6 changes/)
  assert.match(a.err, /✓ created cost:Folder "finance" \(\d+ ms\)/)
  const p = await run('plan', 'examples/quickstart.ts', '--emulate', '--state-dir', d, '--detailed-exitcode')
  assert.is(p.code, EXIT.ok)
  assert.match(p.out, /No changes/)
  const list = await run('state', 'list', '--stack', 'quickstart', '--emulate', '--state-dir', d)
  assert.match(list.out, /cost:Folder\/finance {2}fldr_/)
})

test('apply without --yes and without a terminal refuses and changes nothing', async () => {
  const d = dir()
  const a = await run('apply', 'examples/quickstart.ts', '--emulate', '--state-dir', d)
  assert.is(a.code, EXIT.failed)
  assert.match(a.err, /pass --yes/)
})

test('an invalid program exits 3 and prints every error with node, field, expected and given', async () => {
  const d = dir()
  const f = join(d, 'bad.ts')
  writeFileSync(
    f,
    `import { stack } from '${process.cwd()}/src/index'\nimport * as cost from '${process.cwd()}/builders/cost'\nexport default stack('bad').add(cost.costAlert('a', { title: 'A', interval: 'hourly' } as never), cost.folder('f', {} as never))\n`,
  )
  const r = await run('plan', f, '--state-dir', d)
  assert.is(r.code, EXIT.invalid)
  assert.match(
    r.err,
    /cost:CostAlert "a" field `interval`: expected "day" \| "week" \| "month" \| "quarter", got "hourly"/,
  )
  assert.match(r.err, /cost:Folder "f" field `title`: expected string, got nothing/)
})

test('schema --json lists every provider, resource and lookup with field kinds and secrets', async () => {
  const r = await run('schema', '--json')
  const s = JSON.parse(r.out) as {
    providers: Array<{
      name: string
      config: Array<{ name: string; secret: boolean }>
      resources: Array<{ token: string }>
      lookups: unknown[]
    }>
  }
  assert.equal(
    s.providers.map((p) => p.name),
    ['cost', 'hosting', 'cloud'],
  )
  assert.ok(s.providers[0].config.find((f) => f.name === 'apiToken')!.secret)
  assert.ok(s.providers[0].resources.some((x) => x.token === 'cost:CostReport'))
})

test('graph prints Mermaid by default and DOT on request', async () => {
  const m = await run('graph', 'examples/quickstart.ts')
  assert.match(m.out, /^graph TD/)
  assert.match(m.out, /-->/)
  const d = await run('graph', 'examples/quickstart.ts', '--format', 'dot')
  assert.match(d.out, /^digraph "quickstart"/)
  assert.match(d.out, /"cost:Folder\/finance" -> "cost:CostReport\/monthly";/)
})

test('usage errors exit 64', async () => {
  assert.is((await run('frobnicate')).code, EXIT.usage)
  assert.is((await run('plan')).code, EXIT.usage)
})

test.run()
