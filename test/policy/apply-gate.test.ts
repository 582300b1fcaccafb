/**
 * The apply gate: checks the plan left for apply run again the moment their values are known. A
 * check of a node's outputs stops what depends on the node (the node itself is made by then); a
 * check of a node's inputs stops the node; stack checks run after the run, as advisory. The
 * values are the mock run's own, handed to the gate in plan order as the run loop would.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import {
  evaluatePolicies,
  policyGate,
  resourcePolicy,
  stackPolicy,
  type Plan,
  type PolicyGate,
  type NodeValues,
  type State,
} from 'trellis'
import { runMock } from 'trellis/testing'
import { releasedService } from './fixtures'

const test = suite('policy apply gate')

const subDomainSuffix = resourcePolicy({
  name: 'sub-domain-suffix',
  description: 'the generated outer sub-domain ends with an allowed suffix',
  enforcement: 'mandatory',
  token: 'cloud:ApiGatewayService',
  check: (step) =>
    (step.outputs.outerSubDomain ?? '').endsWith('.apigw.example.com')
      ? []
      : [{ path: 'outerSubDomain', message: `${step.outputs.outerSubDomain} is not under .apigw.example.com` }],
})

const gateOf = (entries: ReadonlyArray<unknown>, plan: Plan): PolicyGate => {
  const r = evaluatePolicies(entries)(plan)
  if (isLeft(r)) throw new Error('invalid policies')
  return policyGate(entries, plan, r.right)
}

/** Walk the plan in order as a run loop would: ask the gate before each step; a stopped step's dependents are skipped. */
const walk = (gate: PolicyGate, plan: Plan, state: State) => {
  const done = new Map<string, NodeValues>()
  const stopped = new Set<string>()
  const decisions: Array<[string, boolean]> = []
  for (const s of plan.steps) {
    if (s.deps.some((d) => stopped.has(d))) {
      stopped.add(s.address)
      continue
    }
    const r = state.resources[s.address]
    const d = gate.beforeStep(s, { inputs: r.inputs, valuesOf: (a) => done.get(a) })
    decisions.push([s.address, d.proceed])
    if (!d.proceed) stopped.add(s.address)
    else done.set(s.address, { inputs: r.inputs, outputs: r.outputs })
  }
  return { decisions, done }
}

test('the plan says a check of a generated value waits for apply', async () => {
  const run = await runMock(releasedService)
  const r = evaluatePolicies([subDomainSuffix])(run.plan)
  assert.ok(!isLeft(r) && r.right.findings[0].status === 'needs-apply-check')
  assert.ok(!isLeft(r) && r.right.findings[0].path === 'outputs.outerSubDomain')
})

test("a failing check of a node's outputs stops its dependents before their requests, not the node", async () => {
  const run = await runMock(releasedService)
  const gate = gateOf([subDomainSuffix], run.plan)
  const { decisions } = walk(gate, run.plan, run.state)
  assert.equal(decisions, [
    ['cloud:ApiGatewayService/orders', true],
    ['cloud:ApiGatewayIpStrategy/office', false],
    ['cloud:ApiGatewayServiceRelease/release', false],
  ])
  const found = gate.findings()
  assert.equal(
    found.map((f) => [f.node, f.status, f.stage]),
    [['cloud:ApiGatewayService/orders', 'violation', 'apply']],
  )
  assert.match(found[0].message, /tencentcs\.com is not under \.apigw\.example\.com/)
})

test('the same check passing lets every step go on and leaves no finding', async () => {
  const run = await runMock(releasedService, {
    mocks: {
      newResource: (a) =>
        a.token === 'cloud:ApiGatewayService'
          ? { id: 'svc-1', outputs: { apiGatewayServiceId: 'svc-1', outerSubDomain: 'orders.apigw.example.com' } }
          : undefined,
    },
  })
  const gate = gateOf([subDomainSuffix], run.plan)
  const { decisions } = walk(gate, run.plan, run.state)
  assert.ok(decisions.every(([, go]) => go))
  assert.equal(gate.findings(), [])
})

test("a check of a node's inputs known only at apply stops the node itself", async () => {
  const run = await runMock(releasedService)
  const strategyOfKnownService = resourcePolicy({
    name: 'strategy-service',
    description: 'strategies belong to svc- services',
    enforcement: 'mandatory',
    token: 'cloud:ApiGatewayIpStrategy',
    check: (step) => (step.inputs.serviceId.startsWith('svc-') ? [] : [{ path: 'serviceId', message: 'not svc-' }]),
  })
  const gate = gateOf([strategyOfKnownService], run.plan)
  const { decisions } = walk(gate, run.plan, run.state)
  assert.equal(decisions, [
    ['cloud:ApiGatewayService/orders', true],
    ['cloud:ApiGatewayIpStrategy/office', false],
    ['cloud:ApiGatewayServiceRelease/release', true],
  ])
})

test('advisory failures at apply are findings but stop nothing', async () => {
  const run = await runMock(releasedService)
  const advisory = { ...subDomainSuffix, enforcement: 'advisory' as const }
  const gate = gateOf([advisory], run.plan)
  assert.ok(walk(gate, run.plan, run.state).decisions.every(([, go]) => go))
  assert.equal(
    gate.findings().map((f) => [f.enforcement, f.status]),
    [['advisory', 'violation']],
  )
})

test('stack checks that met an unknown run after the run, as advisory; checks still blind stay left for apply', async () => {
  const run = await runMock(releasedService)
  const allUnderExample = stackPolicy({
    name: 'all-under-example',
    description: 'every service under example.com',
    enforcement: 'mandatory',
    check: (p) =>
      p.steps
        .filter((s) => s.token === 'cloud:ApiGatewayService')
        .filter((s) => !String(s.outputs.outerSubDomain).endsWith('example.com'))
        .map((s) => ({ node: s.address, message: 'not under example.com' })),
  })
  const gate = gateOf([allUnderExample, subDomainSuffix], run.plan)
  // nothing known yet: the stack check is not run at the gate, and still left
  assert.equal(
    gate.findings().map((f) => f.status),
    ['needs-apply-check', 'needs-apply-check'],
  )
  gate.afterRun(() => undefined)
  assert.equal(
    gate.findings().map((f) => f.status),
    ['needs-apply-check', 'needs-apply-check'],
  )
  const now = run.state.resources
  gate.afterRun((a) => ({ inputs: now[a].inputs, outputs: now[a].outputs }))
  assert.equal(
    gate.findings().map((f) => [f.policy, f.enforcement, f.status, f.stage]),
    [
      ['all-under-example', 'advisory', 'violation', 'after-run'],
      ['sub-domain-suffix', 'mandatory', 'violation', 'after-run'],
    ],
  )
})

test.run()
