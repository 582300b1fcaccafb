/**
 * Over the real handler: an ambiguous create (the platform applied it, the reply was lost) is
 * adopted by the next run, not duplicated; refresh shows drift and forgets objects that are gone,
 * reading cost reports in bulk.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as TE from 'fp-ts/TaskEither'
import { isLeft, type Either } from 'fp-ts/Either'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { apply, plan, refresh } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { httpError, type HttpClient } from '#trellis/clients'
import { costEmulator } from '#trellis/clients'
import { memoryStore } from '#trellis'
import { registry } from '#trellis'
import * as cost from '#trellis/cost'
import type { Env } from '#trellis/engine'

const test = suite('reconciliation and refresh over the real handler')
const ok = <A>(r: Either<unknown, A>): A => {
  if (isLeft(r)) throw new Error(JSON.stringify(r.left).slice(0, 1200))
  return r.right
}
const envOver = (http: HttpClient): Env => ({
  registry,
  handler: httpHandler({
    clients: (p, c) => platformClients({ http })(p, { ...c, apiToken: secret('emulator-token') }),
  }),
  store: memoryStore(),
  events: () => undefined,
  concurrency: 4,
  now: () => new Date(),
})

test('a create whose reply was lost is adopted within the run, never duplicated', async () => {
  const emu = costEmulator()
  let lose = true
  const lossy: HttpClient = (req) => async () => {
    const r = await emu.client(req)()
    if (lose && req.method === 'POST') {
      lose = false
      return { _tag: 'Left', left: httpError('ConnectionReset', req, 'socket hang up', true) }
    }
    return r
  }
  const env = envOver(lossy)
  const s = stack('r').add(cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' }))
  const first = ok(await apply(s)(env)())
  const folders = emu.objects().filter((o) => o.kind === 'folders')
  assert.is(folders.length, 1, 'the platform holds exactly one folder')
  assert.is(first.state.resources['cost:Folder/finance'].id, folders[0].id)
})

test('when the look fails too, the entry stays pending and the next run adopts the object', async () => {
  const emu = costEmulator()
  let lose = true
  let blind = true
  const lossy: HttpClient = (req) => async () => {
    if (blind && req.method === 'GET' && new URL(req.url).pathname === '/v2/folders') {
      blind = false
      return { _tag: 'Left', left: httpError('ConnectFailed', req, 'connection refused', false) }
    }
    const r = await emu.client(req)()
    if (lose && req.method === 'POST') {
      lose = false
      return { _tag: 'Left', left: httpError('ConnectionReset', req, 'socket hang up', true) }
    }
    return r
  }
  const env = { ...envOver(lossy) }
  const s = stack('r').add(cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' }))
  const first = await apply(s)(env)()
  assert.ok(isLeft(first))
  if (isLeft(first) && first.left._tag === 'ApplyError') assert.ok(first.left.failures[0].ambiguous)
  const folders = () => emu.objects().filter((o) => o.kind === 'folders')
  assert.is(folders().length, 1, 'the platform made the folder')
  const second = ok(await apply(s)(env)())
  assert.is(folders().length, 1, 'and still holds exactly one')
  assert.is(second.state.resources['cost:Folder/finance'].id, folders()[0].id)
  assert.ok(ok(await plan(s)(env)()).plan.steps.every((x) => x.action === 'noop'))
})

test('refresh: drift becomes a planned update; a deleted object leaves state; reports are read in bulk', async () => {
  const emu = costEmulator()
  const env = envOver(emu.client)
  const reports = Array.from({ length: 30 }, (_, i) =>
    cost.costReport(`r${i}`, { title: `R${i}`, workspaceToken: 'wrkspc_default' }),
  )
  const s = stack('r').add(...reports)
  const a = ok(await apply(s)(env)())
  const client = platformClients({ http: emu.client })('cost', {
    apiToken: secret('emulator-token'),
    host: 'https://api.vantage.sh',
    timeout: '30s',
  })
  const t0 = a.state.resources['cost:CostReport/r0'].id
  const t1 = a.state.resources['cost:CostReport/r1'].id
  ok(
    await client.call({
      _tag: 'Rest',
      method: 'PUT',
      path: `/v2/cost_reports/${t0}`,
      body: { title: 'changed by hand' },
    })(),
  )
  ok(await client.call({ _tag: 'Rest', method: 'DELETE', path: `/v2/cost_reports/${t1}` })())
  const before = Object.values(emu.requests()).reduce((x, y) => x + y, 0)
  const r = ok(await refresh(s)(env)())
  const used = Object.values(emu.requests()).reduce((x, y) => x + y, 0) - before
  assert.ok(used <= 5, `refresh of 30 reports used ${used} requests`)
  assert.equal(r.drift.map((d) => [d.address, d.gone, d.changes.map((c) => c.path)]).sort(), [
    ['cost:CostReport/r0', false, ['title']],
    ['cost:CostReport/r1', true, []],
  ])
  const p = ok(await plan(s)(env)())
  const acts = Object.fromEntries(p.plan.steps.map((x) => [x.name, x.action]))
  assert.is(acts.r0, 'update')
  assert.is(acts.r1, 'create')
  void TE
})

test.run()
