/**
 * The JSON contract (issue 35): one plan document for the library's planToJson, `plan --json`, a
 * saved plan and `show FILE --json`; every `--json` output but apply/destroy's stream is one
 * document, valid against its schema in schemas/.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { planToJson, registry } from '#trellis'
import { runMock } from '#trellis/testing'
import { ROOT, costEnv, platform, run, tempDir, type Platform } from './harness'

const test = suite('cli: one plan document, one document per --json')
const ajv = new Ajv({ allErrors: true })
const dir = join(ROOT, 'schemas')
for (const f of readdirSync(dir)) ajv.addSchema(JSON.parse(readFileSync(join(dir, f), 'utf8')) as object, f)
const valid = (schema: string, doc: unknown) =>
  assert.ok(ajv.validate(schema, doc), `${schema}: ${ajv.errorsText()}\n${JSON.stringify(doc).slice(0, 400)}`)

/** a program with a lookup (read at plan time: it emits events) feeding a folder */
const lookupProgram = (d: string): string => {
  const file = join(d, 'lookups.ts')
  writeFileSync(
    file,
    `import { stack } from '${ROOT}src/index'\nimport * as cost from '${ROOT}builders/cost'\n` +
      `const ws = cost.getWorkspaces('all')\n` +
      `const f = cost.folder('f', { title: 'F' }).workspaceToken(ws.out.workspaces.map((w) => w[0].token))\n` +
      `export default stack('looks').add(ws, f, cost.costReport('r', { title: 'R', filter: "costs.provider = 'aws'" })` +
      `.folderToken(f.out.token)).export('report', f.out.token)\n`,
  )
  return file
}

let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

test('plan --json on a stack with lookups is one document (no event lines), the plan document', async () => {
  const d = tempDir()
  const r = await run(['plan', lookupProgram(d), '--json', '--state-dir', d], costEnv(p))
  assert.is(r.code, 0, r.err)
  const doc = JSON.parse(r.out) as { formatVersion: number; kind: string; steps: Array<{ action: string }> }
  valid('plan.json', doc)
  assert.is(doc.formatVersion, 3)
  assert.ok(doc.steps.some((s) => s.action === 'read'))
  assert.not.ok(r.out.includes('known after apply'))
})

test('show FILE --json is the plan document plan --json printed, with what it was saved from', async () => {
  const d = tempDir()
  const prog = lookupProgram(d)
  const file = join(d, 'p.json')
  const made = await run(['plan', prog, '--out', file, '--json', '--state-dir', d], costEnv(p))
  assert.is(made.code, 0, made.err)
  valid('saved-plan.json', JSON.parse(readFileSync(file, 'utf8')))
  const shown = await run(['show', file, '--json'])
  assert.is(shown.code, 0, shown.err)
  const doc = JSON.parse(shown.out) as Record<string, unknown> & { saved: { program: string } }
  valid('plan.json', doc)
  assert.is(doc.saved.program, prog)
  const { saved: _s, ...plan } = doc
  assert.equal(plan, JSON.parse(made.out))
})

test("the library's planToJson is the same document, valid against plan.json", async () => {
  const d = tempDir()
  const { default: st } = (await import(lookupProgram(d))) as { default: Parameters<typeof runMock>[0] }
  const r = await runMock(st)
  const doc = planToJson(r.plan, registry)
  valid('plan.json', doc)
  assert.is(doc.kind, 'plan')
})

test('plan --format markdown and --review print the pull-request summary; with --json it is a usage error', async () => {
  const d = tempDir()
  const prog = lookupProgram(d)
  const a = await run(['plan', prog, '--format', 'markdown', '--state-dir', d], costEnv(p))
  assert.is(a.code, 0, a.err)
  assert.match(a.out, '### trellis plan for stack `looks`')
  assert.match(a.out, /#### Creates \(2\)/)
  assert.match(a.out, '<details><summary><code>+ cost:Folder "f"</code></summary>')
  const b = await run(['plan', prog, '--review', '--state-dir', d], costEnv(p))
  assert.is(b.out, a.out)
  const c = await run(['plan', prog, '--review', '--json', '--state-dir', d], costEnv(p))
  assert.is(c.code, 64)
  assert.match(c.err, '--json and the markdown summary')
})

test.run()
