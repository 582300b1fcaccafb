/**
 * The published build: ESM (.js + .d.ts) and CommonJS (.cjs + .d.cts) for every entry point, and
 * the `trellis` command (dist/trellis.mjs, ESM). tsup bundles with esbuild, so the source keeps its
 * extensionless imports; shared code goes to chunks (splitting, CommonJS too) so the entry points
 * of one format share one copy of the core, and the CLI shares the ESM copy with the programs it
 * loads. Declarations are bundled once (the slow part); `npm run build` copies them to .d.cts.
 */
import { defineConfig, type Options } from 'tsup'
import type { Plugin } from 'esbuild'

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
