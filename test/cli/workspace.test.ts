/**
 * workspace(): the embedding API the CLI is a client of — plain results, typed errors with
 * structured issues, provider environment fallbacks, and the account check run once, before any
 * provider changes anything, on the emulated path too.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack, workspace, TrellisError, secret } from '#trellis'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import * as cloud from '#trellis/cloud'
import { EMULATOR_ACCOUNT_ID } from '../../clients/emulators/cloud'
import { costEnv, platform, tempDir } from './harness'

const test = suite('workspace()')

const books = () =>
  stack('books')
    .add(
      cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' }),
      cost
        .costReport('monthly', { title: 'Monthly', filter: "costs.provider = 'aws'" })
        .folderToken(cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' }).out.token),
    )
    .export('report', 'fixed')

test('plan, apply, outputs and destroy resolve to plain results (emulated)', async () => {
  const ws = workspace({ stateDir: tempDir(), emulate: true, env: {} })
  const p = await ws.plan(books())
  assert.is(p.hasChanges, true)
  assert.is(p.summary.create, 2)
  assert.is(p.refreshed, false)
  const events: string[] = []
  const a = await ws.apply(books(), { onEvent: (e) => e.type === 'step-done' && events.push(e.address) })
  assert.is(a.changes, 2)
  assert.equal(events.sort(), ['cost:CostReport/monthly', 'cost:Folder/finance'])
  assert.equal(await ws.outputs('books'), { report: 'fixed' })
  assert.equal(await ws.stacks(), ['books'])
  const d = await ws.destroy(books())
  assert.is(d.changes, 2)
  await ws.close()
})

test('an invalid stack rejects with a TrellisError of kind invalid and structured issues', async () => {
  const ws = workspace({ stateDir: tempDir(), emulate: true, env: {} })
  const bad = stack('bad').add(cost.folder('f', { title: 42, workspaceToken: 'w' } as unknown as { title: string }))
  const e = await ws.plan(bad).then(
    () => undefined,
    (x: unknown) => x,
  )
  assert.instance(e, TrellisError)
  const t = e as TrellisError
  assert.is(t.kind, 'invalid')
  assert.is(t.exitCode, 3)
  assert.equal(
    t.issues.map((i) => [i.node, i.path, i.expected, i.given]),
    [['cost:Folder "f"', 'title', 'string', '42']],
  )
})

test('bad options are usage errors: concurrency 0', () => {
  assert.throws(
    () => workspace({ concurrency: 0 }),
    (e: unknown) => e instanceof TrellisError && e.kind === 'usage' && /concurrency/.test(e.message),
  )
})

test('allowedAccountIds is checked once, before any provider changes anything (emulated path)', async () => {
  const ws = workspace({ stateDir: tempDir(), emulate: true, env: {} })
  const s = stack('guarded', { providers: { cloud: cloud.provider({ allowedAccountIds: ['999999'] }) } }).add(
    cost.folder('first', { title: 'First', workspaceToken: 'wrkspc_default' }),
    cloud.apiGatewayService('svc', { serviceName: 'svc', protocol: 'https', netTypes: ['OUTER'] }),
  )
  const e = (await ws.apply(s).catch((x: unknown) => x)) as TrellisError
  assert.instance(e, TrellisError)
  assert.match(
    e.message,
    new RegExp(`provider cloud: cloud account ${EMULATOR_ACCOUNT_ID} is not in allowedAccountIds`),
  )
  const folders = () => ws.emulators!.cost.objects().filter((o) => o.kind === 'folders').length
  assert.is(folders(), 0, 'the cost folder was not created')
  const allowed = stack('guarded', {
    providers: { cloud: cloud.provider({ allowedAccountIds: [EMULATOR_ACCOUNT_ID] }) },
  }).add(cost.folder('first', { title: 'First', workspaceToken: 'wrkspc_default' }))
  assert.is((await ws.apply(allowed)).changes, 1)
})

test('a provider token from the environment (HOST_API_TOKEN) is used when the program configures none', async () => {
  // hosting.provider({ endpoint }) without a token: the environment's token applies
  const served = await import('../../clients/serve')
  const { hostingEmulator } = await import('../../clients/emulators/hosting')
  const h = await served.serve(hostingEmulator({ token: 'from-the-env' }).client)
  try {
    const s = stack('site', { providers: { hosting: hosting.provider({ endpoint: h.url }) } }).add(
      hosting.dnsZone('z', { name: 'example.test', teamSlug: 'acme' }),
    )
    const missing = await workspace({ stateDir: tempDir(), env: {} })
      .plan(s)
      .catch((x: unknown) => x as TrellisError)
    assert.instance(missing, TrellisError)
    assert.match((missing as TrellisError).message, /HOST_API_TOKEN/)
    const ws = workspace({ stateDir: tempDir(), env: { HOST_API_TOKEN: 'from-the-env' } })
    assert.is((await ws.apply(s)).changes, 1)
  } finally {
    await h.close()
  }
})

test('COST_API_TOKEN and COST_HOST from env reach the real handler; secrets in outputs are markers', async () => {
  const p = await platform()
  try {
    const ws = workspace({ stateDir: tempDir(), env: costEnv(p) })
    const s = stack('sec')
      .add(cost.folder('f', { title: 'F', workspaceToken: 'wrkspc_default' }))
      .export('password', secret('hunter2'))
    const r = await ws.apply(s)
    assert.is(r.changes, 1)
    assert.equal(r.outputs, { password: { secret: true } })
    assert.equal(await ws.outputs('sec'), { password: { secret: true } })
  } finally {
    await p.close()
  }
})

test('a stop signal lets in-flight steps finish and be recorded; the run rejects as interrupted', async () => {
  const p = await platform(150)
  try {
    const c = new AbortController()
    const dir = tempDir()
    const ws = workspace({ stateDir: dir, env: costEnv(p), signal: c.signal, concurrency: 2 })
    const s = stack('many').add(
      ...Array.from({ length: 8 }, (_, i) =>
        cost.folder(`f${i}`, { title: `F${i}`, workspaceToken: 'wrkspc_default' }),
      ),
    )
    const e = await ws
      .apply(s, {
        onEvent: (ev) => {
          if (ev.type === 'step-start') c.abort()
        },
      })
      .catch((x: unknown) => x as TrellisError)
    assert.instance(e, TrellisError)
    assert.is((e as TrellisError).kind, 'interrupted')
    const st = await ws.state('many')
    assert.equal(Object.keys(st!.pending), [], 'no unsettled write-ahead entry')
    const made = Object.keys(st!.resources).length
    assert.ok(made >= 1 && made < 8, `some but not all were made (${made})`)
    // the next run does the rest
    const again = await workspace({ stateDir: dir, env: costEnv(p) }).apply(s)
    assert.is(again.changes, 8 - made)
  } finally {
    await p.close()
  }
})

test.run()
