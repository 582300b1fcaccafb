/**
 * Every public export of the documented entry points carries a doc comment (what editors show on
 * hover and `npm run docs` turns into the API reference), found through the TypeScript compiler.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { projectOptions } from './fixtures/project-options'

const test = suite('docs')
const root = fileURLToPath(new URL('..', import.meta.url))
// the package's entry points (package.json exports)
const ENTRIES = [
  'src/index.ts',
  'src/testing/index.ts',
  'clients/index.ts',
  'builders/cost.ts',
  'builders/hosting.ts',
  'builders/cloud.ts',
]

test('every export of trellis, trellis/testing, trellis/clients, trellis/cost, trellis/hosting and trellis/cloud has a doc comment', () => {
  const program = ts.createProgram(
    ENTRIES.map((e) => join(root, e)),
    projectOptions(root),
  )
  const checker = program.getTypeChecker()
  const undocumented = ENTRIES.flatMap((e) => {
    const mod = checker.getSymbolAtLocation(program.getSourceFile(join(root, e))!)!
    return checker
      .getExportsOfModule(mod)
      .filter((s) => {
        const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s
        return ts.displayPartsToString(target.getDocumentationComment(checker)).trim() === ''
      })
      .map((s) => `${e}: ${s.name}`)
  })
  assert.equal(undocumented, [])
})

test.run()
