/**
 * The dependency rule of DESIGN.md, kept by scanning imports: src/core imports nothing of ours
 * outside itself; nothing under src/ (the edges aside: the CLI, and src/workspace, the embedding API
 * that builds the real handler from clients/) imports builders/ or clients/; clients/ imports
 * only src/core (the emulators too: they are the specs' oracle, so their vocabularies and defaults come
 * from the platforms' official packages and docs/wire/, never from the specs they test);
 * cross-fetch is imported by clients/fetch.ts alone.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'

const test = suite('architecture')
const root = resolve(new URL('..', import.meta.url).pathname)
const walk = (d: string): string[] =>
  readdirSync(d).flatMap((f) =>
    statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : f.endsWith('.ts') ? [join(d, f)] : [],
  )
// static imports and re-exports (over several lines too), and dynamic import('…')
const importsOf = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2])
const target = (file: string, spec: string) =>
  spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : spec

test('src/core depends only on itself and libraries', () => {
  for (const f of walk(join(root, 'src/core')))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('src/') || i.startsWith('src/core'), `${relative(root, f)} imports ${i}`)
})

test('src (except the edges: CLI, workspace, entry points) never imports builders/ or clients/', () => {
  const edge = (f: string) =>
    f.includes('/src/cli/') ||
    f.includes('/src/testing/') ||
    f.includes('/src/workspace/') ||
    f.includes('/src/entries/') ||
    // a provider's client folder: its recipe and provider-specific I/O (the cloud's credential chain)
    /\/src\/providers\/[^/]+\/client\//.test(f)
  for (const f of walk(join(root, 'src')).filter((f) => !edge(f)))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('builders') && !i.startsWith('clients'), `${relative(root, f)} imports ${i}`)
})

test('src/engine does not import the providers', () => {
  for (const f of walk(join(root, 'src/engine')))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('src/providers'), `${relative(root, f)} imports ${i}`)
})

test('clients import only src/core among our modules (the trellis/clients entry also the default factory)', () => {
  for (const f of walk(join(root, 'clients')))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(
        !i.startsWith('src/') ||
          i.startsWith('src/core') ||
          (relative(root, f) === 'clients/index.ts' && i === 'src/workspace/platform-clients'),
        `${relative(root, f)} imports ${i}`,
      )
})

/**
 * Where a file names a provider: its name quoted, an environment variable, a configuration key read.
 * `words`: keys that are the folder's own words too (quoted, only a configuration's read counts);
 * `code`: doc comments, whose examples may show a provider, are let be.
 */
const providerNames = async (
  files: ReadonlyArray<string>,
  opts: { readonly words?: ReadonlyArray<string>; readonly code?: boolean } = {},
): Promise<string[]> => {
  const { providers } = await import('#trellis/engine')
  const HTTP_WORDS = ['host', 'timeout', 'domain', ...(opts.words ?? [])]
  const quote = (s: string) => `['"\`]${s}['"\`]`
  const names = providers.map((p) => p.name)
  const envVars = providers.flatMap((p): string[] => Object.values(p.env))
  // the providers' variable prefixes, and the upstream platforms' own
  const prefixes = [...new Set(envVars.map((v) => v.split('_')[0])), 'VANTAGE', 'NETLIFY', 'TENCENTCLOUD', 'TKE']
  const keys = [
    ...new Set(providers.flatMap((p) => [...Object.keys(p.env), ...(p.secrets as string[]), ...p.verify!.credential])),
  ]
  assert.ok(names.length === 3 && envVars.length > 10 && keys.length > 10, 'the providers are read')
  const rules: Array<[string, RegExp]> = [
    ...names.map((n): [string, RegExp] => [`provider name ${n}`, new RegExp(quote(n))]),
    ['an environment variable', new RegExp(`\\b(${prefixes.join('|')})_[A-Z]`)],
    ...keys.map((k): [string, RegExp] => [
      `configuration key ${k}`,
      // a Host header and a timeout fault are HTTP's own words: quoted, only a configuration's read counts
      new RegExp(`\\bconfig\\??\\.${k}\\b${HTTP_WORDS.includes(k) ? '' : `|${quote(k)}`}`),
    ]),
  ]
  const hits: string[] = []
  for (const f of files)
    readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (opts.code && /^\s*(\/\/|\/?\*)/.test(line)) return
        for (const [what, re] of rules) if (re.test(line)) hits.push(`${relative(root, f)}:${i + 1} names ${what}`)
      })
  return hits
}

