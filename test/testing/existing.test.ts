/**
 * runMock's `existing`: objects already on the mock platform, so a test can adopt one
 * (`options({ importId })`) and make lookups answer with the objects it chose.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from 'trellis'
import * as cost from 'trellis/cost'
import { runMock, expectPlan, Match } from 'trellis/testing'
import { failureOf } from './fixtures/finance'

const test = suite('trellis/testing existing objects')

test('an existing object is imported, not created, and keeps its id and outputs', async () => {
  const finance = cost.folder('finance', { title: 'Finance' }).options({ importId: 'fldr_42' })
  const run = await runMock(stack('adopt').add(finance), {
    existing: [{ token: 'cost:Folder', id: 'fldr_42', inputs: { title: 'Finance' } }],
  })
  expectPlan(run).toImport('cost:Folder', 'finance').not.toCreate('cost:Folder').toHaveCount('cost:Folder', 1)
  assert.is(run.state.resources['cost:Folder/finance'].id, 'fldr_42')
  assert.is(run.state.resources['cost:Folder/finance'].outputs.token, 'fldr_42')
  assert.is(
    failureOf(() => expectPlan(run).toCreate('cost:Folder', 'finance')),
    'expected to create cost:Folder "finance", but the plan will import it (import "fldr_42" (<folder token>), read at plan: it already holds what the stack sets, nothing to update)',
  )
})

test('without the object, the import is refused at plan on the mock, as on the platform (read at plan)', async () => {
  const finance = cost.folder('finance', { title: 'Finance' }).options({ importId: 'fldr_42' })
  const e = await runMock(stack('adopt').add(finance)).catch((x: Error) => x)
  assert.instance(e, Error)
  assert.is((e as Error).name, 'CompileError')
  assert.match((e as Error).message, /cost:Folder "finance" field `options.importId`: names no object on the platform/)
})

test('a lookup answers with the existing result given for its token', async () => {
  const ws = cost.getWorkspaces('all')
  const finance = cost.folder('finance', { title: 'Finance' }).workspaceToken(ws.out.workspaces.map((w) => w[0].token))
  const run = await runMock(stack('looked-up').add(ws, finance), {
    existing: [{ token: 'cost:getWorkspaces', result: { workspaces: [{ token: 'wrkspc_team', name: 'Team' }] } }],
  })
  expectPlan(run).toCreate('cost:Folder', 'finance', { workspaceToken: 'wrkspc_team' })
  const fallback = await runMock(stack('looked-up').add(ws, finance))
  expectPlan(fallback).toCreate('cost:Folder', 'finance', { workspaceToken: Match.not('wrkspc_team') })
})

test('an existing object of a token no provider defines is refused by name', async () => {
  const e = await runMock(stack('x'), { existing: [{ token: 'cost:Folderr', id: 'f', inputs: {} }] }).catch(
    (x: Error) => x,
  )
  assert.is((e as Error).message, 'mock: existing object f has token cost:Folderr, which no provider defines')
})

test.run()
