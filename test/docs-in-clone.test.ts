/**
 * The docs a clone can follow: docs/DESIGN.md and docs/wire/*.md are in the repository and not in
 * the published package; the README and comments cite them (never a path outside the clone), and a
 * gotcha number (G<n>) appears only in a file that says which table it numbers.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = suite('docs in the clone')
const root = resolve(new URL('..', import.meta.url).pathname)
const walk = (d: string): string[] =>
  readdirSync(d).flatMap((f) =>
    statSync(join(d, f)).isDirectory()
      ? f === 'node_modules' || f === 'artifacts'
        ? []
        : walk(join(d, f))
      : f.endsWith('.ts')
        ? [join(d, f)]
        : [],
  )
// clients/emulators/ is being rewritten on its own branch (issue 31 item 3); it joins this check there.
// builders/ is generated from the specs' doc strings (what `trellis schema` shows), not edited by hand.
const sources = () =>
  ['src', 'clients', 'test', 'bench']
    .flatMap((d) => walk(join(root, d)))
    .filter((f) => !relative(root, f).startsWith('clients/emulators/'))
/** comment lines (`//`, ` * `) of a file */
const comments = (f: string) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => /^\s*(\/\/|\*|\/\*\*)/.test(l))

test('docs/DESIGN.md and docs/wire/{cost,hosting,cloud}.md are in the repository', () => {
  for (const f of ['DESIGN.md', 'wire/cost.md', 'wire/hosting.md', 'wire/cloud.md'])
    assert.ok(existsSync(join(root, 'docs', f)), `docs/${f} is missing`)
})

test('the published package leaves the design and the wire notes out (only the API reference, docs/api/, ships)', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] }
  const docs = pkg.files.filter((f) => f === 'docs' || f.startsWith('docs/'))
  assert.equal(docs, ['docs/api'], `files: ${pkg.files.join(', ')}`)
})

test('the README, DESIGN and comments cite nothing outside the clone (../shared) nor "the wire reference"', () => {
  for (const f of [join(root, 'README.md'), join(root, 'docs/DESIGN.md')])
    assert.not.match(readFileSync(f, 'utf8'), /\.\.\/shared/, relative(root, f))
  for (const f of sources())
    for (const l of comments(f)) {
      assert.not.match(l, /\.\.\/shared\//, `${relative(root, f)}: ${l.trim()}`)
      assert.not.match(l, /\bthe wire reference\b/i, `${relative(root, f)}: ${l.trim()}`)
    }
})

test('a gotcha number (G<n>) is cited only where its table is named', () => {
  for (const f of sources()) {
    const text = comments(f).join('\n')
    if (/\bG[0-9]{1,2}\b/.test(text) && !relative(root, f).startsWith('test/core/cidr'))
      assert.match(text, /docs\/wire\/cloud\.md §5/, `${relative(root, f)} cites G<n> without its table`)
  }
})

test.run()
