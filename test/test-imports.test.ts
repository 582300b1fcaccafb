/**
 * Tests reach src/ through the package's aliases, never by relative path: a behaviour suite through a
 * public entry (#trellis, #trellis/engine, …), a unit suite through #src/<path> to its subject, the
 * module its own path mirrors (test/core/wire.test.ts: src/core/wire.ts). So a source file that moves
 * breaks its own suite, not every suite whose path climbs into src/ (issue 31). The other imports of
 * #src/* are named below with their reason. `node scripts/test-imports.mjs` rewrites what an entry
 * exports (relative paths, and names an entry exports from a #src/* line).
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

/** test/core/wire.test.ts -> core/wire: the src module a suite mirrors (a helper mirrors none) */
export const mirrorOf = (file: string): string | undefined =>
  file.startsWith('test/') && file.endsWith('.test.ts') ? file.slice('test/'.length, -'.test.ts'.length) : undefined

/** #src/* modules any test may import: doors users have as well, though no entry exports them. */
const DOORS: Readonly<Record<string, string>> = {
  'cli/main': "the trellis binary's program (package.json's bin is built from it): the CLI's suites run it as users do",
}

/**
 * Internals a suite that does not mirror them imports, by module: why no public door serves, and the
 * files. What to shrink: make the suite a unit suite of the module, reach it through an entry, or make
 * it public if users want it (then the codemod rewrites the lines). An entry no file needs fails.
 * What each entry costs: moving its module breaks the files named here too (and moving one of those
 * files breaks this list), beside the module's own suite. Empty since issue 31: add one only with a
 * reason no entry, door or mirrored suite can answer.
 */
const INTERNALS: Readonly<Record<string, { readonly why: string; readonly files: ReadonlyArray<string> }>> = {}

// a static import's `from` on a line of its own statement (as STATIC above); a dynamic import anywhere
const STATIC_SRC = /^\s*(?:import|export|\})[^'"`]*\bfrom\s+['"]#src\/([^'"]*)['"]/
const DYNAMIC_SRC = /\bimport\(\s*['"]#src\/([^'"]*)['"]\s*\)/g

/** The #src/* modules a file imports (core/wire for '#src/core/wire'). */
export const srcImportsOf = (text: string): string[] => [
  ...new Set(
    text
      .split('\n')
      .filter((line) => line.includes('#src/'))
      .flatMap((line) => [STATIC_SRC.exec(line)?.[1], ...[...line.matchAll(DYNAMIC_SRC)].map((m) => m[1])])
      .filter((m): m is string => m !== undefined),
  ),
]

/** every file under test/ with its text, read once for the tests below */
let read: ReadonlyArray<readonly [string, string]> | undefined
const testFiles = () =>
  (read ??= walk(join(root, 'test')).map((f) => [relative(root, f), readFileSync(f, 'utf8')] as const))

test('a test imports src/ internals (#src/*) only of the module it mirrors, a door, or as INTERNALS names', () => {
  const found = testFiles().flatMap(([file, text]) =>
    srcImportsOf(text)
      .filter((m) => m !== mirrorOf(file) && !(m in DOORS) && !INTERNALS[m]?.files.includes(file))
      .map((m) => `${file} imports #src/${m}`),
  )
  assert.equal(found, [], `import it from a public entry, or test it in its mirror suite:\n${found.join('\n')}`)
})

test('every INTERNALS entry is still needed (a file left, or now imports it publicly: drop the line)', () => {
  const imports = new Map(testFiles().map(([file, text]) => [file, srcImportsOf(text)]))
  const stale = Object.entries(INTERNALS).flatMap(([m, { files }]) =>
    files.filter((f) => !imports.get(f)?.includes(m)).map((f) => `${m}: ${f}`),
  )
  assert.equal(stale, [])
})

test('the mirror and the scan: a suite mirrors its path, a helper nothing; strings and libraries are let be', () => {
  assert.is(mirrorOf('test/core/wire.test.ts'), 'core/wire')
  assert.is(mirrorOf('test/engine/stacks/ownership.test.ts'), 'engine/stacks/ownership')
  assert.is(mirrorOf('test/providers/cost/helpers.ts'), undefined)
  const text = [
    "import { a } from '#src/core/wire'",
    "import {\n  b,\n} from '#src/engine/validate'",
    "import type { C } from '#src/core/node'",
    "const m = await import('#src/cli/main')",
    "import { stack } from '#trellis'",
    "const source = `import { x } from '#src/core/stack'`",
    "  'import { y } from \\'#src/core/ref\\'',",
  ].join('\n')
  assert.equal(srcImportsOf(text), ['core/wire', 'engine/validate', 'core/node', 'cli/main'])
})

test.run()
