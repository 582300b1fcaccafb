/**
 * What compile gives each vertex, against a plain reference computation on random stacks: its
 * dependencies (every `dependsOn`, then every ref of its inputs in field order, depth first, each
 * once: compile gathers them in scratch arrays filled up to a count, not with `refsIn` and
 * `includes`), and its label, made from the node when read: the node's `labelOf`, an own
 * enumerable property that JSON, spreads and deep comparisons see, the same at every read.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { isRight } from 'fp-ts/Either'
import { stack, type HasNode } from '#trellis'
import { addressOf, labelOf } from '#trellis'
import { refsByWalk } from '../fixtures/refs-by-walk'
import { compileWith as compile } from '#trellis/engine'
import type { Vertex } from '#trellis/engine'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const c = compile(demoRegistry)
const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)

/** a node's dependencies as compile gathered them before (session 11): dependsOn, then every ref (a walk of its own), deduplicated */
const referenceDeps = (v: Vertex): string[] => {
  const all = [
    ...(v.node.options.dependsOn ?? []),
    ...refsByWalk(v._tag === 'Resource' ? v.node.inputs : v.node.args).map((r) => r.node),
  ]
  return all.filter((d, i) => all.indexOf(d) === i)
}

// names with characters a label quotes or escapes, as well as plain ones
const name = fc.constantFrom('a', 'b c', 'q"uote', 'back\\slash', 'ünï', 'x/y')
const shelves = fc.uniqueArray(fc.record({ name, tags: fc.array(fc.nat(5), { maxLength: 3 }) }), {
  minLength: 1,
  maxLength: 4,
  selector: (s) => s.name,
})
const books = fc.array(
  fc.record({
    shelf: fc.nat(5),
    // the title: plain, or a ref to another shelf's token
    title: fc.option(fc.nat(5), { nil: undefined }),
    // more refs, repeats included
    rhyme: fc.option(fc.nat(5), { nil: undefined }),
    label: fc.option(fc.nat(5), { nil: undefined }),
    after: fc.array(fc.nat(5), { maxLength: 3 }),
  }),
  { maxLength: 6 },
)

test('random stacks: each vertex has the reference dependencies, in order, once each', () => {
  let checked = 0
  fc.assert(
    fc.property(shelves, books, (ss, bs) => {
      const items: HasNode[] = []
      const made: Array<ReturnType<typeof demo.shelf>> = []
      ss.forEach((s, i) => {
        // refs inside an array field, to shelves made before
        const tags = i === 0 ? [] : s.tags.map((t) => made[t % i].out.token)
        const shelf = demo.shelf(s.name, { title: `t${i}`, ...(tags.length ? { tags } : {}) })
        items.push(shelf)
        made.push(shelf)
      })
      const pick = (i: number) => made[i % made.length]
      bs.forEach((b, i) => {
        let book = demo
          .book(`b${i}`)
          .shelfToken(pick(b.shelf).out.token)
          .title(b.title === undefined ? 'plain' : pick(b.title).out.token)
        if (b.rhyme !== undefined) book = book.rhyme(pick(b.rhyme).out.token)
        if (b.label !== undefined) book = book.label(pick(b.label).out.id)
        if (b.after.length) book = book.options({ dependsOn: b.after.map(pick) })
        items.push(book)
      })
      const g = c(stack('s').add(...items))
      assert.ok(isRight(g))
      if (!isRight(g)) return
      for (const v of g.right.ordered) {
        checked++
        assert.equal([...v.deps], referenceDeps(v))
        assert.is(v.address, `${v.node.token}/${v.node.name}`)
        assert.is(v.address, addressOf(v.node))
      }
    }),
    { numRuns: RUNS },
  )
  assert.ok(checked > RUNS)
})

test("random stacks: a vertex's label is its node's labelOf, a plain own property", () => {
  fc.assert(
    fc.property(shelves, (ss) => {
      const g = c(stack('s').add(...ss.map((s, i) => demo.shelf(s.name, { title: `t${i}` }))))
      assert.ok(isRight(g))
      if (!isRight(g)) return
      for (const v of g.right.ordered) {
        assert.is(v.label, labelOf(v.node))
        assert.is(v.label, v.label, 'the same at every read')
        assert.ok(Object.getOwnPropertyDescriptor(v, 'label')?.enumerable, 'own and enumerable')
        assert.ok(Object.keys(v).includes('label'))
        assert.is({ ...v }.label, v.label)
        assert.is((JSON.parse(JSON.stringify(v, ['label'])) as { label: string }).label, v.label)
        assert.is(g.right.vertices.get(v.address)?.label, v.label)
      }
    }),
    { numRuns: RUNS },
  )
})

test.run()
