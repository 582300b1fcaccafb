/**
 * expectErrors, expectWarnings and runMock's CompileError: validation findings as data, asserted
 * by node, field path and expectation, with every finding listed when an assertion fails.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import { runMock, expectErrors, expectWarnings, CompileError, Match } from 'trellis/testing'
import { financeStack, failureOf } from './fixtures/finance'

const test = suite('trellis/testing errors and warnings')

const bad = stack('bad').add(
  // a title left out on purpose: a type error as well (add() names it), here the run-time error is tested
  cost.folder('untitled', {}) as never,
  cost.costReport('r', { title: 'R', filter: "costs.provider = 'aws'" }).chartType('donut' as never),
)

test('expectErrors finds an error by node (label or builder), path and expectation', () => {
  const folder = cost.folder('untitled', {})
  expectErrors(bad)
    .toInclude({ node: 'cost:Folder "untitled"', path: 'title' })
    .toInclude({ node: folder, path: 'title', expected: 'string' })
    .toInclude({ node: 'cost:CostReport "r"', path: 'chartType', expected: Match.stringLike(/"pie"/) })
    .toHaveCount(2)
  assert.is(expectErrors(bad).issues.length, 2)
})

test('expectErrors fails listing every error', () => {
  assert.is(
    failureOf(() => expectErrors(bad).toInclude({ node: 'cost:Folder "untitled"', path: 'name' })),
    'expected an error of cost:Folder "untitled" field `name`, but the errors are:\n' +
      '  cost:Folder "untitled" field `title`: expected string, got nothing\n' +
      '  cost:CostReport "r" field `chartType`: expected "area" | "line" | "pie" | "bar" | "multi_bar", got "donut"',
  )
  assert.match(
    failureOf(() => expectErrors(bad).toHaveCount(1)),
    /^expected 1 error, but there are 2:\n {2}cost:Folder/,
  )
  assert.is(
    failureOf(() => expectErrors(financeStack).toInclude({ node: 'cost:Folder "finance"' })),
    'expected an error of cost:Folder "finance", but the errors are:\n  (none)',
  )
  expectErrors(financeStack).toHaveCount(0)
})

test('runMock rejects an invalid stack with a CompileError carrying the issues, not an assertion error', async () => {
  const e = await runMock(bad).then(
    () => undefined,
    (x: unknown) => x,
  )
  assert.instance(e, CompileError)
  const c = e as CompileError
  assert.is(c.name, 'CompileError')
  assert.is(c.stage, 'compile')
  assert.equal(
    c.issues.map((i) => `${i.node} ${i.path}`),
    ['cost:Folder "untitled" title', 'cost:CostReport "r" chartType'],
  )
  assert.match(
    c.message,
    /^the stack is invalid \(2 errors\):\n {2}cost:Folder "untitled" field `title`: expected string, got nothing\n/,
  )
  expectErrors(c).toInclude({ node: 'cost:CostReport "r"', path: 'chartType' }).toHaveCount(2)
})

test("expectWarnings reads a plan's warnings", async () => {
  const hier = cost.budget('parent', { name: 'All', childBudgetTokens: ['bdgt_1'], costReportToken: 'rprt_1' })
  const run = await runMock(stack('w').add(hier))
  expectWarnings(run)
    .toInclude({ node: hier, path: 'costReportToken', expected: 'no costReportToken on a hierarchical budget' })
    .toHaveCount(1)
  assert.is(
    failureOf(() => expectWarnings(run).toHaveCount(0)),
    'expected 0 warnings, but there is 1:\n  warning: cost:Budget "parent" field `costReportToken`: is ignored because childBudgetTokens make this budget hierarchical. expected no costReportToken on a hierarchical budget, got "rprt_1"',
  )
  expectWarnings(await runMock(financeStack)).toHaveCount(0)
  assert.is(
    failureOf(() => expectWarnings(run.plan).toInclude({ node: hier, path: 'periods' })),
    'expected a warning of cost:Budget "parent" field `periods`, but the warnings are:\n  warning: cost:Budget "parent" field `costReportToken`: is ignored because childBudgetTokens make this budget hierarchical. expected no costReportToken on a hierarchical budget, got "rprt_1"',
  )
})

test.run()
