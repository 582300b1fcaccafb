/**
 * trellis as users install it: the packed tarball, installed offline into scratch projects of every
 * kind — ESM and CommonJS JavaScript under plain node, TypeScript under moduleResolution node10,
 * node16 (ESM and CommonJS), nodenext and bundler with the strictest flags — each importing every
 * entry point and running a mock plan; `trellis plan --emulate` on programs of every extension in
 * module and CommonJS packages; two copies of trellis in one process; an esbuild bundle; and
 * `trellis init --trellis <tarball>` followed by its own `npm install`, `npm test` and plan; the
 * version everywhere; a packed manifest without scripts or imports; hover docs and the errors of a
 * misspelt or missing field, asked of the language service over the packed declarations. The
 * tarball's file list and size are held to what users need. Build, pack and install happen once
 * (scratch.ts).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { installOffline, npm, ok, repo, run, scratch, write, type Scratch } from './scratch'
import ts from 'typescript'
import { MISTAKES, PROBE, probe } from '../types/editor-probe'
import {
  BUNDLE_APP,
  BUNDLE_APP_NO_TLA,
  RESOLUTIONS,
  TWO_COPIES,
  cjsProject,
  esmProject,
  programs,
  typescriptProject,
} from './fixtures'

const test = suite('package')
const node = process.execPath
let ready: Promise<Scratch> | undefined
const setup = () => (ready ??= scratch())
const bin = (s: Scratch, name: string) => join(s.root, 'node_modules', '.bin', name)

test('the tarball holds dist/, docs/api/, schemas/, README, LICENSE and CHANGELOG only, within a size bound', async () => {
  const { packed } = await setup()
  const outside = packed.files.filter(
    (f) =>
      !f.startsWith('dist/') &&
      !f.startsWith('docs/api/') &&
      !f.startsWith('schemas/') &&
      !['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json'].includes(f),
  )
  assert.equal(outside, [], 'files outside dist/, docs/api/, schemas/ and the documents')
  // the JSON Schemas the README promises, every one of the repository's
  const schemas = readdirSync(join(repo, 'schemas')).filter((f) => f.endsWith('.json'))
  assert.ok(schemas.length > 5, `schemas in the repository: ${schemas.length}`)
  for (const f of schemas) assert.ok(packed.files.includes(`schemas/${f}`), `schemas/${f} is in the tarball`)
  for (const f of ['LICENSE', 'CHANGELOG.md', 'README.md', 'dist/trellis.mjs'])
    assert.ok(packed.files.includes(f), `${f} is in the tarball`)
  for (const e of ['index', 'cost', 'hosting', 'cloud', 'testing', 'clients', 'engine', 'policies'])
    for (const ext of ['.js', '.cjs', '.d.ts', '.d.cts'])
      assert.ok(packed.files.includes(`dist/${e}${ext}`), `dist/${e}${ext} is in the tarball`)
  assert.not.ok(
    packed.files.some((f) => /\.map$|\.test\.|^(src|test|bench|\.ci)\//.test(f)),
    'no sources, tests or maps',
  )
  // today ~1.25 MB packed, ~12 MB unpacked (the API reference is 8.4 MB of it); room to grow, not to double
  assert.ok(packed.size < 1_800_000, `packed ${packed.size} bytes`)
  assert.ok(packed.unpackedSize < 16_000_000, `unpacked ${packed.unpackedSize} bytes`)
})

test('the API reference ships in docs/api/, its modules named as users import them, linked from the README', async () => {
  const { root } = await setup()
  const api = join(root, 'node_modules', 'trellis', 'docs', 'api')
  const index = readFileSync(join(api, 'index.html'), 'utf8')
  for (const m of ['trellis/cost', 'trellis/hosting', 'trellis/cloud', 'trellis/testing', 'trellis/clients'])
    assert.ok(index.includes(`>${m}<`), `the reference's index names ${m}`)
  for (const m of ['trellis/engine', 'trellis/policies']) assert.ok(index.includes(`>${m}<`), `names ${m}`)
  assert.not.ok(/builders_|src_entries|src_policies/.test(index), 'no module named after a source path')
  // a builder's page lists its fields with their docs (scripts/typedoc-builder-fields.mjs)
  const report = readFileSync(join(api, 'variables', 'trellis_cost.costReport.html'), 'utf8')
  assert.match(report, /folderToken/, "cost.costReport's page lists its fields")
  const readme = readFileSync(join(root, 'node_modules', 'trellis', 'README.md'), 'utf8')
  assert.match(readme, /\]\(docs\/api\/index\.html\)/)
})

test('the packed manifest has no scripts (no prepare: no install-scripts warning) and no imports of unshipped files', async () => {
  const s = await setup()
  const m = JSON.parse(readFileSync(join(s.root, 'node_modules', 'trellis', 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >
  const mine = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Record<string, unknown>
  assert.ok(mine['imports'] && (mine['scripts'] as Record<string, string>)['prepare'], 'the repository keeps them')
  assert.is(m['scripts'], undefined)
  assert.is(m['imports'], undefined)
  assert.equal(m['exports'], mine['exports'])
  assert.equal(m['bin'], mine['bin'])
  assert.is(m['version'], mine['version'])
})

test('the version everywhere: --version, version --json, --help, the User-Agent, VERSION', async () => {
  const s = await setup()
  const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }
  const trellis = (...a: string[]) => run(bin(s, 'trellis'), a, { cwd: s.root })
  assert.is(ok(await trellis('--version'), '--version').out.trim(), `trellis ${version}`)
  assert.equal(JSON.parse(ok(await trellis('version', '--json'), 'version --json').out), {
    formatVersion: 1,
    kind: 'version',
    version,
  })
  assert.ok(ok(await trellis('--help'), '--help').out.startsWith(`trellis ${version}:`), 'the help header')
  const r = ok(
    await run(node, ['-e', "console.log(require('trellis/clients').USER_AGENT, require('trellis').VERSION)"], {
      cwd: s.root,
    }),
    'USER_AGENT',
  )
  assert.is(r.out.trim(), `trellis/${version} ${version}`)
})

test('trellis demo ends pointing at what the package has (init), not at examples/ it does not ship', async () => {
  const s = await setup()
  const r = ok(await run(bin(s, 'trellis'), ['demo'], { cwd: s.root }), 'trellis demo')
  assert.match(r.out, /the second plan shows no changes/)
  assert.match(r.out, /npx trellis init/)
  assert.not.match(r.out + r.err, /examples\//)
})

/** The strict options of a user's editor, moduleResolution bundler (as init's tsconfig). */
const EDITOR: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: true,
  types: ['node'],
}

