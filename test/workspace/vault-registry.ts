/**
 * A registry of three providers for the credential suites (preflight, key-sources): `vault`, whose
 * signed recipe declares a credential chain each test sets; `board`, a bearer-token provider whose
 * verify names its `pin`; `plain`, with neither.
 */
import * as TE from 'fp-ts/TaskEither'
import type { KeyChainFacts, KeyChainMaker, Tc3Recipe } from '#trellis/engine'
import type { Registry } from '#trellis'
import { platformError } from '#trellis/engine'

export type Config = Readonly<Record<string, unknown>>

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
export const registryWith = (load: KeyChainFacts<Config>['load']) =>
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
export const chainOf = (answer: () => ReturnType<ReturnType<ReturnType<KeyChainMaker>>>) => {
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
