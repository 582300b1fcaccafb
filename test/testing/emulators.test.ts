/**
 * runOnEmulators: the real interpreter (http handler, wire protocols) against in-process
 * emulators in one call; a second run on the same emulators and state plans no changes.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import * as cloud from 'trellis/cloud'
import { emulators } from 'trellis/clients'
import quickstart from '../../examples/quickstart'
import { runOnEmulators, expectPlan, Match, CompileError, RunError, skipClock } from 'trellis/testing'
import { finance } from './fixtures/finance'

const test = suite('trellis/testing runOnEmulators')

test('the quickstart applies on the emulators, and a second run plans no changes', async () => {
  const first = await runOnEmulators(quickstart)
  expectPlan(first)
    .toCreate('cost:CostReport', 'monthly', { folderToken: Match.refTo(finance, 'token') })
    .toHaveCount('hosting:DnsRecord', 1)
    .toHaveOutput('report', Match.stringLike(/^rprt_/))
  // the objects are on the emulated platforms, made through their HTTP APIs
  assert.equal(
    first.emulators.cost.objects().map((o) => `${o.kind} ${o.id}`),
    ['workspaces wrkspc_default', 'folders fldr_00000001', `cost_reports ${String(first.outputs.report)}`],
  )
  assert.equal(first.emulators.cost.requests(), {
    'GET /v2/workspaces': 1,
    'POST /v2/folders': 1,
    'POST /v2/cost_reports': 1,
  })
  const again = await runOnEmulators(quickstart, { emulators: first.emulators, state: first.state })
  expectPlan(again).toHaveNoChanges()
})

test('invalid input rejects with a CompileError before any request', async () => {
  const e = await runOnEmulators(stack('bad').add(cost.folder('f', {}) as never)).catch((x: unknown) => x)
  assert.instance(e, CompileError)
  assert.equal(
    (e as CompileError).issues.map((i) => `${i.node} ${i.path}`),
    ['cost:Folder "f" title'],
  )
})

test('a platform refusal rejects with a RunError naming the node', async () => {
  // the cost emulator knows no such workspace
  const s = stack('refused').add(cost.folder('f', { title: 'F', workspaceToken: 'wrkspc_nope' }))
  const e = await runOnEmulators(s).catch((x: unknown) => x)
  assert.instance(e, RunError)
  assert.match((e as Error).message, /^cost:Folder "f": create failed: /)
})

const orders = () =>
  stack('orders').add(
    cloud.apiGatewayService('orders', { serviceName: 'orders', protocol: 'https', netTypes: ['OUTER'] }),
  )
const describes = (e: { cloud: { requests: () => Readonly<Record<string, number>> } }) =>
  e.cloud.requests()['apigateway:DescribeService'] ?? 0

test("a poll's interval skips ahead on the run's clock: the wait for a new service passes no wall-clock second", async () => {
  // the emulated service is missing from its first Describe (visibleAfter 1): the create's poll looks twice
  const r = await runOnEmulators(orders())
  expectPlan(r).toCreate('cloud:ApiGatewayService', 'orders')
  assert.ok(describes(r.emulators) >= 2, `DescribeService ${describes(r.emulators)} times`)
  // one sleep per look that missed, each the interval the wait declares (visible: 1,000 ms), none real
  assert.is(r.clock.sleeps(), 1)
  assert.is(r.clock.skipped(), 1000)
  // a second run on the same emulators goes on in their time
  const again = await runOnEmulators(orders(), { emulators: r.emulators, state: r.state })
  expectPlan(again).toHaveNoChanges()
  assert.is(again.clock, r.clock)
})

test('a wait that never ends gives up after the declared timeout of emulated time, one look per interval', async () => {
  const clock = skipClock(() => new Date('2026-01-01T00:00:00Z'))
  // a service that never turns visible: no count of looks nor age shows it
  const e = emulators({ cloud: { now: clock.now, visibleAfter: 1e9, visibleAfterMs: 1e12 } })
  const err = await runOnEmulators(orders(), { emulators: e, clock }).catch((x: unknown) => x)
  assert.instance(err, RunError)
  assert.match((err as Error).message, /gave up waiting for service \S+ to become visible after 180s/)
  // visible(): 180 s in steps of 1 s: a look at 0 s and one after each of the 180 sleeps
  assert.is(describes(e), 181)
  assert.is(clock.sleeps(), 180)
  assert.is(clock.skipped(), 180_000)
  assert.equal(clock.now(), new Date('2026-01-01T00:03:00Z'))
})

test('a skip clock moves by what its sleeps ask, not for an aborted one, and follows its start between them', async () => {
  let wall = 1_000
  const clock = skipClock(() => new Date(wall))
  await clock.sleep(250)
  await clock.sleep(-5)
  assert.is(clock.now().getTime(), 1_250)
  wall = 2_000
  assert.is(clock.now().getTime(), 2_250)
  await clock.sleep(60_000, AbortSignal.abort())
  assert.equal([clock.sleeps(), clock.skipped()], [2, 250])
})

test.run()
