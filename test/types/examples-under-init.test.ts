/**
 * The examples compile under the tsconfig.json `trellis init` writes (noUncheckedIndexedAccess,
 * exactOptionalPropertyTypes, …), the settings a user's project has when they copy one in.
 * `trellis` resolves to the source, as the repository's own tsconfig maps it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import ts from 'typescript'
import { initTsconfig } from './init-tsconfig'

const test = suite("types: the examples under init's tsconfig")
const root = fileURLToPath(new URL('../..', import.meta.url))

test('every example type-checks with the options init writes', async () => {
  const { options, errors } = ts.convertCompilerOptionsFromJson((await initTsconfig()).compilerOptions, root)
  assert.equal(errors, [])
  const { options: repo } = ts.convertCompilerOptionsFromJson(
    (ts.readConfigFile(join(root, 'tsconfig.json'), (p) => ts.sys.readFile(p)).config as { compilerOptions: object })
      .compilerOptions,
    root,
  )
  assert.ok(options.noUncheckedIndexedAccess && options.exactOptionalPropertyTypes, 'the strict options are on')
  const files = readdirSync(join(root, 'examples'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(root, 'examples', f))
  assert.ok(files.length > 3, `examples found: ${files.length}`)
  const program = ts.createProgram(files, { ...options, baseUrl: root, paths: repo.paths })
  const found = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file !== undefined && d.file.fileName.includes('/examples/'))
    .map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
  assert.equal(found, [])
})

test.run()
