/**
 * `--replace` names resources: a lookup, or an address the program does not have, is refused at
 * plan with the closest name, through the engine's own door (the CLI also checks before it).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack } from '#trellis'
import { apply, plan } from '#trellis/engine'
import { mockEnv } from '#trellis/testing'
import * as cost from '#trellis/cost'

const test = suite('engine: --replace checks')

const ws = cost.getWorkspaces('all')
const books = stack('books').add(ws, cost.folder('finance', { title: 'F', workspaceToken: 'wrkspc_default' }))

const refusal = async (replace: string[]) => {
  const r = await plan(books, { replace })(mockEnv())()
  if (r._tag === 'Right') throw new Error('expected the plan to be refused')
  return JSON.stringify(r.left)
}

test('a lookup is read, never replaced', async () => {
  assert.match(await refusal(['cost:getWorkspaces/all']), 'is a lookup: it is read at plan time, never replaced')
})

test('an address the program lacks is named, with the closest one', async () => {
  assert.match(await refusal(['cost:Folder/financ']), 'is not in the program (did you mean cost:Folder \\"finance\\"?)')
})

test('a resource of the program is replaced', async () => {
  const env = mockEnv()
  assert.is((await apply(books)(env)())._tag, 'Right')
  const r = await plan(books, { replace: ['cost:Folder/finance'] })(env)()
  assert.is(r._tag, 'Right')
  if (r._tag === 'Right')
    assert.is(
      r.right.plan.steps.find((s) => s.address === 'cost:Folder/finance')?.notes[0],
      'replace: requested (--replace)',
    )
})

test.run()
