/**
 * No function in clients/emulators is over 80 lines: the lint limit, kept there without an exemption
 * (issue 31). Apart from test/architecture.test.ts because it parses with TypeScript, whose load is
 * a second of the unit tier; this file runs in the slow tier.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'

const test = suite('architecture: function length')
const root = resolve(new URL('..', import.meta.url).pathname)
const walk = (d: string): string[] =>
  readdirSync(d).flatMap((f) =>
    statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : f.endsWith('.ts') ? [join(d, f)] : [],
  )

/** the lines of a function that are code: neither blank nor only comment, as ESLint's max-lines-per-function counts */
const codeLines = (text: string): number =>
  text.split('\n').filter((l) => {
    const t = l.trim()
    return t !== '' && !t.startsWith('//') && !t.startsWith('*') && !t.startsWith('/*')
  }).length

test('no function in clients/emulators is over 80 lines (the lint limit, kept without an exemption)', () => {
  const long: string[] = []
  for (const f of walk(join(root, 'clients/emulators'))) {
    const src = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) && 'body' in n && n.body) {
        const lines = codeLines(n.getText(src))
        const at = src.getLineAndCharacterOfPosition(n.getStart(src)).line + 1
        if (lines > 80) long.push(`${relative(root, f)}:${at} (${lines} lines)`)
      }
      ts.forEachChild(n, visit)
    }
    visit(src)
  }
  assert.equal(long, [], `functions over 80 lines: ${long.join(', ')}`)
})

test.run()
