/**
 * Plan-time reads under a bound (issue 34): a refresh's read, a lookup and an adoption's read at
 * plan each get the provider's step budget, as an apply step does. A hosting emulator on 127.0.0.1
 * whose GETs never answer (after a behaving first apply) meets a provider configured with a budget
 * of 1.2 s over the real transport (its own request bound 30 s, retries): each plan fails within a
 * few budgets, naming the resource or lookup and the budget, nothing sent but reads.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { apply, formatEngineError, plan } from '#trellis/engine'
import { compose, fetchClient, rateBudget, retry, serve, type HttpRequest } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import { secret, stack } from '#trellis'
import { hosting } from '#trellis/hosting'
import { envFor, realHandlerFor, tempDir } from './fixtures/world'

const BUDGET = '1200ms'
/** each plan must end within this: a few budgets, far under one request's own 30 s bound */
const BOUND_MS = 8_000

const provider = () => hosting.provider({ token: secret('emulator-token'), stepTimeout: BUDGET })

/** The handler the CLI uses over the real transport as the CLI builds it (retry over a rate budget over fetch), its default request bound. */
const handlerFor = (endpoint: string) =>
  realHandlerFor(
    { hosting: endpoint },
    compose(retry(), rateBudget({ capacity: 50, refillPerSecond: 50 }))(fetchClient()),
  )

/** A zone made while the server behaves; then every GET hangs, answered never. */
const world = async () => {
  const emu = hostingEmulator()
  const hostile = { on: false }
  const sent: string[] = []
  const s = await serve(emu.client, {
    act: (req: HttpRequest) => {
      if (hostile.on) sent.push(req.method)
      return hostile.on && req.method === 'GET' ? { kind: 'hang-before' } : undefined
    },
  })
  const tmp = tempDir('plan-budget')
  const env = envFor(handlerFor(s.url), tmp.dir)
  const made = await apply(
    stack('made', { providers: { hosting: provider() } }).add(
      hosting.dnsZone('z', { name: 'made.example', teamSlug: 'acme' }),
    ),
  )(env)()
  assert.ok(E.isRight(made), E.isLeft(made) ? formatEngineError(made.left) : '')
  const id = E.isRight(made) ? Object.values(made.right.state.resources)[0].id : ''
  hostile.on = true
  const close = async () => {
    await s.close()
    tmp.remove()
  }
  return { env, id, sent, close }
}

/** The plan's failure text, and that it came within the bound. */
const failsInTime = async (run: () => Promise<E.Either<Parameters<typeof formatEngineError>[0], unknown>>) => {
  const t0 = Date.now()
  const r = await run()
  const ms = Date.now() - t0
  assert.ok(ms < BOUND_MS, `the plan took ${ms} ms`)
  assert.ok(E.isLeft(r), 'a read that never answers fails the plan')
  return E.isLeft(r) ? formatEngineError(r.left) : ''
}

test('a refresh read that never answers fails the plan within its budget, naming the resource', async () => {
  const w = await world()
  try {
    const st = stack('made', { providers: { hosting: provider() } }).add(
      hosting.dnsZone('z', { name: 'made.example', teamSlug: 'acme' }),
    )
    const text = await failsInTime(() => plan(st, { refresh: true })(w.env)())
    assert.match(text, /hosting:DnsZone "z": read failed: ran out of its time budget of 1\.2 s/)
    assert.ok(w.sent.length > 0 && w.sent.every((m) => m === 'GET'), w.sent.join(' '))
  } finally {
    await w.close()
  }
})

test('a lookup that never answers fails the plan within its budget, naming the lookup', async () => {
  const w = await world()
  try {
    const st = stack('reads', { providers: { hosting: provider() } }).add(hosting.getTeam('acme', { slug: 'acme' }))
    const text = await failsInTime(() => plan(st)(w.env)())
    assert.match(text, /hosting:getTeam "acme": lookup failed: ran out of its time budget of 1\.2 s/)
  } finally {
    await w.close()
  }
})

test("an adoption's read at plan that never answers fails within its budget, naming the resource", async () => {
  const w = await world()
  try {
    const st = stack('adopts', { providers: { hosting: provider() } }).add(
      hosting.dnsZone('taken', { name: 'made.example', teamSlug: 'acme' }).options({ importId: w.id }),
    )
    const text = await failsInTime(() => plan(st)(w.env)())
    assert.match(text, /hosting:DnsZone "taken": read failed: ran out of its time budget of 1\.2 s/)
    assert.ok(
      w.sent.every((m) => m === 'GET'),
      w.sent.join(' '),
    )
  } finally {
    await w.close()
  }
})

test.run()
