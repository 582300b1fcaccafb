/**
 * Compiled mode of the benchmarks (`npm run bench -- --compiled`): the scenario scripts bundled to
 * ESM JavaScript under bench/tmp/dist/, with trellis left outside the bundle, so plain `node` runs
 * them (no tsx) and `import 'trellis'` resolves, through the package's own `exports`, to dist/ — the
 * compiled package a user installs. dist/ is rebuilt (`npm run build`) when any source is newer.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { build, type Plugin } from 'esbuild'

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = join(dir, e.name)
    return Math.max(m, e.isDirectory() ? newest(p) : e.name.endsWith('.ts') ? statSync(p).mtimeMs : 0)
  }, 0)

/** Build dist/ unless it is newer than every source file of the package. */
export const ensureDist = (root: string, log: (s: string) => void): void => {
  const built = join(root, 'dist', 'index.js')
  const sources = Math.max(...['src', 'builders', 'clients'].map((d) => newest(join(root, d))))
  if (existsSync(built) && statSync(built).mtimeMs > sources) return
  log('building dist/ (npm run build) …')
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status})`)
}

// the bundle must measure the compiled package, not a second copy of trellis's source
const noSource = (root: string): Plugin => ({
  name: 'no-trellis-source',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (a) => {
      const rel = relative(root, join(a.resolveDir, a.path))
      if (/^(src|builders|clients)([\\/]|$)/.test(rel))
        throw new Error(`${relative(root, a.importer)} imports trellis's source (${a.path}): import it from 'trellis…'`)
      return undefined
    })
    // trellis itself: from the package's `exports` (dist/), not tsconfig's paths to the source
    b.onResolve({ filter: /^trellis(\/|$)/ }, (a) => ({ path: a.path, external: true }))
    // fp-ts has no `exports` map: Node's ESM loader needs its files named (as dist/ does)
    b.onResolve({ filter: /^fp-ts\/[A-Za-z]+$/ }, (a) => ({ path: `fp-ts/lib/${a.path.slice(6)}.js`, external: true }))
  },
})

/** Bundle `entries` (bench scripts) to `<outDir>/<name>.mjs`; returns those paths. */
export const compileAgainstDist = async (
  entries: ReadonlyArray<string>,
  root: string,
  outDir: string,
): Promise<string[]> => {
  await build({
    entryPoints: [...entries],
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [noSource(root)],
    tsconfigRaw: '{}',
    logLevel: 'warning',
  })
  return entries.map((e) => join(outDir, e.replace(/^.*[\\/]/, '').replace(/\.ts$/, '.mjs')))
}