test("hover on the packed declarations shows a setter's, an initial-object field's, an .out ref's and a lookup argument's doc", async () => {
  const s = await setup()
  const p = probe(s.root, PROBE, EDITOR)
  assert.match(p.hover('setter'), /Folder the report is filed in\./)
  assert.match(p.hover('field'), /Display title of the folder\./)
  assert.match(p.hover('out'), /The folder's token, assigned by the platform\./)
  assert.match(p.hover('arg'), /Name of the site to read \(or give id\)\./)
  assert.equal(p.errors(), [])
})

test('on the packed declarations: a misspelt field says "Did you mean", a missing required field is named', async () => {
  const s = await setup()
  const errors = probe(s.root, MISTAKES, EDITOR).errors()
  assert.is(errors.length, 2, errors.join('\n---\n'))
  assert.match(
    errors[0] ?? '',
    /'workspaceTokn' does not exist in type .*\n?.*Did you mean to write 'workspaceToken'\?/,
  )
  assert.match(errors[1] ?? '', /\[requiredInputsNotSet\]/)
  assert.match(errors[1] ?? '', /Type '"title"' is not assignable/)
})

test('ESM JavaScript under plain node imports every entry point and runs a mock plan', async () => {
  const s = await setup()
  write(join(s.root, 'esm'), esmProject())
  const r = ok(await run(node, ['index.js'], { cwd: join(s.root, 'esm') }), 'node esm/index.js')
  assert.match(r.out, /mock plan: 2 steps/)
})

test('CommonJS JavaScript requires every entry point and runs a mock plan', async () => {
  const s = await setup()
  write(join(s.root, 'cjs'), cjsProject())
  const r = ok(await run(node, ['index.js'], { cwd: join(s.root, 'cjs') }), 'node cjs/index.js')
  assert.match(r.out, /mock plan: 2 steps/)
})

test("import 'trellis' loads neither pg nor tsx, and pg is not installed with it", async () => {
  const s = await setup()
  const r = ok(
    await run(
      node,
      [
        '--input-type=module',
        '-e',
        "import 'trellis'; import 'trellis/testing'; import { createRequire } from 'node:module'; " +
          'console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache).filter((k) => /[\\\\/]node_modules[\\\\/](pg|tsx)[\\\\/]/.test(k))))',
      ],
      { cwd: s.root },
    ),
    'import trellis',
  )
  assert.equal(JSON.parse(r.out), [])
  assert.not.ok(existsSync(join(s.root, 'node_modules', 'pg')), 'pg is an optional peer: not installed')
})

test("the ESM build takes io-ts through dist/io-ts.cjs: every export, the program's own copy", async () => {
  const s = await setup()
  const dist = join(s.root, 'node_modules', 'trellis', 'dist')
  // no chunk imports io-ts itself (Node would run its export lexer over io-ts's index, cold)
  const direct = readdirSync(dist).filter(
    (f) => f.endsWith('.js') && /from\s*["']io-ts["']/.test(readFileSync(join(dist, f), 'utf8')),
  )
  assert.equal(direct, [], 'ES module files importing io-ts directly')
  const r = ok(
    await run(
      node,
      [
        '--input-type=module',
        '-e',
        "import * as mine from 'io-ts'; import * as facade from './node_modules/trellis/dist/io-ts.cjs'; " +
          "const names = Object.keys(mine).filter((k) => k !== '__esModule' && k !== 'default'); " +
          'console.log(JSON.stringify({ n: names.length, differ: names.filter((k) => facade[k] !== mine[k]) }))',
      ],
      { cwd: s.root },
    ),
    'import io-ts and the facade',
  )
  const { n, differ } = JSON.parse(r.out) as { n: number; differ: string[] }
  assert.ok(n > 50, `io-ts's exports (${n})`)
  assert.equal(differ, [], 'exports the facade lacks or holds from another copy')
})

test('TypeScript with moduleResolution node10, node16 (ESM and CommonJS), nodenext and bundler type-checks under the strictest flags, without @types/pg', async () => {
  const s = await setup()
  const dir = join(s.root, 'ts')
  write(dir, typescriptProject())
  const tsc = join(s.root, 'node_modules', 'typescript', 'bin', 'tsc')
  // two at a time: the machine's cores
  const kinds = Object.keys(RESOLUTIONS)
  const results: Array<[string, Awaited<ReturnType<typeof run>>]> = []
  for (let i = 0; i < kinds.length; i += 2)
    results.push(
      ...(await Promise.all(
        kinds
          .slice(i, i + 2)
          .map(
            async (k) =>
              [k, await run(node, [tsc, '-p', `tsconfig.${k}.json`], { cwd: dir, timeoutMs: 300_000 })] as [
                string,
                Awaited<ReturnType<typeof run>>,
              ],
          ),
      )),
    )
  for (const [k, r] of results) assert.is(r.code, 0, `tsc ${k}:\n${r.out}${r.err}`)
  assert.not.ok(existsSync(join(s.root, 'node_modules', '@types', 'pg')))
  // and the program runs (through tsx, which trellis brings for its CLI; the CommonJS flavour runs
  // in the CLI test below: tsx's own entry point fails on Node 20 for a .cts file requiring node-fetch)
  for (const f of ['run.ts']) {
    const r = ok(await run(node, ['--import', 'tsx', f], { cwd: dir }), `node --import tsx ${f}`)
    assert.match(r.out, /mock plan: 2 steps/)
  }
})

test('trellis plan --emulate runs .ts .mts .cts .js .mjs .cjs programs in module and CommonJS packages, ref.map intact', async () => {
  const s = await setup()
  write(s.root, programs())
  const files = [
    'programs/esm/program.ts',
    'programs/esm/program.mts',
    'programs/esm/program.cts',
    'programs/esm/program.js',
    'programs/esm/program.mjs',
    'programs/esm/program.cjs',
    'programs/cjs/program.ts',
    'programs/cjs/program.js',
  ]
  for (const f of files) {
    const r = await run(
      bin(s, 'trellis'),
      ['plan', f, '--emulate', '--state-dir', join(s.root, '.trellis-' + f.replace(/\W/g, '-'))],
      { cwd: s.root },
    )
    assert.is(r.code, 0, `trellis plan ${f}:\n${r.out}${r.err}`)
    assert.match(r.out, /workspaceToken = "wrkspc_default"/, `${f}: the mapped ref`)
    assert.match(r.out, /Plan: 1 to create/)
  }
  // through npx, as the README says
  const n = await run(
    npm,
    [
      'exec',
      '--offline',
      '--',
      'trellis',
      'plan',
      'programs/cjs/program.ts',
      '--emulate',
      '--state-dir',
      join(s.root, '.trellis-npx'),
    ],
    { cwd: s.root },
  )
  assert.is(n.code, 0, n.err)
  assert.match(n.out, /workspaceToken = "wrkspc_default"/)
})

test('a CommonJS program using top-level await is told why, and how to fix it', async () => {
  const s = await setup()
  write(s.root, programs())
  const r = await run(
    bin(s, 'trellis'),
    ['plan', 'programs/cjs/tla.ts', '--emulate', '--state-dir', join(s.root, '.trellis-tla')],
    { cwd: s.root },
  )
  assert.is.not(r.code, 0)
  assert.match(r.err, /tla\.ts is loaded as CommonJS \(.*package\.json says "type": "commonjs"\)/)
  assert.match(r.err, /Add "type": "module" to that package\.json, or rename the program to \.mts/)
})

test('two copies of trellis in one process (CommonJS and ESM) agree on refs, ref.map, secrets and stacks', async () => {
  const s = await setup()
  writeFileSync(join(s.root, 'two-copies.mjs'), TWO_COPIES)
  const r = ok(await run(node, ['two-copies.mjs'], { cwd: s.root }), 'two copies')
  assert.match(r.out, /two copies agree/)
})

/**
 * An esbuild bundle of `app` (a file under bundle/) in `format`, run where it was built and then
 * copied alone where no node_modules is (the scratch project's parent has none): a bundle is one
 * file, so nothing trellis needs (io-ts above all) may be loaded in a way a bundler cannot see.
 */
const bundleAndRun = async (s: Scratch, app: string, format: 'esm' | 'cjs', extra: ReadonlyArray<string> = []) => {
  const out = `out.${format === 'esm' ? 'mjs' : 'cjs'}`
  ok(
    await run(
      bin(s, 'esbuild'),
      [
        `bundle/${app}`,
        '--bundle',
        '--platform=node',
        `--format=${format}`,
        `--outfile=bundle/${out}`,
        '--log-level=error',
        // optional peers, loaded lazily only when used (postgresStore, property tests): outside the bundle
        '--external:pg',
        '--external:fast-check',
        ...extra,
      ],
      { cwd: s.root },
    ),
    'esbuild',
  )
  const here = ok(await run(node, [`bundle/${out}`], { cwd: s.root }), `the ${format} bundle`)
  const alone = join(s.root, '..', `bundle-alone-${format}`)
  mkdirSync(alone, { recursive: true })
  copyFileSync(join(s.root, 'bundle', out), join(alone, out))
  const there = ok(await run(node, [out], { cwd: alone }), `the ${format} bundle alone`)
  return [here.out, there.out]
}

test('an esbuild ESM bundle of a program importing trellis builds, and runs with the usual require banner, alone in a directory without node_modules', async () => {
  const s = await setup()
  write(s.root, { 'bundle/app.mjs': BUNDLE_APP })
  const outs = await bundleAndRun(s, 'app.mjs', 'esm', [
    // what any ESM bundle of CommonJS code that requires Node's built-ins needs (here cross-fetch's
    // node-fetch): esbuild's own require shim cannot load them
    "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  ])
  for (const out of outs) assert.match(out, /bundle ran: 1 steps/)
})

test('an esbuild CommonJS bundle of an ES module program importing trellis runs alone in a directory without node_modules', async () => {
  const s = await setup()
  // esbuild takes the package's "import" build for an ES module program whatever the output format,
  // so this is the ES module build inside a CommonJS file (no import.meta.url there)
  write(s.root, { 'bundle/app-cjs.mjs': BUNDLE_APP_NO_TLA })
  const outs = await bundleAndRun(s, 'app-cjs.mjs', 'cjs')
  for (const out of outs) assert.match(out, /bundle ran: 1 steps/)
})

test('trellis init --trellis <tarball> makes a project whose npm install, npm test, type-check and plan --emulate pass; a second init changes nothing', async () => {
  const s = await setup()
  const app = join(s.root, 'app')
  const none = await run(bin(s, 'trellis'), ['init', 'app'], { cwd: s.root })
  assert.is(none.code, 64, 'without --trellis: trellis is not from a registry')
  assert.match(none.err, /--trellis/)
  const init = ok(
    await run(bin(s, 'trellis'), ['init', 'app', '--trellis', s.packed.tarball], { cwd: s.root }),
    'trellis init',
  )
  assert.match(init.out, /Created a trellis project/)
  const pj = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
    type: string
    dependencies: Record<string, string>
    scripts: Record<string, string>
  }
  assert.is(pj.type, 'module')
  assert.is(pj.dependencies['trellis'], `file:../../${s.packed.tarball.split(/[\\/]/).pop()}`)
  assert.match(readFileSync(join(app, '.gitignore'), 'utf8'), /^\.trellis\/$/m)
  ok(await installOffline(app), 'npm install in the new project')
  assert.ok(existsSync(join(app, 'node_modules', 'trellis', 'dist', 'index.js')), 'trellis installed from the tarball')
  const t = await run(npm, ['test'], { cwd: app })
  assert.is(t.code, 0, `npm test in the new project:\n${t.out}${t.err}`)
  assert.match(t.out + t.err, /# pass 1\b/)
  assert.match(t.out + t.err, /# fail 0\b/)
  const tc = await run(node, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], { cwd: app })
  assert.is(tc.code, 0, `tsc in the new project:\n${tc.out}${tc.err}`)
  const p = await run(npm, ['exec', '--offline', '--', 'trellis', 'plan', 'infra.ts', '--emulate'], { cwd: app })
  assert.is(p.code, 0, p.err)
  assert.match(p.out, /Plan: 2 to create/)
  // a consumer's program exporting policies: a mandatory violation exits 5 naming policy and service;
  // guarded, exit 0; advisory, exit 0 with a warning (issue: policy)
  for (const [variant, code, said] of [
    ['mandatory', 5, /✗ \[mandatory\] outer-guarded: cloud:ApiGatewayService "api"/],
    ['guarded', 0, /Policies \(\(policies\)\): all passed/],
    ['advisory', 0, /! warning: \[advisory\] outer-guarded: cloud:ApiGatewayService "api"/],
  ] as const) {
    writeFileSync(join(app, `policy-${variant}.ts`), policyProgram(variant))
    const r = await run(npm, ['exec', '--offline', '--', 'trellis', 'plan', `policy-${variant}.ts`, '--emulate'], {
      cwd: app,
    })
    assert.is(r.code, code, `${variant}:\n${r.out}${r.err}`)
    assert.match(r.out, said)
  }
  const again = ok(await run(bin(s, 'trellis'), ['init', 'app'], { cwd: s.root }), 'a second init')
  assert.match(again.out, /nothing changed/)
})

/** a consumer's program with one open API gateway service and a policy over it */
const policyProgram = (
  variant: 'mandatory' | 'guarded' | 'advisory',
): string => `import { resourcePolicy, stack } from 'trellis'
import * as cloud from 'trellis/cloud'

const api = cloud.apiGatewayService('api', { serviceName: 'api', protocol: 'https', netTypes: ['OUTER'] })
const office = cloud.apiGatewayIpStrategy('office', {
  serviceId: api.out.apiGatewayServiceId,
  strategyName: 'office',
  strategyType: 'WHITE',
  strategyData: '10.0.0.1',
})

export const policies = [
  resourcePolicy({
    name: 'outer-guarded',
    description: 'an API open to the internet has an IP strategy',
    enforcement: '${variant === 'advisory' ? 'advisory' : 'mandatory'}',
    token: 'cloud:ApiGatewayService',
    check: (step, ctx) =>
      step.inputs.netTypes.includes('OUTER') && ctx.refsTo(step.address).length === 0
        ? [{ path: 'netTypes', message: 'is open with no IP strategy' }]
        : [],
  }),
]

export default stack('api').add(api${variant === 'guarded' ? ', office' : ''})
`

test.after(async () => {
  const s = await ready?.catch(() => undefined)
  if (s && !process.env.TRELLIS_KEEP_SCRATCH) rmSync(join(s.root, '..'), { recursive: true, force: true })
})

test.run()