test('clients/ outside emulators/ names no provider: no provider name, configuration key or environment variable', async () => {
  const files = walk(join(root, 'clients')).filter((f) => !f.includes('/clients/emulators/'))
  assert.ok(files.length > 20, 'clients/ is found')
  const hits = await providerNames(files)
  assert.equal(hits, [], hits.join('\n'))
})

test('src/workspace names no provider either: the chains and emulators come from the registry and clients/', async () => {
  const files = walk(join(root, 'src/workspace'))
  assert.ok(files.length > 20, 'src/workspace is found')
  // the emulated state's `endpoint` file (a running emulator's), not a provider's setting
  const hits = await providerNames(files, { words: ['endpoint'], code: true })
  assert.equal(hits, [], hits.join('\n'))
})

// static imports only (no `import type`, no dynamic import): what loading a module loads with it
const staticImportsOf = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:^|\n)\s*(?:import|export)\s(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
    ),
  ].map((m) => m[1] ?? m[2])
const loadedWith = (entries: ReadonlyArray<string>): Set<string> => {
  const seen = new Set<string>()
  const visit = (f: string) => {
    if (seen.has(f)) return
    seen.add(f)
    for (const spec of staticImportsOf(join(root, f)).filter((s) => s.startsWith('.'))) {
      const base = relative(root, resolve(dirname(join(root, f)), spec))
      const file = [`${base}.ts`, `${base}/index.ts`].find((c) => existsSync(join(root, c)))
      if (file) visit(file)
    }
  }
  entries.forEach(visit)
  return seen
}

test("no front door loads a provider's credential chain: its recipe loads it when a run first needs it", () => {
  const doors = [
    'src/index.ts',
    'builders/cloud.ts',
    'src/entries/engine.ts',
    'src/testing/index.ts',
    'src/cli/main.ts',
  ]
  const loaded = loadedWith(doors)
  assert.ok(loaded.has('src/providers/cloud/client/cloud-credential-chain.ts'), 'the recipe and its chain facts load')
  // by name, not folder: moving the module breaks its own suite only (issue 31)
  assert.ok(
    [...loaded].some((f) => f.endsWith('/key-sources.ts')),
    'the walk follows the imports',
  )
  const chains = [...loaded].filter((f) => /\/client\/(credentials\b|cloud-key-chain)/.test(f))
  assert.equal(chains, [])
})

// a dynamic import() call (not `typeof import('x')`, a type), outside comments
const dynamicImportIn = (file: string): boolean =>
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .some((l) => !/^\s*(\/?\*|\/\/)/.test(l) && /(?<![\w.$]|typeof )import\(/.test(l))

test('what `import "trellis"` loads holds no dynamic import: its modules of dynamic imports are entries of their own', () => {
  // tsx rewrites every JavaScript file holding a dynamic import and keeps a source map of it: the
  // library's one chunk was 374 KB (tsup.config.ts makes each of these modules an entry, a small file)
  const ownEntries = [
    'src/workspace/wiring-modules.ts',
    'src/state/pg-module.ts',
    'src/providers/cloud/client/cloud-chain-module.ts',
    'src/generate/prettier-module.ts',
  ]
  const loaded = [...loadedWith(['src/index.ts', 'builders/cost.ts', 'builders/hosting.ts', 'builders/cloud.ts'])]
  assert.ok(loaded.includes('src/generate/format-source.ts'), 'the walk reaches the generator')
  for (const f of ownEntries) assert.ok(dynamicImportIn(f), `${f} holds its dynamic import`)
  const holding = loaded.filter((f) => !ownEntries.includes(f) && dynamicImportIn(f))
  assert.equal(holding, [])
})

test('the emulators never import the provider specs they are an oracle for', () => {
  const emulators = walk(join(root, 'clients/emulators'))
  assert.ok(emulators.length > 5, 'the emulators are found')
  for (const f of emulators)
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('src/providers'), `${relative(root, f)} imports ${i} (its vocabulary must be its own)`)
})

