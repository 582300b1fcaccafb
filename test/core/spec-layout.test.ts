/**
 * defineResource and defineLookup name every field of a spec, in one order (optional ones
 * undefined), and copy its lists through listOf: the engine reads specs of ~40 types at every
 * step, and spreads of their definitions had made ~20 layouts of them (bench/HISTORY.md).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as t from 'io-ts'
import { right } from 'fp-ts/Either'
import { defineResource, registry } from '#trellis'
import { sameShape } from './v8-probes'

const allSame = (xs: ReadonlyArray<object>, what: string): void => {
  assert.ok(xs.length > 5, `${what}: found`)
  for (const x of xs) assert.ok(sameShape(x, xs[0]), `${what}: one layout`)
}

test('every resource spec of the three providers has one layout, its lists too', () => {
  const specs = [...registry.resources.values()]
  allSame(specs, 'resource specs')
  for (const k of ['secrets', 'rules', 'replaceOn', 'keepOnUpdate'] as const)
    allSame(
      specs.map((s) => s[k]!),
      k,
    )
  assert.equal(Object.keys(specs[0]), Object.keys(specs[specs.length - 1]))
})

test('every lookup spec has one layout, its lists too', () => {
  const specs = [...registry.lookups.values()]
  allSame(specs, 'lookup specs')
  allSame(
    specs.map((s) => s.secrets),
    'secrets',
  )
})

test('a spec defined with optional fields or without has the same layout; what is given is kept', () => {
  const base = {
    doc: 'd',
    inputs: t.type({ name: t.string }),
    outputs: t.type({ id: t.string }),
    identity: { importFormat: '<id>', parseImportId: (id: string) => right({ id }), printImportId: (id: string) => id },
    replaceOn: [],
    secrets: [],
    rules: [],
    wire: {} as never,
    examples: { valid: { name: 'a' }, invalid: [], outputs: { id: 'x' } },
  }
  const plain = defineResource({ ...base, token: 'demo:Plain' })
  const full = defineResource({
    ...base,
    token: 'demo:Full',
    secrets: ['name'],
    computed: ['name'],
    platformDefaults: { name: 'n' },
    deleteBeforeReplace: true,
  })
  assert.ok(sameShape(plain, full))
  assert.ok(sameShape(plain.secrets, full.secrets))
  assert.equal(full.secrets, ['name'])
  assert.equal(full.platformDefaults, { name: 'n' })
  assert.is(plain.platformDefaults, undefined)
  assert.ok(Object.isFrozen(full))
})

test.run()
