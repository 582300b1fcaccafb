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
import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

const library = {
  index: 'src/index.ts',
  cost: 'builders/cost.ts',
  hosting: 'builders/hosting.ts',
  cloud: 'builders/cloud.ts',
  testing: 'src/testing/index.ts',
  engine: 'src/entries/engine.ts',
  clients: 'clients/index.ts',
  policies: 'src/policies/index.ts',
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

// The ESM build imports io-ts through dist/io-ts.cjs, a CommonJS file of a few lines that requires
// io-ts and names its exports where Node's export lexer finds them without reading io-ts: an ES
// module importing CommonJS makes Node's loader run that lexer (JavaScript, cold) over the file, and
// over io-ts's 52 KB index it was ~165 M instructions, about a third of `import 'trellis'`. The
// names are io-ts's own, read when the file is written; the values are io-ts's module, the one
// copy a program's own `import 'io-ts'` gets. A bundler sees a plain `require('io-ts')`, so single-
// file bundles keep io-ts inside (why io-ts is not loaded through createRequire: commit 4102e63).
const ioTsFacade: Plugin = {
  name: 'io-ts-facade',
  setup(build) {
    build.onResolve({ filter: /^io-ts$/ }, () => ({ path: './io-ts.cjs', external: true }))
    build.onEnd(() => {
      const names = Object.keys(createRequire(import.meta.url)('io-ts') as object).filter(
        (n) => n !== '__esModule' && n !== 'default',
      )
      writeFileSync(
        resolve(build.initialOptions.outdir ?? 'dist', 'io-ts.cjs'),
        "'use strict'\n// io-ts for trellis's ES module build (tsup.config.ts says why)\nconst t = require('io-ts')\n" +
          `module.exports = t\n// the names, for Node's export lexer only\nif (false) {\n${names.map((n) => `  exports.${n} = 0\n`).join('')}}\n`,
      )
    })
  },
}

// Every entry (and every module loaded on first use) except trellis/clients imports the library's
// front door too, so the modules `import 'trellis'` loads are reached from the same entries and
// esbuild writes them as one chunk (the sets of entries reaching each module had split them into 21
// files, now 3 and the two small modules of dynamic imports): fewer files for Node to resolve, read
// and link, and for tsx a round trip to its loader thread fewer per file. What it costs: `import
// 'trellis/cost'` alone loads what `import 'trellis'` does, which every program that makes a stack
// does anyway.
// `withCore`: modules (the three providers' builders) that every such entry, the front door's too,
// imports beside the core, so that they are written into the core's chunk: `import 'trellis/cost'`
// is then its entry file and the chunk `import 'trellis'` loads (the builders, shared by
// the entries and the workspace's quickstart, had four chunks of their own: 10 files for a program
// importing trellis and its three providers, now 6).
const oneCore = (core: string, apart: ReadonlyArray<string>, withCore: ReadonlyArray<string>): Plugin => ({
  name: 'one-core',
  setup(build) {
    const coreAbs = resolve(core)
    const apartAbs = new Set(apart.map((p) => resolve(p)))
    const alongside = withCore.map((p) => `import ${JSON.stringify(resolve(p))}\n`).join('')
    build.onResolve({ filter: /.*/ }, async (a) => {
      if ((a.kind !== 'entry-point' && a.kind !== 'dynamic-import') || a.pluginData === 'unwrapped') return undefined
      const r = await build.resolve(a.path, {
        kind: a.kind,
        resolveDir: a.resolveDir,
        importer: a.importer,
        pluginData: 'unwrapped',
      })
      if (r.errors.length > 0 || r.external || !r.path.startsWith(process.cwd()) || r.path.includes('/node_modules/'))
        return undefined
      if (apartAbs.has(r.path)) return undefined
      return { path: r.path, namespace: 'one-core' }
    })
    build.onLoad({ filter: /.*/, namespace: 'one-core' }, async (a) => {
      // whether the module has a default export, from esbuild's own reading of it
      const one = await build.esbuild.build({
        entryPoints: [a.path],
        write: false,
        metafile: true,
        format: 'esm',
        outdir: 'x',
        logLevel: 'silent',
      })
      const hasDefault = Object.values(one.metafile.outputs).some((o) => o.exports.includes('default'))
      const at = JSON.stringify(a.path)
      return {
        contents: `export * from ${at}\n${hasDefault ? `export { default } from ${at}\n` : ''}import ${JSON.stringify(coreAbs)}\n${alongside}`,
        loader: 'js',
        resolveDir: dirname(a.path),
      }
    })
  },
})

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
    // the dynamic imports' modules are entries too, so that each is a small file of its own and
    // the chunks a program always loads hold no dynamic import (see src/workspace/wiring-modules.ts)
    entry: {
      ...library,
      cli: 'src/cli/main.ts',
      'wiring-modules': 'src/workspace/wiring-modules.ts',
      'pg-module': 'src/state/pg-module.ts',
      'cloud-chain-module': 'src/providers/cloud/client/cloud-chain-module.ts',
      'prettier-module': 'src/generate/prettier-module.ts',
    },
    format: 'esm',
    splitting: true,
    // io-ts handed to ioTsFacade (tsup's externals plugin would take it first)
    noExternal: [/^fp-ts\//, /^io-ts$/],
    dts: { entry: library },
    esbuildPlugins: [
      fpTsBundled,
      ioTsFacade,
      oneCore(
        'src/index.ts',
        [
          'clients/index.ts',
          'src/workspace/wiring-modules.ts',
          'src/state/pg-module.ts',
          'src/providers/cloud/client/cloud-chain-module.ts',
          'src/generate/prettier-module.ts',
        ],
        ['builders/cost.ts', 'builders/hosting.ts', 'builders/cloud.ts'],
      ),
    ],
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
