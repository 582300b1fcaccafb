/**
 * The credential check of every provider instance a stack uses, before any plan is shown or any
 * change made: a provider whose `verify` names its credential field needs it set (from the
 * configuration or its documented environment variable); a provider with a credential chain
 * (its recipe's `chain`) resolves it, whose account check thereby runs once, before any provider
 * changes anything. With a probe, a credential that is present is then tried once against the
 * platform (the provider's `verify` read), so a wrong one stops the run here too.
 */
import * as E from 'fp-ts/Either'
import type { Registry } from '../core/registry'
import type { KeySource } from '../core/client-recipe'
import { chainFactsOf, type KeySources } from './key-sources'
import type { TrellisIssue } from './trellis-error'

type Config = Readonly<Record<string, unknown>>

/** Tries one instance's credential against its platform (credentialProbe). */
export type Probe = (provider: string, instance: string, config: Config) => Promise<ReadonlyArray<TrellisIssue>>

/** A bearer-token platform's credential field, unset: what to set, and where. */
const missingToken = (registry: Registry, provider: string, node: string, field: string): TrellisIssue => {
  const variable = (registry.providers.get(provider)?.env as Record<string, string> | undefined)?.[field]
  const how = `${field} in the ${provider} provider configuration${variable ? ` or the environment variable ${variable}` : ''}`
  return { node, path: field, expected: how, given: 'nothing', message: `${node} has no credential: set ${how}.` }
}

/** The credential chain of a provider that has one: resolved once (its account checked), then probed. */
const chainChecked = async (
  registry: Registry,
  provider: string,
  at: { readonly node: string; readonly config: Config; readonly chain: KeySource },
  probe: (() => Promise<ReadonlyArray<TrellisIssue>>) | undefined,
): Promise<ReadonlyArray<TrellisIssue>> => {
  const facts = chainFactsOf(registry, provider)!
  const r = await at.chain()()
  if (E.isRight(r)) return probe && !facts.checksAccount(at.config) ? probe() : []
  const forbidden = r.left.kind === 'Forbidden'
  return [
    {
      node: at.node,
      path: forbidden ? facts.accountField : facts.keyField,
      expected: forbidden ? `an allowed ${provider} account` : `usable ${provider} credentials`,
      given: forbidden ? 'another account' : 'none',
      message: `${at.node}: ${r.left.message}`,
    },
  ]
}

export const preflightWith =
  (registry: Registry, keys: KeySources, probe?: Probe) =>
  async (provider: string, instance: string, config: Config): Promise<ReadonlyArray<TrellisIssue>> => {
    const node = `provider ${instance}`
    const probed = probe ? () => probe(provider, instance, config) : undefined
    const chain = keys(provider, config)
    if (chain) return chainChecked(registry, provider, { node, config, chain }, probed)
    const recipe = registry.providers.get(provider)?.client
    const field =
      recipe && typeof recipe !== 'function' && recipe.protocol === 'rest' ? tokenField(registry, provider) : undefined
    if (field === undefined) return []
    if (config[field] !== undefined && config[field] !== '') return probed ? probed() : []
    return [missingToken(registry, provider, node, field)]
  }

/** The field a bearer-token provider's credential is in: the first its `verify` names. */
const tokenField = (registry: Registry, provider: string): string | undefined =>
  registry.providers.get(provider)?.verify?.credential[0]
