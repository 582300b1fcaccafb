/**
 * Codecs told by io-ts's `_tag`: a second io-ts module instance (the installed one copied to a
 * temporary directory and loaded from there, so its classes are not trellis's) makes codecs that
 * `codecIs` recognises and compile validates as it does trellis's own — an unknown field refused
 * with its suggestion, a wrong type named by its path. A class check fails exactly here.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cpSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { codecIs, isCodec } from '#src/core/codec-is'
import { fieldsOf, isObjectCodec } from '#trellis/engine'
import { defineResource } from '#trellis'
import { defineProvider } from '#trellis'
import { makeRegistry } from '#trellis'
import { byToken } from '#trellis/engine'
import { rest } from '#trellis/engine'
import { stack } from '#trellis'
import { compileWith as compile } from '#trellis/engine'
import { buildersFor } from '#trellis/engine'

const test = suite('codecIs: codecs of another io-ts copy')
const here = createRequire(import.meta.url)

/** io-ts loaded from a copy of its package: the same version, other classes. */
const foreignIoTs = (): typeof t => {
  const root = mkdtempSync(join(tmpdir(), 'trellis-io-ts-copy-'))
  const modules = join(root, 'node_modules')
  mkdirSync(modules)
  cpSync(dirname(realpathSync(here.resolve('io-ts/package.json'))), join(modules, 'io-ts'), { recursive: true })
  symlinkSync(dirname(realpathSync(here.resolve('fp-ts/package.json'))), join(modules, 'fp-ts'), 'dir')
  return createRequire(join(root, 'index.js'))('io-ts') as typeof t
}
const ft = foreignIoTs()

test('the copy is another module: its codecs are not instances of trellis’s classes, codecIs tells them', () => {
  const inputs = ft.exact(ft.intersection([ft.type({ name: ft.string }), ft.partial({ size: ft.number })]))
  assert.not.ok((inputs as unknown) instanceof t.ExactType, 'a class check says no')
  assert.ok(codecIs(inputs, 'ExactType'))
  assert.ok(isCodec(inputs) && !isCodec({ _tag: 'ExactType' }))
  assert.not.ok(codecIs(ft.string, 'NumberType', 'BooleanType'))
  assert.ok(isObjectCodec(inputs))
  assert.equal(
    fieldsOf(inputs).map((f) => [f.name, f.required]),
    [
      ['name', true],
      ['size', false],
    ],
  )
})

test('compile validates a provider of foreign codecs: unknown field and wrong type refused, naming the path', () => {
  const Box = defineResource({
    token: 'far:Box',
    doc: 'A box.',
    inputs: ft.exact(ft.type({ label: ft.string, items: ft.array(ft.type({ n: ft.number })) }), 'BoxInputs'),
    outputs: ft.exact(ft.type({}), 'BoxOutputs'),
    identity: byToken(),
    replaceOn: [],
    secrets: [],
    rules: [],
    wire: {
      create: (i: unknown) => rest('POST', '/boxes', { body: i }),
      read: (id: string) => rest('GET', `/boxes/${id}`),
      delete: (id: string) => rest('DELETE', `/boxes/${id}`),
      decode: () => E.right({ id: 'b', inputs: { label: 'x', items: [] }, outputs: {} }),
    },
    examples: { valid: { label: 'a', items: [] }, invalid: [[{}, 'label']], outputs: {} },
  } as never)
  const far = defineProvider({
    name: 'far',
    doc: 'a provider of foreign codecs',
    config: ft.exact(ft.partial({}), 'FarConfig'),
    secrets: [],
    env: {},
    rules: [],
    bridge: () => ({}),
    resources: { Box },
    lookups: {},
  })
  const b = buildersFor(far) as unknown as { box: (n: string, i: unknown) => { node: never } }
  const good = stack('far').add(b.box('ok', { label: 'fine', items: [{ n: 1 }] }).node)
  assert.ok(E.isRight(compile(makeRegistry([far]))(good)), 'valid input compiles')
  const bad = stack('far').add(b.box('bad', { labl: 'typo', label: 'x', items: [{ n: 'one' }] }).node)
  const r = compile(makeRegistry([far]))(bad)
  assert.ok(E.isLeft(r))
  const issues = E.isLeft(r) && r.left._tag === 'CompileError' ? r.left.issues : []
  assert.equal(issues.map((i) => i.path).sort(), ['items.0.n', 'labl'])
  assert.match(issues.find((i) => i.path === 'labl')?.message ?? '', /did you mean `label`/)
})

test.run()
