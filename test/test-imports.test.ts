/**
 * Tests reach src/ through the package's aliases, never by relative path: a behaviour suite through a
 * public entry (#trellis, #trellis/engine, …), a unit suite through #src/<path> to its subject. So a
 * source file that moves breaks the suites naming it, not every suite whose path climbs into src/.
 * `node scripts/test-imports.mjs` rewrites what this finds.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = suite('test imports')
const root = resolve(new URL('..', import.meta.url).pathname)

const walk = (d: string): string[] =>
  readdirSync(d).flatMap((f) => {
    const p = join(d, f)
    if (statSync(p).isDirectory()) return f === 'artifacts' ? [] : walk(p)
    return /\.(ts|mts|tsx)$/.test(f) ? [p] : []
  })

// a static import or re-export's `from '…'` on a line of its own statement (the last of a multi-line
// one starts with `}`), so an import written inside a string does not count; import('…') anywhere
const STATIC = /^\s*(?:import|export|\})[^'"`]*\bfrom\s+['"](\.{1,2}\/[^'"]*)['"]/
const DYNAMIC = /\bimport\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g

/** `file:line imports spec` for each relative import of src/ in a file. */
const relativeImportsOfSrc = (file: string, text: string): string[] =>
  text.split('\n').flatMap((line, i) =>
    [STATIC.exec(line)?.[1], ...[...line.matchAll(DYNAMIC)].map((m) => m[1])]
      .filter((spec): spec is string => spec !== undefined)
      .filter((spec) => relative(root, resolve(dirname(file), spec)).startsWith('src/'))
      .map((spec) => `${relative(root, file)}:${i + 1} imports ${spec}`),
  )

test('no file under test/ imports src/ by a relative path', () => {
  const found = walk(join(root, 'test'))
    .map((f) => [f, readFileSync(f, 'utf8')] as const)
    // a program copied out of the tree and loaded there (no alias resolves) says so, as the codemod reads
    .filter(([, text]) => !text.includes('test-imports: keep relative'))
    .flatMap(([f, text]) => relativeImportsOfSrc(f, text))
  assert.equal(
    found,
    [],
    `${found.length} relative imports of src/ (node scripts/test-imports.mjs fixes them):\n${found.slice(0, 20).join('\n')}`,
  )
})

test('the scan sees static, multi-line, dynamic and type imports; aliases, libraries and strings are let be', () => {
  const file = join(root, 'test/engine/x.test.ts')
  const text = [
    "import { plan } from '../../src/engine/plan'",
    "import {\n  a,\n  b,\n} from '../../src/core/stack'",
    "const m = await import('../../src/cli/main')",
    "type T = typeof import('../../src/index')",
    "import { ok } from '../helpers'",
    "import { stack } from '#src/core/stack'",
    "import { x } from '../../clients/http'",
    "import * as E from 'fp-ts/Either'",
    "const source = `import { stack } from '../../src/core/stack'`",
  ].join('\n')
  assert.equal(relativeImportsOfSrc(file, text), [
    'test/engine/x.test.ts:1 imports ../../src/engine/plan',
    'test/engine/x.test.ts:5 imports ../../src/core/stack',
    'test/engine/x.test.ts:6 imports ../../src/cli/main',
    'test/engine/x.test.ts:7 imports ../../src/index',
  ])
})

test.run()
