/**
 * The cloud's credential chain as its recipe declares it: the chain checks the account whenever
 * allowedAccountIds or forbiddenAccountIds is set, a failure names those or secretId, and the code
 * (./credentials.ts over the edge's transport and environment: ./cloud-key-chain.ts) is loaded
 * when a run first needs it. A signed-action provider of the same cloud may declare this chain in
 * its own recipe: its configuration then reads as the cloud's (keys, profile, roles, STS).
 */
import type { KeyChainFacts } from '../../../core/client-recipe'
import { cloudChainModule } from './cloud-chain-module'

type Config = Readonly<Record<string, unknown>>

const listed = (u: unknown): boolean => Array.isArray(u) && u.length > 0

/**
 * The cloud's credential chain: explicit keys or CLOUD_SECRET_ID/CLOUD_SECRET_KEY, a shared
 * credentials profile, an instance role, pod identity, role assumption and MFA over STS, then the
 * account check; a signed-action recipe declares it as its `chain`.
 */
export const cloudCredentialChain: KeyChainFacts<Config> = {
  checksAccount: (c) => listed(c.allowedAccountIds) || listed(c.forbiddenAccountIds),
  accountField: 'allowedAccountIds',
  keyField: 'secretId',
  load: () => cloudChainModule().then((m) => m.cloudKeyChain),
}
