/**
 * The tracking view: a value holding no unknown is handed over as it is; one holding unknowns reads
 * like the value (arrays, keys, spreads, JSON) until a read reaches an unknown, which is logged
 * with its path and thrown. Frozen values work too (the proxies stand before fresh targets).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { trackedView, unknownRecord, UnknownRead, type ReadLog } from '#src/policy/tracked'
import { UNKNOWN } from '#trellis/engine'

const test = suite('policy tracking view')

const deepFrozen = <T>(v: T): T => {
  if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) deepFrozen(x)
    Object.freeze(v)
  }
  return v
}
const thrown = (f: () => unknown): unknown => {
  try {
    f()
  } catch (e) {
    return e
  }
  return undefined
}

test('a value without unknowns is itself', () => {
  const v = { a: 1, b: [2, 3] }
  assert.is(trackedView(v, {}, 'n', 'inputs'), v)
})

test('known parts of a frozen value with unknowns read as the value; reaching the unknown logs and throws', () => {
  const log: ReadLog = {}
  const v = trackedView(
    deepFrozen({ name: 'x', tags: ['a', UNKNOWN], nested: { id: UNKNOWN, n: 1 } }),
    log,
    'cloud:X/x',
    'inputs',
  )
  assert.is(v.name, 'x')
  assert.is(v.tags.length, 2)
  assert.ok(Array.isArray(v.tags))
  assert.is(v.tags[0], 'a')
  assert.equal(Object.keys(v), ['name', 'tags', 'nested'])
  assert.ok('id' in v.nested)
  assert.is(v.nested.n, 1)
  assert.is(log.unknownAt, undefined)
  const e = thrown(() => v.tags.includes('b'))
  assert.instance(e, UnknownRead)
  assert.equal(log, { unknownAt: 'inputs.tags.1', unknownOf: 'cloud:X/x' })
})

test('whole-value reads (JSON, spreads) reach the unknown too; the first path is kept', () => {
  const log: ReadLog = {}
  const v = trackedView({ a: { b: UNKNOWN }, c: UNKNOWN }, log, 'n', 'inputs')
  assert.instance(
    thrown(() => JSON.stringify(v)),
    UnknownRead,
  )
  assert.is(log.unknownAt, 'inputs.a.b')
  assert.instance(
    thrown(() => ({ ...v }).c),
    UnknownRead,
  )
  assert.is(log.unknownAt, 'inputs.a.b')
})

test('the view cannot be written', () => {
  const v = trackedView({ a: UNKNOWN, b: 1 }, {}, 'n', 'inputs')
  assert.instance(
    thrown(() => {
      'use strict'
      v.b = 2
    }),
    TypeError,
  )
})

test('an unknown record throws on any field, and on asking for its keys', () => {
  const log: ReadLog = {}
  const o = unknownRecord(log, 'n', 'outputs')
  assert.instance(
    thrown(() => o.id),
    UnknownRead,
  )
  assert.is(log.unknownAt, 'outputs.id')
  assert.instance(
    thrown(() => Object.keys(o)),
    UnknownRead,
  )
})

test.run()
