/**
 * A plan against recorded state, on random stacks: every node the program left as it was plans a
 * noop with the inputs refs resolve to, every changed one the action its spec asks for (secrets
 * compared by digest, refs through what their targets plan), every removed one a delete. The
 * same plan comes out against a copy of the state that shares no object with the stack or the
 * run that made it (what a file store reads back), so nothing in the plan rests on identity.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { isLeft } from 'fp-ts/Either'
import { stack, type HasNode } from '#trellis'
import { secret } from '#trellis'
import { mockWith } from '#trellis/testing'
import { mockHandler } from '#trellis/testing'
import { plan } from '#trellis/engine'
import { planToJson } from '#trellis'
import { memoryStore } from '#trellis'
import type { Stack } from '#trellis'
import type { State } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('plan against state')
const mock = mockWith(demoRegistry)
const planOn = (s: Stack, state: State) =>
  plan(s)({
    registry: demoRegistry,
    handler: mockHandler(),
    store: memoryStore({ [s.name]: state }),
    events: () => undefined,
    concurrency: 4,
    now: () => new Date('2026-01-01T00:00:00Z'),
  })()

interface ShelfSpec {
  readonly title: string
  readonly room?: string
  readonly tags?: ReadonlyArray<string>
}
interface BookSpec {
  /** index of the shelf it stands on (a ref to that shelf's token) */
  readonly shelf: number
  readonly title: string
  readonly code?: string
}
interface World {
  readonly shelves: ReadonlyArray<ShelfSpec | undefined>
  readonly books: ReadonlyArray<BookSpec | undefined>
}

const word = fc.constantFrom('a', 'b', 'c')
const shelfSpec: fc.Arbitrary<ShelfSpec> = fc.record(
  { title: word, room: word, tags: fc.array(word, { maxLength: 2 }) },
  { requiredKeys: ['title'] },
)
const bookSpec = (shelves: number): fc.Arbitrary<BookSpec> =>
  fc.record(
    { shelf: fc.nat(shelves - 1), title: word, code: word.map((c) => `pw-${c}`) },
    { requiredKeys: ['shelf', 'title'] },
  )

/** a world, then the same world changed here and there: fields, secrets, refs, nodes added and removed */
const worlds = fc.integer({ min: 1, max: 4 }).chain((ns) =>
  fc.integer({ min: 0, max: 5 }).chain((nb) =>
    fc
      .record({
        shelves: fc.array(shelfSpec, { minLength: ns, maxLength: ns }),
        books: fc.array(bookSpec(ns), { minLength: nb, maxLength: nb }),
      })
      .chain((before) =>
        fc
          .record({
            shelves: fc.tuple(
              ...before.shelves.map((s) =>
                fc.oneof(
                  { weight: 3, arbitrary: fc.constant<ShelfSpec | undefined>(s) },
                  shelfSpec,
                  fc.constant(undefined),
                ),
              ),
            ),
            books: fc.tuple(
              ...before.books.map((b) =>
                fc.oneof(
                  { weight: 3, arbitrary: fc.constant<BookSpec | undefined>(b) },
                  bookSpec(ns),
                  fc.constant(undefined),
                ),
              ),
            ),
            extraBook: fc.option(bookSpec(ns), { nil: undefined }),
          })
          .map(({ shelves, books, extraBook }) => ({
            before: before,
            after: { shelves, books: extraBook ? [...books, extraBook] : books },
          })),
      ),
  ),
)

/** the program of a world; a book whose shelf is gone stands on no shelf ('none') */
const stackOf = (w: World) => {
  const items: HasNode[] = []
  const shelves = w.shelves.map((s, i) => {
    if (!s) return undefined
    const b = demo.shelf(`s${i}`, {
      title: s.title,
      ...(s.room ? { room: s.room } : {}),
      ...(s.tags ? { tags: s.tags } : {}),
    })
    items.push(b)
    return b
  })
  w.books.forEach((b, i) => {
    if (!b) return
    const on = shelves[b.shelf]
    let book = demo
      .book(`b${i}`)
      .shelfToken(on ? on.out.token : 'none')
      .title(b.title)
    if (b.code !== undefined) book = book.code(secret(b.code))
    items.push(book)
  })
  return stack('lib').add(...items)
}

const sameTags = (a?: ReadonlyArray<string>, b?: ReadonlyArray<string>) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** what the plan must do to each address, worked out from the two worlds alone */
const expected = (w: { before: World; after: World }): Record<string, string> => {
  const out: Record<string, string> = {}
  const shelfAction = w.before.shelves.map((b, i) => {
    const a = w.after.shelves[i]
    const act =
      !b && !a
        ? undefined
        : !a
          ? 'delete'
          : !b
            ? 'create'
            : a.room !== b.room
              ? 'replace'
              : a.title !== b.title || !sameTags(a.tags, b.tags)
                ? 'update'
                : 'noop'
    if (act) out[`demo:Shelf/s${i}`] = act
    return act
  })
  const n = Math.max(w.before.books.length, w.after.books.length)
  for (let i = 0; i < n; i++) {
    const b = w.before.books[i]
    const a = w.after.books[i]
    if (!b && !a) continue
    const address = `demo:Book/b${i}`
    if (!a) out[address] = 'delete'
    else if (!b) out[address] = 'create'
    else {
      // a book is never updated: any change replaces it. Its shelf token changes when it moves to
      // another shelf, when its shelf is replaced or made anew (unknown until apply), or is gone
      const beforeOn = w.before.shelves[b.shelf] ? `s${b.shelf}` : 'none'
      const afterOn = w.after.shelves[a.shelf] ? `s${a.shelf}` : 'none'
      const shelfMoves =
        beforeOn !== afterOn || (afterOn !== 'none' && ['replace', 'create'].includes(shelfAction[a.shelf] ?? 'noop'))
      out[address] = shelfMoves || a.title !== b.title || a.code !== b.code ? 'replace' : 'noop'
    }
  }
  return out
}

/** a state that shares no object with the run that wrote it (as read back from a file) */
const copied = (s: State): State => JSON.parse(JSON.stringify(s)) as State

test('random changes: each node plans the action its change asks for, the same against a copied state', async () => {
  await fc.assert(
    fc.asyncProperty(worlds, async (w) => {
      const first = await mock(stackOf(w.before))()
      if (isLeft(first)) throw new Error(JSON.stringify(first.left))
      const state = first.right.state
      const next = stackOf(w.after)
      const r = await planOn(next, state)
      const c = await planOn(next, copied(state))
      if (isLeft(r)) throw new Error(JSON.stringify(r.left))
      if (isLeft(c)) throw new Error(JSON.stringify(c.left))
      const actions = Object.fromEntries(r.right.plan.steps.map((s) => [s.address, s.action]))
      assert.equal(actions, expected(w))
      assert.equal(r.right.plan, c.right.plan)
      assert.not.ok(JSON.stringify(planToJson(r.right.plan, demoRegistry)).includes('pw-'))
      for (const s of r.right.plan.steps) {
        if (s.action !== 'noop') continue
        assert.equal(s.diff, [], s.address)
        // a noop's inputs are what refs resolve to now: the recorded value of a ref
        if (s.token === 'demo:Book') assert.is(s.inputs.shelfToken, state.resources[s.address].inputs.shelfToken)
      }
    }),
    { numRuns: 120, seed: 19 },
  )
})

test.run()
