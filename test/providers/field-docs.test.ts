/**
 * Every field of every resource's and lookup's codecs carries a doc comment (the spec's note for
 * it, or where it comes from), and editors show it: hovering a builder setter or an `.out` field
 * gives the comment, carried through io-ts's TypeOf and the builders' mapped types.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import ts from 'typescript'
import { readFileSync, readdirSync, writeFileSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '../..')

/** `file: field` of every top-level codec field without a doc comment. */
const undocumented = (): string[] => {
  const out: string[] = []
  for (const p of ['cost', 'hosting', 'cloud']) {
    const dir = join(ROOT, 'src/providers', p)
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts') && x !== 'index.ts' && x !== 'config.ts')) {
      const text = readFileSync(join(dir, f), 'utf8')
      const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true)
      const walk = (n: ts.Node): void => {
        if (ts.isCallExpression(n)) {
          const callee = n.expression.getText(sf)
          const arg = n.arguments[0]
          if ((callee === 't.type' || callee === 't.partial') && arg && ts.isObjectLiteralExpression(arg)) {
            for (const prop of arg.properties)
              if (ts.isPropertyAssignment(prop) && ts.getJSDocCommentsAndTags(prop).length === 0)
                out.push(`${p}/${f}: ${prop.name.getText(sf)}`)
            return
          }
          n.arguments.forEach(walk)
        } else if (ts.isArrayLiteralExpression(n)) n.elements.forEach(walk)
      }
      sf.forEachChild((s) => {
        if (!ts.isVariableStatement(s)) return
        for (const d of s.declarationList.declarations)
          if (/(Inputs|Outputs|Args|Result)$/.test(d.name.getText(sf)) && d.initializer) walk(d.initializer)
      })
    }
  }
  return out
}

test('every top-level field of every spec codec has a doc comment', () => {
  assert.equal(undocumented(), [])
})

test('hovering a builder setter or an .out field shows the field doc', () => {
  const file = join(ROOT, '.hover-sample.ts')
  const text = [
    "import * as cost from './builders/cost'",
    "import * as cloud from './builders/cloud'",
    "const r = cost.billingRule('x').sqlQuery('UPDATE aws SET a = 1')",
    'export const t = r.out.createdByToken',
    "export const k = cloud.apiGatewayApiKey('k').out.accessKeyType",
  ].join('\n')
  writeFileSync(file, text)
  try {
    const options = {
      strict: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
      skipLibCheck: true,
    }
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => [file],
      getScriptVersion: () => '1',
      // the host's callbacks are the TypeScript system's own functions, which do not use `this`
      /* eslint-disable @typescript-eslint/unbound-method */
      getScriptSnapshot: (f) => {
        const s = ts.sys.readFile(f)
        return s === undefined ? undefined : ts.ScriptSnapshot.fromString(s)
      },
      getCurrentDirectory: () => ROOT,
      getCompilationSettings: () => options,
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
      /* eslint-enable @typescript-eslint/unbound-method */
    }
    const ls = ts.createLanguageService(host)
    const doc = (word: string) =>
      ts.displayPartsToString(ls.getQuickInfoAtPosition(file, text.indexOf(word) + 2)?.documentation)
    assert.match(doc('sqlQuery'), /Required for Custom rules/)
    assert.match(doc('createdByToken'), /Creator of the rule/)
    assert.match(doc('accessKeyType'), /auto/)
  } finally {
    unlinkSync(file)
  }
})

test.run()
