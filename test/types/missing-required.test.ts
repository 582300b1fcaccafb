/**
 * The type error a person sees when a required input is missing: tsc, run on a small program
 * that adds a book without its shelfToken, refuses it with a message that names the field.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import ts from 'typescript'

const test = suite('types: missing required inputs')
const here = dirname(fileURLToPath(import.meta.url))
const prelude = `import { demo } from '../fixtures/demo-builders'\nimport { stack } from '../../src/core/stack'\n`
const SOURCES = {
  one: `${prelude}stack('s').add(demo.shelf('a', { title: 'A' }), demo.book('b').title('T'))\n`,
  two: `${prelude}stack('s').add(demo.book('b'))\n`,
  none: `${prelude}stack('s').add(demo.book('b', { title: 'T' }).shelfToken('x'))\n`,
}
// files that are not on disk (the repository's own tsc run must not see them), in one program
const errorsOf = ((): Record<keyof typeof SOURCES, string[]> => {
  const files = new Map(Object.entries(SOURCES).map(([k, src]) => [join(here, `__missing-required-${k}.ts`), src]))
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    esModuleInterop: true,
    types: ['node'],
  }
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, lang, ...rest) => {
    const src = files.get(name)
    return src !== undefined ? ts.createSourceFile(name, src, lang) : getSourceFile(name, lang, ...rest)
  }
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => files.has(name) || fileExists(name)
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([...files.keys()], options, host))
  const out: Record<string, string[]> = {}
  for (const k of Object.keys(SOURCES)) {
    const file = join(here, `__missing-required-${k}.ts`)
    out[k] = diagnostics
      .filter((d) => d.file?.fileName === file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  }
  return out
})()

test('a book without shelfToken: tsc fails naming shelfToken', () => {
  const errors = errorsOf.one
  assert.is(errors.length, 1, errors.join('\n---\n'))
  assert.match(errors[0], /Types of property '\[requiredInputsNotSet\]' are incompatible/)
  assert.match(errors[0], /Type '"shelfToken"' is not assignable to type/)
  assert.not.match(errors[0], /"title"/, 'the other builder is complete')
})

test('two missing: both named', () => {
  const errors = errorsOf.two
  assert.is(errors.length, 1)
  assert.match(errors[0], /'"shelfToken" \| "title"|'"title" \| "shelfToken"/)
})

test('every required input set: no error', () => {
  assert.equal(errorsOf.none, [])
})

test.run()
