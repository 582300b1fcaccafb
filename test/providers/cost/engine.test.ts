/**
 * End to end: cost resources through the real interpreter (compile → plan → apply over the http
 * handler and the REST client) against the emulator: create, a refreshed re-plan with no changes,
 * update or replace, import, delete.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { stack } from '#trellis'
import { secret } from '#trellis'
import { makeRegistry } from '#trellis'
import { apply, plan, destroy, importResource } from '#trellis/engine'
import { httpHandler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { costProvider } from '#trellis/engine'
import { buildersFor } from '#trellis/engine'
import { platformClients } from '#trellis/clients'
import { costEmulator, type CostEmulatorOptions } from '../../../clients/emulators/cost'

const cost = buildersFor(costProvider) as any
const registry = makeRegistry([costProvider])

const world = (opts: CostEmulatorOptions = {}) => {
  const emu = costEmulator(opts)
  const env: Env = {
    registry,
    handler: httpHandler({ clients: (p, c) => platformClients({ http: emu.client })(p, c) }),
    store: memoryStore(),
    events: () => undefined,
    concurrency: 4,
    now: () => new Date('2024-07-15T12:00:00Z'),
  }
  return { emu, env }
}
const run = async <A>(rte: (env: Env) => () => Promise<E.Either<unknown, A>>, env: Env): Promise<A> => {
  const r = await rte(env)()
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left, null, 1).slice(0, 2000))
  return r.right
}
const actions = (p: { steps: ReadonlyArray<{ action: string }> }) => p.steps.map((s) => s.action)
const providers = () => ({ cost: cost.provider({ apiToken: secret('emulator-token-zq') }) })
const count = (w: ReturnType<typeof world>, kind: string) => w.emu.objects().filter((o) => o.kind === kind).length

test('folder, report with defaults, alert: create, clean refreshed re-plan, update, delete', async () => {
  const w = world()
  const ws = cost.getWorkspaces('ws')
  const folder = cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' })
  const report = cost
    .costReport('monthly', { title: 'Monthly AWS', filter: "costs.provider = 'aws'", groupings: 'service' })
    .folderToken(folder.out.token)
  const alert = cost
    .costAlert('spike', {
      title: 'Spike',
      interval: 'day',
      unitType: 'percentage',
      threshold: 20,
      minimumThreshold: 50,
    })
    .reportTokens([report.out.token])
    .workspaceToken(ws.out.workspaces.map((x: Array<{ token: string }>) => x[0].token))
  const s1 = stack('finance', { providers: providers() }).add(ws, folder, report, alert)
  const r1 = await run(apply(s1), w.env)
  assert.not.ok(JSON.stringify(r1.state).includes('emulator-token-zq'))
  assert.equal([count(w, 'folders'), count(w, 'cost_reports'), count(w, 'cost_alerts')], [1, 1, 1])
  const again = await run(plan(s1, { refresh: true }), w.env)
  assert.equal(actions(again.plan), ['read', 'noop', 'noop', 'noop'])
  // an update in place keeps the report (full-state PUT keeps chart type)
  const s2 = stack('finance', { providers: providers() }).add(
    ws,
    folder,
    report.chartType('bar').dateInterval('last_month'),
    alert.threshold(30),
  )
  const p2 = await run(plan(s2), w.env)
  assert.equal(actions(p2.plan), ['read', 'noop', 'update', 'update'])
  await run(apply(s2), w.env)
  const stored = w.emu.objects().find((o) => o.kind === 'cost_reports')!.body as Record<string, unknown>
  assert.equal([stored.chart_type, stored.date_interval], ['bar', 'last_month'])
  assert.equal(actions((await run(plan(s2, { refresh: true }), w.env)).plan), ['read', 'noop', 'noop', 'noop'])
  await run(destroy(s2), w.env)
  assert.equal([count(w, 'folders'), count(w, 'cost_reports'), count(w, 'cost_alerts')], [0, 0, 0])
})

test('budget with periods: default end dates and string amounts make no diff; workspace change replaces', async () => {
  const w = world({ fixtures: { workspaces: [{ token: 'wrkspc_2', name: 'Second' }] } })
  const report = cost.costReport('r', { title: 'R', workspaceToken: 'wrkspc_default' })
  const budget = cost
    .budget('b', {
      name: 'AWS',
      workspaceToken: 'wrkspc_default',
      periods: [
        { startAt: '2024-07-01', amount: 1000 },
        { startAt: '2024-08-01', amount: 1200.5 },
      ],
    })
    .costReportToken(report.out.token)
  const s1 = stack('b', { providers: providers() }).add(report, budget)
  await run(apply(s1), w.env)
  assert.equal(actions((await run(plan(s1, { refresh: true }), w.env)).plan), ['noop', 'noop'])
  const s2 = stack('b', { providers: providers() }).add(report, budget.workspaceToken('wrkspc_2'))
  assert.equal(actions((await run(plan(s2), w.env)).plan), ['noop', 'replace'])
  await run(apply(s2), w.env)
  assert.is(count(w, 'budgets'), 1)
})

test('custom provider: import by integration token, then rename warns and keeps the name; removing workspaces is refused', async () => {
  const w = world()
  const made = cost.customProvider('made', { name: 'Snow', description: 'CSV uploads', workspaces: ['wrkspc_default'] })
  await run(apply(stack('other', { providers: providers() }).add(made)), w.env)
  const token = w.emu.objects().find((o) => o.kind === 'integrations')!.id
  const cp = cost.customProvider('cp', { name: 'Snow', workspaces: ['wrkspc_default'] })
  const s = stack('cp', { providers: providers() }).add(cp)
  const imported = await run(importResource(s, 'cost:CustomProvider', 'cp', token), w.env)
  assert.equal(imported.inputs, { name: 'Snow', workspaces: ['wrkspc_default'] })
  assert.equal(actions((await run(plan(s), w.env)).plan), ['noop'])
  const renamed = await run(plan(stack('cp', { providers: providers() }).add(cp.name('Snowflake'))), w.env)
  assert.equal(actions(renamed.plan), ['noop'])
  assert.ok(
    renamed.plan.warnings.some(
      (x: { path: string; severity: string }) => x.path === 'name' && x.severity === 'warning',
    ),
  )
  const bare = await plan(stack('cp', { providers: providers() }).add(cost.customProvider('cp', { name: 'Snow' })))(
    w.env,
  )()
  assert.ok(E.isLeft(bare))
  assert.ok(JSON.stringify(E.isLeft(bare) ? bare.left : '').includes('requires at least one workspace'))
})

test('invoice: created once, a changed period replaces, removing it only forgets', async () => {
  const w = world()
  const acct = cost.managedAccount('acme', { name: 'Acme', contactEmail: 'ap@acme.example' })
  const inv = cost
    .invoice('june', { billingPeriodStart: '2024-06-01', billingPeriodEnd: '2024-06-30' })
    .accountToken(acct.out.token)
  await run(apply(stack('msp', { providers: providers() }).add(acct, inv)), w.env)
  assert.equal(
    actions((await run(plan(stack('msp', { providers: providers() }).add(acct, inv), { refresh: true }), w.env)).plan),
    ['noop', 'noop'],
  )
  const p = await run(
    plan(stack('msp', { providers: providers() }).add(acct, inv.billingPeriodEnd('2024-07-31'))),
    w.env,
  )
  assert.equal(actions(p.plan), ['noop', 'replace'])
  await run(apply(stack('msp', { providers: providers() }).add(acct)), w.env)
  assert.is(count(w, 'invoices'), 1)
})

test('a bad billing rule never reaches the network', async () => {
  const w = world()
  const bad = cost.billingRule('r', { title: 'x', type: 'custom', sqlQuery: 'DELETE FROM costs' })
  const r = await plan(stack('rules', { providers: providers() }).add(bad))(w.env)()
  assert.ok(E.isLeft(r))
  assert.equal(Object.keys(w.emu.requests()), [])
})

test.run()
