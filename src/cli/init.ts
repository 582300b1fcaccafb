/**
 * `trellis init [DIR] [--trellis SPEC]`: a project that works at once: package.json (the scripts,
 * trellis as a dependency), tsconfig.json, a small stack in infra.ts, a passing test of it in
 * infra.test.ts (node:test through tsx) and a .gitignore for the state directory. In a folder that
 * has some of these already it adds what is missing (package.json fields included) and keeps
 * everything there as it is; infra.ts and its test come as a pair, since the test reads the stack.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as E from 'fp-ts/Either'
import type { Out } from './output'
import { defaultSpec, specFromFlag } from './trellis-spec'

interface OwnManifest {
  readonly version: string
  readonly dependencies?: Readonly<Record<string, string>>
  readonly devDependencies?: Readonly<Record<string, string>>
}

/** trellis's own package.json and its directory: from dist/ or from src/cli/, the nearest one named trellis. */
const ownManifest = (): OwnManifest & { readonly dir: string } => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const p = join(dir, 'package.json')
    if (!existsSync(p)) continue
    const m = JSON.parse(readFileSync(p, 'utf8')) as OwnManifest & { name?: string }
    if (m.name === 'trellis') return { ...m, dir }
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

/** The tsconfig.json init writes (the examples compile under it too: test/types/examples-under-init). */
export const TSCONFIG = {
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

type Fields = Readonly<Record<string, string>>

/** What init puts into package.json: scripts, dependencies and devDependencies, by name. */
interface Wanted {
  readonly scripts: Fields
  readonly dependencies: Fields
  readonly devDependencies: Fields
}

const wantedFields = (own: OwnManifest, trellis: string): Wanted => ({
  scripts: {
    test: 'tsx --test infra.test.ts',
    typecheck: 'tsc',
    plan: 'trellis plan infra.ts',
    apply: 'trellis apply infra.ts',
  },
  dependencies: { trellis },
  devDependencies: {
    '@types/node': caret(own.devDependencies?.['@types/node'], '@types/node'),
    tsx: caret(own.dependencies?.['tsx'], 'tsx'),
    typescript: caret(own.devDependencies?.['typescript'], 'typescript'),
  },
})

const json = (u: unknown, indent: string | number = 2) => JSON.stringify(u, null, indent) + '\n'

/** The files of a new project besides package.json, by name. */
export const projectFiles: Readonly<Record<string, string>> = {
  'tsconfig.json': json(TSCONFIG),
  'infra.ts': INFRA,
  'infra.test.ts': INFRA_TEST,
  '.gitignore': 'node_modules/\n.trellis/\n',
}

type Manifest = Record<string, unknown>

/**
 * `existing` with what init wants added: missing scripts and dependencies (a dependency counts as
 * there in either section); trellis's spec replaced only when `--trellis` named one. Gives the
 * manifest and the names of what was added.
 */
export const mergeManifest = (
  existing: Manifest,
  wanted: Wanted,
  trellisGiven: boolean,
): { readonly manifest: Manifest; readonly added: ReadonlyArray<string> } => {
  const out: Manifest = { ...existing }
  const added: string[] = []
  const has = (name: string) => ['dependencies', 'devDependencies'].some((k) => Object.hasOwn(existing[k] ?? {}, name))
  for (const section of ['scripts', 'dependencies', 'devDependencies'] as const) {
    const fields = { ...((existing[section] ?? {}) as Record<string, unknown>) }
    for (const [name, value] of Object.entries(wanted[section])) {
      const replace = section === 'dependencies' && name === 'trellis' && trellisGiven && fields[name] !== value
      if ((section === 'scripts' ? Object.hasOwn(fields, name) : has(name)) && !replace) continue
      fields[name] = value
      added.push(`${section}.${name}`)
    }
    out[section] = fields
  }
  return { manifest: out, added }
}

interface InitOptions {
  readonly dir: string
  /** `--trellis SPEC` as given */
  readonly trellis?: string
  readonly cwd?: string
}

/** The package.json init writes: the project's own with what is missing, or a new one. */
const packageJson = (o: InitOptions, own: OwnManifest & { readonly dir: string }) => {
  const path = join(o.dir, 'package.json')
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : undefined
  const parsed = E.tryCatch(
    () => (existing === undefined ? undefined : (JSON.parse(existing) as unknown)),
    (e) => `init: ${path} is not JSON (${(e as Error).message}); nothing written`,
  )
  return E.chain((m: unknown) => {
    if (m !== undefined && (typeof m !== 'object' || m === null || Array.isArray(m)))
      return E.left(`init: ${path} is not a JSON object; nothing written`)
    const manifest = m as Manifest | undefined
    const deps = { ...(manifest?.['dependencies'] as object), ...(manifest?.['devDependencies'] as object) }
    const needSpec = o.trellis !== undefined || !Object.hasOwn(deps, 'trellis')
    const spec = !needSpec
      ? E.right('')
      : o.trellis !== undefined
        ? specFromFlag(o.trellis, o.cwd ?? process.cwd(), o.dir)
        : defaultSpec(own)
    return E.map((trellis: string) => {
      const base = manifest ?? { name: packageName(o.dir), version: '0.1.0', private: true, type: 'module' }
      const merged = mergeManifest(base, wantedFields(own, trellis), o.trellis !== undefined)
      const indent = existing !== undefined ? (/^([ \t]+)"/m.exec(existing)?.[1] ?? 2) : 2
      return { text: json(merged.manifest, indent), added: merged.added, isNew: manifest === undefined }
    })(spec)
  })(parsed)
}

/** Which of the other files to write: the missing ones, the stack and its test only together. */
const filesToWrite = (dir: string): { readonly write: ReadonlyArray<string>; readonly kept: ReadonlyArray<string> } => {
  const there = (f: string) => existsSync(join(dir, f))
  const pairThere = there('infra.ts') || there('infra.test.ts')
  const write = Object.keys(projectFiles).filter((f) => !there(f) && !(pairThere && f.startsWith('infra.')))
  return { write, kept: Object.keys(projectFiles).filter((f) => !write.includes(f)) }
}

/** Lines of .gitignore init wants that the existing one lacks. */
const gitignoreAdditions = (dir: string): string => {
  const path = join(dir, '.gitignore')
  if (!existsSync(path)) return ''
  const lines = new Set(
    readFileSync(path, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim()),
  )
  return projectFiles['.gitignore']
    .split('\n')
    .filter((l) => l !== '' && !lines.has(l))
    .join('\n')
}

/**
 * Write a new project into `dir` (created if need be), or add what is missing to the one there.
 * A bad package.json, or no way to say where trellis comes from, writes nothing (exit.usage).
 */
export const runInit = (
  options: InitOptions | string,
  out: Out,
  exit: { readonly ok: number; readonly usage: number },
): number => {
  const o = typeof options === 'string' ? { dir: options } : options
  const pj = packageJson(o, ownManifest())
  if (E.isLeft(pj)) {
    out.err(pj.left)
    return exit.usage
  }
  const { write, kept } = filesToWrite(o.dir)
  const ignore = gitignoreAdditions(o.dir)
  mkdirSync(o.dir, { recursive: true })
  if (pj.right.added.length > 0) writeFileSync(join(o.dir, 'package.json'), pj.right.text)
  for (const f of write) writeFileSync(join(o.dir, f), projectFiles[f], { flag: 'wx' })
  if (ignore !== '') writeFileSync(join(o.dir, '.gitignore'), `\n${ignore}\n`, { flag: 'a' })
  out.line(initReport(o.dir, pj.right, write, kept, ignore))
  return exit.ok
}

const initReport = (
  dir: string,
  pj: { readonly added: ReadonlyArray<string>; readonly isNew: boolean },
  write: ReadonlyArray<string>,
  kept: ReadonlyArray<string>,
  ignore: string,
): string => {
  const cd = resolve(dir) === process.cwd() ? '' : `cd ${dir} && `
  const next =
    `\n\n  ${cd}npm install\n` +
    `  npm test                                 # the stack on the mock interpreter\n` +
    `  npx trellis plan infra.ts --emulate      # a plan against the built-in emulators\n` +
    `  npm run plan                             # against the real platform (COST_API_TOKEN)`
  if (pj.isNew) return `Created a trellis project in ${resolve(dir)}: ${['package.json', ...write].join(', ')}.${next}`
  const changed = [
    ...(pj.added.length > 0 ? [`package.json (${pj.added.join(', ')})`] : []),
    ...write,
    ...(ignore !== '' ? [`.gitignore (${ignore.split('\n').join(', ')})`] : []),
  ]
  if (changed.length === 0) return `${resolve(dir)} has everything init writes: nothing changed.`
  const keep = kept.filter((f) => f !== '.gitignore' || ignore === '')
  const keptNote = keep.length > 0 ? `; kept as they were: ${keep.join(', ')}` : ''
  return `Added to the project in ${resolve(dir)}: ${changed.join(', ')}${keptNote}.${next}`
}
