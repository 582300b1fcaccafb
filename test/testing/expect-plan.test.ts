/**
 * expectPlan on a real provider's stack: each assertion passes on a matching plan and fails with
 * the closest mismatch in its message (an ordinary node:assert AssertionError).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { AssertionError } from 'node:assert'
import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import * as cloud from 'trellis/cloud'
import { runMock, expectPlan, findSteps, Match } from 'trellis/testing'
import { financeStack, finance, monthly, failureOf } from './fixtures/finance'

const test = suite('trellis/testing expectPlan')

test('toCreate with a name matches nested inputs partially', async () => {
  const run = await runMock(financeStack)
  expectPlan(run)
    .toCreate('cost:CostReport', 'monthly', { settings: { amortize: true } })
    .toCreate('cost:CostReport', 'monthly', {
      folderToken: Match.refTo(finance, 'token'),
      title: Match.stringLike(/AWS/),
    })
  assert.is(
    failureOf(() => expectPlan(run).toCreate('cost:CostReport', 'monthly', { settings: { amortize: false } })),
    'the plan will create cost:CostReport "monthly", but its inputs differ:\n  settings.amortize: expected false, got true',
  )
  assert.is(
    failureOf(() => expectPlan(run).toCreate('cost:Folder', 'finanse')),
    'expected to create cost:Folder "finanse", but the plan has no such step.\nclosest: create cost:Folder "finance"\nplan: create cost:Folder "finance", create cost:CostReport "monthly"',
  )
})

test('toCreate without a name looks at every step of the token', async () => {
  const run = await runMock(financeStack)
  expectPlan(run).toCreate('cost:Folder').toCreate('cost:CostReport', { title: 'Monthly AWS' })
  assert.is(
    failureOf(() => expectPlan(run).toCreate('cost:CostReport', { title: 'Weekly' })),
    'expected to create a cost:CostReport with { title: "Weekly" }, but no cost:CostReport to create matches (1 checked).\nclosest: create cost:CostReport "monthly", differing in\n  title: expected "Weekly", got "Monthly AWS"',
  )
  assert.is(
    failureOf(() => expectPlan(run).toCreate('cost:Budget')),
    'expected to create a cost:Budget, but the plan creates none.\nplan: create cost:Folder "finance", create cost:CostReport "monthly"',
  )
})

test('toUpdate, toReplace, toDelete and toHaveNoChanges on a second run', async () => {
  const first = await runMock(financeStack)
  expectPlan(await runMock(financeStack, { state: first.state })).toHaveNoChanges()
  const second = await runMock(stack('finance').add(finance.title('Money'), monthly.title('Monthly cloud')), {
    state: first.state,
  })
  expectPlan(second).toUpdate('cost:Folder', 'finance', { title: 'Money' }).toUpdate('cost:CostReport')
  assert.is(
    failureOf(() => expectPlan(second).toHaveNoChanges()),
    'expected no changes, but the plan will update cost:Folder "finance" (title), update cost:CostReport "monthly" (title)',
  )
  assert.is(
    failureOf(() => expectPlan(second).toReplace('cost:Folder', 'finance')),
    'expected to replace cost:Folder "finance", but the plan will update it',
  )
  const emptied = await runMock(stack('finance'), { state: first.state })
  expectPlan(emptied).toDelete('cost:CostReport', 'monthly').toDelete('cost:Folder').toHaveCount('cost:Folder', 0)
  expectPlan(emptied).toHaveCount('cost:Folder', 1, 'delete')
  assert.is(
    failureOf(() => expectPlan(emptied).not.toDelete('cost:Folder')),
    'expected the plan not to delete a cost:Folder, but it does (delete cost:Folder "finance")',
  )
})

test('not.toCreate passes when nothing matches, and names the step that does', async () => {
  const run = await runMock(financeStack)
  expectPlan(run)
    .not.toCreate('cost:Budget')
    .not.toCreate('cost:CostReport', { title: 'Weekly' })
    .not.toUpdate('cost:Folder')
  assert.is(
    failureOf(() => expectPlan(run).not.toCreate('cost:CostReport', 'monthly', { title: 'Monthly AWS' })),
    'expected the plan not to create cost:CostReport "monthly" with { title: "Monthly AWS" }, but it does',
  )
})

test('toHaveCount counts the steps of a token, by action when given', async () => {
  const run = await runMock(financeStack.add(cost.folder('ops', { title: 'Ops' })))
  expectPlan(run).toHaveCount('cost:Folder', 2).toHaveCount('cost:Folder', 2, 'create').toHaveCount('cost:Budget', 0)
  assert.is(
    failureOf(() => expectPlan(run).toHaveCount('cost:Folder', 1)),
    'expected 1 cost:Folder step, but the plan has 2: create cost:Folder "finance", create cost:Folder "ops"',
  )
  assert.is(
    failureOf(() => expectPlan(run).toHaveCount('cost:Folder', 1, 'update')),
    'expected 1 cost:Folder step to update, but the plan has 0: (none)',
  )
})

test('toHaveOutput checks an exported value, by pattern or by where it came from', async () => {
  const run = await runMock(financeStack)
  expectPlan(run)
    .toHaveOutput('report')
    .toHaveOutput('report', 'costreport-monthly')
    .toHaveOutput('report', Match.refTo(monthly, 'token'))
  assert.is(
    failureOf(() => expectPlan(run).toHaveOutput('report', Match.stringLike(/^rprt_/))),
    'output "report" differs:\n  report: expected a string like /^rprt_/, got "costreport-monthly"',
  )
  assert.is(
    failureOf(() => expectPlan(run).toHaveOutput('reports')),
    'expected the stack to export "reports", but it exports "report"',
  )
  assert.is(
    failureOf(() => expectPlan(run.plan).toHaveOutput('report')),
    'toHaveOutput needs a run (from runMock), not a plan: outputs are known only after apply',
  )
})

test("findSteps returns the matching steps for assertions of one's own", async () => {
  const run = await runMock(financeStack.add(cost.folder('ops', { title: 'Ops' })))
  assert.equal(
    findSteps(run, 'cost:Folder').map((s) => s.name),
    ['finance', 'ops'],
  )
  assert.equal(
    findSteps(run.plan, 'cost:Folder', { title: Match.stringLike(/^O/) }).map((s) => s.name),
    ['ops'],
  )
  assert.equal(findSteps(run, 'cost:Budget'), [])
})

test('failures are node:assert AssertionErrors with display-safe actual and expected', async () => {
  const run = await runMock(financeStack)
  try {
    expectPlan(run).toCreate('cost:CostReport', 'monthly', { settings: { amortize: false } })
    assert.unreachable()
  } catch (e) {
    assert.instance(e, AssertionError)
    const a = e as AssertionError
    assert.is(a.code, 'ERR_ASSERTION')
    assert.is(a.operator, 'toCreate')
    assert.equal((a.actual as { settings: unknown }).settings, { amortize: true, includeCredits: false })
    assert.is(a.expected, '{ settings: { amortize: false } }')
  }
})

test('the mock gives a secret output as a secret, as the emulators and the CLI do: toHaveOutput(name, Match.secret())', async () => {
  const key = cloud.apiGatewayApiKey('partner', { secretName: 'partner-a' })
  const run = await runMock(stack('keys').add(key).export('secret', key.out.accessKeySecret))
  expectPlan(run).toHaveOutput('secret', Match.secret())
  assert.throws(() => expectPlan(run).toHaveOutput('secret', 'plain text'), /output "secret" differs/)
})

test('Match.capture() takes a value from one step to assert on another', async () => {
  const run = await runMock(financeStack)
  const title = Match.capture<string>()
  expectPlan(run).toCreate('cost:Folder', 'finance', { title })
  assert.is(title.value, 'Finance')
})

test.run()
