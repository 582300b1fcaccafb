/**
 * Aliases (`.options({ aliases: ['old-name'] })`): a renamed node plans no change — its state entry
 * moves to the new address, the plan says where from — in the mock and through workspace(); an
 * alias that matches nothing is fine, one that names a live node or lands on a recorded address is
 * refused, and a cancelled apply records no move.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { mock, renderPlan, renderPlanHtml, stack, summary, workspace, TrellisError, type Plan } from '#trellis'
import type { EngineError } from '#trellis/engine'
import type { State } from '#trellis'
import * as cost from '#trellis/cost'
import { tempDir } from '../cli/harness'

const test = suite('engine: aliases')

const folder = (name: string) => cost.folder(name, { title: 'Finance', workspaceToken: 'wrkspc_default' })
const report = (f: ReturnType<typeof folder>) =>
  cost.costReport('monthly', { title: 'Monthly', filter: "costs.provider = 'aws'" }).folderToken(f.out.token)
const before = () => {
  const f = folder('finance')
  return stack('books').add(f, report(f))
}
const renamed = (aliases: string[] = ['finance']) => {
  const f = folder('money').options({ aliases })
  return stack('books').add(f, report(f))
}

const run = async (s: ReturnType<typeof before>, state?: State) => {
  const r = await mock(s, state ? { state } : {})()
  if (r._tag === 'Left') throw new Error(JSON.stringify(r.left))
  return r.right
}
const refused = async (s: ReturnType<typeof before>, state: State): Promise<EngineError> => {
  const r = await mock(s, { state })()
  if (r._tag === 'Right') throw new Error('expected the plan to be refused')
  return r.left
}
const moved = (p: Plan) => p.steps.filter((s) => s.movedFrom !== undefined).map((s) => [s.movedFrom, s.address])

test('mock: a renamed node with its old name as an alias plans no change; state moves, refs follow', async () => {
  const first = await run(before())
  const id = first.state.resources['cost:Folder/finance'].id
  const second = await run(renamed(), first.state)
  assert.equal(moved(second.plan), [['cost:Folder/finance', 'cost:Folder/money']])
  assert.equal(
    second.plan.steps.filter((s) => s.kind === 'Resource').map((s) => [s.address, s.action]),
    [
      ['cost:Folder/money', 'noop'],
      ['cost:CostReport/monthly', 'noop'],
    ],
  )
  assert.equal(second.journal, [], 'nothing sent')
  assert.is(second.state.resources['cost:Folder/money'].id, id)
  assert.not.ok(second.state.resources['cost:Folder/finance'])
  assert.equal(second.state.resources['cost:CostReport/monthly'].dependencies, ['cost:Folder/money'])
  const third = await run(renamed(), second.state)
  assert.equal(moved(third.plan), [], 'moved once')
})

test('counts add up: one of two folders renamed is 1 unchanged and 1 moved, in the text, JSON and HTML', async () => {
  const two = (n: string, aliases: string[] = []) =>
    cost.folder(n, { title: 'Books', workspaceToken: 'wrkspc_default' }).options({ aliases })
  const first = await run(stack('books').add(two('finance'), two('ops')))
  const second = await run(stack('books').add(two('money', ['finance']), two('ops')), first.state)
  const c = summary(second.plan)
  assert.equal([c.noop, c.moved], [1, 1])
  assert.match(renderPlan(second.plan), /, 1 unchanged, 1 moved\.$/)
  assert.match(
    renderPlanHtml(second.plan),
    /<b>1<\/b> unchanged<\/span><span class="chip" data-action="moved"><b>1<\/b> moved/,
  )
})

test('an alias written as an address works; one that matches nothing is fine (a create)', async () => {
  const first = await run(before())
  const second = await run(renamed(['cost:Folder/finance']), first.state)
  assert.equal(moved(second.plan), [['cost:Folder/finance', 'cost:Folder/money']])
  const fresh = await run(renamed(['never-was']))
  assert.equal(moved(fresh.plan), [])
  assert.is(fresh.plan.steps.find((s) => s.address === 'cost:Folder/money')?.action, 'create')
})

test('a rename and a change at once: an update, marked as moved', async () => {
  const first = await run(before())
  const s = stack('books').add(
    cost.folder('money', { title: 'Money', workspaceToken: 'wrkspc_default' }).options({ aliases: ['finance'] }),
  )
  const second = await run(s, first.state)
  const step = second.plan.steps.find((x) => x.address === 'cost:Folder/money')!
  assert.is(step.action, 'update')
  assert.is(step.movedFrom, 'cost:Folder/finance')
  assert.match(step.notes[0], /^moved from cost:Folder "finance"/)
  assert.equal(
    second.journal.map((j) => [j.address, j.action]),
    [
      ['cost:Folder/money', 'update'],
      ['cost:CostReport/monthly', 'delete'],
    ],
  )
})

test('an alias naming a live node, two nodes claiming one entry, or both addresses recorded: clear errors', async () => {
  const first = await run(before())
  const live = stack('books').add(folder('finance'), folder('money').options({ aliases: ['finance'] }))
  const e1 = await refused(live, first.state)
  if (e1._tag !== 'PlanError') throw new Error(`expected a PlanError, got ${e1._tag}`)
  const i1 = e1.issues[0]
  assert.equal([i1.node, i1.path], ['cost:Folder "money"', 'options.aliases.0'])
  assert.match(i1.message ?? '', /names cost:Folder "finance", which is a node of the stack/)
  const twice = stack('books').add(
    folder('money').options({ aliases: ['finance'] }),
    folder('cash').options({ aliases: ['finance'] }),
  )
  const e2 = await refused(twice, first.state)
  assert.match(JSON.stringify(e2), /cost:Folder \\"finance\\" is claimed by cost:Folder \\"money\\" too/)
  const both = await run(stack('books').add(folder('finance'), folder('money')))
  const e3 = await refused(stack('books').add(folder('money').options({ aliases: ['finance'] })), both.state)
  assert.match(JSON.stringify(e3), /state holds cost:Folder \\"money\\" \(id [^)]+\) and cost:Folder \\"finance\\"/)
})

test('aliases are checked at compile: another type, the node’s own name, a non-string', async () => {
  const bad = stack('books').add(
    folder('money').options({ aliases: ['cost:CostReport/monthly', 'money', 7 as unknown as string] }),
  )
  const e = await mock(bad)()
  if (e._tag !== 'Left' || e.left._tag !== 'CompileError') throw new Error('expected a CompileError')
  const issues = e.left
  assert.equal(
    issues.issues.map((i) => [i.path, i.expected]),
    [
      ['options.aliases.0', 'an earlier address of a cost:Folder (a renamed node keeps its type)'],
      ['options.aliases.1', 'an earlier name, not the node’s own'],
      ['options.aliases.2', 'an earlier name'],
    ],
  )
})

test('workspace(): the plan says moved; a cancelled apply records nothing; the apply writes the move with a backup', async () => {
  const dir = tempDir()
  const ws = workspace({ stateDir: dir, emulate: true, env: {} })
  try {
    await ws.apply(before())
    const serial = (await ws.state('books'))!.serial
    const p = await ws.plan(renamed())
    assert.is(p.hasChanges, true)
    assert.equal(moved(p.plan), [['cost:Folder/finance', 'cost:Folder/money']])
    assert.equal([p.summary.noop, p.summary.moved], [1, 1], 'the report is moved, not also unchanged')
    const no = await ws.apply(renamed(), { confirm: () => false })
    assert.is(no.cancelled, true)
    const kept = (await ws.state('books'))!
    assert.ok(kept.resources['cost:Folder/finance'], 'a cancelled apply moves nothing')
    assert.is(kept.serial, serial, 'nor writes')
    const yes = await ws.apply(renamed())
    assert.is(yes.changes, 0)
    const after = (await ws.state('books'))!
    assert.equal(Object.keys(after.resources).sort(), ['cost:CostReport/monthly', 'cost:Folder/money'])
    assert.ok(after.serial > serial)
    const backups = join(dir, readdirSync(dir).find((f) => existsSync(join(dir, f, 'backups'))) ?? '', 'backups')
    assert.ok(readdirSync(backups).includes(`books.${serial}.json`), 'the snapshot before the move is kept as a backup')
    assert.is((await ws.plan(renamed())).hasChanges, false)
    const e = await ws.plan(stack('books').add(folder('finance'), folder('x').options({ aliases: ['finance'] }))).then(
      () => undefined,
      (x: unknown) => x,
    )
    assert.instance(e, TrellisError)
  } finally {
    await ws.close()
  }
})

test.run()