test('cross-fetch is imported only by clients/fetch.ts', () => {
  for (const f of [...walk(join(root, 'src')), ...walk(join(root, 'clients')), ...walk(join(root, 'builders'))])
    if (importsOf(f).includes('cross-fetch')) assert.is(relative(root, f), 'clients/fetch.ts')
})

test('the testing kit (src/testing) imports nothing from the CLI', () => {
  for (const f of walk(join(root, 'src/testing')))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('src/cli'), `${relative(root, f)} imports ${i}`)
})

test('the CLI dispatches from its table: main is under 80 lines, each command in src/cli/commands/', () => {
  const text = readFileSync(join(root, 'src/cli/main.ts'), 'utf8').split('\n')
  const start = text.findIndex((l) => l.startsWith('export const main ='))
  const end = text.findIndex((l, i) => i > start && l === '}')
  assert.ok(start >= 0 && end > start, 'src/cli/main.ts defines main')
  assert.ok(end - start + 1 < 80, `main is ${end - start + 1} lines`)
  assert.not.match(text.join('\n'), /switch \(/, 'main.ts dispatches through a switch')
  const table = readFileSync(join(root, 'src/cli/commands.ts'), 'utf8')
  for (const f of readdirSync(join(root, 'src/cli/commands')))
    if (!importsOf(join(root, 'src/cli/commands.ts')).includes(`./commands/${f.replace(/\.ts$/, '')}`))
      // helpers the commands share, and sub-commands, are reached through the commands that use them
      assert.ok(/^(change|state-|stack-)/.test(f), `src/cli/commands/${f} is not in the table`)
  assert.match(table, /export const COMMANDS/)
})

test('src/engine imports no renderer (src/render)', () => {
  for (const f of walk(join(root, 'src/engine')))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('src/render'), `${relative(root, f)} imports ${i}`)
})

test('src/render imports only core, the plan model (plan, diff, graph, unknown), the state model and state/protect', () => {
  // the state model is data as the plan is: `state show` renders it. The plan model's modules by name
  // under src/engine/, in whichever folder (moving one there breaks its own suite only: issue 31)
  const allowed = /^src\/(core\/|render\/|engine\/(?:[\w-]+\/)*(plan|diff|graph|unknown)$|state\/(protect|state)$)/
  for (const f of walk(join(root, 'src/render')))
    for (const i of importsOf(f).map((s) => target(f, s)))
      assert.ok(!i.startsWith('src/') || allowed.test(i), `${relative(root, f)} imports ${i}`)
})

test('codecs are told by the io-ts _tag (src/core/codec-is.ts), never by instanceof (codecs of another io-ts copy fail it)', () => {
  const files = [...walk(join(root, 'src')), ...walk(join(root, 'builders')), ...walk(join(root, 'clients'))]
  assert.ok(files.length > 100, 'the sources are found')
  // `instanceof t.X`, and `instanceof` of an io-ts class imported by name (`import { InterfaceType } from 'io-ts'`)
  const ioTsClass =
    /\binstanceof\s+(?:t\.\w+|(?:Interface|Partial|Exact|Readonly|Refinement|Union|Intersection|Dictionary|Array|ReadonlyArray|Keyof|Literal|String|Number|Boolean|Null|Undefined|Unknown|Any|Checked|Defaulted)Type\b|Type\b)/
  for (const f of files) {
    const hit = readFileSync(f, 'utf8')
      .split('\n')
      .findIndex((l) => ioTsClass.test(l))
    assert.is(hit, -1, `${relative(root, f)}:${hit + 1} recognises a codec by instanceof`)
  }
})

test.run()
