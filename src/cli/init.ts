/**
 * `trellis init [dir]`: a new project that works at once: package.json (`"type": "module"`, the
 * scripts, trellis as a dependency), tsconfig.json, a small stack in infra.ts, a passing test of it
 * in infra.test.ts (node:test through tsx) and a .gitignore for the state directory. It never
 * overwrites: when any of its files exists it writes nothing and names them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Out } from './output'

interface OwnManifest {
  readonly version: string
  readonly dependencies?: Readonly<Record<string, string>>
  readonly devDependencies?: Readonly<Record<string, string>>
}

/** trellis's own package.json: from dist/ or from src/cli/, the nearest one named trellis. */
const ownManifest = (): OwnManifest => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const p = join(dir, 'package.json')
    if (!existsSync(p)) continue
    const m = JSON.parse(readFileSync(p, 'utf8')) as OwnManifest & { name?: string }
    if (m.name === 'trellis') return m
  }
  throw new Error("init: trellis's own package.json was not found above " + fileURLToPath(import.meta.url))
}

/** `^x.y.z` of what trellis itself uses, so a new project gets versions known to work with it. */
const caret = (v: string | undefined, name: string): string => {
  const m = v && /\d+\.\d+\.\d+/.exec(v)
  if (!m) throw new Error(`init: no version of ${name} in trellis's package.json`)
  return `^${m[0]}`
}

/** A package name from the directory's name (lower case, npm's allowed characters). */
const packageName = (dir: string): string =>
  basename(resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '') || 'infra'

const INFRA = `/**
 * The stack: a cost folder, and a monthly report inside it. \`npm run plan\` shows what would
 * change on the real platform; \`npx trellis plan infra.ts --emulate\` on the built-in emulators.
 */
import { stack } from 'trellis'
import * as cost from 'trellis/cost'

const finance = cost.folder('finance', { title: 'Finance' })
const monthly = cost
  .costReport('monthly', { title: 'Monthly AWS', filter: "costs.provider = 'aws'" })
  .folderToken(finance.out.token)
  .settings({ amortize: true, includeCredits: false })

export default stack('infra', { providers: { cost: cost.fromEnv(process.env) } })
  .add(finance, monthly)
  .export('report', monthly.out.token)
`

const INFRA_TEST = `/**
 * The stack on the mock interpreter: the same compile, plan and apply as the real one, in memory.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { runMock, expectPlan } from 'trellis/testing'
import infra from './infra'

test('infra creates a folder and a report inside it, and a second run changes nothing', async () => {
  const run = await runMock(infra)
  expectPlan(run).toCreate('cost:Folder', 'finance', { title: 'Finance' }).toCreate('cost:CostReport', 'monthly')
  assert.equal(
    run.state.resources['cost:CostReport/monthly']?.inputs['folderToken'],
    run.state.resources['cost:Folder/finance']?.outputs['token'],
  )
  const again = await runMock(infra, { state: run.state })
  expectPlan(again).toHaveNoChanges()
})
`

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['*.ts'],
}

/** The files of a new project, by name. */
export const projectFiles = (dir: string): Readonly<Record<string, string>> => {
  const own = ownManifest()
  const dev = own.devDependencies ?? {}
  const json = (u: unknown) => JSON.stringify(u, null, 2) + '\n'
  return {
    'package.json': json({
      name: packageName(dir),
      version: '0.1.0',
      private: true,
      type: 'module',
      scripts: {
        test: 'tsx --test infra.test.ts',
        typecheck: 'tsc',
        plan: 'trellis plan infra.ts',
        apply: 'trellis apply infra.ts',
      },
      dependencies: { trellis: `^${own.version}` },
      devDependencies: {
        '@types/node': caret(dev['@types/node'], '@types/node'),
        tsx: caret(own.dependencies?.['tsx'], 'tsx'),
        typescript: caret(dev['typescript'], 'typescript'),
      },
    }),
    'tsconfig.json': json(TSCONFIG),
    'infra.ts': INFRA,
    'infra.test.ts': INFRA_TEST,
    '.gitignore': 'node_modules/\n.trellis/\n',
  }
}

/** Write a new project into `dir` (created if need be); exit.usage, naming them, if any file exists. */
export const runInit = (dir: string, out: Out, exit: { readonly ok: number; readonly usage: number }): number => {
  const files = projectFiles(dir)
  const existing = Object.keys(files).filter((f) => existsSync(join(dir, f)))
  if (existing.length > 0) {
    out.err(
      `init: ${existing.map((f) => join(dir, f)).join(', ')} already exist${existing.length === 1 ? 's' : ''}; nothing written`,
    )
    return exit.usage
  }
  mkdirSync(dir, { recursive: true })
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text, { flag: 'wx' })
  const cd = resolve(dir) === process.cwd() ? '' : `cd ${dir} && `
  out.line(
    `Created a trellis project in ${resolve(dir)}: ${Object.keys(files).join(', ')}.\n\n` +
      `  ${cd}npm install\n` +
      `  npm test                                 # the stack on the mock interpreter\n` +
      `  npx trellis plan infra.ts --emulate      # a plan against the built-in emulators\n` +
      `  npm run plan                             # against the real platform (COST_API_TOKEN)`,
  )
  return exit.ok
}
