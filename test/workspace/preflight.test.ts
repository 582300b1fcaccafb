/**
 * The preflight check knows no provider by name: a bearer-token provider's field is the first its
 * `verify` names, and a provider whose client recipe declares a credential chain has it resolved
 * (its account checked) through the key sources the edge gives, the failure naming the fields the
 * recipe declares; the chain's code is the recipe's own, loaded when a configuration's keys are
 * first asked for. And src/workspace reaches the providers only through their registry, never a
 * provider's own folder.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as TE from 'fp-ts/TaskEither'
import type { KeyChainFacts, KeyChainMaker, Tc3Recipe } from '#trellis/engine'
import type { Registry } from '#trellis'
import { platformError } from '#trellis/engine'
import { keySources } from '#src/workspace/key-sources'
import { preflightWith } from '#src/workspace/preflight'

type Config = Readonly<Record<string, unknown>>

const signed = (chain: KeyChainFacts<Config>['load']): Tc3Recipe<Config> => ({
  protocol: 'tc3',
  region: () => 'r1',
  scheme: () => undefined,
  domain: () => 'example.test',
  keys: () => () => TE.left(platformError('Unauthorized', 'keys', 'config keys only')),
  timeoutMs: () => 1_000,
  budget: { capacity: 1, refillPerSecond: 1 },
  chain: { checksAccount: (c) => c.accounts !== undefined, accountField: 'accounts', keyField: 'keyId', load: chain },
})

/** the vault's recipe declares the chain `load` gives */
const registryWith = (load: KeyChainFacts<Config>['load']) =>
  ({
    providers: new Map<string, unknown>([
      ['vault', { client: signed(load), env: {} }],
      [
        'board',
        { client: { protocol: 'rest' }, env: { pin: 'BOARD_PIN' }, verify: { credential: ['pin'], endpoint: 'url' } },
      ],
      ['plain', { client: { protocol: 'rest' }, env: {} }],
    ]),
  }) as unknown as Registry

/** a chain whose answer each test sets, counting how often it was made and asked */
const chainOf = (answer: () => ReturnType<ReturnType<ReturnType<KeyChainMaker>>>) => {
  const seen = { loaded: 0, made: 0, asked: 0, io: [] as string[] }
  const maker: KeyChainMaker = (io) => {
    seen.made++
    seen.io.push(String(io.http))
    return () => () => {
      seen.asked++
      return answer()
    }
  }
  const load = async () => (seen.loaded++, maker)
  return { load, seen }
}

const probeCounting = () => {
  const calls: string[] = []
  return { calls, probe: async (p: string) => (calls.push(p), []) }
}

test('a chain that resolves: no issue; the probe only when the chain did not check the account itself', async () => {
  const { load, seen } = chainOf(() => TE.right({ secretId: 'id', secretKey: 'k' }))
  const { calls, probe } = probeCounting()
  const registry = registryWith(load)
  const keys = keySources(registry, (p) => ({ http: `http:${p}`, env: {} }))
  assert.is(seen.loaded, 0, 'nothing loaded before a key is asked for')
  const check = preflightWith(registry, keys, probe)
  assert.equal(await check('vault', 'vault', { keyId: 'a' }), [])
  assert.equal(calls, ['vault'])
  assert.equal(await check('vault', 'vault', { keyId: 'a', accounts: ['1'] }), [])
  assert.equal(calls, ['vault'], 'the chain checked the account: no second read')
  assert.equal(seen.io, ['http:vault'], "one chain per provider, over that provider's transport")
  assert.is(seen.loaded, 1, 'its code loaded once')
  assert.is(seen.asked, 2)
})

test('a chain that fails names the fields the recipe declares: the account list when forbidden, else the key', async () => {
  let kind: 'Forbidden' | 'Unauthorized' = 'Forbidden'
  const { load } = chainOf(() => TE.left(platformError(kind, 'sts', `refused (${kind})`)))
  const registry = registryWith(load)
  const check = preflightWith(
    registry,
    keySources(registry, () => ({ http: 0, env: {} })),
  )
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
  const registry = registryWith(() => Promise.reject(new Error('no chain here')))
  const check = preflightWith(
    registry,
    keySources(registry, () => ({ http: 0, env: {} })),
    probe,
  )
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
