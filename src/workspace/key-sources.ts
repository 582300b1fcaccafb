/**
 * The credential chains of the providers whose client recipes declare one (Tc3Recipe.chain), each
 * made over the edge's transport and environment for that provider, one chain per distinct
 * configuration (credentials-cache.ts): shared by the preflight check and every request after it.
 */
import type { ChainIo, KeyChainFacts, KeyChainMaker, KeySource } from '../core/client-recipe'
import type { Registry } from '../core/registry'
import { credentialsCache } from './credentials-cache'

type Config = Readonly<Record<string, unknown>>

/** A provider configuration's key source, when its provider has a credential chain. */
export type KeySources = (provider: string, config: Config) => KeySource | undefined

/** What a provider's recipe declares of its credential chain, if it has one. */
export const chainFactsOf = (registry: Registry, provider: string): KeyChainFacts<Config> | undefined => {
  const recipe = registry.providers.get(provider)?.client
  return recipe && typeof recipe !== 'function' && recipe.protocol === 'tc3' ? recipe.chain : undefined
}

export const keySources = (
  registry: Registry,
  chains: Readonly<Record<string, KeyChainMaker>>,
  io: (provider: string) => ChainIo,
): KeySources => {
  const byProvider = new Map<string, (config: Config) => KeySource>()
  return (provider, config) => {
    const make = Object.prototype.hasOwnProperty.call(chains, provider) ? chains[provider] : undefined
    if (!make || !chainFactsOf(registry, provider)) return undefined
    let chain = byProvider.get(provider)
    if (!chain) byProvider.set(provider, (chain = credentialsCache(make(io(provider)))))
    return chain(config)
  }
}
