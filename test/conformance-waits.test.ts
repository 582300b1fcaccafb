/**
 * Conformance of waits over EVERY resource type (issue 13 item 10). Every every-resource row is
 * created, changed and destroyed on the emulators while the waits (`poll`) its requests declare are
 * recorded; then, for each resource type that waits:
 * - its doc states each bound (e.g. "5 minutes");
 * - each wait, facing a platform that never gets there, stops at its bound (on a fake clock) with a
 *   Timeout error naming what it waited for — never an unbounded wait;
 * - a wait where NotFound means gone ends at once on NotFound.
 * And end to end: destroying a usage-plan attachment whose service is gone is done at once
 * (UnBindEnvironment answers ResourceNotFound.InvalidService; it used to be polled for minutes).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { isLeft } from 'fp-ts/Either'
import { apply, destroy } from '#trellis/engine'
import { registry } from '#trellis'
import { platformError, rest, WAIT_TIMED_OUT, type Poll } from '#trellis/engine'
import { runWire, type Send } from '../clients/sequence'
import { ROWS } from './interpreter/every-resource-rows'
import { recording } from './conformance-recording'
import { CREDENTIALS } from './interpreter/harness'
import { fakeClock } from './clients/fake-clock'
import { ok } from './helpers'

/** A bound as a doc states it: whole minutes as minutes, anything else in seconds. */
const statedBound = (ms: number): string =>
  ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${ms / 1000} seconds`

// ── the waits of every type, as its rows run ─────────────────────────────────
const waitsByToken = new Map<string, Poll[]>()
const discovered = (async () => {
  for (const row of ROWS) {
    const rec = recording()
    const env = rec.env()
    const a = ok(await apply(row.before)(env)(), `${row.token}: apply BEFORE`)
    // the look for a lost create's object, as reconciling one would send it
    for (const r of Object.values(a.state.resources)) await rec.find(r.token, r.inputs)
    ok(await apply(row.after)(env)(), `${row.token}: apply AFTER`)
    ok(await destroy(row.after)(env)(), `${row.token}: destroy`)
    for (const { token, poll } of rec.polls) {
      const seen = waitsByToken.get(token) ?? []
      if (!seen.some((p) => p.what === poll.what)) waitsByToken.set(token, [...seen, poll])
    }
  }
})()

const waits = suite('conformance: every wait is bounded, and its bound is in the doc (every resource type)')

waits('the rows show which types wait (the cloud types that poll the platform)', async () => {
  await discovered
  // a floor, so that a recording that saw nothing cannot pass the checks below
  assert.ok(waitsByToken.size >= 4, `types with waits: ${[...waitsByToken.keys()].join(', ')}`)
})

waits('each type that waits states each bound in its doc', async () => {
  await discovered
  const missing = [...waitsByToken].flatMap(([token, polls]) => {
    const doc = registry.resources.get(token)!.doc
    return [...new Set(polls.map((p) => statedBound(p.timeoutMs)))]
      .filter((b) => !doc.includes(b))
      .map((b) => `${token}: its doc does not state "${b}"`)
  })
  assert.equal(missing, [])
})

/** A reply `until` rejects, for a wait on something other than NotFound. */
const NOT_READY = [{ Response: { Result: false } }, { Result: false }, {}]

waits('each wait facing a platform that never gets there stops at its bound with a clear error', async () => {
  await discovered
  const problems: string[] = []
  for (const [token, polls] of waitsByToken)
    for (const poll of polls) {
      const clock = fakeClock()
      let attempts = 0
      const notFound = poll.notFound !== 'end'
      const reply = NOT_READY.find((r) => {
        try {
          return !poll.until(r)
        } catch {
          return false
        }
      })
      const send: Send = () => () => {
        attempts++
        return Promise.resolve(
          notFound || reply === undefined
            ? E.left(platformError('NotFound', 'GET /x', 'not visible yet'))
            : E.right(reply),
        )
      }
      const started = clock.now()
      const r = await runWire(send, { sleep: clock.sleep, now: () => new Date(clock.now()) })(
        rest('GET', '/x', { poll }),
      )()
      const waited = clock.now() - started
      const label = `${token} waiting for ${poll.what}`
      if (!Number.isFinite(poll.timeoutMs) || poll.timeoutMs <= 0) problems.push(`${label}: no bound`)
      if (waited > poll.timeoutMs) problems.push(`${label}: waited ${waited} ms, past its bound of ${poll.timeoutMs}`)
      if (!notFound && reply === undefined) {
        // NotFound means gone here: the wait ends at once with it
        if (!(isLeft(r) && r.left.kind === 'NotFound' && attempts === 1))
          problems.push(`${label}: NotFound did not end the wait at once`)
        continue
      }
      // a wait may end early by design (a lost create looked for a few times): then without error
      if (isLeft(r)) {
        if (r.left.kind !== 'Timeout' || r.left.code !== WAIT_TIMED_OUT)
          problems.push(`${label}: ended with ${r.left.kind} ${r.left.code ?? ''}, not a timeout`)
        else if (!r.left.message.includes(`gave up waiting for ${poll.what}`))
          problems.push(`${label}: the timeout does not say what it waited for: ${r.left.message}`)
      } else if (waited >= poll.timeoutMs) problems.push(`${label}: reached its bound without an error`)
      if (attempts > Math.ceil(poll.timeoutMs / poll.intervalMs) + 1)
        problems.push(`${label}: ${attempts} attempts for a bound of ${poll.timeoutMs} ms every ${poll.intervalMs} ms`)
    }
  assert.equal(problems, [])
})

waits(
  'each type that waits declares its waits in its spec, so its step budget covers them (issue 34 item 7)',
  async () => {
    await discovered
    const short = [...waitsByToken].flatMap(([token, polls]) => {
      const declared = registry.resources.get(token)!.wire.waitMs ?? 0
      return polls
        .filter((p) => p.timeoutMs > declared)
        .map((p) => `${token}: waits ${p.timeoutMs} ms for ${p.what}, declares ${declared}`)
    })
    assert.equal(short, [])
  },
)

waits('a wait where NotFound means gone ends at once on NotFound (the delete waits)', async () => {
  await discovered
  const ending = [...waitsByToken].flatMap(([token, polls]) =>
    polls.filter((p) => p.notFound === 'end').map((p) => ({ token, poll: p })),
  )
  assert.ok(ending.length > 0, 'some delete waits take NotFound for gone')
  for (const { token, poll } of ending) {
    let attempts = 0
    const send: Send = () => () => {
      attempts++
      return Promise.resolve(E.left(platformError('NotFound', 'apigateway:UnBindEnvironment', 'gone')))
    }
    const clock = fakeClock()
    const r = await runWire(send, { sleep: clock.sleep, now: () => new Date(clock.now()) })(
      rest('GET', '/x', { poll }),
    )()
    assert.ok(isLeft(r) && r.left.kind === 'NotFound', `${token}: ${poll.what}`)
    assert.is(attempts, 1, `${token}: ${poll.what} ended at once`)
  }
})

waits('destroying a usage-plan attachment whose service is gone is done at once', async () => {
  const row = ROWS.find((r) => r.token === 'cloud:ApiGatewayUsagePlanAttachment')!
  const rec = recording()
  const env = rec.env()
  const a = ok(await apply(row.before)(env)(), 'apply')
  // the service is deleted outside trellis (the binding and its APIs first, as the platform requires)
  const attachment = Object.values(a.state.resources).find((r) => r.token === row.token)!
  const outside = a.plan.steps
    .map((s) => a.state.resources[s.address])
    .filter((r) => r !== undefined && r.token !== 'cloud:ApiGatewayUsagePlan' && r.provider === 'cloud')
    .reverse()
  const ctx = (token: string, address: string) => ({
    spec: registry.resources.get(token)!,
    address: `outside/${address}`,
    name: 'outside',
    provider: 'cloud',
    config: CREDENTIALS.cloud,
  })
  for (const r of outside) {
    const gone = await env.handler.delete(ctx(r.token, r.address), r.id, r.inputs, r.outputs)()
    assert.ok(E.isRight(gone), `deleting ${r.address} outside: ${JSON.stringify(gone)}`)
  }
  const started = Date.now()
  const d = ok(await destroy(row.before)(env)(), 'destroy')
  const j = d.journal.find((x) => x.address === attachment.address)
  assert.ok(j && j.action === 'delete' && j.status === 'done', JSON.stringify(d.journal))
  const unbinds = rec.sent.filter(
    (s) => s.address === attachment.address && s.req._tag === 'Action' && s.req.action === 'UnBindEnvironment',
  )
  assert.ok(unbinds.length <= 1, `UnBindEnvironment sent ${unbinds.length} times`)
  assert.ok(Date.now() - started < 5_000, 'no wait')
})

waits.run()
