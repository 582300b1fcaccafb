/**
 * The preflight check knows no provider by name: a bearer-token provider's field is the first its
 * `verify` names, and a provider whose client recipe declares a credential chain has it resolved
 * (its account checked) through the key sources the edge gives, the failure naming the fields the
 * recipe declares (the key sources themselves, the chain's code loaded when a configuration's keys
 * are first asked for: test/workspace/key-sources.test.ts). And src/workspace reaches the providers
 * only through their registry, never a provider's own folder.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as TE from 'fp-ts/TaskEither'
import type { KeySource, PlatformError } from '#trellis/engine'
import { platformError } from '#trellis/engine'
import { preflightWith } from '#src/workspace/preflight'
import { registryWith, type Config } from './vault-registry'

/**
 * The key sources the edge gives (workspace/key-sources.ts, its own suite): the vault's chain,
 * answering what `answer` says and counting the asks; none for a provider without one.
 */
const vaultKeys = (answer: () => ReturnType<KeySource>) => {
  const seen = { asked: 0 }
  const keys = (provider: string, _config: Config): KeySource | undefined =>
    provider === 'vault' ? () => (seen.asked++, answer()) : undefined
  return { keys, seen }
}

const probeCounting = () => {
  const calls: string[] = []
  return { calls, probe: async (p: string) => (calls.push(p), []) }
}

/** the vault's recipe, its chain's code never loaded here (the key sources stand in for it) */
const registry = registryWith(() => Promise.reject(new Error('not loaded: the key sources are given')))

test('a chain that resolves: no issue; the probe only when the chain did not check the account itself', async () => {
  const { keys, seen } = vaultKeys(() => TE.right({ secretId: 'id', secretKey: 'k' }))
  const { calls, probe } = probeCounting()
  const check = preflightWith(registry, keys, probe)
  assert.equal(await check('vault', 'vault', { keyId: 'a' }), [])
  assert.equal(calls, ['vault'])
  assert.equal(await check('vault', 'vault', { keyId: 'a', accounts: ['1'] }), [])
  assert.equal(calls, ['vault'], 'the chain checked the account: no second read')
  assert.is(seen.asked, 2)
})

test('a chain that fails names the fields the recipe declares: the account list when forbidden, else the key', async () => {
  let kind: 'Forbidden' | 'Unauthorized' = 'Forbidden'
  const { keys } = vaultKeys(() => TE.left(platformError(kind, 'sts', `refused (${kind})`)))
  const check = preflightWith(registry, keys)
  const [forbidden] = await check('vault', 'main', { accounts: ['2'] })
  assert.is(forbidden.path, 'accounts')
  assert.is(forbidden.expected, 'an allowed vault account')
  assert.match(forbidden.message ?? '', /provider main: refused \(Forbidden\)/)
  kind = 'Unauthorized'
  const [none] = await check('vault', 'other', {})
  assert.is(none.path, 'keyId')
  assert.is(none.given, 'none')
})

test("a bearer-token provider's field is the one its verify names; a provider without one is not checked", async () => {
  const { calls, probe } = probeCounting()
  // what the key sources answer for a chain whose code failed to load (test/workspace/key-sources.test.ts)
  const unloaded: PlatformError = platformError(
    'Invalid',
    'vault credentials',
    'the vault credential chain failed to load: no chain here',
  )
  const { keys } = vaultKeys(() => TE.left(unloaded))
  const check = preflightWith(registry, keys, probe)
  const [missing] = await check('board', 'board', {})
  assert.is(missing.path, 'pin')
  assert.match(missing.expected, /pin in the board provider configuration or the environment variable BOARD_PIN/)
  assert.equal(await check('board', 'board', { pin: '' }), [missing])
  assert.equal(await check('board', 'board', { pin: '1234' }), [])
  assert.equal(calls, ['board'])
  assert.equal(await check('plain', 'plain', {}), [])
  const [broken] = await check('vault', 'vault', {})
  assert.is(broken.path, 'keyId', 'a chain whose code fails to load names the key field')
  assert.match(broken.message ?? '', /the vault credential chain failed to load: no chain here/)
})

test('src/workspace imports no provider folder: only the registry', () => {
  const dir = new URL('../../src/workspace/', import.meta.url).pathname
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    const text = readFileSync(join(dir, f), 'utf8')
    for (const m of text.matchAll(/from '(\.\.\/providers\/[^']*)'/g))
      assert.is(m[1], '../providers', `${f} imports ${m[1]}`)
  }
})

test.run()
