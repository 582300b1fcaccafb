/**
 * The objects module's guard tests (src/core/copy.ts): each way of making objects chosen there for
 * speed must keep what the objects look like from outside — own enumerable fields, JSON, spreads,
 * prototypes, copies only where something changed — so the domain modules using them stay plain.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { fastProperties, sameShape } from './v8-probes'
import {
  appended,
  churnTable,
  copyFields,
  keyedCopy,
  listOf,
  flatList,
  methodsOf,
  objectsOver,
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

test('objectsOver: plain objects over the prototype given, fields own and in the order written, one shape', () => {
  const make = objectsOver<Record<string, unknown>>()
  const got = sharedGetter((o: Record<string, unknown>) => o.a)
  const fill = (i: number): Record<string, unknown> => {
    const o = make()
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) o[k] = `${k}${i}`
    Object.defineProperty(o, 'got', got)
    o.after = i
    return o
  }
  const [x, y] = [fill(1), fill(2)]
  assert.is(Object.getPrototypeOf(x), Object.prototype)
  assert.is(x.constructor, Object)
  assert.equal(Object.keys(x), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'got', 'after'])
  assert.is(JSON.stringify(x), JSON.stringify({ ...x }))
  assert.ok(fastProperties(x))
  assert.ok(sameShape(x, y))
  // another maker: another kind of object, over its own prototype
  const proto = methodsOf({ twice: (n: number) => 2 * n })
  const r = objectsOver<{ n?: number }>(proto)()
  r.n = 1
  assert.is(Object.getPrototypeOf(r), proto)
  assert.equal(Object.keys(r), ['n'])
  assert.not.ok(sameShape(r, x))
})

test('objectsOver: fields written after a getter stay in the object (smaller than a literal given them after)', () => {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  const got = sharedGetter((o: Record<string, unknown>) => o.a)
  const make = objectsOver<Record<string, unknown>>()
  const viaMaker = (i: number): object => {
    const o = make()
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f']) o[k] = i
    Object.defineProperty(o, 'got', got)
    for (const k of ['w', 'x', 'y', 'z']) o[k] = i
    return o
  }
  const viaLiteral = (i: number): object => {
    const o: Record<string, unknown> = { a: i, b: i, c: i, d: i, e: i, f: i }
    Object.defineProperty(o, 'got', got)
    for (const k of ['w', 'x', 'y', 'z']) o[k] = i
    return o
  }
  const bytesEach = (f: (i: number) => object): number => {
    gc()
    const before = process.memoryUsage().heapUsed
    const kept = Array.from({ length: 100_000 }, (_, i) => f(i))
    gc()
    const used = process.memoryUsage().heapUsed - before
    return kept.length > 0 ? used / kept.length : 0
  }
  viaMaker(0) // the maker's objects are sized once it has seen some
  const [maker, literal] = [bytesEach(viaMaker), bytesEach(viaLiteral)]
  assert.ok(maker + 16 <= literal, `${maker.toFixed(0)} bytes each, a literal's ${literal.toFixed(0)}`)
})

test('churnTable: the entries a Map would hold, in its order, whatever the sequence of sets and deletes', () => {
  const op = fc.oneof(
    fc.record({ set: fc.constantFrom('a', 'b', 'c', 'd'), v: fc.integer() }),
    fc.record({ del: fc.constantFrom('a', 'b', 'c', 'd') }),
  )
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom('a', 'x'), fc.integer()), fc.array(op), (from, ops) => {
      const table = churnTable(from)
      const model = new Map(Object.entries(from))
      for (const o of ops) {
        if ('set' in o) {
          table.set(o.set, o.v)
          model.set(o.set, o.v)
        } else {
          table.delete(o.del)
          model.delete(o.del)
        }
        assert.equal([...table], [...model])
      }
    }),
    { numRuns: RUNS },
  )
  assert.equal(Object.fromEntries(churnTable({ k: 1 })), { k: 1 })
})

test('listOf: a copy of the items, one kind of array whatever they are (empty, numbers, strings)', () => {
  const from = [1, 2]
  const [empty, none, numbers, strings] = [listOf([]), listOf(), listOf(from), listOf(['a', 'b'])]
  assert.equal([empty, none, numbers, strings], [[], [], [1, 2], ['a', 'b']])
  assert.is.not(numbers, from, 'a copy')
  numbers.push(3)
  assert.equal(from, [1, 2], 'the source untouched')
  assert.ok(sameShape(empty, strings) && sameShape(none, strings) && sameShape(numbers, strings))
  // what listOf is for: literals of these items are arrays of two kinds
  assert.not.ok(sameShape([], ['a']))
})

test.run()
