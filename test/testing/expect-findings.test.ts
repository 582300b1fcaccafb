/**
 * runMock's findings and expectFindings: the assertions pass on the findings there are and fail
 * naming what was looked for and listing what was found; a suppression of a node the program does
 * not hold rejects the run with a CompileError naming it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { AssertionError } from 'node:assert'
import { stack, suppress, Match } from 'trellis'
import * as cost from 'trellis/cost'
import { runMock, expectFindings, CompileError } from 'trellis/testing'
import { costPack } from 'trellis/policies'

const test = suite('trellis/testing expectFindings')

const loose = cost.costReport('loose', { title: 'Loose' })
const other = cost.costReport('other', { title: 'Other' })
const program = stack('reports').add(loose)

const failureOf = (f: () => unknown): string => {
  try {
    f()
  } catch (e) {
    if (e instanceof AssertionError) return e.message
    throw e
  }
  throw new Error('expected an assertion to fail')
}

test('a run without policies has no findings; with a pack, its findings', async () => {
  assert.equal((await runMock(program)).findings, [])
  const run = await runMock(program, { policies: [costPack] })
  expectFindings(run)
    .toInclude({ policy: 'cost-report-in-folder', node: loose, message: Match.stringLike(/folder/) })
    .toHaveCount(1)
    .toHaveCount(1, { status: 'violation', enforcement: 'mandatory' })
    .not.toInclude({ policy: 'cost-alert-has-recipient' })
})

test('a failed assertion names the query and lists the findings', async () => {
  const run = await runMock(program, { policies: [costPack] })
  assert.is(
    failureOf(() => expectFindings(run).toInclude({ policy: 'cost-report-in-folder', node: other })),
    'expected a finding with policy "cost-report-in-folder", node cost:CostReport/other, but there is none. Findings:\n' +
      '  [mandatory] cost-report-in-folder: cost:CostReport/loose (folderToken): is not set: file the report in a folder',
  )
  assert.match(
    failureOf(() => expectFindings(run).toHaveCount(0)),
    /^expected 0 findings with any finding, but there are 1:/,
  )
  assert.match(
    failureOf(() => expectFindings(run).not.toInclude({ node: loose })),
    /^expected no finding with node cost:CostReport\/loose, but there is: \[mandatory\] cost-report-in-folder/,
  )
})

test('a suppression silences the finding; one naming a node the program does not hold rejects the run', async () => {
  const quiet = await runMock(program, {
    policies: [costPack, suppress('cost-report-in-folder', loose, 'a scratch report')],
  })
  expectFindings(quiet).toHaveCount(0)
  const stale = await runMock(program, {
    policies: [costPack, suppress('cost-report-in-folder', other, 'renamed since')],
  }).catch((e: unknown) => e)
  assert.instance(stale, CompileError)
  assert.equal(
    (stale as CompileError).issues.map((i) => [i.node, i.path, i.expected, i.given]),
    [['suppression of policy "cost-report-in-folder"', 'node', 'a node of the program', '"cost:CostReport/other"']],
  )
  assert.match((stale as CompileError).message, /names cost:CostReport "other", which the program does not hold/)
})

test.run()
