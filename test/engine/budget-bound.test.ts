/**
 * A step's time budget holds even when its handler never stops (engine/budget-bound.ts): a custom
 * handler whose create never answers and never reads its context's signal — or a layer on the way
 * that drops the signal — is let go shortly after the budget ran out, and the step, whose write was
 * handed over, is recorded pending (the next run reconciles it), never left waiting.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isRight } from 'fp-ts/Either'
import { memoryStore, registry, secret, stack } from '#trellis'
import { apply, type Env, type Handler } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import { hosting } from '#trellis/hosting'

const test = suite('budget-bound: a handler that never stops is let go when its step budget ran out')

const envOf = (handler: Handler): Env => ({
  registry,
  handler,
  store: memoryStore(),
  events: () => undefined,
  concurrency: 2,
  now: () => new Date(),
})

test('a create that never answers ends pending after the budget (and a short grace), not never', async () => {
  const m = mockHandler()
  let creates = 0
  const h: Handler = {
    ...m,
    createSync: undefined,
    // never answers, and never looks at c.signal
    create: () => () => {
      creates++
      return new Promise(() => undefined)
    },
  }
  const s = stack('bound', {
    providers: { hosting: hosting.provider({ token: secret('t'), stepTimeout: '200ms' }) },
  }).add(hosting.dnsZone('z', { name: 'bound.example', teamSlug: 'acme' }))
  // a real request waited on keeps the process alive; this in-memory one does not, so the test does
  const alive = setInterval(() => undefined, 1000)
  const t0 = Date.now()
  const r = await apply(s)(envOf(h))().finally(() => clearInterval(alive))
  const ms = Date.now() - t0
  // a bound, not a speed target: without the bound this apply never ends
  assert.ok(ms < 10_000, `the apply took ${ms} ms`)
  assert.ok(isRight(r))
  const entry = isRight(r) ? r.right.journal.find((j) => j.address.includes('DnsZone')) : undefined
  assert.is(entry?.status, 'pending', JSON.stringify(entry))
  assert.match(entry?.message ?? '', /ran out of its time budget of 200 ms after its create was sent/)
  assert.match(entry?.message ?? '', /let go/)
  assert.ok(creates >= 1)
})

test.run()
