/**
 * The objects module's guard tests (src/core/copy.ts): each way of making objects chosen there for
 * speed must keep what the objects look like from outside — own enumerable fields, JSON, spreads,
 * prototypes, copies only where something changed — so the domain modules using them stay plain.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { setFlagsFromString } from 'node:v8'
import {
  appended,
  copyFields,
  keyedCopy,
  flatList,
  methodsOf,
  rewriteInside,
  sharedGetter,
  withMethods,
  type GrowingList,
} from '#src/core/copy'
import { ref as makeRef } from '#trellis'

const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)

test('copyFields: the same own fields, in order, in a new plain object', () => {
  fc.assert(
    fc.property(
      fc.dictionary(
        fc.string().filter((k) => k !== '__proto__'),
        fc.jsonValue(),
        { noNullPrototype: true },
      ),
      (o) => {
        const c = copyFields(o)
        assert.is.not(c, o)
        assert.equal(Object.keys(c), Object.keys(o))
        assert.equal(c, o)
        assert.is(Object.getPrototypeOf(c), Object.prototype)
      },
    ),
    { numRuns: RUNS },
  )
})

test('rewriteInside: the same value when nothing changes, a copy only of what holds a change', () => {
  const inner = { a: 1 }
  const rec = { x: inner, y: [inner, 2], z: 'z' }
  assert.is(
    rewriteInside(rec, (v) => v, undefined),
    rec,
  )
  const out = rewriteInside(rec, (v) => (v === inner ? { a: 2 } : v), undefined) as typeof rec
  assert.is.not(out, rec)
  assert.equal(out.x, { a: 2 })
  assert.is(out.y, rec.y, 'the array itself holds no change at this level')
  assert.equal(rec.x, { a: 1 }, 'the original is untouched')
  // another prototype than Object's: left as it is
  const odd = Object.create({ p: 1 }) as Record<string, unknown>
  odd.q = inner
  assert.is(
    rewriteInside(odd, () => ({}), undefined),
    odd,
  )
})

test('withMethods: fields own and enumerable, methods shared, not enumerable, never data', () => {
  const proto = methodsOf({
    twice(this: { n: number }) {
      return this.n * 2
    },
  })
  const a = withMethods(proto, { n: 2 })
  const b = withMethods(proto, { n: 5 })
  assert.is(Object.getPrototypeOf(a), proto)
  assert.is(Object.getPrototypeOf(b), proto)
  assert.is((a as unknown as { twice: () => number }).twice(), 4)
  assert.equal(Object.keys(a), ['n'])
  assert.is(JSON.stringify(a), '{"n":2}')
  assert.equal({ ...b }, { n: 5 })
  assert.ok(Object.isFrozen(proto))
  assert.not.ok(Object.getOwnPropertyDescriptor(proto, 'twice')?.enumerable)
})

test('withMethods defines the fields: no setter or proxy up the prototype chain is asked', () => {
  let asked = 0
  const trap = new Proxy(Object.prototype, {
    set: () => {
      asked++
      return false
    },
  })
  const proto = methodsOf({}, trap)
  const sym = Symbol('s')
  const o = withMethods(proto, { node: 'x', [sym]: 'y' })
  assert.is(asked, 0)
  assert.is(o.node, 'x')
  assert.is(o[sym], 'y')
})

test('a ref: four fields of data, `map` from the shared prototype', () => {
  const r = makeRef<string>('demo:Shelf/a', ['token'])
  const m = r.map((s) => s.length)
  assert.equal(Object.keys(r), ['_tag', 'node', 'path', 'mapped'])
  assert.is(Object.getPrototypeOf(r), Object.getPrototypeOf(m))
  assert.is(m.mapped, 1)
  assert.equal(JSON.parse(JSON.stringify(m)), { _tag: 'Ref', node: 'demo:Shelf/a', path: ['token'], mapped: 1 })
  assert.ok(Object.isFrozen(r))
})

test('sharedGetter: an own enumerable property worked out when read, one getter for every object', () => {
  let reads = 0
  const DOUBLE = sharedGetter((o: { n: number }) => (reads++, o.n * 2))
  const a = Object.defineProperty({ n: 1 }, 'double', DOUBLE) as { n: number; double: number }
  const b = Object.defineProperty({ n: 4 }, 'double', DOUBLE) as { n: number; double: number }
  assert.is(reads, 0)
  assert.is(a.double, 2)
  assert.is(b.double, 8)
  assert.equal(Object.keys(a), ['n', 'double'])
  assert.equal({ ...a }, { n: 1, double: 2 })
  assert.is(JSON.stringify(b), '{"n":4,"double":8}')
  const getterOf = (o: object): unknown => Reflect.get(Object.getOwnPropertyDescriptor(o, 'double') ?? {}, 'get')
  assert.ok(typeof getterOf(a) === 'function')
  assert.is(getterOf(a), getterOf(b))
})

test('a growing list: every list its items in order, earlier lists unchanged, each flattened once', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.nat(), { maxLength: 4 }), { maxLength: 30 }),
      fc.array(fc.nat()),
      (groups, reads) => {
        let list: GrowingList<number> | undefined
        const lists: Array<GrowingList<number> | undefined> = [undefined]
        for (const g of groups) lists.push((list = appended(list, g)))
        // read some lists in between, in any order: a later read starts from what those made
        for (const r of reads) flatList(lists[r % lists.length])
        lists.forEach((l, i) => {
          const flat = flatList(l)
          assert.equal([...flat], groups.slice(0, i).flat())
          assert.ok(Object.isFrozen(flat))
          assert.is(flatList(l), flat, 'kept')
        })
      },
    ),
    { numRuns: RUNS },
  )
})

test('keyedCopy: the same own entries on a plain object, a hash table from the start, the source untouched', () => {
  setFlagsFromString('--allow-natives-syntax')
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- V8's own probe, only here
  const fastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean
  const from = { 'cost:Folder/a': { id: 1 }, 'hosting:Site/b': { id: 2 } }
  const out = keyedCopy(from)
  assert.equal(out, from)
  assert.equal(Object.keys(out), Object.keys(from))
  assert.is(Object.getPrototypeOf(out), Object.prototype)
  assert.is(JSON.stringify(out), JSON.stringify(from))
  assert.not.ok(fastProperties(out))
  out['cloud:X/c'] = { id: 3 }
  assert.is(Object.keys(from).length, 2)
  assert.equal(keyedCopy({}), {})
  assert.not.ok(fastProperties(keyedCopy({})))
})

test.run()
