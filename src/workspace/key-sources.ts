/**
 * The credential chains of the providers whose client recipes declare one (Tc3Recipe.chain, which
 * names its own code: a user's provider as a built-in one), each made over the edge's transport and
 * environment for that provider, one chain per distinct configuration (credentials-cache.ts):
 * shared by the preflight check and every request after it.
 */
import type { ChainIo, KeyChainFacts, KeySource } from '../core/client-recipe'
import type { Registry } from '../core/registry'
import { credentialsCache } from './credentials-cache'
import { loadedChain } from './loaded-chain'

type Config = Readonly<Record<string, unknown>>

/** A provider configuration's key source, when its provider has a credential chain. */
export type KeySources = (provider: string, config: Config) => KeySource | undefined

/** What a provider's recipe declares of its credential chain, if it has one. */
export const chainFactsOf = (registry: Registry, provider: string): KeyChainFacts<Config> | undefined => {
  const recipe = registry.providers.get(provider)?.client
  return recipe && typeof recipe !== 'function' && recipe.protocol === 'tc3' ? recipe.chain : undefined
}

export const keySources = (registry: Registry, io: (provider: string) => ChainIo): KeySources => {
  const byProvider = new Map<string, (config: Config) => KeySource>()
  return (provider, config) => {
    const facts = chainFactsOf(registry, provider)
    if (!facts) return undefined
    let chain = byProvider.get(provider)
    if (!chain) byProvider.set(provider, (chain = credentialsCache(loadedChain(provider, facts, io(provider)))))
    return chain(config)
  }
}
