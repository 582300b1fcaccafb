/**
 * Editor help on the builders, asked of the TypeScript language service as editors ask: the doc of
 * a setter, a field of the initial object, an `.out` ref and a lookup argument (the generated
 * interfaces of builders/<provider>.ts carry them), and errors that name the field: a misspelt
 * optional field ("Did you mean…") and a required one not set when the builder is added.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import ts from 'typescript'
import { MISTAKES, PROBE, probe } from './editor-probe'

const test = suite('types: editor help')
const root = fileURLToPath(new URL('../..', import.meta.url))
const { options } = ts.convertCompilerOptionsFromJson(
  (ts.readConfigFile(join(root, 'tsconfig.json'), (p) => ts.sys.readFile(p)).config as { compilerOptions: object })
    .compilerOptions,
  root,
)
const dir = join(root, 'test', 'types')

test('hover shows the doc of a setter, an initial-object field, an .out ref and a lookup argument', () => {
  const p = probe(dir, PROBE, options)
  assert.match(p.hover('setter'), /folderToken/)
  assert.match(p.hover('setter'), /Folder the report is filed in\./)
  assert.match(p.hover('field'), /title/)
  assert.match(p.hover('field'), /Display title of the folder\./)
  assert.match(p.hover('out'), /token/)
  assert.match(p.hover('out'), /The folder's token, assigned by the platform\./)
  assert.match(p.hover('arg'), /name/)
  assert.match(p.hover('arg'), /Name of the site to read \(or give id\)\./)
  assert.equal(p.errors(), [])
})

test('a misspelt optional field is named with "Did you mean"; a required field not set is named at add()', () => {
  const errors = probe(dir, MISTAKES, options).errors()
  assert.is(errors.length, 2, errors.join('\n---\n'))
  assert.match(errors[0], /'workspaceTokn' does not exist in type/)
  assert.match(errors[0], /Did you mean to write 'workspaceToken'\?/)
  assert.match(errors[1], /requiredInputsNotSet/)
  assert.match(errors[1], /Type '"title"' is not assignable to type/)
})

test.run()
