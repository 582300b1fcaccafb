/**
 * A failed apply says what was done, what failed and what never started; fail-fast stays the
 * default, and `continueOnError` (the CLI's --continue-on-error) goes on with the steps that do not
 * depend on the failure — a failed step's dependents never start either way.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as TE from 'fp-ts/TaskEither'
import { stack } from '#trellis'
import { apply, formatEngineError } from '#trellis/engine'
import { stepFailure } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { mockEnv } from '#trellis/testing'
import * as cost from '#trellis/cost'

const test = suite('engine: a failed apply, fail-fast or going on')

const a = cost.folder('a', { title: 'A', workspaceToken: 'wrkspc_default' })
const report = cost.costReport('r', { title: 'R', filter: "costs.provider = 'aws'" }).folderToken(a.out.token)
const b = cost.folder('b', { title: 'B', workspaceToken: 'wrkspc_default' })
const books = stack('books').add(a, report, b)

/** The mock, one step at a time (the order is the graph's), whose create of folder "a" fails. */
const failingA = (): Env => {
  const env = mockEnv()
  const create: Env['handler']['create'] = (c, inputs) =>
    c.address === 'cost:Folder/a'
      ? TE.left(stepFailure('cost:Folder "a"', 'create', 'refused by the test'))
      : env.handler.create(c, inputs)
  return { ...env, concurrency: 1, handler: { ...env.handler, create } }
}

const failed = async (opts: { continueOnError?: boolean }) => {
  const r = await apply(books, opts)(failingA())()
  if (r._tag === 'Right' || r.left._tag !== 'ApplyError')
    throw new Error(`expected an ApplyError: ${JSON.stringify(r)}`)
  return r.left
}
const statusOf = (e: Awaited<ReturnType<typeof failed>>) =>
  Object.fromEntries(e.result.journal.map((j) => [j.address, j.status]))

test('fail-fast by default: nothing new starts after the failure, and the message lists it all', async () => {
  const e = await failed({})
  assert.equal(statusOf(e), { 'cost:Folder/a': 'failed', 'cost:CostReport/r': 'skipped', 'cost:Folder/b': 'skipped' })
  const text = formatEngineError(e)
  assert.match(text, 'cost:Folder "a": create failed: refused by the test')
  assert.match(text, 'Done (0, recorded in state).')
  assert.match(text, 'Failed (1): cost:Folder "a".')
  const never = /Never started \(2; the next apply does them\): (.*)\.$/m.exec(text)?.[1].split(', ').sort()
  assert.equal(never, ['cost:CostReport "r"', 'cost:Folder "b"'])
})

test("continueOnError: the independent branch is created; the failed step's dependent never starts", async () => {
  const e = await failed({ continueOnError: true })
  assert.equal(statusOf(e), { 'cost:Folder/a': 'failed', 'cost:Folder/b': 'done', 'cost:CostReport/r': 'skipped' })
  assert.ok(e.result.state.resources['cost:Folder/b'], 'b is recorded in state')
  assert.match(formatEngineError(e), 'Done (1, recorded in state): cost:Folder "b".')
})

test.run()
