/**
 * The published build: ESM (.js + .d.ts) and CommonJS (.cjs + .d.cts) for every entry point, and
 * the `trellis` command (dist/trellis.mjs, ESM). tsup bundles with esbuild, so the source keeps its
 * extensionless imports; shared code goes to chunks (splitting, CommonJS too) so the entry points
 * of one format share one copy of the core, and the CLI shares the ESM copy with the programs it
 * loads. Declarations are bundled once (the slow part); `npm run build` copies them to .d.cts.
 */
import { defineConfig, type Options } from 'tsup'
import type { Plugin } from 'esbuild'
import { createRequire } from 'node:module'

const library = {
  index: 'src/index.ts',
  cost: 'builders/cost.ts',
  hosting: 'builders/hosting.ts',
  cloud: 'builders/cloud.ts',
  testing: 'src/testing/index.ts',
  clients: 'clients/index.ts',
}

// fp-ts has no `exports` map and Node's ESM loader cannot import `fp-ts/Either` (a directory with a
// package.json): every fp-ts subpath is imported as its CommonJS file, in both formats (tsup's own
// externals plugin runs first, so `noExternal` below hands these imports to this one)
const fpTsFiles: Plugin = {
  name: 'fp-ts-files',
  setup(build) {
    build.onResolve({ filter: /^fp-ts\/[A-Za-z]+$/ }, (a) => ({
      path: `fp-ts/lib/${a.path.slice('fp-ts/'.length)}.js`,
      external: true,
    }))
  },
}

// The ESM build bundles the fp-ts functions it uses, from fp-ts's own ES modules (es6/): an ES
// module importing CommonJS makes Node run its export lexer over the file (fp-ts/lib's Either,
// TaskEither and function are ~100 KB of it) and load the ~25 CommonJS files TaskEither requires,
// ~40 ms of a compiled start-up for a few dozen small functions. fp-ts's values are plain data
// and functions (an Either is `{ _tag, left | right }`), so a copy is the same to callers.
// io-ts stays external: codecs are classes that must be one copy with a program's own io-ts.
const fpTsBundled: Plugin = {
  name: 'fp-ts-bundled',
  setup(build) {
    const local = createRequire(import.meta.url)
    build.onResolve({ filter: /^fp-ts\/[A-Za-z]+$/ }, (a) => ({
      path: local.resolve(`fp-ts/es6/${a.path.slice('fp-ts/'.length)}.js`),
    }))
  },
}

// dist/trellis.mjs is the bin: its import of the CLI's source is the ESM build's cli.js instead
const compiledCli: Plugin = {
  name: 'compiled-cli',
  setup(build) {
    build.onResolve({ filter: /^\.\/main\.ts$/ }, () => ({ path: './cli.js', external: true }))
  },
}

const common: Options = {
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  sourcemap: false,
  removeNodeProtocol: false,
  noExternal: [/^fp-ts\//],
  esbuildPlugins: [fpTsFiles],
}

export default defineConfig([
  {
    ...common,
    entry: { ...library, cli: 'src/cli/main.ts' },
    format: 'esm',
    splitting: true,
    dts: { entry: library },
    esbuildPlugins: [fpTsBundled],
  },
  // shims: `import.meta.url` (read by the HTML report to find dagre) becomes the CommonJS file's URL
  { ...common, entry: library, format: 'cjs', splitting: true, shims: true },
  {
    ...common,
    entry: { trellis: 'src/cli/trellis.mjs' },
    format: 'esm',
    outExtension: () => ({ js: '.mjs' }),
    define: { __TRELLIS_COMPILED__: 'true' },
    esbuildPlugins: [fpTsFiles, compiledCli],
  },
])
