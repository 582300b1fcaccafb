/**
 * One pipeline behind every door: the engine's operations over liveEnv/emulatedEnv and workspace()
 * run the same stages — preflight refuses a forbidden cloud account before any provider changes
 * anything, and one workspace().apply compiles once and reads the store once.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight } from 'fp-ts/Either'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stack, workspace, TrellisError } from '#trellis'
import { apply, plan, type EngineError } from '#trellis/engine'
import type { StageName } from '#trellis/engine'
import { emulatedEnv } from '#trellis/engine'
import { liveEnv } from '#trellis/engine'
import type { Emulators } from '#trellis/engine'
import { memoryStore } from '#trellis'
import type { StateStore } from '#trellis'
import * as cost from '#trellis/cost'
import * as hosting from '#trellis/hosting'
import * as cloud from '#trellis/cloud'
import { costEmulator } from '#trellis/clients'
import { hostingEmulator } from '#trellis/clients'
import { cloudEmulator, EMULATOR_ACCOUNT_ID } from '../../../clients/emulators/cloud'

const test = suite('one pipeline behind every door')
const tempDir = () => mkdtempSync(join(tmpdir(), 'trellis-pipeline-'))
const fresh = (): Emulators => ({ cost: costEmulator(), hosting: hostingEmulator(), cloud: cloudEmulator() })

// cost and hosting resources beside a cloud one, the cloud account forbidden
const mixed = (cloudConfig: Parameters<typeof cloud.provider>[0]) =>
  stack('mixed', { providers: { cloud: cloud.provider(cloudConfig) } }).add(
    cost.folder('first', { title: 'First', workspaceToken: 'wrkspc_default' }),
    hosting.dnsZone('z', { name: 'example.test', teamSlug: 'acme' }),
    cloud.apiGatewayService('svc', { serviceName: 'svc', protocol: 'https', netTypes: ['OUTER'] }),
  )
const nothingOn = (e: Emulators) => {
  assert.is(e.cost.objects().filter((o) => o.kind === 'folders').length, 0, 'no cost folder')
  assert.is(e.hosting.objects().filter((o) => o.kind === 'dns_zones').length, 0, 'no zone')
}
const countingStore = (inner: StateStore) => {
  const n = { reads: 0, writes: 0 }
  const store: StateStore = {
    ...inner,
    read: (s) => (n.reads++, inner.read(s)),
    write: (s, st) => (n.writes++, inner.write(s, st)),
  }
  return { store, n }
}

test('trellis/engine apply on emulatedEnv: a forbidden account is refused, nothing written anywhere', async () => {
  const emulators = fresh()
  const { store, n } = countingStore(memoryStore())
  const env = emulatedEnv({ emulators, store, env: {} })
  const r = await apply(mixed({ forbiddenAccountIds: [EMULATOR_ACCOUNT_ID] }))(env)()
  assert.ok(isLeft(r))
  const e = (r as { left: EngineError }).left
  assert.is(e._tag, 'CompileError')
  const issues = e._tag === 'CompileError' ? e.issues : []
  assert.equal(
    issues.map((i) => [i.node, i.path]),
    [['provider cloud', 'allowedAccountIds']],
  )
  nothingOn(emulators)
  assert.is(n.writes, 0, 'no state written')
  assert.is(n.reads, 0, 'refused before the state was even read')
})

test('workspace() refuses the same stack the same way (TrellisError invalid), nothing written', async () => {
  const emulators = fresh()
  const ws = workspace({ stateDir: tempDir(), emulate: emulators, env: {} })
  const e = await ws.apply(mixed({ allowedAccountIds: ['999999'] })).catch((x: unknown) => x)
  assert.instance(e, TrellisError)
  assert.is((e as TrellisError).kind, 'invalid')
  assert.match(
    (e as TrellisError).message,
    new RegExp(`cloud account ${EMULATOR_ACCOUNT_ID} is not in allowedAccountIds`),
  )
  nothingOn(emulators)
  assert.equal(await ws.stacks(), [])
})

test('a targeted plan skips the providers its nodes do not use', async () => {
  const env = emulatedEnv({ emulators: fresh(), store: memoryStore(), env: {} })
  const r = await plan(mixed({ allowedAccountIds: ['999999'] }), { targets: ['cost:Folder/first'] })(env)()
  assert.ok(isRight(r), 'the cloud instance is not checked: no node of the targeted plan uses it')
})

test('liveEnv: preflight refuses a provider with no credential before anything is sent', async () => {
  const served = await import('../../../clients/serve')
  const h = await served.serve(hostingEmulator().client)
  try {
    const s = stack('site', { providers: { hosting: hosting.provider({ endpoint: h.url }) } }).add(
      hosting.dnsZone('z', { name: 'example.test', teamSlug: 'acme' }),
    )
    const r = await apply(s)(liveEnv({ store: memoryStore(), env: {} }))()
    assert.ok(isLeft(r))
    const e = (r as { left: EngineError }).left
    assert.is(e._tag, 'CompileError')
    assert.match(e._tag === 'CompileError' ? (e.issues[0].message ?? '') : '', /HOST_API_TOKEN/)
    // with the variable set, the same door applies
    const ok = await apply(s)(liveEnv({ store: memoryStore(), env: { HOST_API_TOKEN: 'emulator-token' } }))()
    assert.ok(isRight(ok))
  } finally {
    await h.close()
  }
})

test('one workspace().apply compiles once and reads the store once', async () => {
  const { store, n } = countingStore(memoryStore())
  const stages: StageName[] = []
  const ws = workspace({ store, emulate: fresh(), env: {}, onStage: (s) => stages.push(s) })
  const s = stack('books').add(cost.folder('finance', { title: 'Finance', workspaceToken: 'wrkspc_default' }))
  assert.is((await ws.apply(s)).changes, 1)
  assert.is(stages.filter((x) => x === 'compile').length, 1)
  assert.is(stages.filter((x) => x === 'load').length, 1)
  assert.is(n.reads, 1)
  assert.equal(stages.slice(0, 5), ['envFallbacks', 'compile', 'preflight', 'lock', 'load'])
  assert.ok(stages.indexOf('plan') < stages.indexOf('run') && stages.indexOf('run') < stages.lastIndexOf('save'))
})

test.run()
