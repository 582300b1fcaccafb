/**
 * Every wait bounded (issue 34 item 7): one time budget per step, which its retries, polls and
 * lost-reply looks all draw on. A hosting emulator on 127.0.0.1 that never answers a POST and
 * drips every GET a byte per 2 s, or asks for a 30 s pause before a create, meets a provider
 * configured with a budget of about a second (`stepTimeout`), over the real transport with its
 * default 30 s request bound and the library's retry policy. The apply ends within a few budgets;
 * a create sent when the budget ran out is pending (never failed) and the next run against a
 * behaving server reconciles it; a create never sent fails, saying so. The budgets'
 * arithmetic is in test/engine/apply/step-budget.test.ts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { apply, formatEngineError } from '#trellis/engine'
import { compose, fetchClient, rateBudget, retry, serve, type HttpRequest } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import { secret, stack } from '#trellis'
import { hosting } from '#trellis/hosting'
import type { Actor } from '../../clients/hostile'
import { envFor, realHandlerFor, tempDir } from './fixtures/world'

const BUDGET = '1200ms'
/** the apply must end within this: a few budgets, far under one request's own 30 s bound */
const BOUND_MS = 8_000

const zoneStack = (budget: string | undefined) =>
  stack('budget', {
    providers: {
      hosting: hosting.provider({ token: secret('emulator-token'), ...(budget ? { stepTimeout: budget } : {}) }),
    },
  }).add(hosting.dnsZone('z', { name: 'budget.example', teamSlug: 'acme' }))

/** The handler the CLI uses over the real transport as the CLI builds it (retry over a rate budget over fetch), its default request bound. */
const handlerFor = (endpoint: string) =>
  realHandlerFor(
    { hosting: endpoint },
    compose(retry(), rateBudget({ capacity: 50, refillPerSecond: 50 }))(fetchClient()),
  )

/** A hosting emulator served on 127.0.0.1, hostile while `hostile.on`. */
const served = async (act: (req: HttpRequest) => ReturnType<Actor>) => {
  const emu = hostingEmulator()
  const hostile = { on: true }
  const s = await serve(emu.client, { act: (req) => (hostile.on ? act(req) : undefined) })
  const zones = () => emu.objects().filter((o) => o.kind === 'dns_zones').length
  return { s, hostile, zones }
}

test('a POST never answered and every GET dripped: the create ends pending within its budget, then reconciles', async () => {
  const { s, hostile, zones } = await served((req) =>
    req.method === 'POST' ? { kind: 'hang-after' } : req.method === 'GET' ? { kind: 'drip', everyMs: 2000 } : undefined,
  )
  const tmp = tempDir('budget')
  try {
    const env = envFor(handlerFor(s.url), tmp.dir)
    const t0 = Date.now()
    const first = await apply(zoneStack(BUDGET))(env)()
    const ms = Date.now() - t0
    assert.ok(ms < BOUND_MS, `the apply took ${ms} ms`)
    // pending, never failed: the create was sent and may have been applied (it was)
    assert.ok(E.isRight(first), E.isLeft(first) ? formatEngineError(first.left) : '')
    const r = E.isRight(first) ? first.right : undefined
    const entry = r!.journal.find((j) => j.address.includes('DnsZone'))
    assert.is(entry?.status, 'pending', JSON.stringify(r!.journal))
    assert.match(entry!.message ?? '', /ran out of its time budget of 1\.2 s after its create was sent/)
    assert.match(entry!.message ?? '', /the next run reconciles it/)
    assert.is(Object.values(r!.state.pending).length, 1)
    assert.is(Object.keys(r!.state.resources).length, 0)
    assert.ok(
      env.events_.some((e) => e.type === 'warning' && /recorded pending/.test(e.message)),
      'the pending step is said',
    )
    assert.is(zones(), 1, 'the hung create was applied by the platform')
    // the next run meets a behaving server: it adopts the object the create made, no duplicate
    hostile.on = false
    const second = await apply(zoneStack(BUDGET))(env)()
    assert.ok(E.isRight(second), E.isLeft(second) ? formatEngineError(second.left) : '')
    const st = E.isRight(second) ? second.right.state : undefined
    assert.is(Object.keys(st!.resources).length, 1)
    assert.is(Object.values(st!.pending).length, 0)
    assert.is(zones(), 1)
  } finally {
    await s.close()
    tmp.remove()
  }
})

test('a create asked to wait 30 s before it is sent fails when its budget runs out, nothing sent', async () => {
  const { s, zones } = await served((req) =>
    req.method === 'POST'
      ? {
          kind: 'reply',
          applied: false,
          reply: () => ({
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '30' },
            body: JSON.stringify({ code: 429, message: 'slow down' }),
          }),
        }
      : undefined,
  )
  const tmp = tempDir('budget')
  try {
    const env = envFor(handlerFor(s.url), tmp.dir)
    const t0 = Date.now()
    const first = await apply(zoneStack(BUDGET))(env)()
    const ms = Date.now() - t0
    assert.ok(ms < BOUND_MS, `the apply took ${ms} ms`)
    assert.ok(E.isLeft(first), 'a step that never sent its write fails')
    const text = E.isLeft(first) ? formatEngineError(first.left) : ''
    assert.match(text, /hosting:DnsZone/)
    assert.match(text, /ran out of its time budget of 1\.2 s before anything was sent/)
    const r = E.isLeft(first) ? (first.left as { result?: { state: { pending: object } } }).result : undefined
    if (r) assert.is(Object.keys(r.state.pending).length, 0, 'a write never applied leaves no pending entry')
    assert.is(zones(), 0)
  } finally {
    await s.close()
    tmp.remove()
  }
})

test.run()
