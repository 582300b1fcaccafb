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

test.run()
