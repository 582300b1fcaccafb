// `npm run pack [-- --json] [--pack-destination DIR]`: the tarball users install, packed from a
// staged copy (build/package/) so the tracked package.json is never edited. The staged manifest
// drops what only a checkout needs: every script (`prepare` builds a git install, and npm warns
// "install-scripts" on each install of a package that has one; the rest are the repository's
// chores) and `imports` (it names ./src files that are not shipped). dist/ must be built first.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const stage = join(root, 'build', 'package')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('pack: dist/ is not built (npm run build)')

/** The manifest users get: the tracked one without the checkout-only fields. */
const packedManifest = (m) => {
  const { scripts: _scripts, imports: _imports, ...rest } = m
  return rest
}

rmSync(stage, { recursive: true, force: true })
mkdirSync(stage, { recursive: true })
// `files` names what ships; npm adds package.json, README and LICENSE itself, from the stage too
for (const f of new Set([...manifest.files, 'README.md', 'LICENSE']))
  if (existsSync(join(root, f))) cpSync(join(root, f), join(stage, f), { recursive: true })
writeFileSync(join(stage, 'package.json'), JSON.stringify(packedManifest(manifest), null, 2) + '\n')
// the tarball lands where asked (relative to where this runs), by default in the repository's root
const args = process.argv.slice(2)
const at = args.indexOf('--pack-destination')
if (at < 0) args.push('--pack-destination', root)
else args[at + 1] = resolve(args[at + 1] ?? '.')
const r = spawnSync('npm', ['pack', '--ignore-scripts', ...args], {
  cwd: stage,
  stdio: ['ignore', 'inherit', 'inherit'],
  shell: process.platform === 'win32',
})
process.exit(r.status ?? 1)
