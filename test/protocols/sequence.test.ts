import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { runWire, type Send } from '../../clients/sequence'
import { platformError, rest, type WireRequest } from '#trellis/engine'
import { fakeClock } from './fake-http'

const test = suite('runWire: poll and then')

/** A send answering from a list, recording the requests it saw. */
const scripted = (answers: ReadonlyArray<E.Either<ReturnType<typeof platformError>, unknown>>) => {
  const seen: WireRequest[] = []
  const send: Send = (req) => () => {
    seen.push(req)
    const a = answers[seen.length - 1]
    if (!a) throw new Error(`unexpected request #${seen.length}`)
    return Promise.resolve(a)
  }
  return { send, seen }
}

test('poll repeats the request until the reply satisfies until, waiting out NotFound', async () => {
  const clock = fakeClock()
  const lines: string[] = []
  const { send, seen } = scripted([
    E.left(platformError('NotFound', 'GET /v2/things/1', 'not yet')),
    E.right({ status: 'creating' }),
    E.right({ status: 'ready', id: 1 }),
  ])
  const run = runWire(send, { ...clock, onProgress: (l) => lines.push(l) })
  const req = rest('GET', '/v2/things/1', {
    poll: {
      until: (r) => (r as { status: string }).status === 'ready',
      intervalMs: 2000,
      timeoutMs: 60_000,
      what: 'thing 1 to be ready',
    },
  })
  const r = await run(req)()
  assert.equal(r, E.right({ status: 'ready', id: 1 }))
  assert.is(seen.length, 3)
  assert.is(seen[0].poll, undefined, 'the protocol sees the request without its poll')
  assert.equal(clock.sleeps, [2000, 2000])
  assert.is(lines.length, 2)
  assert.match(lines[0], 'waiting for thing 1 to be ready')
  assert.match(lines[1], 'not ready')
})

test('poll gives up with a Timeout error naming what it waited for', async () => {
  const clock = fakeClock()
  const { send, seen } = scripted(Array.from({ length: 20 }, () => E.right({ visible: false })))
  const run = runWire(send, clock)
  const r = await run(
    rest('GET', '/v2/x', {
      poll: {
        until: (x) => (x as { visible: boolean }).visible,
        intervalMs: 1000,
        timeoutMs: 5000,
        what: 'x to appear',
      },
    }),
  )()
  if (E.isRight(r)) throw new Error('expected a timeout')
  assert.is(r.left.kind, 'Timeout')
  assert.match(r.left.message, 'x to appear')
  assert.is(r.left.request, 'GET /v2/x')
  assert.ok(seen.length >= 5 && seen.length <= 6, `bounded attempts, got ${seen.length}`)
})

test('poll stops at once on an error other than NotFound', async () => {
  const { send, seen } = scripted([E.right({ ok: false }), E.left(platformError('Forbidden', 'GET /v2/x', 'no'))])
  const r = await runWire(
    send,
    fakeClock(),
  )(rest('GET', '/v2/x', { poll: { until: () => false, intervalMs: 10, timeoutMs: 10_000, what: 'x' } }))()
  assert.ok(E.isLeft(r) && r.left.kind === 'Forbidden')
  assert.is(seen.length, 2)
})

test('then chains requests built from each reply; the final reply is the result', async () => {
  const { send, seen } = scripted([
    E.right({ id: 'a1' }),
    E.right({ enabled: true }),
    E.right({ id: 'a1', name: 'n', ipv6: true }),
  ])
  const req = rest('POST', '/api/v1/dns_zones', {
    body: { name: 'n' },
    then: (r) =>
      rest('PUT', `/api/v1/dns_zones/${(r as { id: string }).id}/enable_ipv6`, {
        then: () => rest('GET', '/api/v1/dns_zones/a1', { then: () => undefined }),
      }),
  })
  const r = await runWire(send)(req)()
  assert.equal(r, E.right({ id: 'a1', name: 'n', ipv6: true }))
  assert.equal(
    seen.map((s) => `${(s as { method: string }).method} ${(s as { path: string }).path}`),
    ['POST /api/v1/dns_zones', 'PUT /api/v1/dns_zones/a1/enable_ipv6', 'GET /api/v1/dns_zones/a1'],
  )
})

test('a failure after a successful write in a chain is ambiguous (the platform was changed)', async () => {
  const { send } = scripted([E.right({ id: 'a1' }), E.left(platformError('Invalid', 'PUT /x', 'bad'))])
  const r = await runWire(send)(rest('POST', '/x', { then: () => rest('PUT', '/x') }))()
  if (E.isRight(r)) throw new Error('expected a failure')
  assert.is(r.left.kind, 'Invalid')
  assert.is(r.left.ambiguous, true)
})

test('a then function that throws is a Malformed error, not a crash', async () => {
  const { send } = scripted([E.right(null)])
  const r = await runWire(send)(rest('GET', '/x', { then: (x) => rest('GET', `/y/${(x as { id: string }).id}`) }))()
  assert.ok(E.isLeft(r) && r.left.kind === 'Malformed')
})

test('an aborted signal stops a chain before the next request', async () => {
  const ac = new AbortController()
  const seen: WireRequest[] = []
  const send: Send = (req) => {
    seen.push(req)
    ac.abort()
    return TE.right({})
  }
  const r = await runWire(send)(rest('GET', '/a', { then: () => rest('GET', '/b') }), ac.signal)()
  assert.ok(E.isLeft(r) && r.left.kind === 'Aborted')
  assert.is(seen.length, 1)
})

test.run()
