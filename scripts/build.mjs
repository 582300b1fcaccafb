// `npm run build`: a clean dist/ (tsup's configs build side by side, so none of them may clean
// it), tsup (tsup.config.ts), then each bundled declaration file dist/X.d.ts gets its CommonJS
// twin dist/X.d.cts: the same text, its relative imports pointing at .cjs, so `require`
// consumers under node16/nodenext read CommonJS types. One declaration build, not tsup's two:
// that is most of the build's time. fp-ts has no `exports` map, so its subpaths are named by
// file (`fp-ts/lib/Either.js`), which every moduleResolution finds (node16 wants the extension).
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, 'dist')
rmSync(dist, { recursive: true, force: true })
const tsup = createRequire(import.meta.url).resolve('tsup/dist/cli-default.js')
const r = spawnSync(process.execPath, [tsup, '--silent'], { cwd: root, stdio: 'inherit' })
if (r.status !== 0) process.exit(r.status ?? 1)
let n = 0
for (const f of readdirSync(dist)) {
  if (!f.endsWith('.d.ts')) continue
  const text = readFileSync(join(dist, f), 'utf8').replace(
    /(['"])fp-ts\/(?:lib\/)?([A-Za-z]+)\1/g,
    '$1fp-ts/lib/$2.js$1',
  )
  writeFileSync(join(dist, f), text)
  writeFileSync(join(dist, f.replace(/\.d\.ts$/, '.d.cts')), text.replace(/(['"])(\.\.?\/[^'"]+)\.js\1/g, '$1$2.cjs$1'))
  n++
}
if (n === 0) throw new Error('build: tsup wrote no .d.ts to dist/')
