/**
 * The cloud's credential chain as the edge runs it: ./credentials.ts over the edge's transport and
 * environment (cloud-key-chain.ts, loaded with the wirings), and what its recipe declares of it
 * (cloudChainFacts: the chain checks the account whenever allowedAccountIds or
 * forbiddenAccountIds is set).
 */
import type { KeyChainFacts } from '../../../core/client-recipe'

type Config = Readonly<Record<string, unknown>>

const listed = (u: unknown): boolean => Array.isArray(u) && u.length > 0

export const cloudChainFacts: KeyChainFacts<Config> = {
  checksAccount: (c) => listed(c.allowedAccountIds) || listed(c.forbiddenAccountIds),
  accountField: 'allowedAccountIds',
  keyField: 'secretId',
}
