/**
 * A signed-action provider of a user's own gets the credential chain its recipe declares through
 * workspace(), as the built-in cloud does: here the cloud's own chain (cloudCredentialChain, from
 * trellis/engine) on a `widgets` provider, against a loopback platform answering both its token
 * service and its one service. Keys come from the environment, a role is assumed over STS, every
 * widget request is signed with the temporary keys, and preflight checks the account before any.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { stack, workspace, TrellisError, memoryStore } from '#trellis'
import { buildersFor, cloudCredentialChain, makeRegistry } from '#trellis/engine'
import { serve } from '#trellis/clients'
import { ACCOUNT, BASE, TEMPORARY, widgetsPlatform, widgetsProvider } from './widgets-platform'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { keySources } from '#src/workspace/key-sources'
import { chainOf, registryWith } from './vault-registry'

const test = suite('key sources: the chain a recipe declares, for a provider of your own')

const provider = widgetsProvider(cloudCredentialChain)
const registry = makeRegistry([provider])
const widgets = buildersFor(provider)
const ENV = { CLOUD_SECRET_ID: BASE.id, CLOUD_SECRET_KEY: BASE.key }

const shop = (port: number, accounts: string[]) =>
  stack('shop', {
    providers: {
      widgets: widgets.provider({
        domain: `localhost:${port}`,
        protocol: 'HTTP',
        assumeRole: { roleArn: 'qcs::cam::uin/1:roleName/deployer', sessionName: 'trellis' },
        allowedAccountIds: accounts,
      }),
    },
  }).add(widgets.widget('gear', { name: 'gear' }))

test('keys from the environment, a role assumed over STS, every widget request signed with the temporary keys', async () => {
  const platform = widgetsPlatform()
  const served = await serve(platform.client)
  try {
    const ws = workspace({ registry, store: memoryStore(), env: ENV })
    const r = await ws.apply(shop(served.port, [ACCOUNT]))
    assert.is(r.changes, 1)
    assert.equal([...platform.widgets.values()], ['gear'])
    assert.ok(
      platform.seen.every((s) => s.valid),
      'every signature checks out',
    )
    const sts = platform.seen.filter((s) => s.call.startsWith('sts:'))
    assert.equal(
      sts.map((s) => `${s.call} ${s.keyId}`),
      [`sts:AssumeRole ${BASE.id}`, `sts:GetCallerIdentity ${TEMPORARY.id}`],
      'the chain ran once: the role assumed with the base keys, the account checked with the temporary ones',
    )
    const calls = platform.seen.filter((s) => s.call.startsWith('widgets:'))
    assert.ok(calls.some((s) => s.call === 'widgets:CreateWidget'))
    assert.equal(new Set(calls.map((s) => `${s.keyId} ${s.token}`)), new Set([`${TEMPORARY.id} ${TEMPORARY.token}`]))
  } finally {
    await served.close()
  }
})

test('preflight verifies it: another account stops the run before any widget request, naming allowedAccountIds', async () => {
  const platform = widgetsPlatform()
  const served = await serve(platform.client)
  try {
    const ws = workspace({ registry, store: memoryStore(), env: ENV })
    const e = await ws.plan(shop(served.port, ['999999'])).catch((x: unknown) => x)
    assert.instance(e, TrellisError)
    const [issue] = (e as TrellisError).issues
    assert.is(issue.node, 'provider widgets')
    assert.is(issue.path, 'allowedAccountIds')
    assert.is(issue.expected, 'an allowed widgets account')
    assert.equal(
      platform.seen.map((s) => s.call),
      ['sts:AssumeRole', 'sts:GetCallerIdentity'],
    )
  } finally {
    await served.close()
  }
})

test("the key sources: a recipe's chain loaded when a key is first asked for, once, one per provider", async () => {
  const { load, seen } = chainOf(() => TE.right({ secretId: 'id', secretKey: 'k' }))
  const keys = keySources(registryWith(load), (p) => ({ http: `http:${p}`, env: {} }))
  assert.is(keys('board', {}), undefined, 'a provider whose recipe declares no chain has no key source')
  assert.is(keys('plain', {}), undefined)
  const vault = keys('vault', { keyId: 'a' })!
  assert.is(seen.loaded, 0, 'nothing loaded before a key is asked for')
  assert.equal(await vault()(), E.right({ secretId: 'id', secretKey: 'k' }))
  assert.equal(await keys('vault', { keyId: 'a', accounts: ['1'] })!()(), E.right({ secretId: 'id', secretKey: 'k' }))
  assert.equal(seen.io, ['http:vault'], "one chain per provider, over that provider's transport")
  assert.is(seen.loaded, 1, 'its code loaded once')
  assert.is(seen.asked, 2)
})

test('the key sources: a chain whose code fails to load answers with an error naming the provider', async () => {
  const keys = keySources(
    registryWith(() => Promise.reject(new Error('no chain here'))),
    () => ({ http: 0, env: {} }),
  )
  const r = await keys('vault', {})!()()
  assert.ok(E.isLeft(r))
  if (E.isLeft(r)) assert.match(r.left.message, /the vault credential chain failed to load: no chain here/)
})

test.run()
