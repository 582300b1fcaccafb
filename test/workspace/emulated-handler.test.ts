/**
 * The emulated wiring takes emulators by provider: a registry's own provider (`widgets`, signed
 * actions, its recipe carrying its own credential chain) on a tiny emulator of its own, beside the
 * built-in three, through runOnEmulators, emulatedEnv and workspace({ emulate }); the emulator a
 * provider declares (ProviderSpec.emulator) when it is given none, on the lasting platforms of
 * `--emulate` too; and a provider with no emulator is named, with the ones there are, never sent to
 * its real platform.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { stack, workspace, memoryStore } from '#trellis'
import {
  apply,
  buildersFor,
  emulatedEnv,
  makeRegistry,
  providers,
  type ProviderEmulator,
  type KeyChainFacts,
} from '#trellis/engine'
import { runOnEmulators, expectPlan } from '#trellis/testing'
import { cloudEmulator, costEmulator, emulators, hostingEmulator, serveEmulators } from '#trellis/clients'
import quickstart from '../../examples/quickstart'
import { TEMPORARY, widgetsPlatform, widgetsProvider } from './widgets-platform'

const test = suite('emulated wiring: emulators by provider, a registry’s own beside the built-in ones')

/** the widgets' own chain: the temporary keys the tiny platform accepts, whatever the configuration */
const ownChain: KeyChainFacts<Readonly<Record<string, unknown>>> = {
  checksAccount: () => false,
  accountField: 'allowedAccountIds',
  keyField: 'region',
  load: async () => () => () => () =>
    TE.right({ secretId: TEMPORARY.id, secretKey: TEMPORARY.key, token: TEMPORARY.token }),
}
const provider = widgetsProvider(ownChain)
const registry = makeRegistry([...providers, provider])
const widgets = buildersFor(provider)

const mixed = () =>
  stack('mixed', { providers: { ...quickstart.providers, widgets: widgets.provider({}) } }).add(
    ...quickstart.nodes,
    widgets.widget('gear', { name: 'gear' }),
  )

/** the built-in emulators and the widgets' own */
const fresh = () => {
  const platform = widgetsPlatform()
  const emulators = {
    cost: costEmulator(),
    hosting: hostingEmulator(),
    cloud: cloudEmulator(),
    widgets: { client: platform.client },
  }
  return { platform, emulators }
}

test('runOnEmulators: the widget made on its emulator, the quickstart on the built-in ones; a second run has no changes', async () => {
  const { platform, emulators } = fresh()
  const first = await runOnEmulators(mixed(), { registry, emulators })
  assert.equal([...platform.widgets.values()], ['gear'])
  assert.ok(platform.seen.length > 0 && platform.seen.every((s) => s.valid && s.keyId === TEMPORARY.id))
  assert.is(first.emulators.cost.objects().filter((o) => o.kind === 'folders').length, 1)
  assert.is(first.emulators.widgets.client, platform.client, 'the emulators keep their own types')
  const again = await runOnEmulators(mixed(), { registry, emulators: first.emulators, state: first.state })
  expectPlan(again).toHaveNoChanges()
  assert.is(platform.widgets.size, 1)
})

test('emulatedEnv and workspace({ emulate }) run it the same way, preflight included', async () => {
  const a = fresh()
  const r = await apply(mixed())(emulatedEnv({ registry, store: memoryStore(), env: {}, emulators: a.emulators }))()
  assert.ok(E.isRight(r), E.isLeft(r) ? JSON.stringify(r.left).slice(0, 400) : '')
  assert.equal([...a.platform.widgets.values()], ['gear'])
  const b = fresh()
  const ws = workspace({ registry, store: memoryStore(), env: {}, emulate: b.emulators })
  const resources = quickstart.nodes.filter((n) => n._tag === 'Resource').length
  assert.is((await ws.apply(mixed())).changes, resources + 1, 'every resource, the widget too')
  assert.equal([...b.platform.widgets.values()], ['gear'])
  assert.is(ws.emulators?.widgets, b.emulators.widgets)
})

test('a provider with no emulator is named, with the providers that have one', async () => {
  const { emulators } = fresh()
  const { widgets: _left, ...builtIn } = emulators
  const e = await runOnEmulators(mixed(), { registry, emulators: builtIn }).catch((x: unknown) => x)
  assert.match(String(e), /no emulator for provider widgets \(emulated: cost, hosting, cloud\)/)
})

test('a declared emulator: runOnEmulators without emulators makes it beside the built-in ones, and hands it back', async () => {
  const platform = widgetsPlatform()
  const declaring = makeRegistry([...providers, widgetsProvider(ownChain, () => ({ client: platform.client }))])
  const first = await runOnEmulators(mixed(), { registry: declaring })
  assert.equal([...platform.widgets.values()], ['gear'])
  assert.is((first.emulators as Readonly<Record<string, ProviderEmulator>>).widgets.client, platform.client)
  const again = await runOnEmulators(mixed(), { registry: declaring, emulators: first.emulators, state: first.state })
  expectPlan(again).toHaveNoChanges()
})

test('workspace({ emulate: true }) (what --emulate runs): the declared emulator beside the lasting platforms; a provider with none is refused, not sent to its platform', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-declared-'))
  try {
    const platform = widgetsPlatform()
    const declaring = makeRegistry([...providers, widgetsProvider(ownChain, () => ({ client: platform.client }))])
    const ws = workspace({ registry: declaring, emulate: true, stateDir: dir, env: {} })
    const made = await ws.apply(mixed()).finally(() => ws.close())
    assert.ok(made.changes > 1)
    assert.equal([...platform.widgets.values()], ['gear'])
    const bare = workspace({ registry, emulate: true, stateDir: join(dir, 'bare'), env: {} })
    const e = await bare
      .apply(mixed())
      .catch((x: unknown) => x)
      .finally(() => bare.close())
    assert.match(String(e), /no emulator for provider widgets \(emulated: cost, hosting, cloud\)/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a running `trellis emulate` serves the built-in platforms only: a declared emulator runs in-process, a provider without one is refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-served-'))
  const served = await serveEmulators(emulators())
  try {
    const endpoint = { pid: process.pid, endpoints: served.endpoints, data: join(dir, 'x.json'), since: 'now' }
    mkdirSync(join(dir, 'emulated'), { recursive: true })
    writeFileSync(join(dir, 'emulated', 'endpoint.json'), JSON.stringify(endpoint))
    // a loopback port nothing answers on: were it sent to the platform, it would stay on this machine
    const shop = stack('shop', {
      providers: { widgets: widgets.provider({ domain: 'localhost:9', protocol: 'HTTP' }) },
    })
    const bare = workspace({ registry, emulate: true, stateDir: dir, env: {} })
    const e = await bare
      .apply(shop.add(widgets.widget('gear', { name: 'gear' })))
      .catch((x: unknown) => x)
      .finally(() => bare.close())
    assert.match(String(e), /no emulator for provider widgets \(emulated: cost, hosting, cloud\)/)
    const platform = widgetsPlatform()
    const declaring = makeRegistry([...providers, widgetsProvider(ownChain, () => ({ client: platform.client }))])
    const ws = workspace({ registry: declaring, emulate: true, stateDir: dir, env: {} })
    await ws.apply(shop.add(widgets.widget('bolt', { name: 'bolt' }))).finally(() => ws.close())
    assert.equal([...platform.widgets.values()], ['bolt'])
  } finally {
    await served.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
