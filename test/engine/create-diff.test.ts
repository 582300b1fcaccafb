/**
 * A create step's diff is worked out from its inputs when first read (an apply never reads it):
 * it must be what a diff made with the step always was — every input given, as an added field, in
 * the inputs' order — and behave as a plain property: own and enumerable, in the same place among
 * the step's fields, the same array at every read, seen by JSON, spreads and deep comparisons.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { stack, type HasNode } from '#trellis'
import { secret } from '#trellis'
import { mockWith } from '#trellis/testing'
import type { Step } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const mock = mockWith(demoRegistry)
const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)

/** the diff a create step was given before it was made lazily (plan.ts before session 11) */
const eagerDiff = (inputs: Readonly<Record<string, unknown>>) =>
  Object.keys(inputs)
    .filter((k) => inputs[k] !== undefined)
    .map((k) => ({ path: k, kind: 'add', before: undefined, after: inputs[k], replaces: false }))

/** the order of a step's fields as makeStep writes them */
const FIELDS = ['address', 'token', 'name', 'kind', 'provider', 'deps', 'action', 'diff', 'inputs', 'notes']

const word = fc.constantFrom('a', 'b', 'c')
const shelves = fc.array(
  fc.record({ title: word, room: word, tags: fc.array(word, { maxLength: 2 }) }, { requiredKeys: ['title'] }),
  { minLength: 1, maxLength: 4 },
)
const books = fc.array(fc.record({ shelf: fc.nat(3), title: word, code: fc.option(word, { nil: undefined }) }), {
  maxLength: 5,
})

const stepsOf = async (w: {
  shelves: ReadonlyArray<{ title: string; room?: string; tags?: string[] }>
  books: ReadonlyArray<{ shelf: number; title: string; code?: string }>
}): Promise<ReadonlyArray<Step>> => {
  const items: HasNode[] = []
  const made = w.shelves.map((s, i) => {
    const b = demo.shelf(`s${i}`, s)
    items.push(b)
    return b
  })
  w.books.forEach((b, i) => {
    const on = made[b.shelf % made.length]
    // a ref to a computed output (unknown at plan) and one to an input (known at plan)
    let book = demo
      .book(`b${i}`)
      .shelfToken(on.out.token)
      .title(b.shelf % 2 ? on.out.title : b.title)
    if (b.code !== undefined) book = book.code(secret(b.code))
    items.push(book)
  })
  const r = await mock(stack('lib').add(...items))()
  if (r._tag === 'Left') throw new Error(JSON.stringify(r.left))
  return r.right.plan.steps
}

test('every create step of random stacks: the diff made with the step, a plain own property', async () => {
  let creates = 0
  await fc.assert(
    fc.asyncProperty(shelves, books, async (s, b) => {
      for (const step of await stepsOf({ shelves: s, books: b })) {
        if (step.action !== 'create') continue
        creates++
        const d = Object.getOwnPropertyDescriptor(step, 'diff')
        assert.ok(d?.enumerable, 'own and enumerable')
        assert.equal(Object.keys(step), FIELDS)
        assert.equal(step.diff, eagerDiff(step.inputs))
        assert.is(step.diff, step.diff, 'one array, kept')
        assert.equal({ ...step }.diff, step.diff)
        assert.equal(JSON.parse(JSON.stringify(step)).diff, JSON.parse(JSON.stringify(eagerDiff(step.inputs))))
        assert.equal(step, { ...step, diff: eagerDiff(step.inputs) })
      }
    }),
    { seed: 4711, numRuns: RUNS },
  )
  assert.ok(creates > RUNS)
})

test('steps of one plan do not share a diff, and a copy of a step keeps its own', async () => {
  const steps = await stepsOf({
    shelves: [{ title: 'a' }, { title: 'b', tags: ['x'] }],
    books: [{ shelf: 1, title: 'c' }],
  })
  const [a, b] = steps
  assert.is.not(a.diff, b.diff)
  assert.equal(
    a.diff.map((d) => d.path),
    ['title'],
  )
  assert.equal(
    b.diff.map((d) => [d.path, d.after]),
    [
      ['title', 'b'],
      ['tags', ['x']],
    ],
  )
  const copy = Object.assign(Object.create(null) as Record<string, unknown>, a)
  assert.equal(copy.diff, a.diff)
})

test.run()
