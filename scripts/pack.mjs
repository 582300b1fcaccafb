// `npm run pack [-- --json] [--pack-destination DIR]`: the tarball users install, packed from a
// staged copy (build/package/) so the tracked package.json is never edited. The staged manifest
// drops what only a checkout needs: every script (`prepare` builds a git install, and npm warns
// "install-scripts" on each install of a package that has one; the rest are the repository's
// chores) and `imports` (it names ./src files that are not shipped). dist/ and the API reference
// (docs/api/, `npm run docs`) are rebuilt first when older than their sources.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { outdated } from './outdated.mjs'

const root = new URL('..', import.meta.url).pathname
const stage = join(root, 'build', 'package')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const code = ['src', 'builders', 'clients', 'examples', 'scripts', 'tsup.config.ts', 'package.json']

/** `npm run <script>` with its output on stderr (stdout carries `--json`'s result); exits on failure. */
const npmRun = (script) => {
  const r = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
if (outdated(root, 'dist/index.d.cts', code)) npmRun('build')
if (outdated(root, 'docs/api/index.html', [...code, 'typedoc.json'])) npmRun('docs')

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
