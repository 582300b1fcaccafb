/**
 * At apply, the values refs give are checked once every one is known (checkResolved itself says
 * when one is not): a value still unknown once its dependencies finished fails the step with that
 * reason, not with what the codec or a rule would say about the unknown value, and nothing is sent.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { stack } from '#trellis'
import { apply, formatEngineError } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import type { Env } from '#trellis/engine'
import type { Handler } from '#trellis/engine'
import { UNKNOWN } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { demo } from '../fixtures/demo-builders'
import { demoRegistry } from '../fixtures/demo-provider'

const test = suite('unknown at apply')

// a platform whose shelves come back with a token it could not say (the engine's unknown marker)
const envOf = (sent: string[]): Env => {
  const m = mockHandler()
  const h: Handler = {
    ...m,
    create: (c, i) => {
      sent.push(c.address)
      return c.spec.token === 'demo:Shelf'
        ? TE.right({ id: 'shf_1', inputs: i, outputs: { token: UNKNOWN } })
        : m.create(c, i)
    },
  }
  return {
    registry: demoRegistry,
    handler: h,
    store: memoryStore(),
    events: () => undefined,
    concurrency: 4,
    now: () => new Date('2026-01-01T00:00:00Z'),
  }
}

const failure = async (mapped: boolean): Promise<{ message: string; sent: string[] }> => {
  const sent: string[] = []
  const shelf = demo.shelf('s', { title: 'S' })
  const token = mapped ? (shelf.out.token.map((t) => t.length) as never) : shelf.out.token
  const book = demo.book('b', { title: 'B' }).shelfToken(token)
  const r = await apply(stack('v').add(shelf, book))(envOf(sent))()
  assert.ok(E.isLeft(r))
  return { message: E.isLeft(r) ? formatEngineError(r.left) : '', sent }
}

test('a ref still unknown after its dependency finished fails the step with that reason, before its request', async () => {
  const { message, sent } = await failure(false)
  assert.match(message, 'demo:Book "b": create failed: an input is still unknown after its dependencies finished')
  assert.equal(sent, ['demo:Shelf/s'])
})

test('so does a mapped one, whose map never sees the unknown value', async () => {
  const { message, sent } = await failure(true)
  assert.match(message, 'demo:Book "b": create failed: an input is still unknown after its dependencies finished')
  assert.equal(sent, ['demo:Shelf/s'])
})

test.run()
