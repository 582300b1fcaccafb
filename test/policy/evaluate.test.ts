/**
 * evaluatePolicies over plans of the mock: findings for the nodes of a policy's token, relations
 * through the context, checks of values known only after apply left for apply (never guessed),
 * suppressions (stale ones an error or a named warning), malformed entries and throwing checks.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight, type Either } from 'fp-ts/Either'
import {
  evaluatePolicies,
  stack,
  resourcePolicy,
  stackPolicy,
  policyPack,
  suppress,
  matches,
  Match,
  policyReportToJson,
  type PolicyReport,
  type PolicyError,
} from 'trellis'
import { runMock } from 'trellis/testing'
import { openService, guardedService, releasedService, service, release } from './fixtures'

const test = suite('policy evaluate')

const right = (e: Either<PolicyError, PolicyReport>): PolicyReport => {
  if (isLeft(e)) throw new Error(`expected a report, got ${JSON.stringify(e.left.issues)}`)
  return e.right
}

const outerGuarded = resourcePolicy({
  name: 'outer-guarded',
  description: 'an outer service has an IP strategy',
  enforcement: 'mandatory',
  token: 'cloud:ApiGatewayService',
  check: (step, ctx) =>
    matches(Match.arrayWith(['OUTER']), step.inputs.netTypes) &&
    !ctx.refsTo(step.address).some((s) => s.token === 'cloud:ApiGatewayIpStrategy')
      ? [{ path: 'netTypes', message: 'open without an IP strategy' }]
      : [],
})

test('a resource policy finds the node of its token that breaks it, and nothing once it is fixed', async () => {
  const open = right(evaluatePolicies([outerGuarded])((await runMock(openService)).plan))
  assert.equal(open.findings, [
    {
      policy: 'outer-guarded',
      enforcement: 'mandatory',
      stage: 'plan',
      node: 'cloud:ApiGatewayService/orders',
      path: 'netTypes',
      message: 'open without an IP strategy',
      status: 'violation',
    },
  ])
  const guarded = right(evaluatePolicies([outerGuarded])((await runMock(guardedService)).plan))
  assert.equal(guarded.findings, [])
})

test('a check reading a value known only after apply is needs-apply-check for its node, not a pass or a fail', async () => {
  const plan = (await runMock(guardedService)).plan
  const strategyOfService = resourcePolicy({
    name: 'strategy-names-a-service',
    description: 'the strategy names a service id starting with "svc-"',
    enforcement: 'mandatory',
    token: 'cloud:ApiGatewayIpStrategy',
    check: (step) => (step.inputs.serviceId.startsWith('svc-') ? [] : [{ path: 'serviceId', message: 'not svc-' }]),
  })
  const r = right(evaluatePolicies([strategyOfService])(plan))
  assert.equal(
    r.findings.map((f) => [f.node, f.status, f.path]),
    [['cloud:ApiGatewayIpStrategy/office', 'needs-apply-check', 'inputs.serviceId']],
  )
  assert.match(r.findings[0].message, /known only after apply: checked at apply/)
})

test('a check that catches the read of an unknown itself still waits for apply', async () => {
  const plan = (await runMock(guardedService)).plan
  const swallowing = resourcePolicy({
    name: 'swallowing',
    description: 'catches everything',
    enforcement: 'mandatory',
    token: 'cloud:ApiGatewayIpStrategy',
    check: (step) => {
      try {
        return step.inputs.serviceId === '' ? [{ message: 'empty' }] : []
      } catch {
        return []
      }
    },
  })
  assert.equal(
    right(evaluatePolicies([swallowing])(plan)).findings.map((f) => f.status),
    ['needs-apply-check'],
  )
})

test('outputs of a node being created are unknown; those of an unchanged node are read from state', async () => {
  const suffix = resourcePolicy({
    name: 'sub-domain-suffix',
    description: 'the generated sub-domain ends with .apigw.tencentcs.com',
    enforcement: 'mandatory',
    token: 'cloud:ApiGatewayService',
    check: (step) =>
      (step.outputs.outerSubDomain ?? '').endsWith('.apigw.tencentcs.com')
        ? []
        : [{ path: 'outerSubDomain', message: 'foreign sub-domain' }],
  })
  const first = await runMock(openService)
  assert.equal(
    right(evaluatePolicies([suffix])(first.plan)).findings.map((f) => f.status),
    ['needs-apply-check'],
  )
  const second = await runMock(openService, { state: first.state })
  assert.is(second.plan.steps[0].action, 'noop')
  assert.equal(right(evaluatePolicies([suffix], { state: first.state })(second.plan)).findings, [])
  // without the state the outputs are not known: no pass is invented
  assert.equal(
    right(evaluatePolicies([suffix])(second.plan)).findings.map((f) => f.status),
    ['needs-apply-check'],
  )
})

test('ctx.refsTo gives the direct dependents, ctx.dependents every one downstream', async () => {
  const plan = (await runMock(releasedService)).plan
  const seen: Record<string, string[]> = {}
  const relations = stackPolicy({
    name: 'relations',
    description: 'records the relations',
    enforcement: 'advisory',
    check: (p, ctx) => {
      seen.refsTo = ctx.refsTo('cloud:ApiGatewayService/orders').map((s) => s.address)
      seen.dependents = ctx.dependents('cloud:ApiGatewayIpStrategy/office').map((s) => s.address)
      seen.steps = p.steps.map((s) => s.address)
      return []
    },
  })
  right(evaluatePolicies([relations])(plan))
  assert.equal(seen.refsTo.sort(), ['cloud:ApiGatewayIpStrategy/office', 'cloud:ApiGatewayServiceRelease/release'])
  assert.equal(seen.dependents, [])
  assert.equal(seen.steps.length, 3)
})

test('a stack policy reports findings on any node; advisory ones do not block', async () => {
  const plan = (await runMock(releasedService)).plan
  const oneRelease = stackPolicy({
    name: 'no-release-yet',
    description: 'releases wait for review',
    enforcement: 'advisory',
    check: (p) =>
      p.steps
        .filter((s) => s.token === 'cloud:ApiGatewayServiceRelease')
        .map((s) => ({ node: s.address, message: 'a release' })),
  })
  const r = right(evaluatePolicies([policyPack('review', [oneRelease])])(plan))
  assert.equal(
    r.findings.map((f) => [f.pack, f.node, f.enforcement, f.status]),
    [['review', 'cloud:ApiGatewayServiceRelease/release', 'advisory', 'violation']],
  )
  assert.equal(policyReportToJson(r).summary, { mandatory: 0, advisory: 1, needsApplyCheck: 0, suppressed: 0 })
})

test('a suppression silences its policy on its node, keeping the reason', async () => {
  const plan = (await runMock(openService)).plan
  const r = right(evaluatePolicies([outerGuarded, suppress('outer-guarded', service, 'a public status page')])(plan))
  assert.equal(r.findings, [])
  assert.equal(
    r.suppressed.map((f) => [f.policy, f.node, f.reason]),
    [['outer-guarded', 'cloud:ApiGatewayService/orders', 'a public status page']],
  )
})

test('a suppression naming no node of the program is an error naming it; one of a policy not in force a warning', async () => {
  const plan = (await runMock(openService)).plan
  const stale = evaluatePolicies([outerGuarded, suppress('outer-guarded', release, 'gone')])(plan)
  assert.ok(isLeft(stale))
  if (isLeft(stale))
    assert.equal(stale.left.issues, [
      {
        severity: 'error',
        node: 'suppression of policy "outer-guarded"',
        path: 'node',
        expected: 'a node of the program',
        given: '"cloud:ApiGatewayServiceRelease/release"',
        message: 'names cloud:ApiGatewayServiceRelease "release", which the program does not hold.',
      },
    ])
  const ci = right(evaluatePolicies([outerGuarded, suppress('ci-only', service, 'CI pack')])(plan))
  assert.equal(ci.warnings, [
    'suppression of policy "ci-only" on cloud:ApiGatewayService "orders": no policy of that name is in force; it suppresses nothing',
  ])
  assert.is(ci.findings.length, 1)
})

test('malformed entries and duplicate names are errors naming the policy and the field', async () => {
  const plan = (await runMock(openService)).plan
  const bad = { ...outerGuarded, enforcement: 'strict' }
  const r = evaluatePolicies([bad, outerGuarded, 42])(plan)
  assert.ok(isLeft(r))
  if (isLeft(r))
    assert.equal(
      r.left.issues.map((i) => [i.node, i.path, i.expected, i.given]),
      [
        ['policies', '2', 'a policy, a policy pack or a suppression', '42'],
        ['policy "outer-guarded"', 'enforcement', "'mandatory' or 'advisory'", '"strict"'],
        ['policy "outer-guarded"', 'name', 'a name no other policy in force has', '"outer-guarded"'],
      ],
    )
})

test('a check that throws is an error naming the policy and node, never a pass', async () => {
  const plan = (await runMock(openService)).plan
  const throwing = resourcePolicy({
    name: 'throwing',
    description: 'throws',
    enforcement: 'advisory',
    token: 'cloud:ApiGatewayService',
    check: () => {
      throw new Error('boom')
    },
  })
  const r = evaluatePolicies([throwing])(plan)
  assert.ok(isLeft(r))
  if (isLeft(r))
    assert.equal(
      r.left.issues.map((i) => [i.node, i.given]),
      [['cloud:ApiGatewayService "orders"', 'boom']],
    )
})

test('deletes are not checked: the stack will not hold them', async () => {
  const first = await runMock(guardedService)
  // the same stack without its strategy: a state belongs to its stack, so the name stays
  const second = await runMock(stack(guardedService.name).add(service), { state: first.state })
  assert.ok(second.plan.steps.some((s) => s.action === 'delete'))
  const noStrategies = resourcePolicy({
    name: 'no-strategies',
    description: 'none',
    enforcement: 'mandatory',
    token: 'cloud:ApiGatewayIpStrategy',
    check: () => [{ message: 'a strategy' }],
  })
  const r = evaluatePolicies([noStrategies])(second.plan)
  assert.ok(isRight(r) && r.right.findings.length === 0)
})

test.run()
