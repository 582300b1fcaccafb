/**
 * The held server's queue of answers (bench/due-queue.ts): every item leaves once, never before its
 * moment by the high-resolution clock, in order of those moments (ties in the order they came),
 * whether added before, at or after that moment and in any order; closing drops what waits.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { dueQueue } from '../../bench/due-queue'

const test = suite('bench due queue')

interface Left {
  readonly id: number
  readonly at: number
  /** what the queue said the time was, and the clock read by the test itself */
  readonly said: number
  readonly seen: number
}

/**
 * Adds items due at `offsets` (ms from now; negative: already due), three at a time `spacingMs`
 * apart; resolves once all left, with when each was added.
 */
const run = (offsets: ReadonlyArray<number>, spacingMs: number, added: number[]): Promise<Left[]> =>
  new Promise((resolve, reject) => {
    const left: Left[] = []
    const q = dueQueue<number>((id, at, now) => {
      left.push({ id, at, said: now, seen: performance.now() })
      if (left.length === offsets.length) resolve(left)
    })
    const timer = setTimeout(() => reject(new Error(`${left.length} of ${offsets.length} left`)), 2_000)
    timer.unref()
    let i = 0
    const addNext = (): void => {
      for (; i < offsets.length; i++) {
        added[i] = performance.now()
        q.add(added[i] + offsets[i], i)
        // some added a little later than others (from timers), others in one pass
        if (spacingMs > 0 && i % 3 === 2) {
          i++
          setTimeout(addNext, spacingMs)
          return
        }
      }
    }
    addNext()
  })

test('each item leaves once, never before it is due, in order of when it is due', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.double({ min: -2, max: 6, noNaN: true }), { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 0, max: 2 }),
      async (offsets, spacingMs) => {
        const added: number[] = []
        const left = await run(offsets, spacingMs, added)
        assert.is(left.length, offsets.length)
        assert.is(new Set(left.map((l) => l.id)).size, offsets.length)
        for (const l of left) {
          assert.ok(l.said >= l.at, `item ${l.id} left ${l.at - l.said} ms early by the queue's clock`)
          assert.ok(l.seen >= l.at, `item ${l.id} left ${l.at - l.seen} ms early`)
        }
        // of the items waiting together, in order of `at`; equal moments in the order they were added
        for (let k = 0; k < left.length; k++)
          for (let j = k + 1; j < left.length; j++) {
            const a = left[k]
            const b = left[j]
            if (added[b.id] < a.seen)
              assert.ok(
                a.at < b.at || (a.at === b.at && a.id < b.id),
                `${a.id} (at ${a.at}) left before ${b.id} (at ${b.at})`,
              )
          }
      },
    ),
    { numRuns: 25 },
  )
})

test('items due at the same moment leave in the order they came', async () => {
  const left: number[] = []
  await new Promise<void>((resolve) => {
    const q = dueQueue<number>((id) => {
      left.push(id)
      if (left.length === 5) resolve()
    })
    const at = performance.now() + 3
    for (let i = 0; i < 5; i++) q.add(at, i)
  })
  assert.equal(left, [0, 1, 2, 3, 4])
})

test('close drops what waits: nothing leaves after it', async () => {
  const left: number[] = []
  const q = dueQueue<number>((id) => void left.push(id))
  q.add(performance.now() + 2, 1)
  q.add(performance.now() + 30, 2)
  assert.is(q.pending(), 2)
  await new Promise((r) => setTimeout(r, 10))
  assert.equal(left, [1])
  q.close()
  assert.is(q.pending(), 0)
  await new Promise((r) => setTimeout(r, 40))
  assert.equal(left, [1])
})

test.run()
