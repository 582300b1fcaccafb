/**
 * Every command's --json is one versioned document valid against its JSON Schema in schemas/
 * (apply/destroy: NDJSON — the plan, one event per step, then the summary); secrets and unknown
 * values are markers, errors are lists of {node, path, expected, given, message}.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BOOKS, ROOT, costEnv, platform, run, tempDir, type Platform } from './harness'

const test = suite('cli: --json documents and their schemas')
const ajv = new Ajv({ allErrors: true })
const dir = join(ROOT, 'schemas')
for (const f of readdirSync(dir)) ajv.addSchema(JSON.parse(readFileSync(join(dir, f), 'utf8')) as object, f)

const valid = (schema: string, doc: unknown) => {
  const ok = ajv.validate(schema, doc)
  assert.ok(ok, `${schema}: ${ajv.errorsText()}\n${JSON.stringify(doc).slice(0, 400)}`)
}
const one = (out: string): unknown => JSON.parse(out)

let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

test('plan, apply (NDJSON), outputs, stacks, state list, refresh and version validate; markers, not strings', async () => {
  const d = tempDir()
  const plan = one((await run(['plan', BOOKS, '--json', '--state-dir', d], costEnv(p))).out) as {
    steps: Array<{ address: string; inputs: Record<string, unknown> }>
  }
  valid('plan.json', plan)
  const report = plan.steps.find((s) => s.address === 'cost:CostReport/monthly')!
  assert.equal(report.inputs.folderToken, { unknown: true })

  const a = await run(['apply', BOOKS, '--json', '--yes', '--state-dir', d], costEnv(p))
  assert.is(a.code, 0, a.err)
  const lines = a.out.split('\n').map((l) => JSON.parse(l) as { kind: string; type?: string })
  valid('plan.json', lines[0])
  const events = lines.filter((l) => l.kind === 'event')
  for (const e of events) valid('event.json', e)
  assert.is(events.filter((e) => e.type === 'step-done').length, 3)
  const last = lines[lines.length - 1]
  valid('apply.json', last)
  assert.is((last as unknown as { status: string }).status, 'applied')

  valid('outputs.json', one((await run(['outputs', '--json', '--state-dir', d])).out))
  valid('output.json', one((await run(['outputs', 'report', '--json', '--state-dir', d])).out))
  valid('stacks.json', one((await run(['stacks', '--json', '--state-dir', d])).out))
  valid('state-list.json', one((await run(['state', 'list', '--json', '--state-dir', d])).out))
  valid('refresh.json', one((await run(['plan', BOOKS, '--refresh-only', '--json', '--state-dir', d], costEnv(p))).out))
  valid('version.json', one((await run(['--version', '--json'])).out))
  const mv = await run(['state', 'mv', 'cost:Folder/other', 'cost:Folder/others', '--json', '--state-dir', d])
  valid('state-change.json', one(mv.out))
  const file = join(d, 'p.json')
  await run(['plan', BOOKS, '--out', file, '--state-dir', d], costEnv(p))
  valid('saved-plan.json', JSON.parse(readFileSync(file, 'utf8')))
})

test('errors are one document with structured issues, and the exit code they set', async () => {
  const d = tempDir()
  const r = await run(['plan', BOOKS, '--json', '--state-dir', d], { COST_HOST: p.url, COST_API_TOKEN: '' })
  assert.is(r.code, 3)
  const e = one(r.out) as { error: { issues: Array<{ node: string; path: string }>; exitCode: number } }
  valid('error.json', e)
  assert.equal(e.error.issues[0].node, 'provider cost')
  assert.equal(e.error.issues[0].path, 'apiToken')
  assert.is(e.error.exitCode, 3)
})

test('a secret output is {"secret": true} in every document', async () => {
  const d = tempDir()
  const prog = join(d, 'sec.ts')
  const { writeFileSync } = await import('node:fs')
  writeFileSync(
    prog,
    `import { stack, secret } from '${ROOT}src/index'\nimport * as cost from '${ROOT}builders/cost'\n` +
      `export default stack('sec').add(cost.folder('f', { title: 'F', workspaceToken: 'wrkspc_default' })).export('pw', secret('hunter2'))\n`,
  )
  const a = await run(['apply', prog, '--json', '--yes', '--state-dir', d], costEnv(p))
  assert.is(a.code, 0, a.err)
  assert.not.ok(a.out.includes('hunter2'))
  const o = one((await run(['outputs', 'pw', '--json', '--state-dir', d])).out) as { value: unknown }
  assert.equal(o.value, { secret: true })
})

test.run()
