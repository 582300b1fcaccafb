/**
 * The --json contract, every command: each document kind the CLI prints has its schema in
 * schemas/ (the package ships them), and each validates — for success and for each error kind
 * (usage 64, invalid 3, state 4, failed 1; interrupted 130 in interrupt.test.ts), as one `error` document whose exit code is the one
 * the process exits with. (json.test.ts covers plan, apply, outputs, stacks, state list, refresh.)
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import Ajv from 'ajv'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BOOKS, ROOT, costEnv, platform, run, tempDir, type Platform } from './harness'

const test = suite('cli: --json of every command, success and errors')
const ajv = new Ajv({ allErrors: true })
const dir = join(ROOT, 'schemas')
for (const f of readdirSync(dir)) ajv.addSchema(JSON.parse(readFileSync(join(dir, f), 'utf8')) as object, f)

const valid = (schema: string, text: string) => {
  const doc = JSON.parse(text) as unknown
  assert.ok(ajv.validate(schema, doc), `${schema}: ${ajv.errorsText()}\n${text.slice(0, 400)}`)
  return doc as Record<string, unknown>
}
/** An error document: valid, its exit code the process's, its kind the one expected. */
const failure = (r: { code: number | null; out: string; err: string }, kind: string, code: number) => {
  assert.is(r.code, code, r.err + r.out)
  const e = valid('error.json', r.out) as { error: { kind: string; exitCode: number } }
  assert.equal([e.error.kind, e.error.exitCode], [kind, code])
}

let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

/** Every file under src/cli and src/render, for the document kinds they print. */
const sources = (d: string): string[] =>
  readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(d, e.name)) : e.name.endsWith('.ts') ? [join(d, e.name)] : [],
  )

test('each document kind the CLI prints has its schema', () => {
  const kinds = new Set<string>()
  for (const f of [...sources(join(ROOT, 'src/cli')), ...sources(join(ROOT, 'src/render'))]) {
    const text = readFileSync(f, 'utf8')
    for (const m of text.matchAll(/\bdoc\('([a-z-]+)'/g)) kinds.add(m[1])
    for (const m of text.matchAll(/\bkind: '([a-z-]+)' as const/g)) kinds.add(m[1])
  }
  assert.ok(kinds.size >= 12, [...kinds].join(', '))
  for (const k of kinds) assert.ok(existsSync(join(dir, `${k}.json`)), `schemas/${k}.json for the "${k}" document`)
})

test('import, state show (one and whole), graph, schema, show FILE, destroy and state rm validate', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const one = valid(
    'state-show.json',
    (await run(['state', 'show', 'cost:Folder/other', '--json', '--state-dir', d])).out,
  )
  valid('state-show.json', (await run(['state', 'show', '--json', '--state-dir', d])).out)
  const id = (one.resource as { id: string }).id
  assert.is((await run(['state', 'rm', 'cost:Folder/other', '--json', '--state-dir', d])).code, 0)
  const imported = await run(['import', BOOKS, 'cost:Folder', 'other', id, '--json', '--state-dir', d], costEnv(p))
  assert.is(imported.code, 0, imported.err)
  valid('import.json', imported.out)
  valid('graph.json', (await run(['graph', BOOKS, '--json'])).out)
  valid('schema.json', (await run(['schema', '--json'])).out)
  const file = join(d, 'p.json')
  await run(['plan', BOOKS, '--out', file, '--state-dir', d], costEnv(p))
  const shown = await run(['show', file, '--json'])
  assert.is(shown.code, 0, shown.err)
  valid('plan.json', shown.out)
  const destroyed = await run(['destroy', BOOKS, '--yes', '--json', '--state-dir', d], costEnv(p))
  assert.is(destroyed.code, 0, destroyed.err)
  const lines = destroyed.out.split('\n')
  valid('plan.json', lines[0])
  for (const l of lines.slice(1, -1)) valid('event.json', l)
  valid('apply.json', lines[lines.length - 1])
})

test('each error kind is an error document with its exit code: usage, invalid, state, failed', async () => {
  const d = tempDir()
  failure(await run(['plan', BOOKS, '--json', '--lock-timeout', 'soon', '--state-dir', d], costEnv(p)), 'usage', 64)
  failure(
    await run(['plan', BOOKS, '--json', '--state-dir', d], { COST_HOST: p.url, COST_API_TOKEN: '' }),
    'invalid',
    3,
  )
  const missing = await run(
    ['import', BOOKS, 'cost:Folder', 'ghost', 'fldr_nothere', '--json', '--state-dir', d],
    costEnv(p),
  )
  failure(missing, 'failed', 1)
  assert.is((await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))).code, 0)
  const holder = await holdLock(d)
  try {
    failure(
      await run(['apply', BOOKS, '--yes', '--json', '--lock-timeout', '0s', '--state-dir', d], costEnv(p)),
      'state',
      4,
    )
  } finally {
    holder.kill('SIGKILL')
  }
})

const holdLock = (stateDir: string): Promise<ChildProcess> =>
  new Promise((ok, fail) => {
    const script = join(ROOT, 'test/reliability/state-lock-holder.ts')
    const child = spawn(process.execPath, ['--import', 'tsx', script, 'file', stateDir, 'books', 'bob@ci'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (b: Buffer) => b.toString().includes('LOCKED') && ok(child))
    child.on('exit', (code) => fail(new Error(`the lock holder exited (${code}) before locking`)))
    setTimeout(() => fail(new Error('the lock holder did not lock within 30 s')), 30_000).unref()
  })

test.run()
