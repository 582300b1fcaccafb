/**
 * A cost report or folder with neither a folder nor a workspace (issue 34 item 3). The platform
 * needs `workspace_token` only when the API token sees several workspaces (docs/wire/cost.md);
 * the upstream provider refuses every such object at plan. trellis refuses exactly when the
 * platform would — the token sees several workspaces — at plan, naming the resource and the field,
 * before any request changes anything; with one workspace the platform's default is unambiguous
 * and the object is made there. The emulator refuses such a create too, as the platform does.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { memoryStore, stack } from '#trellis'
import { apply, emulatedEnv, formatEngineError, plan } from '#trellis/engine'
import { costEmulator, hostingEmulator, cloudEmulator } from '#trellis/clients'
import * as cost from '#trellis/cost'

const SECOND = { token: 'wrkspc_second', name: 'Second', created_at: '2024-01-01T00:00:00Z', currency: 'USD' }

/** emulated platforms whose API token sees the default workspace, and a second when `two` */
const envWith = (two: boolean) => {
  const c = costEmulator({ token: 'emulator-token', fixtures: two ? { workspaces: [SECOND] } : {} })
  const env = emulatedEnv({
    store: memoryStore(),
    env: {},
    emulators: { cost: c, hosting: hostingEmulator(), cloud: cloudEmulator() },
  })
  return { env, held: (kind: string) => c.objects().filter((o) => o.kind === kind) }
}

const nowhere = stack('ws').add(cost.folder('f', { title: 'F' }), cost.costReport('r', { title: 'R' }))

test('the token sees several workspaces: plan refuses a report and a folder given neither, naming the field', async () => {
  const { env, held } = envWith(true)
  const r = await plan(nowhere)(env)()
  assert.ok(E.isLeft(r), 'plan refuses')
  const text = E.isLeft(r) ? formatEngineError(r.left) : ''
  assert.match(text, 'cost:CostReport "r" field `workspaceToken`')
  assert.match(text, 'cost:Folder "f" field `workspaceToken`')
  assert.match(
    text,
    /folderToken or workspaceToken: the API token sees several workspaces \(wrkspc_default, wrkspc_second/,
  )
  assert.match(text, /parentFolderToken or workspaceToken/)
  // apply refuses at its plan too: nothing was made
  assert.ok(E.isLeft(await apply(nowhere)(env)()))
  assert.equal([...held('cost_reports'), ...held('folders')], [])
})

test('the token sees several workspaces: a workspace, or a folder, is enough', async () => {
  const { env, held } = envWith(true)
  const folder = cost.folder('f', { title: 'F', workspaceToken: 'wrkspc_second' })
  const s = stack('ws').add(
    folder,
    cost.costReport('in-folder', { title: 'A', folderToken: folder.out.token }),
    cost.costReport('in-workspace', { title: 'B', workspaceToken: 'wrkspc_second' }),
  )
  const r = await apply(s)(env)()
  assert.ok(E.isRight(r), E.isLeft(r) ? formatEngineError(r.left) : '')
  assert.is(held('cost_reports').length, 2)
  // the next plan (the objects exist) is clean: the rule concerns creates only
  const again = await plan(s)(env)()
  assert.ok(E.isRight(again), E.isLeft(again) ? formatEngineError(again.left) : '')
})

test('the token sees one workspace: a report and a folder given neither are made there', async () => {
  const { env, held } = envWith(false)
  const r = await apply(nowhere)(env)()
  assert.ok(E.isRight(r), E.isLeft(r) ? formatEngineError(r.left) : '')
  assert.equal(
    held('cost_reports').map((o) => (o.body as { workspace_token?: string }).workspace_token),
    ['wrkspc_default'],
  )
})

test('the emulator refuses such a create when the token sees several workspaces, as the platform does', async () => {
  const c = costEmulator({ fixtures: { workspaces: [SECOND] } })
  const send = (path: string, body: unknown) =>
    c.client({
      method: 'POST',
      url: `https://api.vantage.sh${path}`,
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify(body),
    })()
  for (const [path, body] of [
    ['/v2/cost_reports', { title: 'R' }],
    ['/v2/folders', { title: 'F' }],
  ] as const) {
    const r = await send(path, body)
    assert.ok(E.isRight(r) && r.right.status === 400, `${path}: ${JSON.stringify(r)}`)
    if (E.isRight(r)) assert.match(r.right.body, /workspace_token is required/)
    const ok = await send(path, { ...body, workspace_token: 'wrkspc_second' })
    assert.ok(E.isRight(ok) && ok.right.status < 300, `${path} with a workspace: ${JSON.stringify(ok)}`)
  }
})

test.run()
