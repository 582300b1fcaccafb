/**
 * The credential chains of the built-in providers whose recipes declare one (KeyChainFacts), by
 * provider: imported by the workspace's wirings only, which load when a run first needs a platform.
 */
import type { KeyChainMaker } from '../core/client-recipe'
import { cloudKeyChain } from './cloud/client/cloud-key-chain'
import { cloudProvider } from './cloud'

export const keyChains: Readonly<Record<string, KeyChainMaker>> = { [cloudProvider.name]: cloudKeyChain }
