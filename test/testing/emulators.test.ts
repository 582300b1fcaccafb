/**
 * runOnEmulators: the real interpreter (http handler, wire protocols) against in-process
 * emulators in one call; a second run on the same emulators and state plans no changes.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import quickstart from '../../examples/quickstart'
import { runOnEmulators, expectPlan, Match, CompileError, RunError } from 'trellis/testing'
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

test.run()
