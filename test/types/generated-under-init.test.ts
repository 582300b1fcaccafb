/**
 * Issue 39: the program `trellis generate` writes type-checks under the tsconfig.json `trellis init`
 * writes (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes), `trellis` resolved to the
 * source as the repository's tsconfig maps it. One program of every type the estate holds.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import ts from 'typescript'
import { initTsconfig } from './init-tsconfig'
import { generate } from '#trellis/engine'
import { envOver, right, ROOT, seededFromFile } from '../discover/brownfield-helpers'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'

const test = suite("types: a generated program under init's tsconfig")

test('the generated program of the estate type-checks with the options init writes', async () => {
  const { emulators, teamId } = await seededFromFile()
  const g = await right(generate({ stack: 'legacy', scopes: { teamId: [teamId] } })(envOver(emulators)))
  assert.ok(g.objects.length >= 40, `objects: ${g.objects.length}`)
  const dir = join(ROOT, 'tmp', `generated-types-${process.pid}`)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'infra.ts')
  writeFileSync(file, g.source)
  try {
    const { options } = ts.convertCompilerOptionsFromJson((await initTsconfig()).compilerOptions, ROOT)
    const { options: repo } = ts.convertCompilerOptionsFromJson(
      (ts.readConfigFile(join(ROOT, 'tsconfig.json'), (p) => ts.sys.readFile(p)).config as { compilerOptions: object })
        .compilerOptions,
      ROOT,
    )
    const program = ts.createProgram([file], { ...options, baseUrl: ROOT, paths: repo.paths })
    const found = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    assert.equal(found, [])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
